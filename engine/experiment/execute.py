"""Run an experiment: every cell x persona episode on a thread pool of `matrix.concurrency` workers, or as Ray
tasks (`matrix.executor: ray`, engine/experiment/ray_executor.py, imported only then).

Each episode gets its own workspace, apps and role models (models named alike share one embedded server
and one rate limiter). A cell's results.json is written when its last episode ends; an episode that
raises is recorded in the cell's errors.json and the others go on. Re-running into the same experiment
id skips finished episodes (their episode.json) and resumes unfinished ones from their checkpoints.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from engine.budget import Budget
from engine.episode import EventCallback, SessionCallback
from engine.experiment.matrix import cell_config, expand, matrix_of, new_experiment_id, write_manifest
from engine.experiment.progress import ExperimentProgress
from engine.loader import PersonaBundle, load_persona
from engine.models.preflight import config_roles, embedded_first, start_preflight, warm_up_models
from engine.models.ratelimit import PreflightStopped, RateLimits
from engine.models.roles import same_model_warnings
from engine.rundir import write_results
from engine.runner import resolve_workspace, role_models, run_persona, write_run_dir
from engine.schema.config import MatrixConfig, RunConfig
from engine.schema.events import Event
from engine.schema.experiment import CellSpec, EpisodeFailure, ExperimentManifest
from engine.schema.results import EpisodeResult, SessionResult
from engine.speculative import undone_on_failed_preflight, verdict_awaited

ERRORS_FILE = "errors.json"
EPISODE_FILE = "episode.json"


@dataclass
class EpisodeJob:
    """One episode of the experiment: a persona run inside a cell's run directory."""

    cell: CellSpec
    config: RunConfig
    run_dir: Path
    bundle: PersonaBundle
    budget: Budget | None = None


EpisodeRunner = Callable[[EpisodeJob, RateLimits | None, SessionCallback, EventCallback], EpisodeResult]


def run_job(
    job: EpisodeJob, limits: RateLimits | None, on_session: SessionCallback, on_event: EventCallback
) -> EpisodeResult:
    """The real episode runner: engine.runner.run_persona into the cell's run directory (litellm's import started
    first when the episode calls a model through it: a no-op on threads, whose command started it, but a Ray
    worker's first episode imports it while its workspace is built)."""
    warm_up_models(job.config)
    return run_persona(job.bundle, job.config, job.run_dir, limits, on_session, on_event, job.budget)


@dataclass
class CellOutcome:
    """What one cell produced: its finished episodes (persona order) and its failed ones."""

    spec: CellSpec
    run_dir: Path
    episodes: list[EpisodeResult] = field(default_factory=list)
    failures: list[EpisodeFailure] = field(default_factory=list)


@dataclass
class ExperimentOutcome:
    """Where the experiment was written and what every cell produced."""

    experiment_dir: Path
    cells: list[CellOutcome]


class CellTally:
    """A cell's run directory, written when its first episode starts, and its episodes as they end; the last one to
    end writes results.json and errors.json."""

    def __init__(self, outcome: CellOutcome, personas: list[str], config: RunConfig) -> None:
        self.outcome = outcome
        self.personas = personas
        self.config = config
        self.results: dict[str, EpisodeResult] = {}
        self.lock = threading.Lock()
        self._written = False

    def prepare(self) -> None:
        """Create the cell's run directory with its config.yaml, once. On threads the first episode of the cell does
        it, so an experiment's first episodes start without waiting for every cell's directory (1-2 ms each)."""
        with self.lock:
            self._write()

    def _write(self) -> None:
        if not self._written:
            write_run_dir(self.config)
            self._written = True

    def end(self, persona: str, result: EpisodeResult | None, failure: EpisodeFailure | None) -> None:
        with self.lock:
            self._write()
            if result is not None:
                self.results[persona] = result
            if failure is not None:
                self.outcome.failures.append(failure)
            if len(self.results) + len(self.outcome.failures) < len(self.personas):
                return
            self.outcome.episodes = [self.results[p] for p in self.personas if p in self.results]
            write_results(self.outcome.run_dir, self.outcome.episodes)
            errors = self.outcome.run_dir / ERRORS_FILE
            if self.outcome.failures:
                failures = sorted(self.outcome.failures, key=lambda f: self.personas.index(f.persona))
                errors.write_text(
                    "[\n" + ",\n".join(f.model_dump_json(indent=2) for f in failures) + "\n]\n", encoding="utf-8"
                )
            else:
                errors.unlink(missing_ok=True)


