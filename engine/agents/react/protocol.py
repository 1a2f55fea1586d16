"""How the ReAct loop talks to a model: native tool calls, or a JSON-schema-constrained action format.

Both turn one model completion into an `Action` (tool calls, a final reply, or a malformed-output
error that goes back to the model) and render tool results as the messages the model reads next.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from engine.ports import ChatModel, Message, ModelToolCall, ToolSpec

REPLY = "reply"
ProtocolName = Literal["native", "json"]


@dataclass(frozen=True)
class Action:
    """One decision of the model: tool calls to run, a final reply, or an error to report back."""

    calls: list[ModelToolCall] = field(default_factory=list)
    reply: str | None = None
    error: str | None = None
    text: str = ""


class CallingProtocol(Protocol):
    """A way of offering tools to a model and reading its decision."""

    def instructions(self, specs: list[ToolSpec]) -> str:
        """Text appended to the system prompt (the tool catalogue when the model has no native tools)."""
        ...

    def decide(self, model: ChatModel, messages: list[Message], specs: list[ToolSpec]) -> tuple[Action, Message]:
        """Call the model once; return its action and the assistant message to keep in the transcript."""
        ...

    def result_message(self, call: ModelToolCall, content: str) -> Message:
        """The message carrying one tool result back to the model."""
        ...

    def error_message(self, error: str) -> Message:
        """The message telling the model its output could not be used."""
        ...


class NativeProtocol:
    """Tools passed as native function definitions; results come back as `tool` messages."""

    def instructions(self, specs: list[ToolSpec]) -> str:
        """Native tools need no catalogue in the prompt."""
        return "Call tools when you need them. When you are done for now, answer in plain text without a tool call."

    def decide(self, model: ChatModel, messages: list[Message], specs: list[ToolSpec]) -> tuple[Action, Message]:
        """A completion with tool calls runs them; one without is the final reply."""
        out = model.complete(messages, tools=specs)
        if not out.tool_calls:
            return Action(reply=out.text, text=out.text), Message(role="assistant", content=out.text)
        wire = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": json.dumps(c.arguments, ensure_ascii=False)},
            }
            for c in out.tool_calls
        ]
        return Action(calls=list(out.tool_calls), text=out.text), Message(
            role="assistant", content=out.text, tool_calls=wire
        )

    def result_message(self, call: ModelToolCall, content: str) -> Message:
        """A `tool` message answering the call id."""
        return Message(role="tool", content=content, tool_call_id=call.id, name=call.name)

    def error_message(self, error: str) -> Message:
        """A user-side note about the unusable output."""
        return Message(role="user", content=f"[harness] {error}")


THOUGHT_CHARS = 200
MESSAGE_CHARS = 4_000


def bound_strings(schema: Any, cap: int) -> Any:
    """A copy of a JSON schema in which every string without a `maxLength` gets `maxLength: cap`."""
    if isinstance(schema, list):
        return [bound_strings(item, cap) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: bound_strings(value, cap) for key, value in schema.items()}
    if out.get("type") == "string" and "maxLength" not in out and "enum" not in out:
        out["maxLength"] = cap
    return out


def action_schema(specs: list[ToolSpec], argument_chars: int | None = None) -> dict[str, Any]:
    """The JSON schema of one action: a tool call with that tool's arguments, or `reply` with a message.

    One branch per tool ties `arguments` to the tool's own parameter schema, and string lengths are
    bounded (tool arguments too, when `argument_chars` is set), so a constrained decoder can neither
    invent arguments nor ramble inside a field until the token cap cuts the JSON short.
    """
    thought = {"type": "string", "maxLength": THOUGHT_CHARS, "description": "Brief reasoning."}

    def branch(action: str, extra: dict[str, Any]) -> dict[str, Any]:
        properties = {"thought": thought, "action": {"type": "string", "const": action}, **extra}
        return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}

    message = {"type": "string", "minLength": 1, "maxLength": MESSAGE_CHARS, "description": "Message to the user."}

    def arguments(spec: ToolSpec) -> dict[str, Any]:
        return spec.parameters if argument_chars is None else bound_strings(spec.parameters, argument_chars)

    tools = [branch(s.name, {"arguments": arguments(s)}) for s in specs]
    return {"anyOf": [*tools, branch(REPLY, {"message": message})]}


class JsonActionProtocol:
    """For models without native tool calling: every completion is one JSON action (schema-constrained)."""

    def __init__(self, argument_chars: int | None = None) -> None:
        """Call ids are numbered per agent; `argument_chars` bounds every string argument (small models)."""
        self._count = 0
        self.argument_chars = argument_chars
        self._schemas: dict[tuple[str, ...], dict[str, Any]] = {}

    def instructions(self, specs: list[ToolSpec]) -> str:
        """The tool catalogue and the action format."""
        lines = [
            "Answer every time with ONE JSON object, either a tool call "
            '{"thought": "...", "action": "<tool name>", "arguments": {...}} '
            'or a reply {"thought": "...", "action": "reply", "message": "..."}.',
            "A reply answers the user and ends your turn. Tools:",
        ]
        for spec in specs:
            params = spec.parameters.get("properties", {})
            required = set(spec.parameters.get("required", []))
            args = ", ".join(f"{n}{'' if n in required else '?'}: {p.get('type', 'any')}" for n, p in params.items())
            lines.append(f"- {spec.name}({args}): {spec.description}")
        return "\n".join(lines)

    def decide(self, model: ChatModel, messages: list[Message], specs: list[ToolSpec]) -> tuple[Action, Message]:
        """Parse the JSON action; anything unusable becomes an error the model reads next step."""
        names = [s.name for s in specs]
        key = tuple(s.name for s in specs)
        if key not in self._schemas:
            self._schemas[key] = action_schema(specs, self.argument_chars)
        out = model.complete(messages, response_schema=self._schemas[key])
        kept = Message(role="assistant", content=out.text)
        try:
            data = json.loads(out.text)
        except json.JSONDecodeError as exc:
            error = f"your output was not valid JSON ({exc.msg}); send one JSON action"
            return Action(error=error, text=out.text), kept
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            return Action(error='your JSON needs a string field "action"', text=out.text), kept
        name, arguments = data["action"], data.get("arguments", {})
        if name == REPLY:
            message = data.get("message")
            if not isinstance(message, str) or not message.strip():
                return Action(error='action "reply" needs a non-empty "message"', text=out.text), kept
            return Action(reply=message, text=out.text), kept
        if name not in names:
            error = f"unknown action {name!r}; use one of: {', '.join([*names, REPLY])}"
            return Action(error=error, text=out.text), kept
        if not isinstance(arguments, dict):
            return Action(error='"arguments" must be a JSON object', text=out.text), kept
        self._count += 1
        return Action(calls=[ModelToolCall(id=f"a{self._count}", name=name, arguments=arguments)], text=out.text), kept

    def result_message(self, call: ModelToolCall, content: str) -> Message:
        """Results come back as a user-side observation."""
        return Message(role="user", content=f"[result of {call.name}] {content}")

    def error_message(self, error: str) -> Message:
        """Errors come back as a user-side observation."""
        return Message(role="user", content=f"[error] {error}")


def make_protocol(name: ProtocolName, argument_chars: int | None = None) -> CallingProtocol:
    """The protocol object for a name (`argument_chars` applies to JSON actions only)."""
    return NativeProtocol() if name == "native" else JsonActionProtocol(argument_chars)
