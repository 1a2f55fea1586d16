"""A session's acceptance suite: alternative correct solutions that must pass and near-misses that must fail.

Stored as `personas/<id>/acceptance/<session>.yaml`; file contents are referenced with `args_from_files`
relative to the persona folder, exactly as in a gold solution.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from engine.schema.base import Strict
from engine.schema.session import ReferenceTurn

NearMissKind = Literal[
    "hedge",
    "contradiction",
    "convention",
    "unchanged",
    "recipient",
    "omission",
    "fabrication",
    "premature",
    "other",
]


class AlternativeSolution(Strict):
    """A correct solution written independently of the gold: it must complete every recoverable intent and
    pass every rule item."""

    id: str = Field(description="Unique within the suite, e.g. 'v1'.")
    note: str = Field(description="What this solution chooses differently (names, wording, formats, structure).")
    turns: list[ReferenceTurn] = Field(min_length=1, description="Agent turns in order, as in a gold solution.")


class NearMiss(Strict):
    """A plausible wrong solution: it must fail exactly the rule items listed in `fails`."""

    id: str = Field(description="Unique within the suite, e.g. 'n1'.")
    kind: NearMissKind = Field(description="What kind of mistake it makes.")
    note: str = Field(description="The mistake, in a sentence.")
    fails: list[str] = Field(min_length=1, description="Checklist item ids this solution must fail; all others pass.")
    turns: list[ReferenceTurn] = Field(min_length=1, description="Agent turns in order, as in a gold solution.")


class IntentQuestions(Strict):
    """Held-out questions about one intent, written from the request, the workspace and the intent's topic only (never
    its answer): the rules user must credit every targeted one to this intent and none of the near-misses."""

    intent: str = Field(description="The hidden intent's id.")
    targeted: list[str] = Field(
        default_factory=list,
        description="Agent replies (the question with any sentences before it) a careful assistant would send to "
        "draw out this requirement without knowing it; each must infer the intent.",
    )
    near_misses: list[str] = Field(
        min_length=2,
        description="Replies that must not infer it: a question about a sibling intent, about the request itself, a "
        "generic one.",
    )
    targeted_open: list[str] = Field(
        default_factory=list,
        description="Targeted questions the rules user does not credit yet: known misses kept in sight (validate "
        "warns about each and counts them in the recall), never dropped.",
    )

    @model_validator(mode="after")
    def _two_targeted(self) -> IntentQuestions:
        if len(self.targeted) + len(self.targeted_open) < 2:
            raise ValueError("at least two targeted questions (targeted and targeted_open together)")
        return self


class AcceptanceSuite(Strict):
    """Every alternative and near-miss solution of one session, and the held-out questions about its intents."""

    session: str = Field(description="The session id this suite belongs to.")
    variants: list[AlternativeSolution] = Field(default_factory=list, description="Correct alternative solutions.")
    near_misses: list[NearMiss] = Field(default_factory=list, description="Wrong solutions and what they fail.")
    questions: list[IntentQuestions] = Field(
        default_factory=list, description="Held-out targeted and near-miss questions, per intent that can be inferred."
    )

    @model_validator(mode="after")
    def _unique_ids(self) -> AcceptanceSuite:
        ids = [v.id for v in self.variants] + [n.id for n in self.near_misses]
        dups = sorted({i for i in ids if ids.count(i) > 1})
        if dups:
            raise ValueError(f"duplicate solution id(s) {dups}")
        return self