def finished_episode(job: EpisodeJob) -> EpisodeResult | None:
    """The saved result of an episode that already ran to its end (episode.json), else None; an episode that
    stopped at an infra_error session, or before a session for want of budget, is not finished."""
    path = job.run_dir / job.bundle.persona.id / EPISODE_FILE
    if not path.is_file():
        return None
    result = EpisodeResult.model_validate_json(path.read_text(encoding="utf-8"))
    return None if result.infra_errors or result.not_run else result


def run_experiment(
    config: RunConfig,
    bundles: list[PersonaBundle] | None = None,
    progress: ExperimentProgress | None = None,
    on_note: Callable[[str], None] | None = None,
    runner: EpisodeRunner = run_job,
    limits: RateLimits | None = None,
    budget: Budget | None = None,
) -> ExperimentOutcome:
    """Run (or resume) the matrix of `config` into `<runs_dir>/<run_id or new id>/`; experiment.yaml first.

    Every role of every agent is preflighted (engine/models/preflight.py): roles of the embedded `local/` server
    first, the others while the cells are written and, on threads, the episodes start: their calls go out, but no
    answer is used before the verdict (RateLimits' answer gate), so a failed preflight records nothing, removes the
    directories this call created (the experiment's, and runs_dir when it was new) and raises PreflightError. On
    Ray the episodes start after the verdict.

    With a `budget` (--max-cost), the whole experiment shares it: what its directory's results already cost
    counts, and no session of any episode starts once it is spent."""
    on_ray = _ray_executor() if matrix_of(config).executor == "ray" else None
    bundles = bundles if bundles is not None else [load_persona(Path(p)) for p in config.personas]
    limits = limits if limits is not None else RateLimits(config.rate_limits)
    progress = progress or ExperimentProgress()
    agents = matrix_of(config).agents
    ready: Callable[[], None] = lambda: None  # noqa: E731
    if runner is run_job:  # the real runner calls models: preflight every role of every agent
        roles = config_roles(config, bundles, agents)
        start_preflight(roles, limits)  # pings already sent by the CLI are kept
        ready = embedded_first(roles, limits)
    experiment_id = config.run_id or new_experiment_id()
    experiment_dir = Path(config.runs_dir) / experiment_id
    update = {"run_id": experiment_id, "matrix": matrix_of(config)}
    with undone_on_failed_preflight(experiment_dir):
        config = resolve_workspace(config, on_note).model_copy(update=update)
        cells = expand(config, bundles)
        personas = [b.persona.id for b in bundles]
        manifest = ExperimentManifest(experiment_id=experiment_id, config=config, personas=personas, cells=cells)
        write_manifest(experiment_dir, manifest)
        notes = {
            w
            for agent in matrix_of(config).agents
            for w in same_model_warnings(*role_models(config.model_copy(update={"agent": agent})))
        }
        for note in sorted(notes):
            if on_note is not None:
                on_note(note)
        if budget is not None:
            budget.count_existing(experiment_dir)
        jobs: list[tuple[EpisodeJob, CellTally]] = []
        outcomes: list[CellOutcome] = []
        for spec in cells:
            cell_cfg = cell_config(config, spec, experiment_dir)  # its workspace resolved with the experiment's
            run_dir = Path(cell_cfg.runs_dir) / spec.id
            outcome = CellOutcome(spec=spec, run_dir=run_dir)
            outcomes.append(outcome)
            cell = CellTally(outcome, personas, cell_cfg)
            jobs += [(EpisodeJob(spec, cell_cfg, run_dir, bundle, budget), cell) for bundle in bundles]
        progress.begin(len(jobs), sum(c.sessions for c in cells))
        matrix = matrix_of(config)
        if on_ray is not None:
            for _, cell in jobs:
                cell.prepare()  # here, by the driver: Ray's workers get the jobs, not the tallies
            ready()
            on_ray(jobs, runner, limits.per_minute, progress, budget, matrix)
        else:
            _run_on_threads(jobs, runner, limits, progress, matrix.concurrency, ready)
    return ExperimentOutcome(experiment_dir=experiment_dir, cells=outcomes)


