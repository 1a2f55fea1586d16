"""close_session: record why the session ended and let the agent wrap up (memory)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from engine.runtime import SessionRuntime
from engine.schema.events import SessionEnded
from engine.state import SessionState, TerminationReason


def close_session(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """Emit SessionEnded; a session that closes with every intent terminal ended 'resolved'."""
    rt = runtime.context
    reason = state.get("termination") or TerminationReason.RESOLVED.value
    rt.log.emit(SessionEnded(turn=state.get("turn", 0), reason=reason, turns=state.get("turn", 0)))
    if reason != TerminationReason.AGENT_ERROR.value:
        rt.agent.end_session()
    return {"termination": reason}
