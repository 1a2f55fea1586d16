"""Per-model request limits: calls to one model string are spaced evenly, across every role, thread and episode.

A limit of R requests per minute lets one call start every 60/R seconds (no bursts). The clock and the
sleep are ports so tests can drive a fake clock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from engine.models.wrapper import ModelWrapper
from engine.ports import ChatModel, Completion, Message, ToolSpec

Clock = Callable[[], float]
Sleep = Callable[[float], None]


class RateLimiter:
    """Hands out start times at least `60 / requests_per_minute` seconds apart, in arrival order."""

    def __init__(self, requests_per_minute: float, clock: Clock = time.monotonic, sleep: Sleep = time.sleep) -> None:
        """`clock` returns seconds; `sleep` waits that many seconds."""
        if requests_per_minute <= 0:
            raise ValueError(f"requests per minute must be positive, got {requests_per_minute}")
        self.interval = 60.0 / requests_per_minute
        self._clock = clock
        self._sleep = sleep
        self._next = float("-inf")
        self._lock = threading.Lock()

    def acquire(self) -> float:
        """Wait for this caller's slot; return how long it waited (0 when the model was idle long enough)."""
        with self._lock:
            now = self._clock()
            slot = max(now, self._next)
            self._next = slot + self.interval
        wait = slot - now
        if wait > 0:
            self._sleep(wait)
        return wait


class RateLimits:
    """One RateLimiter per limited model string, created on first use and shared by everything that asks."""

    def __init__(self, per_minute: dict[str, float], clock: Clock = time.monotonic, sleep: Sleep = time.sleep) -> None:
        """`per_minute` maps model strings to requests per minute; other models are not limited."""
        self.per_minute = dict(per_minute)
        self._clock = clock
        self._sleep = sleep
        self._limiters: dict[str, RateLimiter] = {}
        self._lock = threading.Lock()

    def limiter(self, model: str) -> RateLimiter | None:
        """The shared limiter of `model`, or None when it has no limit."""
        rate = self.per_minute.get(model)
        if rate is None:
            return None
        with self._lock:
            if model not in self._limiters:
                self._limiters[model] = RateLimiter(rate, self._clock, self._sleep)
            return self._limiters[model]

    def wrap(self, model: str, inner: ChatModel) -> ChatModel:
        """`inner` behind the limiter of `model`, or `inner` itself when `model` is not limited."""
        limiter = self.limiter(model)
        return inner if limiter is None else RateLimitedModel(inner, limiter)


class RateLimitedModel(ModelWrapper):
    """A ChatModel that waits for its limiter before every call."""

    def __init__(self, inner: ChatModel, limiter: RateLimiter) -> None:
        """Calls go to `inner` once `limiter` grants a slot."""
        super().__init__(inner)
        self.limiter = limiter

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """Wait for a slot, then call the inner model."""
        self.limiter.acquire()
        return self.inner.complete(messages, response_schema=response_schema, tools=tools)
