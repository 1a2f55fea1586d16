"""A session's bound tools: validates arguments, runs the tool, records call and result events."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from engine.ports import ToolSpec, WorkspaceError
from engine.schema.events import Event, ToolCall, ToolResult
from engine.tools.base import Tool, ToolContext, ToolError, tool_spec


@dataclass(frozen=True)
class ToolOutcome:
    """What the agent sees back from one call."""

    call_id: str
    output: Any
    error: str | None


class ToolBox:
    """The tools one agent may call in one session, bound to the session's context."""

    def __init__(self, tools: dict[str, Tool[Any]], ctx: ToolContext, emit: Callable[[Event], None]) -> None:
        """`emit` receives a ToolCall and a ToolResult event for every call."""
        self._tools = tools
        self.ctx = ctx
        self._emit = emit
        self._ids = itertools.count(1)
        self.turn = 0

    def specs(self) -> list[ToolSpec]:
        """JSON-schema specs of the bound tools, sorted by name."""
        return [tool_spec(self._tools[name]) for name in sorted(self._tools)]

    def names(self) -> list[str]:
        """Names of the bound tools."""
        return sorted(self._tools)

    def record(self, event: Event) -> None:
        """Append an event of the agent's own (e.g. a malformed action) to the session's trajectory."""
        self._emit(event)

    def call(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        """Run one tool call; unknown tools, bad arguments and tool failures come back as errors."""
        call_id = f"t{self.turn}-{next(self._ids)}"
        self._emit(ToolCall(turn=self.turn, call_id=call_id, name=name, arguments=arguments))
        output: Any = None
        error: str | None = None
        tool = self._tools.get(name)
        if tool is None:
            error = f"unknown tool {name!r}; available: {', '.join(self.names())}"
        else:
            try:
                output = tool.run(tool.args_model.model_validate(arguments), self.ctx)
            except ValidationError as exc:
                error = f"bad arguments for {name}: {_brief(exc)}"
            except (ToolError, WorkspaceError) as exc:
                error = str(exc)
        self._emit(ToolResult(turn=self.turn, call_id=call_id, name=name, output=output, error=error))
        return ToolOutcome(call_id=call_id, output=output, error=error)


def _brief(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors())
