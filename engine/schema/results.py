"""Scores computed from trajectories."""

from __future__ import annotations

from pydantic import Field

from engine.schema.base import Strict
from engine.schema.events import IntentStatus


class ItemScore(Strict):
    """Final verdict on one checklist item."""

    item_id: str = Field(description="Checklist item id.")
    grader: str = Field(description="'rule' or 'rubric'.")
    score: float | None = Field(description="1.0, 0.0 or None when the grader errored.")
    weight: float = Field(description="Item weight.")
    mandatory: bool = Field(description="Whether the item gates the session.")
    reason: str = Field(default="", description="Justification.")


class RoleUsage(Strict):
    """Model usage of one role (agent, user or judge) summed over a session."""

    calls: int = Field(default=0, description="Model calls made.")
    cached_calls: int = Field(default=0, description="Calls served from the cache.")
    prompt_tokens: int = Field(default=0, description="Input tokens.")
    completion_tokens: int = Field(default=0, description="Output tokens.")
    cost_usd: float = Field(default=0.0, description="Reported cost.")
    latency_s: float = Field(default=0.0, description="Summed wall time of the calls.")


class SessionResult(Strict):
    """Metrics of one session."""

    persona: str = Field(description="Persona id.")
    session_id: str = Field(description="Session id.")
    category: str = Field(description="Task category.")
    termination: str = Field(description="TerminationReason value.")
    turns: int = Field(description="Agent turns.")
    statuses: dict[str, IntentStatus | None] = Field(description="Intent id -> terminal status (None if open).")
    proc: float | None = Field(description="(completed + inferred) / intents; None without intents.")
    comp: float | None = Field(description="Mean checklist score; None without gradable items.")
    comp_weighted: float | None = Field(description="Weight-averaged checklist score.")
    comp_gated: float | None = Field(description="comp, or 0 when a mandatory item failed.")
    rule_comp: float | None = Field(description="Mean over rule items only.")
    grader_errors: int = Field(description="Items whose grader errored (excluded from Comp).")
    items: list[ItemScore] = Field(description="Per-item verdicts.")
    usage: dict[str, RoleUsage] = Field(default_factory=dict, description="Model usage per role.")


class EpisodeResult(Strict):
    """Metrics of one persona episode."""

    persona: str = Field(description="Persona id.")
    sessions: list[SessionResult] = Field(description="Per-session results, in order.")
    proc: float | None = Field(description="Mean session Proc.")
    comp: float | None = Field(description="Mean session Comp.")
    status_counts: dict[str, int] = Field(description="completed / inferred / provided / open counts.")
    mean_turns: float = Field(description="Mean agent turns per session.")
