"""grade: score the checklist over the whole trajectory; Grade events go to the grade log, not the trajectory."""

from __future__ import annotations

from langgraph.runtime import Runtime

from engine.runtime import SessionRuntime
from engine.state import SessionState
from graders.checklist import grade_checklist
from graders.view import view_from_events


def grade(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """Grade every checklist item; rubric items use the judge role."""
    rt = runtime.context
    view = view_from_events(rt.workspace, rt.log.events, rt.services, rt.spec.artifacts)
    for g in grade_checklist(rt.spec.checklist, view, list(rt.log.events), rt.judge):
        g.turn = state.get("turn", 0)
        rt.grade_log.emit(g)
    return {}
