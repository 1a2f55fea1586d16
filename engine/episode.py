"""Run one persona episode: its sessions in order over one persistent workspace, resumable per session."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.agents.base import Agent
from engine.conditions import depends_on, opening_context, prepare_workspace, render_transcript, skipped_by_ablation
from engine.graph import build_session_graph
from engine.loader import PersonaBundle
from engine.metrics import episode_result, result_from_events
from engine.models.metered import MeteredModel
from engine.ports import Workspace
from engine.runtime import SessionRuntime
from engine.schema.config import Ablation, RunConfig
from engine.schema.results import EpisodeResult, SessionResult
from engine.schema.session import SessionSpec
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox
from engine.trajectory import TrajectoryLog, read_trajectory
from engine.user.base import SimulatedUser

SessionCallback = Callable[[SessionResult], None]


@dataclass
class EpisodeDeps:
    """The ports one episode runs with."""

    agent: Agent
    user: SimulatedUser
    workspace: Workspace
    judge: MeteredModel | None = None
    meters: list[MeteredModel] = field(default_factory=list)
    services: dict[str, Any] = field(default_factory=dict)


def selected_sessions(bundle: PersonaBundle, only: list[str], ablate: Ablation = "none") -> list[SessionSpec]:
    """The episode's sessions, restricted to `only` when given (unknown ids are an error), minus ablated ones."""
    unknown = set(only) - {s.id for s in bundle.sessions}
    if unknown:
        raise ValueError(f"unknown session id(s) for {bundle.persona.id}: {sorted(unknown)}")
    skipped = skipped_by_ablation(bundle, ablate)
    return [s for s in bundle.sessions if (not only or s.id in only) and s.id not in skipped]


def run_session(
    bundle: PersonaBundle,
    spec: SessionSpec,
    config: RunConfig,
    deps: EpisodeDeps,
    log: TrajectoryLog,
    grade_log: TrajectoryLog | None = None,
    context: tuple[str, str] = ("", ""),
) -> SessionResult:
    """Run the session graph for one session and score it from its logs."""
    grade_log = grade_log if grade_log is not None else TrajectoryLog()
    for meter in deps.meters:
        meter.sink = log.emit
    if deps.judge is not None:
        deps.judge.sink = grade_log.emit
    limits = config.limits
    ctx = ToolContext(deps.workspace, limits.exec_timeout_s, limits.output_cap_bytes, deps.services)
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
        services=deps.services,
        opening_frame=context,
    )
    build_session_graph().invoke({}, context=runtime, config={"recursion_limit": 4 * limits.max_turns + 20})
    return result_from_events(bundle.persona.id, spec, log.events, grade_log.events)


def run_episode(
    bundle: PersonaBundle,
    config: RunConfig,
    deps: EpisodeDeps,
    out_dir: Path | None = None,
    on_session: SessionCallback | None = None,
) -> EpisodeResult:
    """Run the episode. With `out_dir`, sessions already finished there are reused (resume)."""
    seed = deps.workspace.snapshot()
    results: list[SessionResult] = []
    transcripts: dict[str, str] = {}
    for index, spec in enumerate(selected_sessions(bundle, config.sessions, config.ablate)):
        session_dir = None if out_dir is None else out_dir / spec.id
        prepare_workspace(config.memory, deps.workspace, seed, first=index == 0)
        done = _finished(session_dir)
        if done is not None and session_dir is not None:
            deps.workspace.restore((session_dir / "workspace.tar").read_bytes())
            transcripts[spec.id] = render_transcript(spec.id, read_trajectory(session_dir / "trajectory.jsonl"))
            results.append(done)
            if on_session:
                on_session(done)
            continue
        log = TrajectoryLog(None if session_dir is None else session_dir / "trajectory.jsonl")
        grade_log = TrajectoryLog(None if session_dir is None else session_dir / "grades.jsonl")
        context = opening_context(config.memory, spec, depends_on(bundle, spec.id), transcripts)
        try:
            result = run_session(bundle, spec, config, deps, log, grade_log, context)
        finally:
            log.close()
            grade_log.close()
        transcripts[spec.id] = render_transcript(spec.id, log.events)
        if session_dir is not None:
            (session_dir / "workspace.tar").write_bytes(deps.workspace.snapshot())
            (session_dir / "result.json").write_text(result.model_dump_json(indent=2), encoding="utf-8")
        results.append(result)
        if on_session:
            on_session(result)
    episode = episode_result(bundle.persona.id, results)
    if out_dir is not None:
        (out_dir / "episode.json").write_text(episode.model_dump_json(indent=2), encoding="utf-8")
    return episode


def _finished(session_dir: Path | None) -> SessionResult | None:
    if session_dir is None:
        return None
    result, snapshot = session_dir / "result.json", session_dir / "workspace.tar"
    if not (result.is_file() and snapshot.is_file()):
        return None
    try:
        return SessionResult.model_validate(json.loads(result.read_text(encoding="utf-8")))
    except ValueError:
        return None
