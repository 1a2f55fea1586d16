"""Grader function `table_coverage`: in a Markdown table, every group has each required value in a column.

Example: in a volunteer schedule, every Slot has someone at each Station (electronics, textiles,
bikes) - a condition across rows that no single-row rule expresses.
"""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from graders.markdown import norm, parse_tables
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.loading import check_patterns
from graders.view import EvidenceView


class Params(RuleArgs):
    """Parameters of table_coverage. Column names and values are compared ignoring case and emphasis."""

    path: str = Field(description="Workspace-relative path of the Markdown file.")
    group_by: str = Field(description="Column whose distinct values form the groups, e.g. 'Slot'.")
    column: str = Field(description="Column that must cover the required values within every group.")
    required: list[str] = Field(min_length=1, description="Values each group must have in `column`.")
    groups: list[str] = Field(
        default_factory=list, description="Groups that must be present; empty means the groups found in the table."
    )
    heading: str | None = Field(default=None, description="Only tables under a heading matching this regex.")

    @field_validator("heading")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            check_patterns([value])
        return value


def check(params: Params, view: EvidenceView) -> Outcome:
    """Group the rows of the first table holding both columns; report groups missing a required value."""
    text = view.read_text(params.path)
    if text is None:
        return Outcome(False, f"{params.path} does not exist")
    if not text.strip():
        return Outcome(False, f"{params.path} is empty")
    tables = [
        t
        for t in parse_tables(text).tables
        if t.column(params.group_by) is not None and t.column(params.column) is not None
        if params.heading is None or any(re.search(params.heading, h, re.IGNORECASE) for h in t.headings)
    ]
    if not tables:
        return Outcome(False, f"no table in {params.path} with columns {params.group_by!r} and {params.column!r}")
    table = tables[0]
    key, value = table.column(params.group_by), table.column(params.column)
    assert key is not None and value is not None
    covered: dict[str, set[str]] = {norm(g): set() for g in params.groups}
    for row in table.rows:
        if row[key].strip():
            covered.setdefault(norm(row[key]), set()).add(norm(row[value]))
    if not covered:
        return Outcome(False, f"table at line {table.line} of {params.path} has no rows")
    gaps = [
        f"{group!r} lacks {missing}"
        for group, values in covered.items()
        if (missing := [r for r in params.required if norm(r) not in values])
    ]
    if gaps:
        return Outcome(False, f"table at line {table.line} of {params.path}: " + "; ".join(gaps))
    return Outcome(True, f"every {params.group_by} of {sorted(covered)} has each of {params.required}")


FUNCTION = RuleKind("table_coverage", Params, check)
