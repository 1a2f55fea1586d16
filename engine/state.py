"""Session graph state (kept small: the intent ledger, counters, pointers) and termination reasons."""

from __future__ import annotations

from enum import StrEnum
from typing import TypedDict


class TerminationReason(StrEnum):
    """Why a session ended. Only RESOLVED is the paper's natural end; the rest are recorded fuses.

    INFRA_ERROR: a model service failed (unreachable after its retries, or misconfigured); the session measures
    nothing, is kept out of Proc and Comp, and is redone by a re-run or --resume.
    BUDGET_EXHAUSTED: the session never started because the run's --max-cost was reached (engine/budget.py); kept
    out of every score like INFRA_ERROR, and run by a re-run with a higher cap.
    """

    RESOLVED = "resolved"
    TURN_CAP = "turn_cap"
    AGENT_ERROR = "agent_error"
    USER_ERROR = "user_error"
    INFRA_ERROR = "infra_error"
    BUDGET_EXHAUSTED = "budget_exhausted"


UNMEASURED = frozenset({TerminationReason.INFRA_ERROR.value, TerminationReason.BUDGET_EXHAUSTED.value})
"""Terminations of sessions that measured nothing: they enter no score and a re-run redoes them."""


class SessionState(TypedDict, total=False):
    """LangGraph state of one session."""

    turn: int
    pending: str
    statuses: dict[str, str]
    open_intents: list[str]
    termination: str
    error: str


def all_terminal(state: SessionState) -> bool:
    """True when no hidden intent is still being tracked."""
    return not state.get("open_intents")


class EpisodeState(TypedDict, total=False):
    """LangGraph state of one episode, checkpointed after every session: the index of the next session."""

    next: int
