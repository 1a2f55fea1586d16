"""Rubric grading: one strict YES/NO judge call per criterion, never showing the other criteria.

The judge answers through a JSON schema ({verdict: YES|NO, reason}). An answer that does not validate
is sent back to the judge with what was wrong (engine/models/structured.py: a retry is a different
request, and the cache never stores an invalid answer); after the last attempt the verdict is an error,
never a silent NO. A judge that stays unreachable raises ModelUnavailableError: that is no verdict at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.models.structured import InvalidOutputError, ask_structured
from engine.ports import ChatModel, Message, ModelError, ModelUnavailableError
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


def ask_judge(messages: list[Message], judge: ChatModel, attempts: int = 3) -> Verdict:
    """Run a YES/NO judge conversation with feedback retries; an unusable last answer is an error.

    ModelUnavailableError propagates (the service failed, not the judge's answer).
    """
    try:
        data = ask_structured(judge, messages, SCHEMA, attempts)
    except InvalidOutputError as exc:
        return Verdict(None, "", str(exc))
    except ModelUnavailableError:
        raise
    except ModelError as exc:
        return Verdict(None, "", f"judge call failed: {exc}")
    return Verdict(1.0 if data["verdict"] == "YES" else 0.0, str(data["reason"])[:REASON_CAP])


def judge_item(item: ChecklistItem, judge: ChatModel, trace: str, context: str, attempts: int = 3) -> Verdict:
    """Ask the judge about one criterion in isolation (no other criterion's text is ever sent)."""
    return ask_judge(criterion_messages(item.text, trace, context), judge, attempts)
