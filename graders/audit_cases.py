"""What a judge audit re-judges, read from run directories: rubric checklist items and LLM intent assignments.

A checklist case is one rubric item of one session, with the prompt the rubric judge gets
(rubric.criterion_messages over the saved trajectory, workspace and apps) and the run's verdict.
An intent case is one `status_assigned` event of a run whose user was a model (`llm`/`strict`):
the auditor sees the trace up to the agent's reply of that turn (not the user's reaction) and
classifies the intent as completed, inferred or provided. Runs with the `rules` user have only
rule-decided statuses and yield no intent cases.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from engine.loader import PersonaBundle
from engine.ports import Message
from engine.rundir import TRAJECTORY_FILE, finished_sessions, run_config, saved_view
from engine.schema.events import Event, Grade, SessionEnded, StatusAssigned, UserMessage
from engine.schema.session import HiddenIntent, SessionSpec
from engine.trajectory import read_trajectory
from graders.render import render_context, render_trace
from graders.rubric import criterion_messages

CaseKind = Literal["checklist", "intent"]
INTENT_SYSTEM = (
    "You audit a simulated user's bookkeeping of ONE hidden requirement the user had not stated. Classify what "
    "the assistant had done about it by the end of its latest turn: 'completed' if its replies, tool calls or "
    "files already satisfy the requirement; else 'inferred' if a question in its latest reply directly asks for "
    "this specific missing information (generic questions such as 'anything else?' do not count); else "
    "'provided' (the user had to reveal it). Give a one-sentence reason."
)


@dataclass
class Case:
    """One judgment to audit: the prompt an auditor gets and the run's own label (None if it had none)."""

    kind: CaseKind
    target: str
    original: str | None
    messages: list[Message]


@dataclass
class SessionCases:
    """The audit cases of one session plus what Comp and Proc need besides them."""

    run: str
    persona: str
    session: str
    rule_scores: dict[str, float | None]
    intents: int
    statuses: dict[str, str]
    checklist: list[Case] = field(default_factory=list)
    intent_cases: list[Case] = field(default_factory=list)


@dataclass
class RunCases:
    """Every session of one run directory, and whether its user was a model."""

    run: str
    agent_model: str | None
    user_mode: str
    sessions: list[SessionCases]


def intent_messages(intent: HiddenIntent, events: list[Event], turn: int) -> list[Message]:
    """The auditor's prompt for one assignment: the trace up to the agent's reply of `turn`."""
    seen = [e for e in events if e.turn < turn or (e.turn == turn and not isinstance(e, UserMessage | StatusAssigned))]
    prompt = f"HIDDEN REQUIREMENT: {intent.content}\n\nTRACE:\n{render_trace(seen)}\n\nWhich status applies?"
    return [Message("system", INTENT_SYSTEM), Message("user", prompt)]


def _checklist(spec: SessionSpec, session_dir: Path, events: list[Event], grades: dict[str, Grade]) -> list[Case]:
    view = saved_view(session_dir, events, spec.artifacts)
    trace = render_trace(events)
    cases = []
    for item in spec.checklist:
        if item.rubric is None:
            continue
        ctx = item.rubric.context
        grade = grades.get(item.id)
        original = None if grade is None or grade.score is None else ("YES" if grade.score >= 1.0 else "NO")
        messages = criterion_messages(item.text, trace if ctx.trace else "", render_context(view, ctx))
        cases.append(Case("checklist", item.id, original, messages))
    return cases


def session_cases(run: str, bundle: PersonaBundle, session_dir: Path, audit_intents: bool) -> SessionCases:
    """The cases of one finished session directory."""
    spec = bundle.session(session_dir.name)
    events = read_trajectory(session_dir / TRAJECTORY_FILE)
    graded = read_trajectory(session_dir / "grades.jsonl") if (session_dir / "grades.jsonl").is_file() else []
    grades = {g.item_id: g for g in graded if isinstance(g, Grade)}
    assigned = [e for e in events if isinstance(e, StatusAssigned)]
    out = SessionCases(
        run=run,
        persona=bundle.persona.id,
        session=spec.id,
        rule_scores={i.id: grades[i.id].score if i.id in grades else None for i in spec.checklist if i.rule},
        intents=len(spec.hidden_intents),
        statuses={e.intent_id: e.status for e in assigned},
        checklist=_checklist(spec, session_dir, events, grades),
    )
    if audit_intents:
        intents = {i.id: i for i in spec.hidden_intents}
        for e in assigned:
            if e.intent_id in intents:
                messages = intent_messages(intents[e.intent_id], events, e.turn)
                out.intent_cases.append(Case("intent", e.intent_id, e.status, messages))
    return out


def ended_infra_error(session_dir: Path) -> bool:
    """Whether the session's trajectory ends infra_error (a model service failed)."""
    ended = [e for e in read_trajectory(session_dir / TRAJECTORY_FILE) if isinstance(e, SessionEnded)]
    return bool(ended) and ended[-1].reason == "infra_error"


def run_cases(run_dir: Path, label: str | None = None) -> RunCases:
    """Every finished session of a run directory (persona data found through its config.yaml), except those
    that ended infra_error (they measured nothing and have no grades).

    `label` names the run in the report (default: the directory name).
    """
    run = label or run_dir.name
    config = run_config(run_dir)
    llm_user = config.user.mode != "rules"
    sessions = [
        session_cases(run, bundle, session_dir, llm_user)
        for bundle, session_dirs in finished_sessions(run_dir, config)
        for session_dir in session_dirs
        if not ended_infra_error(session_dir)
    ]
    agent = config.agent.model.model if config.agent.kind == "react" else None
    return RunCases(run=run, agent_model=agent, user_mode=config.user.mode, sessions=sessions)
