"""Per-model request limits (fake clock) and the experiment's live counters."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engine.experiment.progress import ExperimentProgress
from engine.models.metered import MeteredModel
from engine.models.ratelimit import PreflightStopped, RateLimiter, RateLimits
from engine.models.roles import bind_role
from engine.models.scripted import ScriptedModel
from engine.ports import Message
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import AgentMessage, ModelUsage, Role, UserMessage
from engine.schema.results import RoleUsage, SessionResult


class FakeClock:
    """A clock that only moves when someone sleeps on it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_calls_are_spaced_by_sixty_over_the_rate() -> None:
    clock = FakeClock()
    limiter = RateLimiter(30, clock, clock.sleep)  # one call every 2 s
    assert [limiter.acquire() for _ in range(3)] == [0.0, 2.0, 2.0]
    assert clock.now == 4.0
    clock.now = 10.0  # idle longer than the interval: the next call goes at once
    assert limiter.acquire() == 0.0
    assert limiter.acquire() == 2.0
    assert clock.sleeps == [2.0, 2.0, 2.0]


def test_concurrent_callers_get_distinct_slots() -> None:
    clock = FakeClock()
    waits: list[float] = []
    limiter = RateLimiter(60, clock, lambda s: None)  # the fake clock stands still: slots 0, 1, 2, ...
    lock = threading.Lock()

    def call() -> None:
        wait = limiter.acquire()
        with lock:
            waits.append(wait)

    threads = [threading.Thread(target=call) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(waits) == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_one_limiter_per_model_string_shared_by_every_binding(tmp_path: Path) -> None:
    clock = FakeClock()
    limits = RateLimits({"m/a": 60}, clock, clock.sleep)
    assert limits.limiter("m/b") is None and limits.limiter("m/a") is limits.limiter("m/a")
    cache = CacheConfig(dir=str(tmp_path), judge=False, user=False)

    def bound(model: str, role: Role, output: str) -> MeteredModel:
        factory = lambda b: ScriptedModel([output], name=model)  # noqa: E731
        return bind_role(ModelBinding(model=model), role, cache, factory=factory, limits=limits)

    for model in (bound("m/a", "judge", "x"), bound("m/a", "user", "y"), bound("m/b", "agent", "z")):
        model.complete([Message("user", "hi")])
    assert clock.sleeps == [1.0]


def test_bound_roles_wait_for_the_limit_but_cache_hits_do_not(tmp_path: Path) -> None:
    clock = FakeClock()
    limits = RateLimits({"judge/x": 6}, clock, clock.sleep)  # one call every 10 s
    cache = CacheConfig(dir=str(tmp_path))
    factory = lambda binding: ScriptedModel(lambda m, s: "YES", name=binding.model)  # noqa: E731
    judge = bind_role(ModelBinding(model="judge/x"), "judge", cache, factory=factory, limits=limits)
    judge.complete([Message("user", "q1")])
    judge.complete([Message("user", "q2")])
    judge.complete([Message("user", "q1")])  # cached: no model call, no wait
    assert clock.sleeps == [10.0]


def test_held_answers_wait_for_the_verdict_and_a_failed_one_stops_them(tmp_path: Path) -> None:
    limits = RateLimits({})  # no rate for the model: the gate holds its answers all the same
    sent: list[str] = []
    factory = lambda binding: ScriptedModel(lambda m, s: sent.append(m[-1].content) or "ok", name=binding.model)  # noqa: E731
    cache = CacheConfig(dir=str(tmp_path), agent=False)
    agent = bind_role(ModelBinding(model="m/a"), "agent", cache, factory=factory, limits=limits)
    outcome: list[BaseException | str] = []

    def call(text: str) -> None:
        try:
            outcome.append(agent.complete([Message("user", text)]).text)
        except BaseException as exc:  # PreflightStopped is one
            outcome.append(exc)

    gate = limits.hold_answers()
    first = threading.Thread(target=call, args=("before",))
    first.start()
    first.join(0.3)
    assert first.is_alive() and sent == ["before"] and outcome == []  # sent, its answer held
    gate.release()
    first.join(10)
    assert outcome == ["ok"] and not limits.answers_stopped
    gate = limits.hold_answers()
    second = threading.Thread(target=call, args=("stopped",))
    second.start()
    second.join(0.3)
    gate.release(stopped=True)
    second.join(10)
    assert sent == ["before", "stopped"] and isinstance(outcome[-1], PreflightStopped) and limits.answers_stopped
    with pytest.raises(PreflightStopped):  # a later call is sent, and its answer refused as well
        agent.complete([Message("user", "later")])


def test_progress_counts_live_usage_then_the_saved_result() -> None:
    progress = ExperimentProgress(clock=lambda: 5.0)
    progress.begin(episodes=2, sessions=4)
    progress.episode_started()
    progress.event("c1", "p", "s1", AgentMessage(turn=1, text="hi"))
    progress.event("c1", "p", "s1", ModelUsage(role="agent", model="m", prompt_tokens=100, completion_tokens=20))
    progress.event("c1", "p", "s1", ModelUsage(role="agent", model="m", prompt_tokens=50, completion_tokens=5))
    progress.event("c1", "p", "s1", UserMessage(turn=1, text="ok"))
    live = progress.snapshot()
    assert (live.turns, live.tokens, live.usage["agent"].calls, live.episodes_running) == (1, 175, 2, 1)
    saved = RoleUsage(calls=3, prompt_tokens=200, completion_tokens=30, cost_usd=0.5)
    result = SessionResult(
        persona="p", session_id="s1", category="A", termination="resolved", turns=2, statuses={}, proc=None,
        comp=None, comp_weighted=None, comp_gated=None, rule_comp=None, grader_errors=0, items=[],
        usage={"agent": saved, "judge": RoleUsage(calls=1, prompt_tokens=10, completion_tokens=1, cost_usd=0.25)},
    )  # fmt: skip
    progress.session_done("c1", result)
    done = progress.snapshot()
    assert (done.turns, done.tokens, done.cost_usd, done.sessions_done) == (2, 241, 0.75, 1)
    progress.event("c1", "p", "s2", ModelUsage(role="user", model="u", prompt_tokens=7))
    progress.episode_done("c1", "p", "RuntimeError: boom")
    failed = progress.snapshot()
    assert (failed.tokens, failed.episodes_done, failed.episodes_failed, failed.episodes_running) == (241, 1, 1, 0)
    assert failed.elapsed_s == 0.0


def test_progress_keeps_each_episodes_live_counts_apart() -> None:
    progress = ExperimentProgress()
    for persona in ("p", "q"):
        progress.episode_started()
        progress.event("c1", persona, "s1", AgentMessage(turn=1, text="hi"))
        progress.event("c1", persona, "s1", ModelUsage(role="agent", model="m", prompt_tokens=10, cost_usd=0.125))
    progress.event("c1", "q", "s2", ModelUsage(role="user", model="u", completion_tokens=3))
    progress.episode_done("c1", "q", "RuntimeError: boom")  # q's two sessions in flight leave the totals
    left = progress.snapshot()
    assert (left.turns, left.tokens, left.cost_usd, left.usage["agent"].calls, left.usage["user"].calls) == (
        1, 10, 0.125, 1, 0
    )  # fmt: skip
    progress.episode_done("c1", "p")
    assert (progress.snapshot().turns, progress.snapshot().tokens) == (0, 0)
