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


class PreflightStopped(BaseException):
    """A call's answer came while the run's preflight was out, and the preflight failed (or the run stopped first):
    the answer is not used. A BaseException, as an interrupt is: the episode ends without a record of its own (the
    run reports the preflight's failure)."""


class RateLimits:
    """One RateLimiter per limited model string, created on first use and shared by everything that asks; and the
    run's answer gate: while held, calls are sent but no answer (nor failure) is handed back before the preflight's
    verdict, so an experiment's episodes start while its preflight travels and record nothing it did not pass."""

    def __init__(self, per_minute: dict[str, float], clock: Clock = time.monotonic, sleep: Sleep = time.sleep) -> None:
        """`per_minute` maps model strings to requests per minute; other models are not limited."""
        self.per_minute = dict(per_minute)
        self._clock = clock
        self._sleep = sleep
        self._limiters: dict[str, RateLimiter] = {}
        self._lock = threading.Lock()
        self._verdict = threading.Event()
        self._verdict.set()
        self._stopped = False

    def hold_answers(self) -> None:
        """Until release_answers, every answer waits in pass_answer."""
        with self._lock:
            self._stopped = False
            self._verdict.clear()

    def release_answers(self, stopped: bool = False) -> None:
        """Hand the held answers on; `stopped` (the preflight failed, or the run stopped before its verdict): every
        held and later one raises PreflightStopped instead. The first release after hold_answers decides; later ones
        change nothing (a verdict that comes after the run stopped does not revive it)."""
        with self._lock:
            if self._verdict.is_set():
                return
            self._stopped = stopped
            self._verdict.set()

    @property
    def answers_stopped(self) -> bool:
        """True once release_answers(stopped=True) was called (until the next hold_answers)."""
        return self._verdict.is_set() and self._stopped

    def pass_answer(self) -> None:
        """Return once answers may be used (at once unless held); PreflightStopped when the run stopped."""
        self._verdict.wait()
        if self._stopped:
            raise PreflightStopped("the run stopped before this answer could be used: its preflight failed")

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
