"""user_turn: the simulated user assigns statuses (two stages) and writes the next message."""

from __future__ import annotations

from langgraph.runtime import Runtime

from engine.ports import ModelUnavailableError, WorkspaceError
from engine.runtime import SessionRuntime
from engine.schema.events import AgentMessage, Event, StatusAssigned, UserMessage, WorkspaceChanged
from engine.state import SessionState, TerminationReason
from engine.user.base import TurnView, UserError, UserObservation
from graders.view import ToolRecord, records_from_events, view_from_events


def build_observation(state: SessionState, rt: SessionRuntime) -> UserObservation:
    """What the user sees: the latest turn in detail, the conversation, and cumulative evidence."""
    turn = state.get("turn", 0)
    events = rt.log.events
    conversation: list[tuple[str, str]] = [("user", rt.opening)]
    for e in events:
        if isinstance(e, UserMessage):
            conversation.append(("user", e.text))
        elif isinstance(e, AgentMessage):
            conversation.append(("agent", e.text))
    records = records_from_events(events)
    open_ids = set(state.get("open_intents", []))
    return UserObservation(
        persona=rt.persona,
        session=rt.spec,
        opening=rt.opening,
        open_intents=[i for i in rt.spec.hidden_intents if i.id in open_ids],
        conversation=conversation,
        latest=_turn_view(events, records, turn),
        evidence=view_from_events(rt.workspace, events, rt.services, rt.spec.artifacts),
        now=rt.clock.now(),
        earlier=[_turn_view(events, records, n) for n in range(1, turn)],
    )


def _turn_view(events: list[Event], records: list[ToolRecord], turn: int) -> TurnView:
    """What the agent did in `turn`: its reply, its tool calls and the files it changed."""
    text = next((e.text for e in reversed(events) if isinstance(e, AgentMessage) and e.turn == turn), "")
    changes = [c for e in events if isinstance(e, WorkspaceChanged) and e.turn == turn for c in e.changes]
    return TurnView(turn, text, [r for r in records if r.turn == turn], changes)


def user_turn(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """Assign terminal statuses; set the next pending message; trip the turn fuse when due.

    A user that gives no valid decision ends the session user_error, an unreachable user model infra_error;
    the reason is kept in the state and recorded by SessionEnded."""
    rt = runtime.context
    turn = state.get("turn", 0)
    try:
        reply = rt.user.respond(build_observation(state, rt))
    except UserError as exc:
        return {"termination": TerminationReason.USER_ERROR.value, "error": str(exc)}
    except ModelUnavailableError as exc:
        return {"termination": TerminationReason.INFRA_ERROR.value, "error": f"user model: {exc}"}
    except WorkspaceError as exc:
        return {"termination": TerminationReason.INFRA_ERROR.value, "error": f"workspace: {exc}"}
    statuses = dict(state.get("statuses", {}))
    for a in reply.assignments:
        statuses[a.intent_id] = a.status
        rt.log.emit(StatusAssigned(turn=turn, intent_id=a.intent_id, status=a.status, evidence=a.evidence))
    open_ids = [i for i in state.get("open_intents", []) if i not in statuses]
    update: SessionState = {"statuses": statuses, "open_intents": open_ids, "pending": reply.message or ""}
    if reply.message is not None:
        answers = [a.intent_id for a in reply.assignments if a.status != "completed"]
        rt.log.emit(UserMessage(turn=turn, text=reply.message, answers=answers))
    if reply.message is None and not open_ids:
        update["termination"] = TerminationReason.RESOLVED.value
    elif turn >= rt.limits.max_turns:
        update["termination"] = TerminationReason.TURN_CAP.value
    return update
