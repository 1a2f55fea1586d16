"""Render a session trajectory as the plain-text trace a rubric judge reads (seed 001 App. C.5)."""

from __future__ import annotations

import json

from engine.schema.events import (
    AgentMessage,
    Event,
    SessionStarted,
    ToolCall,
    ToolResult,
    UserMessage,
    WorkspaceChanged,
)
from graders.view import EvidenceView

FIELD_CAP = 800
FILE_CAP = 6_000


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f" ... [{len(text) - limit} chars cut]"


def render_trace(events: list[Event]) -> str:
    """Conversation, tool calls with results, and workspace changes in order."""
    lines: list[str] = []
    for e in events:
        if isinstance(e, SessionStarted):
            lines.append(f"[opening, {e.trigger}] {e.opening}")
        elif isinstance(e, UserMessage):
            lines.append(f"[turn {e.turn}] USER: {e.text}")
        elif isinstance(e, AgentMessage):
            lines.append(f"[turn {e.turn}] ASSISTANT: {e.text}")
        elif isinstance(e, ToolCall):
            lines.append(
                f"[turn {e.turn}] TOOL CALL {e.name} {_cut(json.dumps(e.arguments, ensure_ascii=False), FIELD_CAP)}"
            )
        elif isinstance(e, ToolResult):
            body = f"ERROR {e.error}" if e.error else json.dumps(e.output, ensure_ascii=False, default=str)
            lines.append(f"[turn {e.turn}] TOOL RESULT {e.name}: {_cut(body, FIELD_CAP)}")
        elif isinstance(e, WorkspaceChanged):
            lines.append(f"[turn {e.turn}] FILES " + ", ".join(f"{c.kind} {c.path}" for c in e.changes))
    return "\n".join(lines)


def render_context(view: EvidenceView, files: list[str], tools: list[str]) -> str:
    """The selected final files and the selected tools' calls and results."""
    parts: list[str] = []
    for path in files:
        text = view.read_text(path)
        parts.append(f"FILE {path}:\n" + ("(missing)" if text is None else _cut(text, FILE_CAP)))
    for rec in view.tool_records:
        if rec.name in tools:
            result = f"ERROR {rec.error}" if rec.error else json.dumps(rec.output, ensure_ascii=False, default=str)
            args = json.dumps(rec.arguments, ensure_ascii=False)
            parts.append(f"TOOL {rec.name} call={_cut(args, FIELD_CAP)} result={_cut(result, FIELD_CAP)}")
    return "\n\n".join(parts)
