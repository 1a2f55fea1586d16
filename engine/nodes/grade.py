"""grade: score the checklist over the whole trajectory, then record the session's end.

Grade events go to the grade log, not the trajectory. A judge that stays unreachable turns the session into
infra_error (it measured nothing reliable); an infra_error session is not graded at all.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from engine.ports import ModelUnavailableError
from engine.runtime import SessionRuntime
from engine.schema.events import SessionEnded
from engine.state import SessionState, TerminationReason
from graders.checklist import grade_checklist
from graders.view import view_from_events


def grade(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """Grade every checklist item (rubric items use the judge role); emit SessionEnded with the reason and error."""
    rt = runtime.context
    turn = state.get("turn", 0)
    reason = state.get("termination") or TerminationReason.RESOLVED.value
    error = state.get("error")
    if reason != TerminationReason.INFRA_ERROR.value:
        view = view_from_events(rt.workspace, rt.log.events, rt.services, rt.spec.artifacts)
        rt.grade_log.turn = turn
        try:
            grades = grade_checklist(rt.spec.checklist, view, list(rt.log.events), rt.judge)
        except ModelUnavailableError as exc:
            reason, error, grades = TerminationReason.INFRA_ERROR.value, f"judge model: {exc}", []
        for g in grades:
            g.turn = turn
            rt.grade_log.emit(g)
    rt.log.emit(SessionEnded(turn=turn, reason=reason, turns=turn, error=error, clock=rt.clock.now()))
    return {"termination": reason}
