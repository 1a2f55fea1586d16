"""The evidence a rule sees: workspace files, tool records and agent messages of one session."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from engine.ports import NotAFileError, Workspace, WorkspaceError
from engine.schema.events import AgentMessage, Event, ToolCall, ToolResult, WorkspaceChanged
from engine.schema.session import Artifact
from sandbox.workspace.saferead import UnreadableFileError


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
    """Read-only evidence for rules. Files are read lazily from the workspace, each once: graders never change the
    workspace, so one view (one evaluation pass) lists it once and reads a file once, however many rules look
    (a read the workspace failed to answer is tried again)."""

    workspace: Workspace
    tool_records: list[ToolRecord] = field(default_factory=list)
    agent_messages: list[str] = field(default_factory=list)
    services: dict[str, Any] = field(default_factory=dict)
    artifacts: dict[str, Artifact] = field(default_factory=dict)
    changed: list[str] = field(default_factory=list)
    today: date | None = None
    unreadable: dict[str, str] = field(default_factory=dict)
    failed_reads: dict[str, str] = field(default_factory=dict)
    _listing: list[str] | None = field(default=None, repr=False, compare=False)
    _texts: dict[str, tuple[str | None, str | None]] = field(default_factory=dict, repr=False, compare=False)

    def replies(self) -> list[str]:
        """What the agent told the user: its replies, then every `message` tool text, in order."""
        sent = [
            str(r.arguments.get("content", ""))
            for r in self.tool_records
            if r.name == "message" and r.error is None and r.arguments.get("content")
        ]
        return [*self.agent_messages, *sent]

    def read_text(self, path: str) -> str | None:
        """A workspace file as text, or None when it is not there or not read. Why is kept under its path: in
        `unreadable` when the agent left something unreadable there (a FIFO, device or socket, too large, too slow),
        in `failed_reads` when the workspace itself failed (a container that did not answer): the grade of a rule
        that then fails is a grader error, never a fail."""
        if path in self._texts:
            text, unreadable = self._texts[path]
            if unreadable is not None:  # said again: a caller may have cleared `unreadable` since
                self.unreadable[path] = unreadable
            return text
        text, unreadable = None, None
        try:
            text = self.workspace.read_file(path).decode("utf-8", errors="replace")
        except UnreadableFileError as exc:
            unreadable = self.unreadable[path] = str(exc)
        except NotAFileError:
            pass
        except WorkspaceError as exc:
            self.failed_reads[path] = str(exc)
            return None
        self._texts[path] = (text, unreadable)
        return text

    def read_failure(self) -> str | None:
        """Why the workspace failed to answer reads since `failed_reads` was last cleared (None when it did not)."""
        if not self.failed_reads:
            return None
        failed = "; ".join(f"{path}: {why}" for path, why in self.failed_reads.items())
        return f"the workspace could not be read ({failed})"

    def files(self) -> list[str]:
        """Every workspace file path."""
        if self._listing is None:
            self._listing = sorted(self.workspace.list_files())
        return list(self._listing)


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


def changed_paths(events: list[Event]) -> list[str]:
    """Files added or modified in the session and still present, ordered by their last change."""
    order: dict[str, int] = {}
    n = 0
    for event in events:
        if isinstance(event, WorkspaceChanged):
            for change in event.changes:
                n += 1
                order.pop(change.path, None)
                if change.kind != "deleted":
                    order[change.path] = n
    return list(order)


def _today(services: dict[str, Any]) -> date | None:
    """The episode clock's date (engine/clock.py, service `clock`), else the apps' (a run directory re-graded)."""
    episode_clock = getattr(services.get("clock"), "now", None)
    if callable(episode_clock):
        return episode_clock().date()  # type: ignore[no-any-return]
    clock = getattr(services.get("apps"), "clock", None)
    now = getattr(clock, "now", None)
    return now.date() if now is not None else None


def view_from_events(
    workspace: Workspace,
    events: list[Event],
    services: dict[str, Any] | None = None,
    artifacts: list[Artifact] | None = None,
) -> EvidenceView:
    """Build the evidence view of a session from its events, the live workspace and its declared artifacts."""
    services = services or {}
    return EvidenceView(
        workspace=workspace,
        tool_records=records_from_events(events),
        agent_messages=[e.text for e in events if isinstance(e, AgentMessage)],
        services=services,
        artifacts={a.id: a for a in artifacts or []},
        changed=changed_paths(events),
        today=_today(services),
    )
