"""The JSON-lines protocol of command agents (engine/agents/external/README.md): line framing and the wire form of
the model relay's messages, tool specs and completions, shared by the engine and the agent kit."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from engine.agents.base import SessionBrief
from engine.ports import Completion, Message, ModelToolCall, ToolSpec, Usage

MAX_LINE_BYTES = 64 * 1024 * 1024


class ProtocolError(ValueError):
    """A line that is not a JSON object with a string `type`."""


def encode(message: dict[str, Any]) -> bytes:
    """One protocol line."""
    return json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """A protocol line as a dict; ProtocolError when it is not a JSON object with a string `type`."""
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ProtocolError(f"not JSON ({exc}): {line[:200]!r}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError(f'not a JSON object with a string "type": {line[:200]!r}')
    return data


def session_start(brief: SessionBrief, tools: list[str]) -> dict[str, Any]:
    """The `session_start` line: the brief (with `now`, the episode clock as an ISO date-time, and `now_text`, the
    same as an assistant product states it) and the names of the tools served over MCP this session."""
    line: dict[str, Any] = {
        "type": "session_start",
        "session_id": brief.session_id,
        "trigger": brief.trigger,
        "toolsets": list(brief.toolsets),
        "tools": tools,
    }
    if brief.now is not None:
        line["now"] = brief.now.isoformat()
        line["now_text"] = brief.date_line()
    return line


def brief_from(line: dict[str, Any]) -> SessionBrief:
    """The brief of a `session_start` line (ProtocolError for a `now` that is not an ISO date-time)."""
    now = line.get("now")
    try:
        at = datetime.fromisoformat(now) if isinstance(now, str) else None
    except ValueError as exc:
        raise ProtocolError(f"session_start: now is not an ISO date-time: {now!r}") from exc
    toolsets = tuple(line.get("toolsets", []))
    return SessionBrief(str(line["session_id"]), str(line.get("trigger", "user")), toolsets, at)


def message_to_wire(message: Message) -> dict[str, Any]:
    """A chat message (OpenAI-like field names)."""
    out: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        out["tool_calls"] = message.tool_calls
    if message.tool_call_id is not None:
        out["tool_call_id"] = message.tool_call_id
    if message.name is not None:
        out["name"] = message.name
    return out


def message_from_wire(data: dict[str, Any]) -> Message:
    """The chat message of a wire dict; KeyError/ValueError when malformed."""
    role = data["role"]
    if role not in ("system", "user", "assistant", "tool"):
        raise ValueError(f"unknown role {role!r}")
    return Message(
        role=role,
        content=str(data.get("content") or ""),
        tool_calls=list(data.get("tool_calls") or []),
        tool_call_id=data.get("tool_call_id"),
        name=data.get("name"),
    )


def spec_to_wire(spec: ToolSpec) -> dict[str, Any]:
    """A tool offered to the model."""
    return {"name": spec.name, "description": spec.description, "parameters": spec.parameters}


def spec_from_wire(data: dict[str, Any]) -> ToolSpec:
    """The tool spec of a wire dict."""
    return ToolSpec(str(data["name"]), str(data.get("description", "")), dict(data.get("parameters") or {}))


def completion_to_wire(completion: Completion) -> dict[str, Any]:
    """A model's answer: text, tool calls and usage."""
    calls = [
        {"id": c.id, "name": c.name, "arguments": c.arguments, "error": c.error, "raw_arguments": c.raw_arguments}
        for c in completion.tool_calls
    ]
    u = completion.usage
    usage = {"model": u.model, "prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens}
    return {"text": completion.text, "tool_calls": calls, "usage": usage}


def completion_from_wire(data: dict[str, Any]) -> Completion:
    """The completion of a wire dict."""
    calls = [
        ModelToolCall(
            id=str(c["id"]),
            name=str(c["name"]),
            arguments=dict(c.get("arguments") or {}),
            error=c.get("error"),
            raw_arguments=c.get("raw_arguments"),
        )
        for c in data.get("tool_calls") or []
    ]
    u = data.get("usage") or {}
    usage = Usage(str(u.get("model", "relay")), int(u.get("prompt_tokens", 0)), int(u.get("completion_tokens", 0)))
    return Completion(text=str(data.get("text") or ""), tool_calls=calls, usage=usage)
