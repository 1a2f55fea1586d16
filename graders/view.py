"""The evidence a rule sees: workspace files, tool records and agent messages of one session."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ports import Workspace, WorkspaceError
from engine.schema.events import AgentMessage, Event, ToolCall, ToolResult


@dataclass(frozen=True)
class ToolRecord:
    """One tool call joined with its result (seed 001 App. C.4)."""

    name: str
    arguments: dict[str, Any]
    output: Any
    error: str | None
    turn: int


@dataclass
class EvidenceView:
    """Read-only evidence for rules. Files are read lazily from the workspace."""

    workspace: Workspace
    tool_records: list[ToolRecord] = field(default_factory=list)
    agent_messages: list[str] = field(default_factory=list)
    services: dict[str, Any] = field(default_factory=dict)

    def read_text(self, path: str) -> str | None:
        """A workspace file as text, or None when it does not exist."""
        try:
            return self.workspace.read_file(path).decode("utf-8", errors="replace")
        except WorkspaceError:
            return None

    def files(self) -> list[str]:
        """Every workspace file path."""
        return sorted(self.workspace.list_files())


def records_from_events(events: list[Event]) -> list[ToolRecord]:
    """Join ToolCall and ToolResult events by call id, in call order."""
    results = {e.call_id: e for e in events if isinstance(e, ToolResult)}
    records: list[ToolRecord] = []
    for event in events:
        if isinstance(event, ToolCall):
            result = results.get(event.call_id)
            records.append(
                ToolRecord(
                    name=event.name,
                    arguments=event.arguments,
                    output=None if result is None else result.output,
                    error="no result recorded" if result is None else result.error,
                    turn=event.turn,
                )
            )
    return records


def view_from_events(workspace: Workspace, events: list[Event], services: dict[str, Any] | None = None) -> EvidenceView:
    """Build the evidence view of a session from its events and the live workspace."""
    return EvidenceView(
        workspace=workspace,
        tool_records=records_from_events(events),
        agent_messages=[e.text for e in events if isinstance(e, AgentMessage)],
        services=services or {},
    )
