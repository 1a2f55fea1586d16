"""The agent-under-test interface. Agents see only what a real assistant would: messages and tools."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from engine.tools.toolbox import ToolBox


@dataclass(frozen=True)
class SessionBrief:
    """What an agent learns when a session opens. Never carries hidden intents or checklists."""

    session_id: str
    trigger: str
    toolsets: tuple[str, ...]
    now: datetime | None = None
    """The episode clock when the session opened (what the shell's `date` says); None only outside an episode."""

    def date_line(self) -> str:
        """The current date and time as assistant products state them ("" without a clock)."""
        if self.now is None:
            return ""
        return f"Current date and time: {self.now:%A}, {self.now.day} {self.now:%B %Y, %H:%M}."


class Agent(Protocol):
    """An assistant driven turn by turn by the engine."""

    def start_session(self, brief: SessionBrief) -> None:
        """Called once before the first turn of a session."""
        ...

    def respond(self, message: str, tools: ToolBox) -> str:
        """Handle one incoming message (user text or rendered trigger), calling tools; return the reply."""
        ...

    def end_session(self) -> None:
        """Called once after the last turn (memory consolidation hooks in here)."""
        ...
