"""close_session: settle why the session ended and let the agent wrap up (memory)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from engine.ports import ModelUnavailableError
from engine.runtime import SessionRuntime
from engine.state import SessionState, TerminationReason

_NO_WRAP_UP = (TerminationReason.AGENT_ERROR.value, TerminationReason.INFRA_ERROR.value)


def close_session(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """A session that closes with every intent terminal ended 'resolved'; the agent consolidates its memory
    unless it failed or its model service did (an unreachable model during the wrap-up is infra_error too).
    SessionEnded is written by the grade node, once grading has also gone through."""
    rt = runtime.context
    reason = state.get("termination") or TerminationReason.RESOLVED.value
    if reason in _NO_WRAP_UP:
        return {"termination": reason}
    try:
        rt.agent.end_session()
    except ModelUnavailableError as exc:
        return {"termination": TerminationReason.INFRA_ERROR.value, "error": f"agent model (memory): {exc}"}
    return {"termination": reason}
