"""The preflight ping of a plain OpenAI-compatible binding, over httpx without litellm.

Importing litellm takes about 2 s, and the preflight is the first request of every run: sending it over httpx
lets it go out while litellm is imported on a background thread (engine/models/litellm_model.py: warm_up). Only
bindings whose request litellm sends unchanged to `<api_base>/chat/completions` take this path: an `openai/`
model with an `api_base`, no `extra` parameters (they may carry headers or provider options), and a key from
`api_key_env` or none at all for a loopback server. Every other binding is pinged through litellm as before.
Failures raise the errors litellm_model.classify gives for the same HTTP outcome.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import httpx

from engine.models.litellm_model import DUMMY_KEY, is_loopback
from engine.models.retry import retry_after_seconds
from engine.ports import (
    Completion,
    Message,
    ModelConfigError,
    ModelError,
    ToolSpec,
    TransientModelError,
    Usage,
)
from engine.schema.config import ModelBinding

PREFIX = "openai/"


def pingable(binding: ModelBinding) -> bool:
    """True when the binding's calls are plain OpenAI chat completions at its api_base, with a key this module
    can read without litellm."""
    return (
        binding.model.startswith(PREFIX)
        and binding.api_base is not None
        and not binding.extra
        and (binding.api_key_env is not None or is_loopback(binding.api_base))
    )


class OpenAIPing:
    """A ChatModel for one preflight call: POST <api_base>/chat/completions, one attempt, no tools."""

    def __init__(self, binding: ModelBinding) -> None:
        """`binding` must be `pingable`."""
        self.binding = binding

    @property
    def name(self) -> str:
        """Model identifier."""
        return self.binding.model

    def _key(self) -> str:
        env = self.binding.api_key_env
        if env is None:
            return DUMMY_KEY
        key = os.environ.get(env)
        if not key:
            raise ModelConfigError(f"{self.name}: environment variable {env} (its api key) is not set")
        return key

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """One HTTP attempt; errors as LiteLLMModel.complete raises them."""
        b = self.binding
        body: dict[str, Any] = {
            "model": b.model.removeprefix(PREFIX),
            "messages": [{"role": m.role, "content": m.content} for m in messages],
        }
        if b.temperature is not None:
            body["temperature"] = b.temperature
        if b.max_tokens is not None:
            body["max_tokens"] = b.max_tokens
        if response_schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "response", "schema": response_schema, "strict": True},
            }
        url = f"{str(b.api_base).rstrip('/')}/chat/completions"
        start = time.monotonic()
        try:
            response = httpx.post(
                url, json=body, headers={"Authorization": f"Bearer {self._key()}"}, timeout=b.timeout_s
            )
        except httpx.TimeoutException as exc:
            raise TransientModelError(f"{self.name}: timeout: {exc}", "timeout") from exc
        except httpx.HTTPError as exc:
            raise TransientModelError(f"{self.name}: Connection error: {exc}", "connection") from exc
        return _completion(self.name, response, time.monotonic() - start)


def _completion(name: str, response: httpx.Response, latency: float) -> Completion:
    status = response.status_code
    text = f"{name}: HTTP {status}: {response.text[:300]}"
    if status in (401, 403, 404):
        raise ModelConfigError(text)
    if status == 429:
        raise TransientModelError(text, "rate_limit", retry_after_seconds(response.headers.get("retry-after")))
    if status >= 500:
        raise TransientModelError(text, "server", retry_after_seconds(response.headers.get("retry-after")))
    if status >= 400:
        raise ModelError(text)
    try:
        data = response.json()
        message = data["choices"][0]["message"]
        usage = data.get("usage") or {}
    except (json.JSONDecodeError, KeyError, IndexError, TypeError) as exc:
        raise TransientModelError(f"{name}: [200 OK] malformed body: {exc}", "malformed") from exc
    return Completion(
        text=str(message.get("content") or ""),
        usage=Usage(
            model=name,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            latency_s=latency,
        ),
    )
