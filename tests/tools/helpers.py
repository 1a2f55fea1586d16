"""A session toolbox over an in-memory workspace that keeps the events it records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.schema.events import Event, ToolCall, ToolResult
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox, ToolOutcome
from sandbox.workspace.memory import MemoryWorkspace

OFFLINE_TOOLSETS = ("general", "web", "literature", "finance", "news")


@dataclass
class Bench:
    """A workspace, its toolbox and the trajectory events of every call."""

    files: dict[str, bytes] = field(default_factory=dict)
    services: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.workspace = MemoryWorkspace(self.files)
        ctx = ToolContext(self.workspace, exec_timeout_s=5, output_cap=2_000, services=self.services)
        self.tools = ToolBox(tools_for(list(OFFLINE_TOOLSETS)), ctx, self.events.append)

    def call(self, tool: str, /, **arguments: Any) -> ToolOutcome:
        """Call a tool and check that the call and its result were both recorded."""
        before = len(self.events)
        outcome = self.tools.call(tool, arguments)
        call, result = self.events[before:]
        assert isinstance(call, ToolCall) and call.name == tool and call.arguments == arguments
        assert isinstance(result, ToolResult) and result.call_id == call.call_id
        assert (result.output, result.error) == (outcome.output, outcome.error)
        return outcome

    def text(self, path: str) -> str:
        """A workspace file as text."""
        return self.workspace.read_file(path).decode()


def error_of(outcome: ToolOutcome) -> str:
    """The outcome's error (the call must have failed)."""
    assert outcome.error is not None, f"expected an error, got {outcome.output!r}"
    return outcome.error
