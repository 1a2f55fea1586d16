"""Proc and Comp exactly as seed 001 eqs. 3–4, plus gated/weighted Comp and episode aggregation."""

from __future__ import annotations

from collections import Counter
from statistics import fmean

from engine.schema.events import Event, Grade, IntentStatus, ModelUsage, SessionEnded, StatusAssigned
from engine.schema.results import EpisodeResult, ItemScore, RoleUsage, SessionResult
from engine.schema.session import SessionSpec


def proactivity(statuses: dict[str, IntentStatus | None]) -> float | None:
    """(|completed| + |inferred|) / |intents|; None for a session without intents."""
    if not statuses:
        return None
    return sum(1 for s in statuses.values() if s in ("completed", "inferred")) / len(statuses)


def session_result(
    persona: str,
    spec: SessionSpec,
    statuses: dict[str, IntentStatus | None],
    grades: list[Grade],
    termination: str,
    turns: int,
) -> SessionResult:
    """Score one session. Items whose grader errored are excluded from Comp and counted apart."""
    by_id = {g.item_id: g for g in grades}
    items = [
        ItemScore(
            item_id=i.id,
            grader="rule" if i.rule is not None else "rubric",
            score=by_id[i.id].score if i.id in by_id else None,
            weight=i.weight,
            mandatory=i.mandatory,
            reason=by_id[i.id].reason if i.id in by_id else "not graded",
        )
        for i in spec.checklist
    ]
    scored = [i for i in items if i.score is not None]
    comp = fmean(i.score for i in scored if i.score is not None) if scored else None
    weight = sum(i.weight for i in scored)
    comp_w = sum(i.weight * (i.score or 0.0) for i in scored) / weight if scored else None
    gate_failed = any(i.mandatory and i.score == 0.0 for i in items)
    rules = [i.score for i in scored if i.grader == "rule" and i.score is not None]
    return SessionResult(
        persona=persona,
        session_id=spec.id,
        category=spec.category,
        termination=termination,
        turns=turns,
        statuses=statuses,
        proc=proactivity(statuses),
        comp=comp,
        comp_weighted=comp_w,
        comp_gated=None if comp is None else (0.0 if gate_failed else comp),
        rule_comp=fmean(rules) if rules else None,
        grader_errors=len(items) - len(scored),
        items=items,
    )


def usage_by_role(events: list[Event]) -> dict[str, RoleUsage]:
    """Sum ModelUsage events per role."""
    totals: dict[str, RoleUsage] = {}
    for e in events:
        if isinstance(e, ModelUsage):
            t = totals.setdefault(e.role, RoleUsage())
            t.calls += 1
            t.cached_calls += int(e.cached)
            t.prompt_tokens += e.prompt_tokens
            t.completion_tokens += e.completion_tokens
            t.cost_usd += e.cost_usd
            t.latency_s += e.latency_s
    return totals


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return fmean(present) if present else None


def episode_result(persona: str, sessions: list[SessionResult]) -> EpisodeResult:
    """Average session Proc and Comp; count terminal statuses over all intents."""
    counts: Counter[str] = Counter({"completed": 0, "inferred": 0, "provided": 0, "open": 0})
    for s in sessions:
        counts.update(status or "open" for status in s.statuses.values())
    return EpisodeResult(
        persona=persona,
        sessions=sessions,
        proc=_mean([s.proc for s in sessions]),
        comp=_mean([s.comp for s in sessions]),
        status_counts=dict(counts),
        mean_turns=fmean(s.turns for s in sessions) if sessions else 0.0,
    )


def result_from_events(
    persona: str, spec: SessionSpec, events: list[Event], grade_events: list[Event]
) -> SessionResult:
    """Score a session from its logs alone: statuses and termination from the trajectory, verdicts from grades."""
    statuses: dict[str, IntentStatus | None] = {i.id: None for i in spec.hidden_intents}
    for e in events:
        if isinstance(e, StatusAssigned) and e.intent_id in statuses:
            statuses[e.intent_id] = e.status
    ended = [e for e in events if isinstance(e, SessionEnded)]
    reason = ended[-1].reason if ended else "incomplete"
    turns = ended[-1].turns if ended else max((e.turn for e in events), default=0)
    grades = [e for e in grade_events if isinstance(e, Grade)]
    result = session_result(persona, spec, statuses, grades, reason, turns)
    result.usage = usage_by_role([*events, *grade_events])
    return result
