"""The passive baseline: a fixed acknowledgement, no tools, nothing of the user's words echoed back."""

from __future__ import annotations

from engine.agents.base import SessionBrief
from engine.agents.passive import ACKNOWLEDGEMENT, PassiveAgent
from sandbox.workspace.memory import MemoryWorkspace
from tests.agents.react_helpers import toolbox


def test_passive_acknowledges_without_echoing_or_acting() -> None:
    agent = PassiveAgent()
    tools, events = toolbox(MemoryWorkspace({"a.md": b"x"}))
    agent.start_session(SessionBrief(session_id="s1", trigger="user", toolsets=("general",)))
    reveal = "Sign it the usual way, Noor from Repair Café Lindenhof."
    replies = [agent.respond(text, tools) for text in ("Draft the reminder please.", reveal, "")]
    agent.end_session()
    assert replies == [ACKNOWLEDGEMENT] * 3
    assert "Noor" not in "".join(replies) and "?" not in ACKNOWLEDGEMENT
    assert events == []
