"""ChatModel for a plain OpenAI-compatible binding, over the standard library's HTTP client without litellm.

A binding is plain (`is_plain`) when litellm would send its request unchanged to `<api_base>/chat/completions`:
an `openai/` model with an `api_base` reached without a proxy, no `extra` parameters (they may carry headers or
provider options), a key from `api_key_env` or none at all for a loopback server, and `client` left at `auto`.
Such a call needs none of litellm's provider mapping, so it is sent here directly (engine/models/http_post.py):
litellm's import (about 2 s of CPU) is never paid, and a call costs the engine about a millisecond of CPU where
litellm spends 4-5, which at a hundred episodes in flight decides how long answers queue for the interpreter lock
(bench/concurrency.py).

The request body is the litellm adapter's (engine/models/openai_wire.py); a failure raises the error
engine/models/litellm_model.classify gives for the same HTTP outcome (tests/models/test_openai_http.py holds
both adapters to that); cost is priced from the price map installed with litellm, read as a file.
"""

from __future__ import annotations

import importlib.util
import json
import time
from functools import cache
from pathlib import Path
from typing import Any

import pydantic_core

from engine.models.http_post import PostFailed, PostTimeout, Reply, direct, post
from engine.models.openai_wire import DUMMY_KEY, is_loopback, key_from_env, request_fields, to_wire, tool_call
from engine.models.retry import retry_after_of
from engine.ports import (
    Completion,
    ContextOverflowError,
    Message,
    ModelConfigError,
    ModelError,
    ToolSpec,
    TransientModelError,
    Usage,
)
from engine.schema.config import ModelBinding

PREFIX = "openai/"
BODY_CAP = 300
PRICE_FILE = "model_prices_and_context_window_backup.json"
OVERFLOW_MARKERS = (
    "context_length_exceeded",
    "maximum context length",
    "exceeds the available context size",
    "longer than the model's context length",
    "exceeds the model's maximum context",
    "prompt is too long",
)


def is_plain(binding: ModelBinding) -> bool:
    """True when the binding's calls are plain OpenAI chat completions at its api_base, with a key this module
    can read without litellm, and the binding does not ask for litellm."""
    return (
        binding.client == "auto"
        and binding.model.startswith(PREFIX)
        and binding.api_base is not None
        and not binding.extra
        and (binding.api_key_env is not None or is_loopback(binding.api_base))
        and direct(binding.api_base)
    )


class OpenAIHTTPModel:
    """A role-bound plain OpenAI-compatible model: POST <api_base>/chat/completions, one attempt per call."""

    def __init__(self, binding: ModelBinding) -> None:
        """`binding` must be plain (`is_plain`); its key is read from the environment at call time."""
        self.binding = binding
        self._name = binding.model

    @property
    def name(self) -> str:
        """Model identifier."""
        return self._name

    def _key(self) -> str:
        env = self.binding.api_key_env
        return DUMMY_KEY if env is None else key_from_env(self._name, env)

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """One HTTP attempt. Failures raise TransientModelError (worth retrying), ModelConfigError (a missing key,
        401/403, 404), ContextOverflowError, or ModelError (the request was refused), as the litellm adapter does."""
        b = self.binding
        body: dict[str, Any] = {"model": b.model.removeprefix(PREFIX), "messages": [to_wire(m) for m in messages]}
        body.update(request_fields(b, response_schema, tools))
        headers = {"Authorization": f"Bearer {self._key()}"}
        url = f"{str(b.api_base).rstrip('/')}/chat/completions"
        start = time.monotonic()
        try:
            reply = post(url, body, headers, b.timeout_s)
        except PostTimeout as exc:
            raise TransientModelError(f"{self._name}: {exc}", "timeout") from exc
        except PostFailed as exc:
            raise TransientModelError(f"{self._name}: Connection error: {exc}", "connection") from exc
        return self._completion(reply, time.monotonic() - start)

    def _completion(self, reply: Reply, latency: float) -> Completion:
        _raise_for(self._name, reply)
        try:
            data = pydantic_core.from_json(reply.body)
            message = data["choices"][0]["message"]
            calls = [
                tool_call(str(c["id"]), str(c["function"]["name"]), c["function"].get("arguments"))
                for c in message.get("tool_calls") or []
            ]
            usage = data.get("usage") or {}
            prompt, completion = int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)
        except (json.JSONDecodeError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            raise TransientModelError(
                f"{self._name}: [200 OK] malformed body ({type(exc).__name__}: {exc}): {reply.text()[:BODY_CAP]!r}",
                "malformed",
            ) from exc
        return Completion(
            text=str(message.get("content") or ""),
            tool_calls=calls,
            usage=Usage(
                model=self._name,
                prompt_tokens=prompt,
                completion_tokens=completion,
                cost_usd=cost_usd(self.binding.model, prompt, completion),
                latency_s=latency,
            ),
        )


def _raise_for(name: str, reply: Reply) -> None:
    """The classified error of an answer that is not a success (a redirect included); nothing for a 2xx."""
    status = reply.status
    if status < 300:
        return
    if status < 400:
        where = reply.headers.get("location")
        raise ModelConfigError(
            f"{name}: HTTP {status}: the api_base redirects to {where}; set api_base to where it leads"
        )
    body = reply.text()
    text = f"{name}: HTTP {status}: {body[:BODY_CAP]}"
    if status in (401, 403, 404):
        raise ModelConfigError(text)
    if status == 429:
        raise TransientModelError(text, "rate_limit", retry_after_of(reply.headers))
    if status == 408:
        raise TransientModelError(text, "timeout")
    if status >= 500:
        raise TransientModelError(text, "server", retry_after_of(reply.headers))
    if any(marker in body.lower() for marker in OVERFLOW_MARKERS):
        raise ContextOverflowError(text)
    raise ModelError(text)


@cache
def _price_map() -> dict[str, Any]:
    """litellm's price map as installed with it (the file litellm itself reads offline), without importing
    litellm; empty when litellm is not installed."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return {}
    path = Path(next(iter(spec.submodule_search_locations))) / PRICE_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


def cost_usd(model: str, prompt_tokens: int, completion_tokens: int) -> float:
    """USD of a call by the price map's per-token prices for `model` (as given, else without `openai/`); 0 for a
    model the map does not price, as litellm prices it."""
    prices = _price_map()
    entry = prices.get(model) or prices.get(model.removeprefix(PREFIX))
    if not isinstance(entry, dict):
        return 0.0
    prompt, completion = entry.get("input_cost_per_token"), entry.get("output_cost_per_token")
    if prompt is None or completion is None:
        return 0.0
    return prompt_tokens * float(prompt) + completion_tokens * float(completion)
