"""ChatModel over litellm: any hosted provider or local OpenAI-compatible server.

The only module that imports litellm.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

from engine.ports import Completion, ContextOverflowError, Message, ModelError, ModelToolCall, ToolSpec, Usage
from engine.schema.config import ModelBinding


class LiteLLMModel:
    """A role-bound model reached through litellm.completion, with retries and usage accounting."""

    def __init__(self, binding: ModelBinding, name: str | None = None) -> None:
        """Keys are read from the environment variable the binding names, at call time.

        `name` overrides the identifier recorded in usage (e.g. `local/...` for the embedded server).
        """
        self.binding = binding
        self._name = name or binding.model

    @property
    def name(self) -> str:
        """Model identifier."""
        return self._name

    def _params(self, response_schema: dict[str, Any] | None, tools: list[ToolSpec] | None) -> dict[str, Any]:
        b = self.binding
        params: dict[str, Any] = {"model": b.model, "timeout": b.timeout_s, **b.extra}
        if b.api_base:
            params["api_base"] = b.api_base
        if b.api_key_env:
            key = os.environ.get(b.api_key_env)
            if not key:
                raise ModelError(f"environment variable {b.api_key_env} (api key for {b.model}) is not set")
            params["api_key"] = key
        if b.temperature is not None:
            params["temperature"] = b.temperature
        if b.max_tokens is not None:
            params["max_tokens"] = b.max_tokens
        if response_schema is not None:
            params["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "response", "schema": response_schema, "strict": True},
            }
        if tools:
            params["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in tools
            ]
        return params

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """One completion with up to `retries` retries of transient failures; ModelError after the last one.

        Bad requests, auth and not-found errors are not retried; a context-window overflow raises
        ContextOverflowError so the caller can shorten the conversation.
        """
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm
        import litellm.exceptions as errors

        litellm.suppress_debug_info = True
        permanent = (errors.BadRequestError, errors.AuthenticationError, errors.NotFoundError)
        params = self._params(response_schema, tools)
        payload = [_to_wire(m) for m in messages]
        last: Exception | None = None
        for attempt in range(self.binding.retries + 1):
            start = time.monotonic()
            try:
                response = litellm.completion(messages=payload, **params)
            except errors.ContextWindowExceededError as exc:
                raise ContextOverflowError(f"{self._name}: {exc}") from exc
            except permanent as exc:
                raise ModelError(f"{self._name}: {type(exc).__name__}: {exc}") from exc
            except Exception as exc:  # provider SDKs raise many transient types; retried then wrapped
                last = exc
                time.sleep(min(2**attempt, 8) * 0.5)
                continue
            return _to_completion(response, self._name, time.monotonic() - start, litellm)
        raise ModelError(f"{self._name}: {type(last).__name__}: {last}")


def _to_wire(message: Message) -> dict[str, Any]:
    out: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        out["tool_calls"] = message.tool_calls
    if message.tool_call_id:
        out["tool_call_id"] = message.tool_call_id
    if message.name:
        out["name"] = message.name
    return out


def _to_completion(response: Any, model: str, latency: float, litellm: Any) -> Completion:
    choice = response.choices[0].message
    calls = []
    for call in getattr(choice, "tool_calls", None) or []:
        try:
            arguments = json.loads(call.function.arguments or "{}")
        except json.JSONDecodeError:
            arguments = {"_unparsed": call.function.arguments}
        calls.append(ModelToolCall(id=call.id, name=call.function.name, arguments=arguments))
    usage = getattr(response, "usage", None)
    try:
        cost = float(litellm.completion_cost(completion_response=response))
    except Exception:  # unknown local models have no price: cost stays 0
        cost = 0.0
    return Completion(
        text=choice.content or "",
        tool_calls=calls,
        usage=Usage(
            model=model,
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            cost_usd=cost,
            latency_s=latency,
        ),
    )
