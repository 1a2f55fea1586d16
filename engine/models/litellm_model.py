"""ChatModel over litellm: any hosted provider or local OpenAI-compatible server.

The only module that imports litellm. One call is one HTTP attempt: litellm's and the OpenAI SDK's own
retries are off (`num_retries=0`, `max_retries=0`), because engine/models/retry.py owns every retry.
Failures are classified for it: TransientModelError (retried), ModelConfigError (fail fast),
ContextOverflowError, or a plain ModelError for a rejected request.

Concurrency: litellm hands every OpenAI-compatible call in the process one shared httpx client, whose pool
(100 connections, 20 kept alive) closes and reopens connections beyond 20 and rescans every connection under
one lock per request; with a hundred episodes in flight that serialised the calls (bench/concurrency.py). The
client litellm gets here (`litellm.client_session`) sends each thread's requests through that thread's own
httpx client, built as litellm builds its default one, and each worker thread keeps an event loop for litellm's
per-call service hook (otherwise one is created and closed per call). `warm_up()` imports litellm on a background
thread when a run begins, so the first model call does not pay for the import.
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import os
import threading
import time
from typing import Any

import httpx

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

WARM_UP_MODEL = "openai/proact-warm-up"
NOWHERE = {"api_base": "http://127.0.0.1:9/v1", "api_key": DUMMY_KEY, "num_retries": 0, "max_retries": 0}

_SETUP = threading.Lock()
_WARM: list[threading.Thread] = []


class ThreadClient(httpx.Client):
    """An httpx client that sends each thread's requests through a client of that thread (built by `make`), so
    threads never share a connection pool or its lock."""

    def __init__(self, make: Any) -> None:
        """`make()` builds one thread's client."""
        super().__init__()
        self._make = make
        self._local = threading.local()

    def send(self, request: httpx.Request, **kwargs: Any) -> httpx.Response:
        """Send on the calling thread's own client."""
        own: httpx.Client | None = getattr(self._local, "client", None)
        if own is None:
            own = self._local.client = self._make()
        return own.send(request, **kwargs)


_THREAD = threading.local()


def _thread_loop() -> None:
    """Give a worker thread without an event loop one of its own (kept, never run, for the thread's life).

    litellm times every HTTP call with a service hook it runs on the calling thread's event loop; a thread without
    one gets a loop created and closed for that one call (asyncio.run: an epoll instance and a socket pair each
    time). The main thread gets one from asyncio itself."""
    if threading.current_thread() is threading.main_thread():
        return
    try:
        asyncio.get_event_loop()  # off the main thread: the thread's loop, or RuntimeError when it has none
    except RuntimeError:
        loop = getattr(_THREAD, "loop", None)
        if loop is None:
            loop = _THREAD.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)


def _litellm() -> Any:
    """litellm, imported on the warm-up thread (started now if need be) whichever thread asks first: there the
    collector is paused for the import, which takes twice as long under it."""
    warm_up()
    if threading.current_thread() is not _WARM[0]:
        _WARM[0].join()
    return _imported()


def _imported() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    with _SETUP:
        if not isinstance(litellm.client_session, ThreadClient):
            from litellm.llms.custom_httpx.http_handler import get_ssl_configuration, http2_enabled

            def make() -> httpx.Client:
                return httpx.Client(verify=get_ssl_configuration(), follow_redirects=True, http2=http2_enabled())

            litellm.suppress_debug_info = True
            litellm.client_session = ThreadClient(make)
    return litellm


def _import_then_freeze() -> None:
    gc.freeze()  # the collections the import triggers would walk everything built so far, again and again
    gc.disable()
    try:
        _imported().completion(  # a mocked call: no request, but the call path's lazy imports are done here
            model=WARM_UP_MODEL, messages=[{"role": "user", "content": "warm up"}], mock_response="ok", **NOWHERE
        )
    except Exception:  # an import error comes back at the first model call; a failed mocked call costs nothing
        pass
    finally:
        gc.freeze()  # the imported modules are permanent: the cyclic collector never walks them again
        gc.enable()


def warm_up() -> None:
    """Import litellm on a daemon thread (once per process); the first call waits for it if it has not ended.

    The thread then makes one mocked completion (litellm's `mock_response`: no request is sent, and it is pointed
    at a closed loopback port besides), which imports the 40-odd modules litellm loads lazily on its first call
    (0.35 s of CPU the first agent call would otherwise spend).

    The collector is off during the import (2.4 s instead of 4.6 s here) and what the process has built by then
    is moved out of its reach (gc.freeze), so collections during the run walk only the run's own objects; at exit
    everything is frozen again before the interpreter tears down, which otherwise spends 1-2 s in the collector
    walking litellm's objects (bench/concurrency.py)."""
    with _SETUP:
        if not _WARM:
            _WARM.append(threading.Thread(target=_import_then_freeze, name="litellm-import", daemon=True))
            _WARM[0].start()
            atexit.register(gc.freeze)


