"""The one owner of retries: every model call of a role goes through a RetryingModel.

Each HTTP attempt first waits for the model's shared rate limiter (retries included), so sends are spaced,
not call starts. A transient failure (429, 5xx, timeout, lost connection, malformed body) is retried after
an exponential backoff (`retry_base_s * 2**k`, at most `retry_max_s`), or after the server's Retry-After
when that is longer; there is no wait after the last attempt. Every failed attempt is reported to the
listener (the role's meter, which writes a ModelAttemptFailed event into the session's trajectory).
After the last attempt the call raises ModelUnavailableError. Errors that retrying cannot fix
(ModelConfigError, a rejected request, a context overflow) are reported once and raised at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Any, Protocol, runtime_checkable

from engine.models.ratelimit import RateLimiter, Sleep
from engine.models.wrapper import ModelWrapper
from engine.ports import (
    ChatModel,
    Completion,
    ContextOverflowError,
    Message,
    ModelConfigError,
    ModelError,
    ModelUnavailableError,
    ToolSpec,
    TransientModelError,
)
from engine.schema.config import ModelBinding

ERROR_CAP = 500


@runtime_checkable
class FailureListener(Protocol):
    """Something that records failed attempts of a role's model calls (the role's MeteredModel)."""

    def attempt_failed(self, attempt: int, kind: str, error: str, retry_in_s: float | None) -> None:
        """One attempt failed: its 1-based number, failure kind, error text, and the wait before the next."""
        ...


@dataclass(frozen=True)
class RetryPolicy:
    """How many attempts a call gets and how long to wait between them."""

    attempts: int = 3
    base_s: float = 1.0
    max_s: float = 60.0

    @classmethod
    def of(cls, binding: ModelBinding) -> RetryPolicy:
        """The policy a binding asks for: 1 + retries attempts."""
        return cls(attempts=binding.retries + 1, base_s=binding.retry_base_s, max_s=binding.retry_max_s)

    def wait(self, failures: int, retry_after: float | None) -> float:
        """Seconds before the next attempt after `failures` failed ones (1-based): the longer of the backoff and
        the server's Retry-After, capped at `max_s`."""
        backoff = self.base_s * 2.0 ** (failures - 1)
        return float(min(self.max_s, max(backoff, retry_after or 0.0)))


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """A Retry-After header value in seconds: delta-seconds or an HTTP date (relative to `now`, a Unix time).

    None when absent or unreadable; never negative.
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if moment.tzinfo is None:
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


def retry_after_of(headers: Any) -> float | None:
    """The wait a response's headers ask for, in seconds: `retry-after-ms` when present, else `retry-after`; None
    when neither is there or readable."""
    try:
        millis = headers.get("retry-after-ms")
        if millis is not None:
            return max(0.0, float(millis) / 1000)
        return retry_after_seconds(headers.get("retry-after"))
    except (AttributeError, TypeError, ValueError):
        return None


def failure_kind(exc: ModelError) -> str:
    """The ModelAttemptFailed kind of an error raised by one attempt."""
    if isinstance(exc, TransientModelError):
        return exc.kind
    if isinstance(exc, ModelConfigError):
        return "config"
    if isinstance(exc, ModelUnavailableError):
        return "connection"
    return "rejected"


class RetryingModel(ModelWrapper):
    """A ChatModel whose every call is attempted up to `policy.attempts` times, each behind the rate limiter."""

    def __init__(
        self,
        inner: ChatModel,
        policy: RetryPolicy,
        limiter: RateLimiter | None = None,
        sleep: Sleep = time.sleep,
        gate: Callable[[], None] | None = None,
    ) -> None:
        """`inner` makes exactly one HTTP attempt per call (SDK retries off); `sleep` waits between attempts; `gate`
        (the run's RateLimits.pass_answer) is passed after every attempt, before its answer or failure is used."""
        super().__init__(inner)
        self.policy = policy
        self.limiter = limiter
        self.gate = gate
        self.listener: FailureListener | None = None
        self._sleep = sleep

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """The first successful attempt's completion; ModelUnavailableError when every attempt failed transiently."""
        attempts = max(1, self.policy.attempts)
        for attempt in range(1, attempts + 1):
            if self.limiter is not None:
                self.limiter.acquire()
            try:
                return self._attempt(messages, response_schema, tools)
            except ContextOverflowError:
                raise  # the caller shortens the conversation; not a failure of the service
            except TransientModelError as exc:
                last = attempt == attempts
                wait = None if last else self.policy.wait(attempt, exc.retry_after)
                self._report(attempt, exc, wait)
                if last:
                    raise ModelUnavailableError(
                        f"{self.name}: no answer after {attempts} attempt(s); last error: {exc}"
                    ) from exc
                if exc.retry_after and self.limiter is not None:
                    self.limiter.hold(exc.retry_after)
                if wait:
                    self._sleep(wait)
            except ModelError as exc:
                self._report(attempt, exc, None)
                raise
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    def _attempt(
        self, messages: list[Message], response_schema: dict[str, Any] | None, tools: list[ToolSpec] | None
    ) -> Completion:
        """One attempt; its outcome waits at the gate (which raises PreflightStopped in its stead when the run
        stopped)."""
        try:
            return self.inner.complete(messages, response_schema=response_schema, tools=tools)
        finally:
            if self.gate is not None:
                self.gate()

    def _report(self, attempt: int, exc: ModelError, wait: float | None) -> None:
        if self.listener is not None:
            self.listener.attempt_failed(attempt, failure_kind(exc), str(exc)[:ERROR_CAP], wait)
