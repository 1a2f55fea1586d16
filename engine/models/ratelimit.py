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


class AnswerGate:
    """One hold of a run's answers: shut until released once, then open or stopped for good."""

    def __init__(self, opened: bool = False) -> None:
        """A shut gate (an open one with `opened`)."""
        self.released = threading.Event()
        self.stopped = False
        self._lock = threading.Lock()
        if opened:
            self.released.set()

    def release(self, stopped: bool = False) -> None:
        """Open the gate, or stop it (`stopped`: every answer at it raises PreflightStopped). The first release
        decides; later ones change nothing, so a verdict that comes after its run stopped does not revive it."""
        with self._lock:
            if self.released.is_set():
                return
            self.stopped = stopped
            self.released.set()

    def pass_answer(self) -> None:
        """Return once the gate is open; PreflightStopped when it was stopped."""
        self.released.wait()
        if self.stopped:
            raise PreflightStopped("the run stopped before this answer could be used: its preflight failed")


class RateLimits:
    """One RateLimiter per limited model string, created on first use and shared by everything that asks; and the
    run's answer gate: while held, calls are sent but no answer (nor failure) is handed back before the preflight's
    verdict, so a run or an experiment's episodes start while its preflight travels and record nothing it did not
    pass (engine/speculative.py)."""

    def __init__(self, per_minute: dict[str, float], clock: Clock = time.monotonic, sleep: Sleep = time.sleep) -> None:
        """`per_minute` maps model strings to requests per minute; other models are not limited."""
        self.per_minute = dict(per_minute)
        self._clock = clock
        self._sleep = sleep
        self._limiters: dict[str, RateLimiter] = {}
        self._lock = threading.Lock()
        self._gate = AnswerGate(opened=True)

    def hold_answers(self) -> AnswerGate:
        """A new shut gate every answer waits at from now on; release it (AnswerGate.release) to decide. A release of
        an earlier hold's gate no longer reaches the answers."""
        with self._lock:
            self._gate = AnswerGate()
            return self._gate

    @property
    def answers_stopped(self) -> bool:
        """True when the latest hold's gate was stopped."""
        gate = self._gate
        return gate.released.is_set() and gate.stopped

    def pass_answer(self) -> None:
        """Return once answers may be used (at once unless held); PreflightStopped when the run stopped."""
        self._gate.pass_answer()

    def raise_if_stopped(self) -> None:
        """PreflightStopped when the latest hold's gate was stopped (a run checks between its events)."""
        if self.answers_stopped:
            raise PreflightStopped("the run stopped: its preflight failed")

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
