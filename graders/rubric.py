"""Rubric grading: one strict YES/NO judge call per criterion, never showing the other criteria.

The judge answers through a JSON schema ({verdict: YES|NO, reason}). An answer that is not such an
object is sent back to the judge with what was wrong (so a retry is a different request, not a
replay from the call cache); after the last attempt the verdict is an error, never a silent NO.
"""

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
REASON_CAP = 500


@dataclass(frozen=True)
class Verdict:
    """A judged criterion: score None means the judge's answer could not be used."""

    score: float | None
    reason: str
    error: str | None = None


def criterion_messages(text: str, trace: str, context: str) -> list[Message]:
    """The judge's prompt for one criterion: only that criterion, the trace and the selected context."""
    evidence = "\n\n".join(
        p for p in (f"TRACE:\n{trace}" if trace else "", f"CONTEXT:\n{context}" if context else "") if p
    )
    prompt = f"CRITERION: {text}\n\n{evidence or '(no evidence)'}\n\nIs the criterion satisfied?"
    return [Message("system", SYSTEM), Message("user", prompt)]


def parse_verdict(text: str) -> tuple[float, str] | str:
    """(score, reason) from a judge answer, or a description of what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return f"unparseable verdict {text[:120]!r}"
    verdict = str(data.get("verdict", "")).strip().upper() if isinstance(data, dict) else ""
    if verdict not in ("YES", "NO"):
        return f"verdict not YES/NO: {text[:120]!r}"
    return (1.0 if verdict == "YES" else 0.0), str(data.get("reason", ""))[:REASON_CAP]


def ask_judge(messages: list[Message], judge: ChatModel, attempts: int = 3) -> Verdict:
    """Run a YES/NO judge conversation with feedback retries; an unusable last answer is an error."""
    messages = list(messages)
    problem = ""
    for _ in range(attempts):
        try:
            text = judge.complete(messages, response_schema=SCHEMA).text
        except ModelError as exc:
            return Verdict(None, "", f"judge call failed: {exc}")
        parsed = parse_verdict(text)
        if not isinstance(parsed, str):
            return Verdict(parsed[0], parsed[1])
        problem = parsed
        feedback = f"That answer was not usable ({problem}). Reply with JSON: verdict YES or NO, and a reason."
        messages += [Message("assistant", text), Message("user", feedback)]
    return Verdict(None, "", f"{problem} after {attempts} attempts")


def judge_item(item: ChecklistItem, judge: ChatModel, trace: str, context: str, attempts: int = 3) -> Verdict:
    """Ask the judge about one criterion in isolation (no other criterion's text is ever sent)."""
    return ask_judge(criterion_messages(item.text, trace, context), judge, attempts)
