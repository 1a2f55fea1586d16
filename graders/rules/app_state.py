"""Rule kind `app_state`: rows of an app's final state match field constraints (or none do).

Each app exposes named collections of rows (sandbox/apps: gmail `emails`, `sent_emails`, `threads`,
`drafts`; todoist `tasks`, `projects`, `labels`; file_system `files`, `directories`; ...), seen from
the persona's account. Example: a sent email to X with subject Y and a body matching Z:
`{app: gmail, collection: sent_emails, where: {recipients: 'x@ex\\.org', subject: '^Y$', body: 'Z'}}`.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, model_validator

from graders.normalise import normalise
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView
from sandbox.apps.registry import APPS
from sandbox.apps.tools import APPS_SERVICE
from sandbox.apps.world import AppWorld


class Args(RuleArgs):
    """Arguments of app_state."""

    app: str = Field(description="App name, e.g. gmail, todoist, file_system.")
    collection: str = Field(description="The app's row collection, e.g. sent_emails or tasks.")
    where: dict[str, Any] = Field(
        default_factory=dict,
        description="Field constraints, all must hold: a string is a case-insensitive regex searched in the "
        "value (in any element of a list); any other value must be equal (or an element of a list).",
    )
    where_all: dict[str, list[str]] = Field(
        default_factory=dict,
        description="List fields whose every regex must match some element (e.g. recipients: [litigation@, "
        "priya@] for one email to both).",
    )
    normalised: bool = Field(
        default=False,
        description="Match string regexes against normalised values (graders/normalise.py: case, dashes, wraps, "
        "amounts, ISO dates), as the text kinds do.",
    )
    min_count: int = Field(default=1, ge=0, description="Minimum number of matching rows.")
    max_count: int | None = Field(default=None, ge=0, description="Maximum number of matching rows (exactly six: 6/6).")
    absent: bool = Field(default=False, description="Pass only when no row matches (e.g. a deleted todo).")
    total_of: str | None = Field(
        default=None,
        description="A numeric field summed over the matching rows (e.g. ordered_quantity): the outcome, however many "
        "steps reached it (six stands ordered, then two more, is eight).",
    )
    total: float | None = Field(default=None, description="The sum `total_of` must come to.")
    tolerance: float = Field(default=0.005, ge=0, description="Absolute tolerance of `total`.")

    @model_validator(mode="after")
    def _known(self) -> Args:
        spec = APPS.get(self.app)
        if spec is None:
            raise ValueError(f"unknown app {self.app!r}; known: {sorted(APPS)}")
        if self.collection not in spec.collections:
            raise ValueError(f"app {self.app} has no collection {self.collection!r}; known: {sorted(spec.collections)}")
        fields = spec.collections[self.collection][0].model_fields
        unknown = sorted((set(self.where) | set(self.where_all)) - set(fields))
        if unknown:
            raise ValueError(f"{self.app}.{self.collection} rows have no field(s) {unknown}; known: {sorted(fields)}")
        if (self.total_of is None) != (self.total is None):
            raise ValueError("give total_of and total together")
        if self.total_of is not None and self.total_of not in fields:
            raise ValueError(
                f"{self.app}.{self.collection} rows have no field {self.total_of!r}; known: {sorted(fields)}"
            )
        for key, expected in self.where.items():
            if isinstance(expected, str):
                try:
                    re.compile(expected)
                except re.error as exc:
                    raise ValueError(f"where.{key}: bad regex: {exc}") from exc
        return self


def value_matches(actual: Any, expected: Any, normalised: bool = False) -> bool:
    """One constraint against one field value (see Args.where)."""
    if isinstance(actual, list) and not isinstance(expected, list):
        return any(value_matches(item, expected, normalised) for item in actual)
    if isinstance(expected, str):
        if actual is None:
            return False
        text = normalise(str(actual)) if normalised else str(actual)
        return re.search(expected, text, re.IGNORECASE | re.DOTALL) is not None
    return bool(actual == expected)


def check(args: Args, view: EvidenceView) -> Outcome:
    """Count the rows meeting every constraint."""
    world = view.services.get(APPS_SERVICE)
    if not isinstance(world, AppWorld):
        return Outcome(False, "the session has no app state")
    rows = world.rows(args.app, args.collection)
    hits = [
        r
        for r in rows
        if all(value_matches(r.get(k), v, args.normalised) for k, v in args.where.items())
        and all(value_matches(r.get(k), rx, args.normalised) for k, regexes in args.where_all.items() for rx in regexes)
    ]
    where = f"{len(hits)} of {len(rows)} {args.app}.{args.collection} row(s) match"
    if args.absent:
        return Outcome(not hits, f"{where} (need none)")
    if args.total_of is not None and args.total is not None:
        summed = sum(float(r.get(args.total_of) or 0) for r in hits)
        enough = len(hits) >= args.min_count and abs(summed - args.total) <= args.tolerance
        return Outcome(enough, f"{where}; their {args.total_of} comes to {summed:g} (need {args.total:g})")
    most = "" if args.max_count is None else f", at most {args.max_count}"
    enough = len(hits) >= args.min_count and (args.max_count is None or len(hits) <= args.max_count)
    return Outcome(enough, f"{where} (need {args.min_count}{most})")


RULE = RuleKind("app_state", Args, check)
