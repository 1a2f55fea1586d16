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

from engine.loader import PersonaBundle
from engine.metrics import episode_result, result_from_events
from engine.models.metered import MeteredModel
from engine.rundir import RESULT_FILE, TRAJECTORY_FILE, finished_sessions, run_config, saved_view, write_results
from engine.schema.config import RunConfig
from engine.schema.events import SessionEnded
from engine.schema.results import EpisodeResult, SessionResult
from engine.state import TerminationReason
from engine.trajectory import TrajectoryLog, read_trajectory
from graders.checklist import grade_checklist


def regrade_session(bundle: PersonaBundle, session_dir: Path, judge: MeteredModel | None) -> SessionResult:
    """Grade one session directory again and rewrite its grades.jsonl and result.json.

    Grade events (and the judge's usage and failed attempts) carry the session's last turn. Nothing is
    rewritten when the judge stays unreachable (ModelUnavailableError propagates); a session that ended
    infra_error is not graded (it is kept out of every score).
    """
    spec = bundle.session(session_dir.name)
    events = read_trajectory(session_dir / TRAJECTORY_FILE)
    ended = [e for e in events if isinstance(e, SessionEnded)]
    last_turn = ended[-1].turns if ended else max((e.turn for e in events), default=0)
    grade_log = TrajectoryLog()
    grade_log.turn = last_turn
    if judge is not None:
        judge.sink = grade_log.emit
    if not (ended and ended[-1].reason == TerminationReason.INFRA_ERROR.value):
        view = saved_view(session_dir, events, spec.artifacts)
        for grade in grade_checklist(spec.checklist, view, events, judge):
            grade.turn = last_turn
            grade_log.emit(grade)
    text = "".join(e.model_dump_json() + "\n" for e in grade_log.events)
    (session_dir / "grades.jsonl").write_text(text, encoding="utf-8")
    result = result_from_events(bundle.persona.id, spec, events, grade_log.events)
    (session_dir / RESULT_FILE).write_text(result.model_dump_json(indent=2), encoding="utf-8")
    return result


def regrade_run(
    run_dir: Path,
    judge: MeteredModel | None,
    on_session: Callable[[SessionResult], None] | None = None,
    config: RunConfig | None = None,
) -> list[EpisodeResult]:
    """Re-grade every session of a run directory; persona data is found through its config (default: config.yaml)."""
    episodes: list[EpisodeResult] = []
    for bundle, session_dirs in finished_sessions(run_dir, config or run_config(run_dir)):
        results: list[SessionResult] = []
        for session_dir in session_dirs:
            results.append(regrade_session(bundle, session_dir, judge))
            if on_session:
                on_session(results[-1])
        episode = episode_result(bundle.persona.id, results)
        (run_dir / bundle.persona.id / "episode.json").write_text(episode.model_dump_json(indent=2), encoding="utf-8")
        episodes.append(episode)
    write_results(run_dir, episodes)
    return episodes
