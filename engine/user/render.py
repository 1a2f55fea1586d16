"""Render what the user observes of the agent's turn as plain text for the user model."""

from __future__ import annotations

import json

from engine.user.base import UserObservation

FILE_EXCERPT = 2_000
FIELD_EXCERPT = 600


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} more chars]"


def render_turn(obs: UserObservation) -> str:
    """The agent's reply, its tool calls with results, and the files it changed (with excerpts)."""
    latest = obs.latest
    parts = [f"AGENT REPLY (turn {latest.turn}):\n{latest.agent_text or '(empty)'}"]
    if latest.tool_records:
        lines = []
        for rec in latest.tool_records:
            args = _cut(json.dumps(rec.arguments, ensure_ascii=False), FIELD_EXCERPT)
            result = rec.error if rec.error else json.dumps(rec.output, ensure_ascii=False, default=str)
            lines.append(f"- {rec.name}({args}) -> {_cut(result or '', FIELD_EXCERPT)}")
        parts.append("TOOL CALLS THIS TURN:\n" + "\n".join(lines))
    if latest.changes:
        lines = []
        for change in latest.changes:
            lines.append(f"- {change.kind}: {change.path}")
            if change.kind != "deleted":
                text = obs.evidence.read_text(change.path)
                if text is not None:
                    lines.append(_cut(text, FILE_EXCERPT))
        parts.append("WORKSPACE CHANGES THIS TURN:\n" + "\n".join(lines))
    parts += _watched(obs)
    return "\n\n".join(parts)


def _watched(obs: UserObservation) -> list[str]:
    """The session's `user_files` as they are now (the files the original task shows its user)."""
    if not obs.session.user_files:
        return []
    lines = []
    for path in obs.session.user_files:
        text = obs.evidence.read_text(path)
        lines.append(
            f"- {path}:\n{_cut(text, FILE_EXCERPT)}" if text is not None else f"- {path}: (does not exist yet)"
        )
    return ["FILES YOU CHECK EVERY TURN:\n" + "\n".join(lines)]


def render_history(obs: UserObservation, limit: int = 12) -> str:
    """The last messages of the conversation."""
    recent = obs.conversation[-limit:]
    return "\n".join(f"{who.upper()}: {_cut(text, FIELD_EXCERPT)}" for who, text in recent)