class LiteLLMModel:
    """A role-bound model reached through litellm.completion: one attempt per call, with usage accounting."""

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

    def _key(self) -> str | None:
        """The key to send: the binding's variable, a dummy for a loopback server, else the provider's default."""
        b = self.binding
        if b.api_key_env:
            return key_from_env(self._name, b.api_key_env)
        if "api_key" in b.extra:
            return None
        if is_loopback(b.api_base):
            return DUMMY_KEY
        found = _litellm().validate_environment(model=b.model, api_base=b.api_base)
        missing = [k for k in found.get("missing_keys", []) if str(k).endswith("_KEY")]
        if missing:
            raise ModelConfigError(
                f"{self._name}: no API key: set {' or '.join(missing)}, or name the variable holding it in "
                "api_key_env (a loopback api_base needs no key)"
            )
        return None

    def _params(self, response_schema: dict[str, Any] | None, tools: list[ToolSpec] | None) -> dict[str, Any]:
        b = self.binding
        params: dict[str, Any] = {"model": b.model, "timeout": b.timeout_s, **b.extra}
        params.update(num_retries=0, max_retries=0)
        if b.api_base:
            params["api_base"] = b.api_base
        params.update(request_fields(b, response_schema, tools))
        return params

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """One HTTP attempt. Failures raise TransientModelError (worth retrying), ModelConfigError (a missing key,
        401/403, 404), ContextOverflowError, or ModelError (the request was refused)."""
        litellm = _litellm()
        _thread_loop()
        params = self._params(response_schema, tools)
        key = self._key()
        if key is not None:
            params["api_key"] = key
        payload = [to_wire(m) for m in messages]
        start = time.monotonic()
        try:
            response = litellm.completion(messages=payload, **params)
        except Exception as exc:  # provider SDKs raise many types: classified, never swallowed
            raise classify(exc, self._name) from exc
        return _to_completion(response, self._name, time.monotonic() - start, litellm)


def classify(exc: Exception, name: str) -> ModelError:
    """The engine's error for an exception raised by litellm (or the SDK under it)."""
    import litellm.exceptions as errors

    text = f"{name}: {type(exc).__name__}: {exc}"
    if isinstance(exc, errors.ContextWindowExceededError):
        return ContextOverflowError(text)
    if isinstance(exc, (errors.AuthenticationError, errors.PermissionDeniedError, errors.NotFoundError)):
        return ModelConfigError(text)
    if "Missing credentials" in str(exc) or "api_key client option must be set" in str(exc):
        return ModelConfigError(f"{name}: no API key (set api_key_env, or the provider's key variable): {exc}")
    if isinstance(exc, (errors.BadRequestError, errors.UnprocessableEntityError)):
        return ModelError(text)
    if isinstance(exc, errors.RateLimitError):
        return TransientModelError(text, "rate_limit", _retry_after(exc))
    if isinstance(exc, errors.Timeout):
        return TransientModelError(text, "timeout")
    if "[200 OK]" in str(exc):
        return TransientModelError(text, "malformed")
    if isinstance(exc, errors.APIConnectionError) or "Connection error" in str(exc):
        return TransientModelError(text, "connection")
    if isinstance(exc, (errors.InternalServerError, errors.ServiceUnavailableError, errors.BadGatewayError)):
        return TransientModelError(text, "server", _retry_after(exc))
    return TransientModelError(text, "other", _retry_after(exc))


def _retry_after(exc: Exception) -> float | None:
    """Retry-After (or retry-after-ms) of the response behind an exception, in seconds."""
    headers: Any = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        headers = getattr(getattr(exc, "response", None), "headers", None)
    return None if headers is None else retry_after_of(headers)


def _to_completion(response: Any, model: str, latency: float, litellm: Any) -> Completion:
    try:
        choice = response.choices[0].message
    except (AttributeError, IndexError, TypeError) as exc:
        raise TransientModelError(f"{model}: response without a message: {exc}", "malformed") from exc
    calls = [
        tool_call(str(c.id), str(c.function.name), c.function.arguments)
        for c in getattr(choice, "tool_calls", None) or []
    ]
    usage = getattr(response, "usage", None)
    return Completion(
        text=choice.content or "",
        tool_calls=calls,
        usage=Usage(
            model=model,
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            cost_usd=_cost(response, litellm),
            latency_s=latency,
        ),
    )


def _cost(response: Any, litellm: Any) -> float:
    """USD of a response: the cost litellm stamped on it while answering (`_hidden_params["response_cost"]`, None
    when its price map has no price), else litellm.completion_cost; 0 for a model without a price."""
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict) and "response_cost" in hidden:
        return float(hidden["response_cost"] or 0.0)
    try:
        return float(litellm.completion_cost(completion_response=response))
    except Exception:  # unknown local models have no price: cost stays 0
        return 0.0


def token_prices(model: str) -> tuple[float, float] | None:
    """USD per prompt token and per completion token of `model` in litellm's price map (the copy installed with
    litellm, never fetched), or None when the map does not price it."""
    try:
        info = _litellm().get_model_info(model=model)
    except Exception:  # litellm raises its own error types for unmapped models: no price
        return None
    prompt, completion = info.get("input_cost_per_token"), info.get("output_cost_per_token")
    if prompt is None or completion is None:
        return None
    return float(prompt), float(completion)
