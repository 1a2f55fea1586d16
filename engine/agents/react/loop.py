"""The ReAct loop of one agent turn: decide, act, observe, until a reply, a question to the user, or the step cap."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.agents.react.protocol import Action, CallingProtocol
from engine.ports import ChatModel, ContextOverflowError, Message, ToolSpec
from engine.schema.events import ActionError
from engine.tools.toolbox import ToolBox, ToolOutcome

ASK_USER = "ask_user"
MESSAGE = "message"
RAW_CAP = 2_000
REPEAT_LIMIT = 3
_OVERFLOW_RETRIES = 3


@dataclass(frozen=True)
class LoopLimits:
    """Bounds of one turn: tool steps, characters of one observation, characters of the whole context."""

    max_steps: int
    observation_chars: int
    context_chars: int | None


def observation(outcome: ToolOutcome, cap: int | None) -> str:
    """A tool outcome as text for the model, capped at `cap` characters (None: whole)."""
    text = f"error: {outcome.error}" if outcome.error else json.dumps(outcome.output, ensure_ascii=False, default=str)
    return text if cap is None or len(text) <= cap else text[:cap] + f" ...[{len(text) - cap} more characters cut]"


def fit_context(messages: list[Message], budget: int | None) -> list[Message]:
    """Drop the oldest exchanges (never the system prompt or the turn's opening message) to fit the budget.

    The cut moves a page (half the room left after the head) at a time, not one step at a time: while the
    conversation grows inside the page, each call starts with the same messages as the one before it, so a model
    server's prompt cache reuses them instead of processing the whole prompt again."""
    if budget is None or sum(len(m.content) for m in messages) <= budget:
        return messages
    head, rest = messages[:2], messages[2:]
    room = max(budget - sum(len(m.content) for m in head), 1)
    page = max(room // 2, 1)
    excess = sum(len(m.content) for m in rest) - room
    cut = -(-excess // page) * page
    dropped = 0
    while rest and (dropped < cut or rest[0].role == "tool"):
        dropped += len(rest[0].content)
        rest = rest[1:]
    return [*head, Message(role="user", content="[harness] older steps were dropped to fit the context"), *rest]


def run_turn(
    model: ChatModel,
    protocol: CallingProtocol,
    messages: list[Message],
    tools: ToolBox,
    limits: LoopLimits,
    allowed: set[str] | None = None,
) -> str:
    """Run steps until the model replies or asks the user; `messages` grows in place. Returns the reply text.

    `allowed` restricts the tools offered (sub-agents get no spawn and no ask_user). Malformed
    actions, tool calls whose arguments are not valid JSON (not run) and tool errors go back to the model
    and malformed ones are logged as action_error events; they never end the session. Messages sent with
    the `message` tool reach the user at the head of the turn's reply; `ask_user` questions end the turn.
    A step that repeats the previous step's calls exactly, all failing again, counts towards REPEAT_LIMIT;
    the turn ends at the limit (a stuck model spends no more steps on the same error).
    """
    specs = [s for s in tools.specs() if allowed is None or s.name in allowed]
    last_text = ""
    delivered: list[str] = []
    failed_step: tuple[str, int] = ("", 0)
    for _ in range(limits.max_steps):
        action, kept = _decide(model, protocol, messages, specs, limits.context_chars)
        messages.append(kept)
        last_text = action.text or last_text
        if action.error is not None:
            tools.record(ActionError(text=action.text[:RAW_CAP], error=action.error))
            messages.append(protocol.error_message(action.error))
            continue
        if action.reply is not None:
            return _join([*delivered, action.reply])
        questions: list[str] = []
        errors: list[str] = []
        for call in action.calls:
            if call.error is not None:  # broken arguments: never run; the model is told exactly what was wrong
                tools.record(ActionError(text=f"{call.name}({call.raw_arguments or ''})"[:RAW_CAP], error=call.error))
                messages.append(protocol.result_message(call, f"error: {call.error}"))
                errors.append(call.error)
                continue
            outcome = _call(tools, call.name, call.arguments, allowed)
            messages.append(protocol.result_message(call, observation(outcome, limits.observation_chars)))
            errors += [] if outcome.error is None else [outcome.error]
            if outcome.error is None and call.name == ASK_USER:
                questions.append(str(call.arguments.get("question", "")))
            elif outcome.error is None and call.name == MESSAGE:
                delivered.append(_delivery(outcome.output))
        if questions:
            lead = action.text.strip() if action.text.strip() and not action.text.lstrip().startswith("{") else ""
            return _join([*delivered, lead, *questions])
        failed_step = _repeats(failed_step, action, errors)
        if failed_step[1] >= REPEAT_LIMIT:
            stuck = f"(I stopped: the same tool call failed {REPEAT_LIMIT} times in a row: {errors[-1]})"
            return _join([*delivered, stuck])
    stopped = f"(I stopped after {limits.max_steps} tool steps without finishing.) {_plain(last_text)}".strip()
    return _join([*delivered, stopped])


def _decide(
    model: ChatModel, protocol: CallingProtocol, messages: list[Message], specs: list[ToolSpec], budget: int | None
) -> tuple[Action, Message]:
    """One decision; when the model reports a context overflow, retry on a halved budget (up to three times)."""
    for _ in range(_OVERFLOW_RETRIES):
        fitted = fit_context(messages, budget)
        try:
            return protocol.decide(model, fitted, specs)
        except ContextOverflowError:
            budget = sum(len(m.content) for m in fitted) // 2
    return protocol.decide(model, fit_context(messages, budget), specs)


def _repeats(previous: tuple[str, int], action: Action, errors: list[str]) -> tuple[str, int]:
    """(signature, count) of consecutive identical steps whose every call failed; reset by anything else."""
    if not action.calls or len(errors) < len(action.calls):
        return ("", 0)
    signature = json.dumps([[c.name, c.arguments] for c in action.calls], sort_keys=True, default=str)
    return (signature, previous[1] + 1 if signature == previous[0] else 1)


def _join(parts: list[str]) -> str:
    return "\n\n".join(part for part in parts if part)


def _delivery(output: Any) -> str:
    """A message sent with the `message` tool, as the user reads it (attachments named)."""
    content = str(output.get("content", "")) if isinstance(output, dict) else str(output)
    media = output.get("media") if isinstance(output, dict) else None
    return content + (f" [attached: {', '.join(map(str, media))}]" if media else "")


def _call(tools: ToolBox, name: str, arguments: dict[str, Any], allowed: set[str] | None) -> ToolOutcome:
    if allowed is not None and name not in allowed:
        return ToolOutcome(call_id="-", output=None, error=f"tool {name!r} is not available here")
    return tools.call(name, arguments)


def _plain(text: str) -> str:
    """The user-facing part of a JSON action, the text itself when it is prose, nothing for broken JSON."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return "" if text.lstrip().startswith("{") else text
    return str(data.get("message") or "") if isinstance(data, dict) else text
