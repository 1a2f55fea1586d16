"""The OpenAI chat-completions wire format, shared by the litellm adapter and the direct HTTP client.

What both send for one call (the messages, the sampling fields, a JSON-schema response format, native tools) and
how both read a native tool call back. No SDK is imported here.
"""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import urlparse

from engine.ports import Message, ModelConfigError, ModelToolCall, ToolSpec
from engine.schema.config import ModelBinding

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
DUMMY_KEY = "proact-no-key"
RAW_CAP = 300


def is_loopback(api_base: str | None) -> bool:
    """True when `api_base` points at this machine (127.0.0.1, localhost, ::1)."""
    return api_base is not None and (urlparse(api_base).hostname or "") in LOOPBACK_HOSTS


def key_from_env(name: str, variable: str) -> str:
    """The API key held by environment variable `variable`; ModelConfigError naming model and variable when unset."""
    key = os.environ.get(variable)
    if not key:
        raise ModelConfigError(f"{name}: environment variable {variable} (its api key) is not set")
    return key


def to_wire(message: Message) -> dict[str, Any]:
    """One message as the chat-completions API takes it."""
    out: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        out["tool_calls"] = message.tool_calls
    if message.tool_call_id:
        out["tool_call_id"] = message.tool_call_id
    if message.name:
        out["name"] = message.name
    return out


def request_fields(
    binding: ModelBinding, response_schema: dict[str, Any] | None, tools: list[ToolSpec] | None
) -> dict[str, Any]:
    """The body fields a call sends besides the model and the messages: temperature and max_tokens when the binding
    sets them, a strict JSON-schema response format, and the native tools."""
    fields: dict[str, Any] = {}
    if binding.temperature is not None:
        fields["temperature"] = binding.temperature
    if binding.max_tokens is not None:
        fields["max_tokens"] = binding.max_tokens
    if response_schema is not None:
        fields["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "response", "schema": response_schema, "strict": True},
        }
    if tools:
        fields["tools"] = [
            {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
            for t in tools
        ]
    return fields


def tool_call(call_id: str, name: str, raw: str | None) -> ModelToolCall:
    """A native tool call; arguments that are not a JSON object give a call with `error` set (never run)."""
    try:
        arguments = json.loads(raw or "{}")
    except json.JSONDecodeError as exc:
        error = f"arguments are not valid JSON: {exc.msg} at character {exc.pos} of {(raw or '')[:RAW_CAP]!r}"
        return ModelToolCall(id=call_id, name=name, arguments={}, error=error, raw_arguments=raw)
    if not isinstance(arguments, dict):
        error = f"arguments are not a JSON object: {(raw or '')[:RAW_CAP]!r}"
        return ModelToolCall(id=call_id, name=name, arguments={}, error=error, raw_arguments=raw)
    return ModelToolCall(id=call_id, name=name, arguments=arguments)
