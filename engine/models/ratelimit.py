"""Per-model request limits: HTTP sends to one model string are spaced evenly, across every role, thread and episode.

A limit of R requests per minute lets one send start every 60/R seconds (no bursts). The limiter is acquired
by engine/models/retry.py before every attempt, retries included; a 429's Retry-After holds every sender of
the model back. The clock and the sleep are ports so tests can drive a fake clock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

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

    def hold(self, seconds: float) -> None:
        """No slot starts earlier than `seconds` from now (a server asked every sender to back off)."""
        with self._lock:
            self._next = max(self._next, self._clock() + seconds)


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
                self._limiters[model] = self.make_limiter(model, rate)
            return self._limiters[model]

    def make_limiter(self, model: str, per_minute: float) -> RateLimiter:
        """The limiter of one model, made once on its first use (an in-process one here)."""
        return RateLimiter(per_minute, self._clock, self._sleep)
