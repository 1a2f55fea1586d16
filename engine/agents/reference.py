"""The reference agent: replays each session's gold solution turn by turn (the oracle baseline)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.agents.base import SessionBrief
from engine.schema.session import ReferenceSolution, ReferenceTurn
from engine.tools.toolbox import ToolBox

FINAL_REPLY = "All done for this session."
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def result_value(results: dict[str, Any], reference: str) -> Any:
    """The value at '<tool>.<path>' in the latest results by tool; KeyError/IndexError/TypeError if absent."""
    tool, _, path = reference.partition(".")
    value = results[tool]
    for key, index in _STEP.findall(path):
        value = value[int(index)] if index else value[key]
    return value


class ReferenceAgent:
    """Holds only the gold solutions (never intents or checklists); turn i replays gold turn i."""

    def __init__(self, solutions: Mapping[str, ReferenceSolution | None], data_root: Path) -> None:
        """`data_root` resolves `args_from_files` paths (the persona folder, outside any workspace)."""
        self._solutions = solutions
        self._data_root = data_root
        self._turns: list[ReferenceTurn] = []
        self._index = 0
        self._results: dict[str, Any] = {}
        self._missing: str | None = None

    def start_session(self, brief: SessionBrief) -> None:
        """Load the session's gold turns (a session without one, an imported task, fails at its first turn)."""
        solution = self._solutions.get(brief.session_id)
        self._missing = brief.session_id if solution is None else None
        self._turns = [] if solution is None else list(solution.turns)
        self._index = 0
        self._results = {}

    def respond(self, message: str, tools: ToolBox) -> str:
        """Run the next gold turn's tool calls and return its message; after the last, a closing line.

        ValueError (the session ends agent_error) when the session has no gold solution."""
        if self._missing is not None:
            raise ValueError(
                f"session {self._missing!r} has no gold solution (imported task); the reference agent cannot run it"
            )
        if self._index >= len(self._turns):
            return FINAL_REPLY
        turn = self._turns[self._index]
        self._index += 1
        for action in turn.actions:
            args = dict(action.args)
            for name, rel in action.args_from_files.items():
                args[name] = (self._data_root / rel).read_text(encoding="utf-8")
            for name, ref in action.args_from_results.items():
                try:
                    args[name] = result_value(self._results, ref)
                except (KeyError, IndexError, TypeError):
                    continue  # left out: the call fails visibly and validate reports the failing rule
            outcome = tools.call(action.tool, args)
            if outcome.error is None:
                self._results[action.tool] = outcome.output
        return turn.message

    def end_session(self) -> None:
        """Nothing to consolidate."""
