"""Run an experiment's episodes as Ray tasks (`matrix.executor: ray`); the only module that imports ray.

Files: the driver and every worker share one filesystem at the same paths. Each task runs its episode in the
driver's working directory (so relative personas, runs_dir and cache paths resolve alike) and writes its run
directory exactly as a thread would: trajectories as they happen, a checkpoint after every session. A worker that
dies mid-episode therefore loses only its session in flight: Ray retries the task (MAX_RETRIES times) and the
episode resumes from its checkpoint; a task that still cannot finish is recorded in errors.json like an episode
that raised. The driver alone writes results.json, errors.json and experiment.yaml (engine/experiment/execute.py).

Shared state lives in actors owned by the driver (they end with it): one rate limiter per model string of
`rate_limits`, named `proact-ratelimit:<model>`, that hands out send slots to every worker; and a hub that holds the
--max-cost budget and carries each worker's progress (episode starts, agent turns, model usage, finished
sessions) to the driver's ExperimentProgress.
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import ray
from ray.exceptions import RayError

from engine.budget import Budget, session_cost
from engine.envfile import load_env_file
from engine.experiment.execute import (
    CellTally,
    EpisodeJob,
    EpisodeRunner,
    record_failure,
    record_result,
    skip_finished,
)
from engine.experiment.progress import ExperimentProgress
from engine.experiment.ray_actors import Finished, HubActor, LimiterActor, Live, Message, Started
from engine.models.ratelimit import RateLimiter, RateLimits
from engine.schema.config import MatrixConfig
from engine.schema.events import AgentMessage, Event, ModelUsage
from engine.schema.results import EpisodeResult, SessionResult

LIMITER_PREFIX = "proact-ratelimit:"
MAX_RETRIES = 2  # a task whose worker dies is run again this many times, resuming from its checkpoint
POLL_S = 0.2  # how often the driver collects the workers' progress while it waits
CANCEL_WAIT_S = 30.0  # after Ctrl-C, how long running episodes get to close their workspaces


@dataclass
class TaskOutcome:
    """What a task returns: the episode's result, or the exception it raised (type and message, traceback)."""

    result: EpisodeResult | None = None
    error: str | None = None
    trace: str = ""


class _ActorLimiter(RateLimiter):
    """A worker's handle on a model's limiter actor: the actor picks the slot, this process waits for it."""

    def __init__(self, per_minute: float, actor: Any) -> None:
        super().__init__(per_minute)
        self._actor = actor

    def acquire(self) -> float:
        """Wait for this caller's slot among every worker's; return how long it waited."""
        wait = float(ray.get(self._actor.reserve.remote()))
        if wait > 0:
            self._sleep(wait)
        return wait

    def hold(self, seconds: float) -> None:
        """Hold every worker's sends to this model back for `seconds`."""
        ray.get(self._actor.hold.remote(seconds))


class _ActorLimits(RateLimits):
    """RateLimits whose limiters are the experiment's limiter actors."""

    def __init__(self, per_minute: dict[str, float], actors: dict[str, Any]) -> None:
        super().__init__(per_minute)
        self._actors = actors

    def make_limiter(self, model: str, per_minute: float) -> RateLimiter:
        """A handle on the model's limiter actor, shared by every worker."""
        return _ActorLimiter(per_minute, self._actors[model])


class _HubBudget(Budget):
    """A worker's view of the experiment's budget, kept by the hub actor."""

    def __init__(self, hub: Any, cap_usd: float) -> None:
        super().__init__(cap_usd)
        self._hub = hub

    @property
    def spent_usd(self) -> float:
        """The experiment's spend so far, every worker."""
        return float(ray.get(self._hub.spent.remote()))

    def charge(self, result: SessionResult) -> None:
        """Add one finished session's cost (before the next session asks for a refusal)."""
        ray.get(self._hub.charge.remote(session_cost(result)))

    def refusal(self) -> str | None:
        """Why no further session may start, or None while one may."""
        refusal: str | None = ray.get(self._hub.refusal.remote())
        return refusal


def run_episode_task(
    job: EpisodeJob,
    runner: EpisodeRunner,
    rates: dict[str, float],
    limiters: dict[str, Any],
    hub: Any,
    cap_usd: float | None,
    cwd: str,
) -> TaskOutcome:
    """A Ray task: run one episode in the driver's working directory `cwd` (shared filesystem) with the shared
    limiters and budget, posting progress to the hub; an exception becomes the outcome's error."""
    cell, persona = job.cell.id, job.bundle.persona.id
    before = os.getcwd()
    try:
        os.chdir(cwd)
    except OSError as exc:
        return TaskOutcome(
            error=f"{type(exc).__name__}: the driver's working directory {cwd} is not on this node "
            "(the Ray executor needs a filesystem shared at the same path; README, *Experiments*)",
            trace=traceback.format_exc(),
        )
    try:
        load_env_file(Path(cwd))
        hub.post.remote(Started(cell, persona))

        def on_session(result: SessionResult) -> None:
            hub.post.remote(Finished(cell, result))

        def on_event(persona_id: str, session: str, event: Event) -> None:
            if isinstance(event, AgentMessage | ModelUsage):  # the only events ExperimentProgress counts
                hub.post.remote(Live(cell, persona_id, session, event))

        budget = None if cap_usd is None else _HubBudget(hub, cap_usd)
        try:
            result = runner(replace(job, budget=budget), _ActorLimits(rates, limiters), on_session, on_event)
        except Exception as exc:  # recorded in the cell's errors.json by the driver; the experiment goes on
            return TaskOutcome(error=f"{type(exc).__name__}: {exc}", trace=traceback.format_exc())
        return TaskOutcome(result=result)
    finally:
        ray.get(hub.flush.remote())  # every message posted above is queued before the driver sees the outcome
        os.chdir(before)


