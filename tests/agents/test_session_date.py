"""Every kind of agent learns the episode clock when a session opens, as assistant products state it: the built-in
agent in its system prompt, an endpoint in its system message, a command agent in `session_start`, a person at the
agent's seat on screen. personas/example sets no clock: its first session opens at the default start, Monday
5 January 2026, 09:00, and each later one a day after the previous ended."""

from __future__ import annotations

import io
import json
import shlex
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from engine.agents.base import SessionBrief
from engine.agents.external.wire import brief_from, session_start
from engine.agents.human import HumanAgent
from engine.agents.react.prompt import system_prompt
from engine.loader import load_persona
from engine.runner import run
from engine.schema.config import AgentConfig, ExternalAgentConfig, RunConfig
from engine.schema.events import AgentMessage
from engine.terminal import Terminal
from engine.trajectory import read_trajectory
from sandbox.workspace.jail import jail_problem
from sandbox.workspace.memory import MemoryWorkspace
from tests.agents.react_helpers import react_agent, reply, toolbox
from tests.agents.test_endpoint_agent import EXAMPLE, GoldEndpoint, run_endpoint
from tests.models.fake_openai import Body, FakeOpenAI, no_faults

NOW = datetime(2026, 11, 10, 9, 30)
LINE = "Current date and time: Tuesday, 10 November 2026, 09:30."
FIRST = "Current date and time: Monday, 5 January 2026, 09:00."
BRIEF = SessionBrief(session_id="s1", trigger="user", toolsets=("general",), now=NOW)


def test_the_built_in_agents_system_prompt_states_the_date() -> None:
    agent, model = react_agent([reply("hi")])
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    agent.respond("hello", tools)
    assert LINE in model.calls[0][0].content


def test_sessions_on_other_days_with_other_memories_share_the_system_prompt_up_to_the_date() -> None:
    early = system_prompt(MemoryWorkspace({}), "TOOLS: read_file, write_file", LINE)
    later = system_prompt(
        MemoryWorkspace({"memory/MEMORY.md": b"Lea buddies minors."}), "TOOLS: read_file, write_file", FIRST
    )
    shared = early[: early.index(LINE)]
    assert shared.endswith("TOOLS: read_file, write_file\n\n") and later.startswith(shared)
    assert "Lea buddies minors." in later[len(shared) :]


class DatedEndpoint(GoldEndpoint):
    """The gold endpoint, keeping every system message it was sent."""

    def __init__(self) -> None:
        super().__init__()
        self.systems: list[str] = []

    def answer(self, body: Body) -> dict[str, Any]:
        self.systems.append(str(body["messages"][0]["content"]))
        return super().answer(body)


def test_an_endpoints_system_message_states_the_date(tmp_path: Path) -> None:
    endpoint = DatedEndpoint()
    results = run_endpoint(tmp_path, FakeOpenAI(endpoint.answer, no_faults), "dated")
    assert FIRST in endpoint.systems[0]
    assert results[0].opened_at == datetime(2026, 1, 5, 9, 0)
    assert results[1].opened_at is not None and results[1].opened_at.date() == datetime(2026, 1, 6).date()


def test_session_start_carries_the_date_and_reads_back() -> None:
    line = session_start(BRIEF, ["read_file"])
    assert line["now"] == "2026-11-10T09:30:00" and line["now_text"] == LINE
    assert brief_from(json.loads(json.dumps(line))).now == NOW
    assert "now" not in session_start(SessionBrief("s1", "user", ("general",)), [])


ECHO = """
import json, sys
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
send({"type": "ready"})
start = {}
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "session_start":
        start = m
    elif m["type"] == "user_message":
        send({"type": "reply", "text": "session_start said: " + start.get("now_text", "nothing")})
    elif m["type"] == "session_end":
        send({"type": "session_ended"})
"""


@pytest.mark.skipif(jail_problem() is not None, reason=f"no jail can be made here: {jail_problem()}")
def test_a_command_agent_hears_the_date_in_session_start(tmp_path: Path) -> None:
    agent = AgentConfig(kind="command", external=ExternalAgentConfig(command=f"python3 -c {shlex.quote(ECHO)}"))
    config = RunConfig(personas=[str(EXAMPLE)], agent=agent, workspace="local", runs_dir=str(tmp_path), run_id="c")
    run(config, bundles=[load_persona(EXAMPLE)])
    events = read_trajectory(tmp_path / "c" / "example" / "s01" / "trajectory.jsonl")
    first = next(e for e in events if isinstance(e, AgentMessage))
    assert first.text == f"session_start said: {FIRST}"


def test_the_agents_seat_shows_the_date() -> None:
    out = io.StringIO()
    HumanAgent(Terminal(out=out, read=lambda _prompt: "")).start_session(BRIEF)
    assert LINE in out.getvalue()
