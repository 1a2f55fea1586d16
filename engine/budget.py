"""A spending cap for one run or experiment (`proact run --max-cost USD`), over every role's model calls.

The spend is what the sessions' results report (SessionResult.usage: litellm's price of each call, zero for
cached and local calls): the results already in the run or experiment directory when it starts (so a re-run
counts what earlier attempts spent), plus every session that ends while it runs. Before a session starts, the
episode asks `refusal()`; once the spend has reached the cap, that session and the rest of its episode are
recorded as `budget_exhausted` (nothing run, kept out of every score) and the episode stops with its checkpoint
at the first of them, so running the same command with a higher cap continues there. Sessions already running
when the cap is reached finish: the cap can be passed by what they spend.
"""

from __future__ import annotations

import threading
from pathlib import Path

from pydantic import ValidationError

from engine.rundir import RESULT_FILE
from engine.schema.results import SessionResult


def session_cost(result: SessionResult) -> float:
    """What one session's model calls cost, every role."""
    return sum(usage.cost_usd for usage in result.usage.values())


def spent_in(directory: Path) -> float:
    """The cost recorded in every session result under `directory` (a run or an experiment directory)."""
    total = 0.0
    for path in directory.rglob(RESULT_FILE) if directory.is_dir() else []:
        try:
            total += session_cost(SessionResult.model_validate_json(path.read_text(encoding="utf-8")))
        except (OSError, ValidationError):
            continue  # not a session result (or a half-written one): it is not counted
    return total


class Budget:
    """The cap and the spend so far; shared by every episode of a run or experiment (thread-safe)."""

    def __init__(self, cap_usd: float, spent_usd: float = 0.0) -> None:
        """`spent_usd`: what was spent before (see `count_existing`)."""
        if cap_usd < 0:
            raise ValueError(f"--max-cost must be at least 0 (got {cap_usd})")
        self.cap_usd = cap_usd
        self._spent = spent_usd
        self._lock = threading.Lock()

    @property
    def spent_usd(self) -> float:
        """The spend so far."""
        with self._lock:
            return self._spent

    def count_existing(self, directory: Path) -> None:
        """Add what the results already in `directory` cost (a re-run or --resume of a capped run)."""
        spent = spent_in(directory)
        with self._lock:
            self._spent += spent

    def charge(self, result: SessionResult) -> None:
        """Add one finished session's cost."""
        self.add(session_cost(result))

    def add(self, cost_usd: float) -> None:
        """Add a cost in USD (a session's, or what other processes spent: the Ray executor's budget actor)."""
        with self._lock:
            self._spent += cost_usd

    def refusal(self) -> str | None:
        """Why no further session may start (the cap is reached), or None while one may."""
        with self._lock:
            if self._spent < self.cap_usd:
                return None
            return f"not run: --max-cost ${self.cap_usd:.2f} reached (${self._spent:.4f} spent)"
