"""agent_turn: the agent handles the pending message; record reply, file changes and rule probes."""

from __future__ import annotations

from langgraph.runtime import Runtime

from engine.ports import ModelUnavailableError
from engine.runtime import SessionRuntime
from engine.schema.events import AgentMessage, FileChange, RuleProbe, WorkspaceChanged
from engine.state import SessionState, TerminationReason
from graders.checklist import probe_rules
from graders.view import view_from_events
from sandbox.workspace.diff import diff_files


def agent_turn(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """Run one agent turn. An exception inside the agent ends the session as agent_error (infra_error when its model
    service failed), never the run."""
    rt = runtime.context
    turn = state.get("turn", 0) + 1
    rt.toolbox.turn = turn
    rt.log.turn = turn
    try:
        reply = rt.agent.respond(state.get("pending", ""), rt.toolbox)
    except ModelUnavailableError as exc:  # the model service failed, not the agent: the session measured nothing
        return {"turn": turn, "termination": TerminationReason.INFRA_ERROR.value, "error": f"agent model: {exc}"}
    except Exception as exc:  # the agent under test is untrusted code: any failure is recorded, not raised
        error = f"{type(exc).__name__}: {exc}"
        rt.log.emit(AgentMessage(turn=turn, text=f"[agent error] {error}"))
        return {"turn": turn, "termination": TerminationReason.AGENT_ERROR.value, "error": error}
    rt.log.emit(AgentMessage(turn=turn, text=reply))
    after = rt.workspace.list_files()
    changes = [FileChange(path=p, kind=k) for p, k in diff_files(rt.baseline, after)]
    rt.baseline = after
    if changes:
        rt.log.emit(WorkspaceChanged(turn=turn, changes=changes))
    rule_items = [i for i in rt.spec.checklist if i.rule is not None]
    if rule_items:
        passed = probe_rules(rule_items, view_from_events(rt.workspace, rt.log.events, rt.services, rt.spec.artifacts))
        rt.log.emit(RuleProbe(turn=turn, passed=passed))
    return {"turn": turn}
