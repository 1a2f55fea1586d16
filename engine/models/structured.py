"""Structured answers: JSON validated against its schema, retried with feedback, never trusted unchecked.

Every judgment of the LLM user, the rubric judge, the audit judges and the agent's memory consolidation goes
through `ask_structured`: an answer that is not JSON, or violates the schema (a wrong type, an id outside the
enum of open intents, a missing or extra key), is sent back to the model with what was wrong, so the retry
is a different request (never a replay from the call cache, which stores only valid answers). Each rejected
answer is reported to the model's FailureListener (a ModelAttemptFailed event, kind invalid_output).
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from engine.models.retry import FailureListener
from engine.ports import ChatModel, Message

ANSWER_CAP = 300
MAX_PROBLEMS = 5


class InvalidOutputError(ValueError):
    """The model gave no answer valid for the schema in its attempts; the message says what was wrong last."""


def output_problem(text: str, schema: dict[str, Any]) -> str | None:
    """None when `text` is JSON valid for `schema`, else what is wrong with it (path: problem; ...)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"not valid JSON ({exc.msg} at character {exc.pos})"
    try:
        errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    except SchemaError as exc:  # a bad schema is a bug of ours, not of the model: never blame the answer
        raise ValueError(f"invalid response schema: {exc.message}") from exc
    if not errors:
        return None
    parts = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in errors[:MAX_PROBLEMS]]
    more = len(errors) - MAX_PROBLEMS
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def feedback(text: str, problem: str) -> str:
    """The message that sends a rejected answer back: the answer itself and what was wrong."""
    shown = text if len(text) <= ANSWER_CAP else text[:ANSWER_CAP] + "..."
    return (
        f"Your answer {shown!r} was not usable: {problem}. Reply again with one JSON object that follows the "
        "required schema exactly (only the allowed keys, values of the right types, ids only from the given list)."
    )


def ask_structured(
    model: ChatModel, messages: list[Message], schema: dict[str, Any], attempts: int = 3
) -> dict[str, Any]:
    """The first answer valid for `schema`, as a dict (the schema's root must be an object).

    A rejected answer goes back with `feedback` appended to the conversation. ModelError from the model
    propagates; InvalidOutputError after `attempts` rejected answers.
    """
    conversation = list(messages)
    problem = "no attempt made"
    listener = model if isinstance(model, FailureListener) else None
    for attempt in range(1, attempts + 1):
        text = model.complete(conversation, response_schema=schema).text
        found = output_problem(text, schema)
        if found is None:
            data = json.loads(text)
            if isinstance(data, dict):
                return data
            found = "the answer must be a JSON object"
        problem = found
        if listener is not None:
            shown = text[:ANSWER_CAP]
            listener.attempt_failed(
                attempt, "invalid_output", f"{problem}: {shown!r}", 0.0 if attempt < attempts else None
            )
        conversation += [Message("assistant", text), Message("user", feedback(text, problem))]
    raise InvalidOutputError(f"no valid answer after {attempts} attempts; last: {problem}")
