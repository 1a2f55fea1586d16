"""Scores computed from trajectories."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from engine.schema.base import Strict
from engine.schema.events import IntentStatus


class ItemScore(Strict):
    """Final verdict on one checklist item."""

    item_id: str = Field(description="Checklist item id.")
    grader: str = Field(description="'rule' or 'rubric'.")
    score: float | None = Field(description="1.0, 0.0 or None when the grader errored.")
    weight: float = Field(description="Item weight.")
    mandatory: bool = Field(description="Whether the item gates the session (mandatory: true or tier mandatory).")
    tier: str | None = Field(default=None, description="KWBench tier: mandatory, good, ideal, or None.")
    reason: str = Field(default="", description="Justification.")


class RoleUsage(Strict):
    """Model usage of one role (agent, user or judge) summed over a session."""

    calls: int = Field(default=0, description="Model calls made.")
    cached_calls: int = Field(default=0, description="Calls served from the cache.")
    prompt_tokens: int = Field(default=0, description="Input tokens.")
    completion_tokens: int = Field(default=0, description="Output tokens.")
    cost_usd: float = Field(default=0.0, description="Reported cost.")
    latency_s: float = Field(default=0.0, description="Summed wall time of the calls.")


class EvidenceScore(Strict):
    """Which of the sources that make the session's intents recoverable the agent read (seed 000)."""

    relevant: list[str] = Field(description="Source units: a workspace path, or 'session:<id>' for an earlier session.")
    found: list[str] = Field(description="Source units the agent read at least one file of.")
    read: list[str] = Field(description="Workspace files the agent read this session (not ones it created).")
    precision: float = Field(description="Read files that belong to a source unit / read files (0 if none read).")
    recall: float = Field(description="Source units found / source units.")
    f1: float = Field(description="Harmonic mean of precision and recall (0 when both are 0).")


class UserBurden(Strict):
    """What the agent's way of working cost the user in one session (engine/burden.py)."""

    questions: int = Field(description="Questions the agent asked (question sentences and ask_user calls).")
    targeted_questions: int = Field(description="Questions the user credited as targeting an intent (inferred).")
    untargeted_questions: int = Field(description="Questions that targeted no intent.")
    user_words: int = Field(description="Words the user wrote after the opening.")
    turns_to_resolution: int | None = Field(description="Agent turns until every intent was resolved, else None.")


class SessionResult(Strict):
    """Metrics of one session."""

    persona: str = Field(description="Persona id.")
    session_id: str = Field(description="Session id.")
    category: str = Field(description="Task category.")
    termination: str = Field(description="TerminationReason value.")
    error: str | None = Field(
        default=None,
        description="Why an agent_error, user_error or infra_error session ended, or why a budget_exhausted one was "
        "not run (None otherwise).",
    )
    turns: int = Field(description="Agent turns.")
    statuses: dict[str, IntentStatus | None] = Field(description="Intent id -> terminal status (None if open).")
    proc: float | None = Field(description="(completed + inferred) / intents; None without intents.")
    comp: float | None = Field(description="Mean checklist score; None without gradable items.")
    comp_weighted: float | None = Field(description="Weight-averaged checklist score.")
    comp_gated: float | None = Field(
        description="comp, or 0 when a mandatory item failed; None when comp is None or the gate is undetermined."
    )
    gate_passed: bool | None = Field(
        default=None,
        description="False if a mandatory item failed, None if none failed but one errored, else True.",
    )
    comp_conditional: float | None = Field(default=None, description="comp when the gate passed, else None.")
    tier_score: float | None = Field(
        default=None,
        description="KWBench 3-tier score: 0 if a mandatory item failed, else 0.40 + 0.35·g + 0.25·i "
        "(g, i: pass rates of good and ideal items, 1 for an empty tier); None without tiers or gate undetermined.",
    )
    rule_comp: float | None = Field(description="Mean over rule items only.")
    grader_errors: int = Field(description="Items whose grader errored (excluded from Comp).")
    items: list[ItemScore] = Field(description="Per-item verdicts.")
    evidence: EvidenceScore | None = Field(
        default=None, description="Evidence retrieval score; None when no intent cites a workspace or session source."
    )
    usage: dict[str, RoleUsage] = Field(default_factory=dict, description="Model usage per role.")
    burden: UserBurden | None = Field(default=None, description="User burden of the session (questions, words).")
    task_version: str | None = Field(
        default=None,
        description="Content hash of the session definition it was graded under (SessionSpec.version); reports warn "
        "when they pool one session graded under different versions.",
    )
    opened_at: datetime | None = Field(
        default=None, description="Simulated time the session opened at (the episode clock; None in older results)."
    )
    closed_at: datetime | None = Field(
        default=None,
        description="Simulated time the session ended at, before the gap to the next session (None in older results "
        "and for sessions that never ran).",
    )


class EpisodeResult(Strict):
    """Metrics of one persona episode."""

    persona: str = Field(description="Persona id.")
    sessions: list[SessionResult] = Field(description="Per-session results, in order.")
    proc: float | None = Field(description="Mean session Proc.")
    comp: float | None = Field(description="Mean session Comp.")
    comp_gated: float | None = Field(default=None, description="Mean session gated Comp.")
    gate_pass_rate: float | None = Field(
        default=None, description="Sessions whose gate passed / sessions with a Comp and a determined gate."
    )
    comp_conditional: float | None = Field(
        default=None,
        description="Mean Comp over sessions whose gate passed (comp_gated = gate_pass_rate · comp_conditional).",
    )
    tier_score: float | None = Field(default=None, description="Mean 3-tier score over sessions with tiers.")
    tier_conditional: float | None = Field(
        default=None, description="Mean 3-tier score over tiered sessions whose gate passed."
    )
    evidence_precision: float | None = Field(default=None, description="Mean session evidence precision.")
    evidence_recall: float | None = Field(default=None, description="Mean session evidence recall.")
    evidence_f1: float | None = Field(default=None, description="Mean session evidence F1.")
    status_counts: dict[str, int] = Field(description="completed / inferred / provided / open counts.")
    mean_turns: float = Field(description="Mean agent turns per session.")
    infra_errors: int = Field(
        default=0,
        description="Sessions that ended infra_error (the model service failed): listed in `sessions` but left out "
        "of every mean and count above; the episode stopped at the first one and a re-run or --resume redoes it.",
    )
    not_run: int = Field(
        default=0,
        description="Sessions not started because the run's --max-cost was reached (budget_exhausted): listed in "
        "`sessions`, left out of every mean and count above; a re-run with a higher cap runs them.",
    )
    mean_questions: float | None = Field(default=None, description="Mean questions the agent asked per session.")
    mean_untargeted_questions: float | None = Field(
        default=None, description="Mean questions per session that targeted no intent."
    )
    mean_user_words: float | None = Field(default=None, description="Mean words the user wrote per session.")