def run_on_ray(
    jobs: list[tuple[EpisodeJob, CellTally]],
    runner: EpisodeRunner,
    rates: dict[str, float],
    progress: ExperimentProgress,
    budget: Budget | None,
    matrix: MatrixConfig,
) -> None:
    """Run every unfinished job as a Ray task, at most `matrix.concurrency` at once, on the cluster at
    `matrix.ray_address` (joined, or a local instance started for this call when Ray is not running here).

    Finished episodes are skipped as on threads; each outcome is recorded in its cell as it arrives; the budget's
    spend comes back into `budget`. Ctrl-C cancels the running tasks (each stops at its next Python step, a
    blocking call returning first, and closes its workspace; their checkpoints let a re-run resume them), waits up
    to CANCEL_WAIT_S for them and re-raises."""
    started_here = not ray.is_initialized()
    if started_here:
        _join(matrix.ray_address)
    spent = 0.0 if budget is None else budget.spent_usd
    hub: Any = ray.remote(HubActor).options(num_cpus=0).remote(None if budget is None else budget.cap_usd, spent)
    limiters: dict[str, Any] = {
        model: ray.remote(LimiterActor).options(name=LIMITER_PREFIX + model, num_cpus=0).remote(rate)
        for model, rate in rates.items()
    }
    task = ray.remote(run_episode_task).options(num_cpus=matrix.ray_cpus, max_retries=MAX_RETRIES)
    cap = None if budget is None else budget.cap_usd
    queue = [(job, cell) for job, cell in jobs if not skip_finished(job, cell, progress)]
    queue.reverse()  # popped from the end: run order
    running: dict[Any, tuple[EpisodeJob, CellTally]] = {}
    relay = _Relay(progress)
    try:
        while queue or running:
            while queue and len(running) < matrix.concurrency:
                job, cell = queue.pop()
                shipped = replace(job, budget=None)  # the worker reaches the budget through the hub
                running[task.remote(shipped, runner, rates, limiters, hub, cap, os.getcwd())] = (job, cell)
            done, _ = ray.wait(list(running), num_returns=1, timeout=POLL_S)
            relay.apply(ray.get(hub.drain.remote()))
            for ref in done:
                _settle(ref, *running.pop(ref), progress)
    except BaseException:
        _cancel(running)
        raise
    finally:
        if budget is not None:
            budget.add(float(ray.get(hub.spent.remote())) - spent)
        for actor in [hub, *limiters.values()]:
            ray.kill(actor)
        if started_here:
            ray.shutdown()


class RayUnavailable(ValueError):
    """The Ray cluster named by matrix.ray_address (--address) cannot be joined, or no local instance starts."""


def _join(address: str | None) -> None:
    """Join the cluster at `address`, or start a local instance (None); RayUnavailable says why not."""
    try:
        ray.init(address=address, logging_level=logging.WARNING)
    except (ConnectionError, RuntimeError) as exc:
        where = "start a local Ray instance" if address is None else f"join the Ray cluster at {address!r}"
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        hint = "" if address is None else " (--address / matrix.ray_address; a cluster with token authentication "
        hint += "" if address is None else "also needs RAY_AUTH_MODE=token and its token here)"
        raise RayUnavailable(f"cannot {where}: {reason}{hint}") from exc


class _Relay:
    """Feeds the hub's messages to the driver's progress, each episode start and finished session once."""

    def __init__(self, progress: ExperimentProgress) -> None:
        self.progress = progress
        self.started: set[tuple[str, str]] = set()
        self.finished: set[tuple[str, str, str]] = set()

    def apply(self, messages: Iterable[Message]) -> None:
        """Count each message; a retried episode's second start and its resumed sessions are not counted again."""
        for m in messages:
            if isinstance(m, Started) and (m.cell, m.persona) not in self.started:
                self.started.add((m.cell, m.persona))
                self.progress.episode_started()
            elif isinstance(m, Live):
                self.progress.event(m.cell, m.persona, m.session, m.event)
            elif (
                isinstance(m, Finished)
                and (key := (m.cell, m.result.persona, m.result.session_id)) not in self.finished
            ):
                self.finished.add(key)
                self.progress.session_done(m.cell, m.result)


def _settle(ref: Any, job: EpisodeJob, cell: CellTally, progress: ExperimentProgress) -> None:
    """Record a finished task: the episode's result, the exception it raised, or why Ray could not run it."""
    try:
        outcome: TaskOutcome = ray.get(ref)
    except RayError as exc:  # the worker or its node died more than MAX_RETRIES times, or the task was cancelled
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        record_failure(job, cell, progress, f"{type(exc).__name__}: {first}", str(exc))
        return
    if outcome.result is None:
        record_failure(job, cell, progress, outcome.error or "no result", outcome.trace)
    else:
        record_result(job, cell, progress, outcome.result)


def _cancel(running: dict[Any, tuple[EpisodeJob, CellTally]]) -> None:
    """Interrupt every running task and give them CANCEL_WAIT_S to close their workspaces."""
    for ref in running:
        ray.cancel(ref)
    deadline = time.monotonic() + CANCEL_WAIT_S
    pending = list(running)
    while pending and time.monotonic() < deadline:
        _, pending = ray.wait(pending, num_returns=len(pending), timeout=deadline - time.monotonic())