Jobs = list[tuple[EpisodeJob, CellTally]]
RayExecutor = Callable[[Jobs, EpisodeRunner, dict[str, float], ExperimentProgress, Budget | None, MatrixConfig], None]


def _ray_executor() -> RayExecutor:
    """engine/experiment/ray_executor.run_on_ray (Ray is imported only now); ValueError naming the extra to install
    when Ray is not, raised before anything is written."""
    try:
        from engine.experiment.ray_executor import run_on_ray
    except ModuleNotFoundError as exc:
        if exc.name != "ray":
            raise
        need = "matrix.executor ray (--executor ray) needs Ray: pip install 'ray>=2.9' (proact's ray extra)"
        raise ValueError(need) from exc
    return run_on_ray


def _run_on_threads(
    jobs: list[tuple[EpisodeJob, CellTally]],
    runner: EpisodeRunner,
    limits: RateLimits,
    progress: ExperimentProgress,
    concurrency: int,
    ready: Callable[[], None] = lambda: None,
) -> None:
    """Every job on a pool of `concurrency` threads sharing `limits` (and each job's budget) in this process.

    The episodes start at once; `ready()` (the preflight's verdict) is awaited meanwhile, every answer held at the
    gate of `limits` until it returns. When it raises, every episode stops unrecorded and the error is raised."""
    stop = threading.Event()
    work = partial(_episode, runner=runner, limits=limits, progress=progress, stop=stop)
    pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="episode")
    try:
        with verdict_awaited(ready, limits) as settle:
            futures = [pool.submit(work, job, cell) for job, cell in jobs]
            settle()
            for future in futures:
                future.result()
    except BaseException:
        # Ctrl-C: queued episodes never start; running ones stop at their next event and close their
        # workspaces; their checkpoints let a re-run resume them. A failed preflight stops them the same way.
        stop.set()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class Interrupted(BaseException):
    """Raised inside a running episode when the experiment stops; not an Exception, so no agent code catches it."""


def skip_finished(job: EpisodeJob, cell: CellTally, progress: ExperimentProgress) -> bool:
    """True (and the episode counted as done from its saved result) when it already ran to its end."""
    done = finished_episode(job)
    if done is None:
        return False
    progress.episode_skipped(job.cell.id, done)
    cell.end(job.bundle.persona.id, done, None)
    return True


def record_result(job: EpisodeJob, cell: CellTally, progress: ExperimentProgress, result: EpisodeResult) -> None:
    """An episode ended with its result."""
    progress.episode_done(job.cell.id, job.bundle.persona.id)
    cell.end(job.bundle.persona.id, result, None)


def record_failure(job: EpisodeJob, cell: CellTally, progress: ExperimentProgress, error: str, trace: str) -> None:
    """An episode raised (`error`: type and message) or its worker died: recorded in its cell's errors.json."""
    persona = job.bundle.persona.id
    progress.episode_done(job.cell.id, persona, error)
    cell.end(persona, None, EpisodeFailure(persona=persona, error=error, traceback=trace))


def _episode(
    job: EpisodeJob,
    cell: CellTally,
    runner: EpisodeRunner,
    limits: RateLimits | None,
    progress: ExperimentProgress,
    stop: threading.Event,
) -> None:
    """Run one job; any exception is recorded as the episode's failure, never raised; a stop leaves no record."""
    if stop.is_set() or skip_finished(job, cell, progress):
        return

    def on_session(result: SessionResult) -> None:
        progress.session_done(job.cell.id, result)

    def on_event(persona_id: str, session: str, event: Event) -> None:
        progress.event(job.cell.id, persona_id, session, event)
        if stop.is_set():
            raise Interrupted

    progress.episode_started()
    try:
        cell.prepare()
        result = runner(job, limits, on_session, on_event)
    except Interrupted:
        if limits is None or not limits.answers_stopped:  # else the run reports its preflight's failure
            progress.episode_done(job.cell.id, job.bundle.persona.id, "interrupted")
        return
    except PreflightStopped:  # the run reports the preflight's failure
        return
    except Exception as exc:  # one failing episode must not end the experiment: it is recorded in its cell
        record_failure(job, cell, progress, f"{type(exc).__name__}: {exc}", traceback.format_exc())
        return
    except BaseException:
        stop.set()  # an interrupt or exit raised inside the episode stops the whole experiment
        raise
    record_result(job, cell, progress, result)
