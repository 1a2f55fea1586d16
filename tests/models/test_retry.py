"""The one owner of retries (engine/models/retry.py): backoff, Retry-After, no sleep after the last attempt,
every failed attempt an event, fail-fast errors, and the rate limiter before every attempt."""

from __future__ import annotations

import email.utils
from pathlib import Path

import pytest

from engine.models.ratelimit import RateLimiter, RateLimits
from engine.models.retry import RetryingModel, RetryPolicy, retry_after_seconds
from engine.models.roles import bind_role
from engine.models.scripted import ScriptedModel
from engine.ports import (
    Completion,
    Message,
    ModelConfigError,
    ModelError,
    ModelUnavailableError,
    TransientModelError,
)
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import Event, ModelAttemptFailed, ModelUsage
from tests.engine.test_experiment_ratelimit import FakeClock

HI = [Message("user", "hi")]


class Flaky:
    """Raises the given errors in order, then answers."""

    def __init__(self, errors: list[ModelError]) -> None:
        self.errors = list(errors)
        self.calls = 0

    @property
    def name(self) -> str:
        return "flaky"

    def complete(self, messages: list[Message], **_: object) -> Completion:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return Completion(text="fine")


def bound(inner: Flaky, retries: int, clock: FakeClock, limits: RateLimits | None = None) -> tuple[object, list[Event]]:
    binding = ModelBinding(model="m/x", retries=retries, retry_base_s=1.0, retry_max_s=10.0)
    meter = bind_role(binding, "agent", CacheConfig(), lambda b: inner, limits=limits, sleep=clock.sleep)
    events: list[Event] = []
    meter.sink = events.append
    return meter, events


def test_backoff_doubles_honours_retry_after_and_never_sleeps_after_the_last_attempt() -> None:
    clock = FakeClock()
    errors: list[ModelError] = [
        TransientModelError("boom", "server"),
        TransientModelError("slow down", "rate_limit", retry_after=7.0),
        TransientModelError("boom", "server"),
        TransientModelError("gone", "timeout"),
    ]
    inner = Flaky(errors)
    meter, events = bound(inner, retries=3, clock=clock)
    with pytest.raises(ModelUnavailableError, match="no answer after 4 attempt"):
        meter.complete(HI)  # type: ignore[attr-defined]
    assert inner.calls == 4
    assert clock.sleeps == [1.0, 7.0, 4.0]  # backoff 1, then Retry-After 7 (> backoff 2), then 4; none after the last
    failed = [e for e in events if isinstance(e, ModelAttemptFailed)]
    assert [(e.attempt, e.kind, e.retry_in_s) for e in failed] == [
        (1, "server", 1.0),
        (2, "rate_limit", 7.0),
        (3, "server", 4.0),
        (4, "timeout", None),
    ]
    assert all(e.role == "agent" and e.model == "flaky" for e in failed)


def test_a_retry_that_succeeds_leaves_its_failures_and_one_usage_event() -> None:
    clock = FakeClock()
    meter, events = bound(Flaky([TransientModelError("x", "malformed")]), retries=2, clock=clock)
    assert meter.complete(HI).text == "fine"  # type: ignore[attr-defined]
    assert [type(e).__name__ for e in events] == ["ModelAttemptFailed", "ModelUsage"]
    assert isinstance(events[1], ModelUsage) and clock.sleeps == [1.0]


@pytest.mark.parametrize("error", [ModelConfigError("401 refused"), ModelError("400 bad request")])
def test_configuration_and_rejected_requests_fail_fast(error: ModelError) -> None:
    clock = FakeClock()
    inner = Flaky([error])
    meter, events = bound(inner, retries=5, clock=clock)
    with pytest.raises(type(error)):
        meter.complete(HI)  # type: ignore[attr-defined]
    assert inner.calls == 1 and clock.sleeps == []
    failed = [e for e in events if isinstance(e, ModelAttemptFailed)]
    assert [(e.kind, e.retry_in_s) for e in failed] == [
        ("config" if isinstance(error, ModelConfigError) else "rejected", None)
    ]


def test_the_limiter_is_acquired_before_every_attempt_and_a_retry_after_holds_every_sender(tmp_path: Path) -> None:
    clock = FakeClock()
    limits = RateLimits({"m/x": 60}, clock, clock.sleep)  # one send per second
    inner = Flaky([TransientModelError("x", "server"), TransientModelError("x", "server")])
    meter, _ = bound(inner, retries=2, clock=clock, limits=limits)
    meter.complete(HI)  # type: ignore[attr-defined]
    # three sends: at 0; backoff 1 s then the slot at 1; backoff 2 s (t=3) then the slot at 3: waits only for backoff
    assert inner.calls == 3 and clock.now == 3.0
    limiter = limits.limiter("m/x")
    assert limiter is not None
    limiter.hold(30.0)
    other = ScriptedModel(["ok"], name="m/x")
    RetryingModel(other, RetryPolicy(attempts=1), limiter, clock.sleep).complete(HI)
    assert clock.now == 33.0  # the next sender of the model waited out the hold


def test_rate_limiter_spaces_sends_not_call_starts() -> None:
    clock = FakeClock()
    limiter = RateLimiter(40, clock, clock.sleep)  # 1.5 s apart
    inner = Flaky([TransientModelError("x", "server")])
    RetryingModel(inner, RetryPolicy(attempts=2, base_s=0.0), limiter, clock.sleep).complete(HI)
    assert clock.sleeps == [1.5]  # the retry (no backoff) still waited for its own slot


def test_retry_after_in_seconds_or_as_an_http_date() -> None:
    assert retry_after_seconds("12") == 12.0
    assert retry_after_seconds("0.5") == 0.5
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
    now = 1_700_000_000.0
    assert retry_after_seconds(email.utils.formatdate(now + 30, usegmt=True), now=now) == pytest.approx(30.0)
    assert retry_after_seconds(email.utils.formatdate(now - 30, usegmt=True), now=now) == 0.0


def test_policy_caps_every_wait() -> None:
    policy = RetryPolicy(attempts=9, base_s=1.0, max_s=5.0)
    assert [policy.wait(k, None) for k in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 5.0]
    assert policy.wait(1, 120.0) == 5.0
