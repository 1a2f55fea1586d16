"""The state a Ray experiment shares between its workers, as plain classes the Ray executor turns into actors
(engine/experiment/ray_executor.py): a model's rate limiter, and the hub that keeps the --max-cost budget and
carries the workers' progress messages to the driver. No ray import here, so an actor's process loads only this.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.budget import Budget
from engine.models.ratelimit import RateLimiter
from engine.schema.events import Event
from engine.schema.results import SessionResult


@dataclass
class Started:
    """A worker began (or, after its worker died, began again) an episode."""

    cell: str
    persona: str


@dataclass
class Live:
    """An agent turn or a model call of a session in flight."""

    cell: str
    persona: str
    session: str
    event: Event


@dataclass
class Finished:
    """A finished session's result (also sent again for the sessions a retried episode resumes after)."""

    cell: str
    result: SessionResult


Message = Started | Live | Finished


class LimiterActor:
    """One model string's limiter: hands out send slots (as waits) to every worker of the experiment."""

    def __init__(self, per_minute: float) -> None:
        """`per_minute`: the model's requests per minute."""
        self._limiter = RateLimiter(per_minute, sleep=lambda _seconds: None)

    def reserve(self) -> float:
        """The caller's slot, as seconds it must wait before sending (0 when the model was idle long enough)."""
        return self._limiter.acquire()

    def hold(self, seconds: float) -> None:
        """No slot starts earlier than `seconds` from now (a 429's Retry-After)."""
        self._limiter.hold(seconds)


class HubActor:
    """The experiment's --max-cost budget, and the workers' progress messages until the driver collects them."""

    def __init__(self, cap_usd: float | None, spent_usd: float) -> None:
        """`cap_usd` None: no budget; `spent_usd`: what the experiment directory's results already cost."""
        self._budget = None if cap_usd is None else Budget(cap_usd, spent_usd)
        self._outbox: list[Message] = []

    def post(self, message: Message) -> None:
        """Queue one progress message for the driver."""
        self._outbox.append(message)

    def flush(self) -> None:
        """Return once the caller's earlier posts are queued (one caller's actor calls run in order)."""

    def drain(self) -> list[Message]:
        """Every message queued since the last drain, in arrival order."""
        out, self._outbox = self._outbox, []
        return out

    def refusal(self) -> str | None:
        """Why no further session may start (Budget.refusal), or None."""
        return None if self._budget is None else self._budget.refusal()

    def charge(self, cost_usd: float) -> None:
        """Add one finished session's cost to the budget."""
        if self._budget is not None:
            self._budget.add(cost_usd)

    def spent(self) -> float:
        """The budget's spend so far."""
        return 0.0 if self._budget is None else self._budget.spent_usd
