"""Re-grade finished sessions from their run directory without rerunning agents (`proact grade`).

Statuses and termination come from trajectory.jsonl; rule items are evaluated on the saved final
workspace (workspace.tar), the saved apps (apps.json, when the episode has apps) and the recorded
tool calls, and are also credited when a rule_probe event of the run recorded the identical rule
(same digest) passing after an earlier turn; rubric items are judged again with the given judge.
grades.jsonl, result.json, episode.json and results.json are rewritten; the trajectory is never
modified.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import yaml

from engine.apps import APPS_FILE, restored_apps
from engine.loader import PersonaBundle, load_persona
from engine.metrics import episode_result, result_from_events
from engine.models.metered import MeteredModel
from engine.rundir import write_results
from engine.schema.config import RunConfig
from engine.schema.results import EpisodeResult, SessionResult
from engine.trajectory import TrajectoryLog, read_trajectory
from graders.checklist import grade_checklist
from graders.view import view_from_events
from sandbox.workspace.memory import MemoryWorkspace


def regrade_session(bundle: PersonaBundle, session_dir: Path, judge: MeteredModel | None) -> SessionResult:
    """Grade one session directory again and rewrite its grades.jsonl and result.json."""
    spec = bundle.session(session_dir.name)
    events = read_trajectory(session_dir / "trajectory.jsonl")
    workspace = MemoryWorkspace()
    workspace.restore((session_dir / "workspace.tar").read_bytes())
    apps = session_dir / APPS_FILE
    services = restored_apps(apps.read_bytes()) if apps.is_file() else {}
    grade_log = TrajectoryLog(session_dir / "grades.jsonl")
    if judge is not None:
        judge.sink = grade_log.emit
    try:
        for grade in grade_checklist(spec.checklist, view_from_events(workspace, events, services), events, judge):
            grade_log.emit(grade)
    finally:
        grade_log.close()
    result = result_from_events(bundle.persona.id, spec, events, grade_log.events)
    (session_dir / "result.json").write_text(result.model_dump_json(indent=2), encoding="utf-8")
    return result


def regrade_run(
    run_dir: Path,
    judge: MeteredModel | None,
    on_session: Callable[[SessionResult], None] | None = None,
) -> list[EpisodeResult]:
    """Re-grade every session of a run directory; persona data is found through its config.yaml."""
    config = RunConfig.model_validate(yaml.safe_load((run_dir / "config.yaml").read_text(encoding="utf-8")))
    episodes: list[EpisodeResult] = []
    for persona_path in config.personas:
        bundle = load_persona(Path(persona_path))
        persona_dir = run_dir / bundle.persona.id
        results: list[SessionResult] = []
        for spec in bundle.sessions:
            session_dir = persona_dir / spec.id
            if (session_dir / "trajectory.jsonl").is_file() and (session_dir / "workspace.tar").is_file():
                results.append(regrade_session(bundle, session_dir, judge))
                if on_session:
                    on_session(results[-1])
        episode = episode_result(bundle.persona.id, results)
        (persona_dir / "episode.json").write_text(episode.model_dump_json(indent=2), encoding="utf-8")
        episodes.append(episode)
    write_results(run_dir, episodes)
    return episodes
