"""Rule kind `markdown_table`: a Markdown file holds a pipe table with given columns, rows and cells."""

from __future__ import annotations

import re

from pydantic import Field, field_validator, model_validator

from graders.markdown import Table, norm, parse_tables
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.loading import check_patterns
from graders.view import EvidenceView


class RowSpec(RuleArgs):
    """A row the table must contain: every constraint holds in one and the same data row."""

    equals: dict[str, str] = Field(
        default_factory=dict,
        description="Column -> value; the cell equals the value ignoring case, surrounding whitespace and emphasis.",
    )
    matches: dict[str, str] = Field(
        default_factory=dict, description="Column -> Python regex searched case-insensitively in the cell."
    )

    @field_validator("matches")
    @classmethod
    def _compiles(cls, value: dict[str, str]) -> dict[str, str]:
        check_patterns(list(value.values()))
        return value

    @model_validator(mode="after")
    def _not_empty(self) -> RowSpec:
        if not self.equals and not self.matches:
            raise ValueError("a required row needs at least one 'equals' or 'matches' constraint")
        return self

    def describe(self) -> str:
        """Human-readable form for outcome details."""
        parts = [f"{c} = {v!r}" for c, v in self.equals.items()] + [f"{c} ~ /{p}/" for c, p in self.matches.items()]
        return " and ".join(parts)


class Args(RuleArgs):
    """Arguments of markdown_table."""

    path: str = Field(description="Workspace-relative path of the Markdown file.")
    headers: list[str] = Field(min_length=1, description="Columns the table must have (matched ignoring case).")
    ordered: bool = Field(default=False, description="The given headers must appear in this left-to-right order.")
    exact: bool = Field(default=False, description="The table may have no columns besides the given headers.")
    min_rows: int = Field(default=1, ge=0, description="Minimum number of non-blank data rows.")
    required_rows: list[RowSpec] = Field(default_factory=list, description="Rows that must be present.")
    heading: str | None = Field(
        default=None,
        description="Only tables under a heading (any enclosing level) whose text matches this case-insensitive regex.",
    )

    @field_validator("heading")
    @classmethod
    def _heading_compiles(cls, value: str | None) -> str | None:
        if value is not None:
            check_patterns([value])
        return value


def _row_matches(spec: RowSpec, table: Table, row: list[str]) -> bool:
    for column, value in spec.equals.items():
        index = table.column(column)
        if index is None or norm(row[index]) != norm(value):
            return False
    for column, pattern in spec.matches.items():
        index = table.column(column)
        if index is None or not re.search(pattern, row[index], re.IGNORECASE):
            return False
    return True


def _header_problem(args: Args, table: Table) -> str | None:
    have = [norm(h) for h in table.headers]
    missing = [h for h in args.headers if norm(h) not in have]
    if missing:
        return f"missing column(s) {missing} (has {table.headers})"
    wanted = {norm(h) for h in args.headers}
    extra = [h for h in table.headers if norm(h) not in wanted]
    if args.exact and extra:
        return f"unexpected column(s) {extra}"
    positions = [have.index(norm(h)) for h in args.headers]
    if args.ordered and positions != sorted(positions):
        return f"columns are not in the order {args.headers} (has {table.headers})"
    return None


def table_problem(args: Args, table: Table) -> str | None:
    """What keeps this table from satisfying the arguments, or None."""
    header = _header_problem(args, table)
    if header:
        return header
    rows = [r for r in table.rows if any(c.strip() for c in r)]
    if len(rows) < args.min_rows:
        return f"{len(rows)} data row(s), need {args.min_rows}"
    for spec in args.required_rows:
        unknown = [c for c in [*spec.equals, *spec.matches] if table.column(c) is None]
        if unknown:
            return f"required row names unknown column(s) {unknown} (has {table.headers})"
        if not any(_row_matches(spec, table, row) for row in rows):
            return f"no row with {spec.describe()}"
    return None


def check(args: Args, view: EvidenceView) -> Outcome:
    """Pass when some table (under the heading, if given) satisfies every constraint."""
    text = view.read_text(args.path)
    if text is None:
        return Outcome(False, f"{args.path} does not exist")
    if not text.strip():
        return Outcome(False, f"{args.path} is empty")
    parsed = parse_tables(text)
    if not parsed.tables:
        hint = f" ({parsed.near_miss})" if parsed.near_miss else ""
        return Outcome(False, f"no Markdown table in {args.path}{hint}")
    tables = parsed.tables
    if args.heading is not None:
        pattern = args.heading
        tables = [t for t in tables if any(re.search(pattern, h, re.IGNORECASE) for h in t.headings)]
        if not tables:
            return Outcome(False, f"no table in {args.path} under a heading matching /{pattern}/")
    problems = [(t, table_problem(args, t)) for t in tables]
    for table, problem in problems:
        if problem is None:
            return Outcome(True, f"table at line {table.line} of {args.path} has {args.headers} and the required rows")
    table, problem = next(((t, p) for t, p in problems if p and not p.startswith("missing")), problems[0])
    return Outcome(False, f"table at line {table.line} of {args.path}: {problem}")


RULE = RuleKind("markdown_table", Args, check)
