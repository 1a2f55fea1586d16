"""A scripted agent for tests: a list of gold-style turns, or a function of (message, tools)."""

from __future__ import annotations

from collections.abc import Callable

from engine.agents.base import SessionBrief
from engine.schema.session import ReferenceTurn
from engine.tools.toolbox import ToolBox

TurnFn = Callable[[str, ToolBox], str]


class ScriptedAgent:
    """Plays `turns` in order (each session restarts them); a function is called on every turn."""

    def __init__(self, turns: list[ReferenceTurn] | TurnFn, final: str = "Done.") -> None:
        """`final` is the reply once the list is exhausted."""
        self._turns = turns
        self._final = final
        self._index = 0
        self.seen: list[str] = []
        self.sessions: list[str] = []

    def start_session(self, brief: SessionBrief) -> None:
        """Restart the script."""
        self._index = 0
        self.sessions.append(brief.session_id)

    def respond(self, message: str, tools: ToolBox) -> str:
        """Play the next turn."""
        self.seen.append(message)
        if callable(self._turns):
            return self._turns(message, tools)
        if self._index >= len(self._turns):
            return self._final
        turn = self._turns[self._index]
        self._index += 1
        for action in turn.actions:
            tools.call(action.tool, action.args)
        return turn.message

    def end_session(self) -> None:
        """No state."""
