"""Render a session trajectory as the plain-text trace a rubric judge reads (seed 001 App. C.5)."""

from __future__ import annotations

import json
from typing import Any

from engine.schema.events import (
    AgentMessage,
    Event,
    SessionStarted,
    ToolCall,
    ToolResult,
    UserMessage,
    WorkspaceChanged,
)
from engine.schema.session import RubricContext
from graders.locate import resolve
from graders.rules.json_path_equals import lookup
from graders.view import EvidenceView, ToolRecord

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


def _result_text(rec: ToolRecord) -> str:
    return f"ERROR {rec.error}" if rec.error else json.dumps(rec.output, ensure_ascii=False, default=str)


def _selected(data: Any, paths: list[str]) -> str:
    picked: dict[str, Any] = {}
    for path in paths:
        try:
            picked[path] = lookup(data, path)
        except (KeyError, IndexError, TypeError):
            picked[path] = "(absent)"
    return _cut(json.dumps(picked, ensure_ascii=False, default=str), FIELD_CAP)


def render_context(view: EvidenceView, context: RubricContext) -> str:
    """The selected final files, the selected tools' calls and results, and selected fields of tool calls."""
    parts: list[str] = []
    for artifact in context.artifacts:
        located = resolve(view, artifact, None)
        text = None if located.path is None else view.read_text(located.path)
        head = f"FILE {located.path} ({artifact})" if located.path else f"ARTIFACT {artifact}"
        parts.append(f"{head}:\n" + (f"(missing: {located.detail})" if text is None else _cut(text, FILE_CAP)))
    for path in context.files:
        text = view.read_text(path)
        parts.append(f"FILE {path}:\n" + ("(missing)" if text is None else _cut(text, FILE_CAP)))
    for rec in view.tool_records:
        if rec.name in context.tools:
            args = json.dumps(rec.arguments, ensure_ascii=False)
            parts.append(f"TOOL {rec.name} call={_cut(args, FIELD_CAP)} result={_cut(_result_text(rec), FIELD_CAP)}")
        for sel in context.tool_fields:
            if sel.tool != rec.name:
                continue
            line = f"TOOL {rec.name} (turn {rec.turn})"
            line += f" arguments={_selected(rec.arguments, sel.arguments)}" if sel.arguments else ""
            if rec.error:
                line += f" ERROR {_cut(rec.error, FIELD_CAP)}"
            elif sel.result:
                line += f" result={_selected(rec.output, sel.result)}"
            parts.append(line)
    return "\n\n".join(parts)
