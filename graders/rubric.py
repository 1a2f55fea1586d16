"""Rubric grading: one strict YES/NO judge call per criterion, never showing the other criteria."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.ports import ChatModel, Message, ModelError
from engine.schema.session import ChecklistItem

SYSTEM = (
    "You are a strict grader. Decide whether ONE criterion is satisfied anywhere in the evidence. "
    "Answer YES only when the evidence clearly shows it; otherwise NO. Give a one-sentence reason."
)
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"verdict": {"type": "string", "enum": ["YES", "NO"]}, "reason": {"type": "string"}},
    "required": ["verdict", "reason"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class Verdict:
    """A judged criterion: score None means the judge's answer could not be used."""

    score: float | None
    reason: str
    error: str | None = None


def judge_item(item: ChecklistItem, judge: ChatModel, trace: str, context: str, attempts: int = 3) -> Verdict:
    """Ask the judge about one criterion; unparseable answers are retried, then reported as an error."""
    evidence = "\n\n".join(
        p for p in (f"TRACE:\n{trace}" if trace else "", f"CONTEXT:\n{context}" if context else "") if p
    )
    prompt = f"CRITERION: {item.text}\n\n{evidence or '(no evidence)'}\n\nIs the criterion satisfied?"
    messages = [Message("system", SYSTEM), Message("user", prompt)]
    problem = ""
    for _ in range(attempts):
        try:
            text = judge.complete(messages, response_schema=SCHEMA).text
        except ModelError as exc:
            return Verdict(None, "", f"judge call failed: {exc}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            problem = f"unparseable verdict {text[:120]!r}"
            continue
        verdict = str(data.get("verdict", "")).strip().upper() if isinstance(data, dict) else ""
        if verdict in ("YES", "NO"):
            return Verdict(1.0 if verdict == "YES" else 0.0, str(data.get("reason", "")))
        problem = f"verdict not YES/NO: {text[:120]!r}"
    return Verdict(None, "", f"{problem} after {attempts} attempts")
