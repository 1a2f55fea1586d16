"""open_session: add the session's files to the workspace, render the opening, start the agent."""

from __future__ import annotations

import json
from datetime import datetime

from langgraph.runtime import Runtime

from engine.agents.base import SessionBrief
from engine.runtime import SessionRuntime
from engine.schema.events import SessionStarted
from engine.schema.session import SessionSpec
from engine.state import SessionState


def render_opening(spec: SessionSpec, now: datetime | None = None) -> str:
    """The first message the agent sees: the request, or the environment event as JSON (stamped with the episode
    clock's `now` when given, as a delivered event is)."""
    trigger = spec.trigger
    if trigger.kind == "user":
        return spec.request
    event: dict[str, object] = {
        "source": trigger.source or trigger.kind,
        "event": trigger.event or trigger.kind,
    }
    if now is not None:
        event["time"] = now.isoformat()
    event["payload"] = trigger.payload
    header = f"[{trigger.kind} event]\n{json.dumps(event, ensure_ascii=False, indent=2)}"
    return f"{header}\n\n{spec.request}" if spec.request.strip() else header


def open_session(state: SessionState, runtime: Runtime[SessionRuntime]) -> SessionState:
    """Prepare the workspace and the ledger; emit SessionStarted."""
    rt = runtime.context
    spec = rt.spec
    now = rt.clock.open_session(spec.clock)
    for addition in spec.workspace_additions:
        rt.workspace.write_file(addition.dest, (rt.data_root / addition.source).read_bytes())
    rt.baseline = rt.workspace.list_files()
    preface, addendum = rt.opening_frame
    rt.opening = "\n\n".join(part for part in (preface, render_opening(spec, now), addendum) if part)
    rt.log.emit(SessionStarted(session_id=spec.id, trigger=spec.trigger.kind, opening=rt.opening, clock=now))
    brief = SessionBrief(session_id=spec.id, trigger=spec.trigger.kind, toolsets=tuple(spec.toolsets), now=now)
    rt.agent.start_session(brief)
    ids = [i.id for i in spec.hidden_intents]
    return {"turn": 0, "pending": rt.opening, "open_intents": ids, "statuses": {}}
