"""Proc and Comp exactly as seed 001 eqs. 3–4, plus weighted, gated and conditional Comp, the KWBench
3-tier score (seed 002), evidence retrieval (seed 000) and episode aggregation."""

from __future__ import annotations

from collections import Counter
from statistics import fmean

from engine.burden import user_burden
from engine.schema.events import Event, Grade, IntentStatus, ModelUsage, SessionEnded, SessionStarted, StatusAssigned
from engine.schema.results import EpisodeResult, ItemScore, RoleUsage, SessionResult
from engine.schema.session import SessionSpec
from engine.state import UNMEASURED, TerminationReason
from graders.evidence import evidence_score

INFRA_ERROR = TerminationReason.INFRA_ERROR.value
NOT_RUN = TerminationReason.BUDGET_EXHAUSTED.value


def proactivity(statuses: dict[str, IntentStatus | None]) -> float | None:
    """(|completed| + |inferred|) / |intents|; None for a session without intents."""
    if not statuses:
        return None
    return sum(1 for s in statuses.values() if s in ("completed", "inferred")) / len(statuses)


def gate(items: list[ItemScore]) -> bool | None:
    """The mandatory gate: False if a gating item failed, None if none failed but one errored, else True."""
    gating = [i.score for i in items if i.mandatory]
    if any(score == 0.0 for score in gating):
        return False
    return None if any(score is None for score in gating) else True


def tier_score(items: list[ItemScore], passed: bool | None) -> float | None:
    """KWBench eq. 1: 0 if the gate failed, else 0.40 + 0.35·g + 0.25·i over the scored good and ideal items.

    An empty (or fully errored) good or ideal tier counts as met; None for sessions without tiers or
    with an undetermined gate.
    """
    if not any(i.tier for i in items) or passed is None:
        return None
    if not passed:
        return 0.0

    def rate(tier: str) -> float:
        scores = [i.score for i in items if i.tier == tier and i.score is not None]
        return fmean(scores) if scores else 1.0

    return 0.40 + 0.35 * rate("good") + 0.25 * rate("ideal")


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
            mandatory=i.gates,
            tier=i.tier,
            reason=by_id[i.id].reason if i.id in by_id else "not graded",
        )
        for i in spec.checklist
    ]
    scored = [i for i in items if i.score is not None]
    comp = fmean(i.score for i in scored if i.score is not None) if scored else None
    weight = sum(i.weight for i in scored)
    comp_w = sum(i.weight * (i.score or 0.0) for i in scored) / weight if scored else None
    passed = gate(items)
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
        comp_gated=None if comp is None or passed is None else (comp if passed else 0.0),
        gate_passed=passed,
        comp_conditional=comp if passed else None,
        tier_score=tier_score(items, passed),
        rule_comp=fmean(rules) if rules else None,
        grader_errors=len(items) - len(scored),
        items=items,
        task_version=spec.version(),
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
    """Average session scores; count terminal statuses over all intents.

    Sessions that ended infra_error or were not run (budget_exhausted) stay in `sessions` but enter no mean and no
    count: they are counted apart.

    gate_pass_rate and comp_conditional are taken over sessions with a Comp and a determined gate,
    so comp_gated = gate_pass_rate · comp_conditional whenever every session has a gated Comp.
    """
    everything = sessions
    sessions = [s for s in everything if s.termination not in UNMEASURED]
    counts: Counter[str] = Counter({"completed": 0, "inferred": 0, "provided": 0, "open": 0})
    for s in sessions:
        counts.update(status or "open" for status in s.statuses.values())
    gated = [s for s in sessions if s.comp is not None and s.gate_passed is not None]
    evidence = [s.evidence for s in sessions if s.evidence is not None]
    burdens = [s.burden for s in sessions if s.burden is not None]
    return EpisodeResult(
        persona=persona,
        sessions=everything,
        proc=_mean([s.proc for s in sessions]),
        comp=_mean([s.comp for s in sessions]),
        comp_gated=_mean([s.comp_gated for s in sessions]),
        gate_pass_rate=fmean(float(bool(s.gate_passed)) for s in gated) if gated else None,
        comp_conditional=_mean([s.comp_conditional for s in sessions]),
        tier_score=_mean([s.tier_score for s in sessions]),
        tier_conditional=_mean([s.tier_score for s in sessions if s.gate_passed]),
        evidence_precision=fmean(e.precision for e in evidence) if evidence else None,
        evidence_recall=fmean(e.recall for e in evidence) if evidence else None,
        evidence_f1=fmean(e.f1 for e in evidence) if evidence else None,
        status_counts=dict(counts),
        mean_turns=fmean(s.turns for s in sessions) if sessions else 0.0,
        infra_errors=sum(s.termination == INFRA_ERROR for s in everything),
        not_run=sum(s.termination == NOT_RUN for s in everything),
        mean_questions=_mean([float(b.questions) for b in burdens]),
        mean_untargeted_questions=_mean([float(b.untargeted_questions) for b in burdens]),
        mean_user_words=_mean([float(b.user_words) for b in burdens]),
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
    error = ended[-1].error if ended else None
    turns = ended[-1].turns if ended else max((e.turn for e in events), default=0)
    grades = [e for e in grade_events if isinstance(e, Grade)]
    result = session_result(persona, spec, statuses, grades, reason, turns)
    result.error = error
    result.usage = usage_by_role([*events, *grade_events])
    result.evidence = evidence_score(spec.hidden_intents, events)
    result.burden = user_burden(events)
    result.opened_at = next((e.clock for e in events if isinstance(e, SessionStarted)), None)
    result.closed_at = ended[-1].clock if ended else None
    return result


def not_run_result(persona: str, spec: SessionSpec, reason: str) -> SessionResult:
    """The record of a session that was never started (budget_exhausted): no turn, no score, every intent open."""
    return SessionResult(
        persona=persona,
        session_id=spec.id,
        category=spec.category,
        termination=NOT_RUN,
        error=reason,
        turns=0,
        statuses={i.id: None for i in spec.hidden_intents},
        proc=None,
        comp=None,
        comp_weighted=None,
        comp_gated=None,
        rule_comp=None,
        grader_errors=0,
        items=[],
        task_version=spec.version(),
    )
