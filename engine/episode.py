"""Run one persona episode: its sessions in order over one persistent workspace, checkpointed per session."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite import SqliteSaver

from engine.agents.base import Agent
from engine.apps import APPS_FILE, apps_of
from engine.branch import branch_point
from engine.budget import Budget
from engine.clock import clock_of
from engine.conditions import (
    depends_on,
    opening_context,
    prepare_workspace,
    render_transcript,
)
from engine.graph import build_episode_graph, build_session_graph
from engine.loader import PersonaBundle
from engine.metrics import episode_result, not_run_result, result_from_events
from engine.models.metered import MeteredModel
from engine.ports import Workspace
from engine.rundir import RESULT_FILE, TRAJECTORY_FILE, WORKSPACE_FILE, saved_transcript
from engine.runtime import EpisodeRuntime, SessionRuntime
from engine.schema.config import RunConfig
from engine.schema.events import Event
from engine.schema.results import EpisodeResult, SessionResult
from engine.schema.session import SessionSpec
from engine.selection import selected_sessions
from engine.state import TerminationReason
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox
from engine.trajectory import TrajectoryLog
from engine.user.base import SimulatedUser

SessionCallback = Callable[[SessionResult], None]
EventCallback = Callable[[str, str, Event], None]


@dataclass
class EpisodeDeps:
    """The ports one episode runs with."""

    agent: Agent
    user: SimulatedUser
    workspace: Workspace
    judge: MeteredModel | None = None
    meters: list[MeteredModel] = field(default_factory=list)
    services: dict[str, Any] = field(default_factory=dict)
    budget: Budget | None = None


def run_session(
    bundle: PersonaBundle,
    spec: SessionSpec,
    config: RunConfig,
    deps: EpisodeDeps,
    log: TrajectoryLog,
    grade_log: TrajectoryLog | None = None,
    context: tuple[str, str] = ("", ""),
) -> SessionResult:
    """Run the session graph for one session and score it from its logs; then the episode clock moves on to the next
    session (apps: their access tokens expire)."""
    grade_log = grade_log if grade_log is not None else TrajectoryLog()
    clock = clock_of(bundle, deps.services)
    deps.workspace.use_clock(clock.now)
    for meter in deps.meters:
        meter.sink = log.emit
    if deps.judge is not None:
        deps.judge.sink = grade_log.emit
    limits = config.limits
    # A shallow copy: services the agent adds (its sub-agent) stay in its toolbox, never reach the graders.
    ctx = ToolContext(deps.workspace, limits.exec_timeout_s, limits.output_cap_bytes, dict(deps.services))
    runtime = SessionRuntime(
        persona=bundle.persona,
        spec=spec,
        agent=deps.agent,
        user=deps.user,
        workspace=deps.workspace,
        toolbox=ToolBox(tools_for(spec.toolsets), ctx, log.emit),
        log=log,
        grade_log=grade_log,
        judge=deps.judge,
        limits=limits,
        data_root=bundle.data_root,
        clock=clock,
        services=deps.services,
        opening_frame=context,
    )
    build_session_graph().invoke({}, context=runtime, config={"recursion_limit": 4 * limits.max_turns + 20})
    result = result_from_events(bundle.persona.id, spec, log.events, grade_log.events)
    clock.end_session()
    return result


CHECKPOINTS = "checkpoints.sqlite"
CHECKPOINT_SYNC = "NORMAL"
"""SQLite's durability for the episode checkpoint. The saver keeps it in WAL mode; there NORMAL commits without
waiting for the disk (an fsync only at WAL checkpoints), and a commit is still never lost when the process dies,
only when the machine does (then the episode resumes one session earlier). FULL, SQLite's default, syncs the disk
at every checkpoint write: 128 episodes of bench/concurrency.py spent 1.8-2.8 s of system CPU with it, 1.4-1.6 s
without."""


CHECKPOINT_WRITERS = 1
"""The episode graph's `max_concurrency`: the threads LangGraph may use for the work it hands to its executor, which
here is only the checkpoint writes. Every graph run makes a thread pool for them, which grows by a thread whenever a
write is handed over while none is idle: 2 to 5 threads per episode by default (about 2 in bench/concurrency.py's
episodes, 3 to 5 in a test's instant ones), each started, then woken for every write, all competing for the
interpreter lock with the episodes in flight. At 128 episodes of bench/concurrency.py, seven interleaved pairs gave
a median of 0.6 points more efficiency with one (bench/README.md) and 4 MiB less memory. The nested session graph
inherits the setting: every step of both graphs runs its one task on the calling thread, so nothing waits for a
second thread; a step that fanned out into parallel tasks would run them one by one."""


class EpisodeStopped(Exception):
    """A session ended infra_error (or the budget stopped the episode before it): the episode stops there, its
    checkpoint not advanced past that session."""


@dataclass
class _Steps:
    """The sessions of one episode and what finished ones left behind (results, transcripts)."""

    bundle: PersonaBundle
    config: RunConfig
    deps: EpisodeDeps
    sessions: list[SessionSpec]
    out_dir: Path | None
    on_session: SessionCallback | None
    on_event: EventCallback | None = None
    seed: bytes = b""  # the workspace before the first session (kept for the isolated memory mode only)
    apps_seed: bytes = b""  # the apps likewise
    branched: bool = False
    results: list[SessionResult] = field(default_factory=list)
    transcripts: dict[str, str] = field(default_factory=dict)

    def catch_up(self, done: int) -> None:
        """Load the first `done` finished sessions from the run directory and restore the workspace after them."""
        for spec in self.sessions[:done]:
            session_dir = self._dir(spec)
            result_path, tar = session_dir / RESULT_FILE, session_dir / WORKSPACE_FILE
            if not (result_path.is_file() and tar.is_file()):
                raise RuntimeError(
                    f"cannot resume: the checkpoint says {spec.id} finished but {session_dir} is incomplete"
                )
            result = SessionResult.model_validate_json(result_path.read_text(encoding="utf-8"))
            self.transcripts[spec.id] = saved_transcript(session_dir)
            clock_of(self.bundle, self.deps.services).resume_after(result)
            self._finish(result)
        if done:
            last = self._dir(self.sessions[done - 1])
            self.deps.workspace.restore((last / WORKSPACE_FILE).read_bytes())
            self._restore_apps(last)

    def _restore_apps(self, session_dir: Path) -> None:
        """Restore the apps as the session left them (apps.json beside workspace.tar)."""
        apps = apps_of(self.deps.services)
        if apps is None:
            return
        if not (session_dir / APPS_FILE).is_file():
            raise RuntimeError(f"cannot resume: {session_dir / APPS_FILE} is missing")
        apps.restore((session_dir / APPS_FILE).read_bytes())

    def run_step(self, index: int) -> None:
        """Run the session at `index`, then write its result and workspace and apps snapshots; with the budget
        spent, record it and the rest as not run instead and stop."""
        spec = self.sessions[index]
        refusal = None if self.deps.budget is None else self.deps.budget.refusal()
        if refusal is not None:
            for rest in self.sessions[index:]:
                self._record(rest, not_run_result(self.bundle.persona.id, rest, refusal))
            raise EpisodeStopped(f"{self.bundle.persona.id}/{spec.id} {refusal}")
        first = index == 0 and not self.branched
        prepare_workspace(self.config.memory, self.deps.workspace, self.seed, first=first)
        apps = apps_of(self.deps.services)
        if apps is not None and self.config.memory == "isolated":
            apps.restore(self.apps_seed)
        session_dir = None if self.out_dir is None else self._dir(spec)
        listener = None if self.on_event is None else partial(self.on_event, self.bundle.persona.id, spec.id)
        log = TrajectoryLog(None if session_dir is None else session_dir / TRAJECTORY_FILE, listener)
        grade_log = TrajectoryLog(None if session_dir is None else session_dir / "grades.jsonl")
        context = opening_context(self.config.memory, spec, depends_on(self.bundle, spec.id), self.transcripts)
        try:
            result = run_session(self.bundle, spec, self.config, self.deps, log, grade_log, context)
        finally:
            log.close()
            grade_log.close()
        self.transcripts[spec.id] = render_transcript(spec.id, log.events)
        if session_dir is not None:
            (session_dir / WORKSPACE_FILE).write_bytes(self.deps.workspace.snapshot())
            if apps is not None:
                (session_dir / APPS_FILE).write_bytes(apps.snapshot())
            (session_dir / RESULT_FILE).write_text(result.model_dump_json(indent=2), encoding="utf-8")
        self._finish(result)
        if self.deps.budget is not None:
            self.deps.budget.charge(result)
        if result.termination == TerminationReason.INFRA_ERROR.value:
            raise EpisodeStopped(f"{self.bundle.persona.id}/{spec.id} ended infra_error: {result.error}")

    def _record(self, spec: SessionSpec, result: SessionResult) -> None:
        """Keep a result of a session that did not run (its result.json only)."""
        if self.out_dir is not None:
            self._dir(spec).mkdir(parents=True, exist_ok=True)
            (self._dir(spec) / RESULT_FILE).write_text(result.model_dump_json(indent=2), encoding="utf-8")
        self._finish(result)

    def _dir(self, spec: SessionSpec) -> Path:
        assert self.out_dir is not None
        return self.out_dir / spec.id

    def _finish(self, result: SessionResult) -> None:
        self.results.append(result)
        if self.on_session:
            self.on_session(result)


@contextmanager
def _checkpointer(out_dir: Path | None) -> Iterator[tuple[BaseCheckpointSaver[Any], bool]]:
    """The episode's checkpoint saver, and whether it is new (nothing to resume from: its state need not be read)."""
    if out_dir is None:
        yield InMemorySaver(), True
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / CHECKPOINTS
    fresh = not path.exists()
    if fresh:
        path.write_bytes(_empty_checkpoint())
    conn = sqlite3.connect(str(path), check_same_thread=False)
    try:
        conn.execute(f"PRAGMA synchronous={CHECKPOINT_SYNC}")
        yield SqliteSaver(conn), fresh
    finally:
        conn.close()


@cache
def _empty_checkpoint() -> bytes:
    """An empty checkpoint database as SqliteSaver.setup makes it (WAL mode, its tables), built once per process in a
    temporary directory: a new episode's checkpoint starts as a copy of it, 0.4 ms of CPU where making one costs 2."""
    with tempfile.TemporaryDirectory(prefix="proact-checkpoint-") as tmp:
        path = Path(tmp) / CHECKPOINTS
        conn = sqlite3.connect(str(path))
        try:
            SqliteSaver(conn).setup()
        finally:
            conn.close()
        return path.read_bytes()


def run_episode(
    bundle: PersonaBundle,
    config: RunConfig,
    deps: EpisodeDeps,
    out_dir: Path | None = None,
    on_session: SessionCallback | None = None,
    on_event: EventCallback | None = None,
) -> EpisodeResult:
    """Run the episode graph. With `out_dir`, its SQLite checkpoint lets a killed run resume at the next session.

    With `config.branch`, the episode starts at `branch.at` from the source run's state (engine/branch.py).

    `on_session` sees each finished session's result; `on_event` every trajectory event (persona, session, event).
    A session that ends infra_error stops the episode after it (EpisodeResult.infra_errors says so); the
    checkpoint stays at that session, so a re-run or --resume redoes it. With `deps.budget` spent, the next
    session and the rest are recorded budget_exhausted (EpisodeResult.not_run) and the checkpoint stays there too.
    """
    sessions = selected_sessions(bundle, config.sessions, config.ablate)
    apps = apps_of(deps.services)
    isolated = config.memory == "isolated"  # the only mode that restores the seed before every session
    seed = deps.workspace.snapshot() if isolated else b""  # in a container, a snapshot is a command run in it
    apps_seed = apps.snapshot() if isolated and apps is not None else b""
    point = None
    if config.branch is not None:
        point, sessions = branch_point(config.branch, bundle, sessions, with_apps=apps is not None)
    steps = _Steps(bundle, config, deps, sessions, out_dir, on_session, on_event, seed, apps_seed, point is not None)
    if point is not None:
        steps.transcripts.update(point.transcripts())
    graph_config: Any = {
        "configurable": {"thread_id": bundle.persona.id},
        "recursion_limit": 2 * len(sessions) + 10,
        "max_concurrency": CHECKPOINT_WRITERS,
    }
    with _checkpointer(out_dir) as (saver, fresh):
        graph = build_episode_graph(saver)
        saved = None if fresh else graph.get_state(graph_config)  # a new checkpoint holds no state: 1-2 ms spared
        done = int(saved.values.get("next", 0)) if saved is not None and saved.values else 0
        steps.catch_up(done)
        if done == 0 and point is not None:
            point.restore(deps.workspace, apps, clock_of(bundle, deps.services))
        if done < len(sessions):
            start = None if saved is not None and saved.next else {"next": 0}
            # EpisodeStopped: the checkpoint still points at the infra_error session; a re-run or --resume redoes it
            with suppress(EpisodeStopped):
                graph.invoke(start, graph_config, context=EpisodeRuntime(len(sessions), steps.run_step))
    episode = episode_result(bundle.persona.id, steps.results)
    if out_dir is not None:
        (out_dir / "episode.json").write_text(episode.model_dump_json(indent=2), encoding="utf-8")
    return episode
