"""Rule kind `table`: rows of a table checked cell by cell, located by column synonyms and row keys.

Reads Markdown pipe tables, LaTeX tabulars and CSV files (by extension). The table is the first one (under
`heading`, when given) whose header row has a cell matching each of `columns` (logical name -> regex over the
normalised header cell, so synonyms are alternatives: `'tokens|context( length)?'`). Each expected row is
found by its `key` cell (a regex over the normalised cell) and any `where` cells, and must be found exactly
once; each of its `cells` is then compared: a regex (searched in the normalised cell), `{number, tolerance}`
(the cell's first number by default, so `41.27 ± 0.44` reads 41.27, or `which: last|any`; a `k` suffix
multiplies by 1000), `{date}` (an ISO
date; every common format is normalised to it) or `{empty: true}`. With `complete`, every data row must be
one of the expected rows, so an extra or missing row fails.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from graders.normalise import normalise
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.fact import values
from graders.rules.target import TargetArgs, compile_all, documents
from graders.units import tables, under_heading
from graders.view import EvidenceView

_THOUSANDS = re.compile(r"(\d+(?:\.\d+)?)k\b")


class Expect(RuleArgs):
    """What one cell must hold: exactly one of `pattern`, `number`, `date` or `empty`."""

    pattern: str | None = Field(default=None, description="Regex searched in the normalised cell.")
    number: float | None = Field(default=None, description="The cell's first number equals this.")
    tolerance: float = Field(default=0.005, ge=0, description="Absolute tolerance for `number`.")
    which: Literal["first", "last", "any"] = Field(
        default="first",
        description="Which number of the cell `number` compares: the first ('41.27 ± 0.44'), the last "
        "('GBP 5,200 -> €5,980') or any.",
    )
    date: str | None = Field(default=None, description="The cell holds this ISO date.")
    empty: bool = Field(default=False, description="The cell is empty (or only a dash).")

    @model_validator(mode="after")
    def _one(self) -> Expect:
        if sum([self.pattern is not None, self.number is not None, self.date is not None, self.empty]) != 1:
            raise ValueError("give exactly one of 'pattern', 'number', 'date' or 'empty: true'")
        return self


class RowExpect(RuleArgs):
    """One expected row."""

    key: str = Field(description="Regex over the normalised key cell that picks this row.")
    where: dict[str, str] = Field(
        default_factory=dict,
        description="More logical column -> regex conditions that pick the row, when the key repeats "
        "(e.g. a volunteer in two slots).",
    )
    cells: dict[str, str | float | Expect] = Field(
        default_factory=dict,
        description="Logical column -> expectation; a bare string is a regex, a bare number a `number`.",
    )


class Args(TargetArgs):
    """Arguments of table."""

    columns: dict[str, str] = Field(min_length=1, description="Logical column name -> regex over header cells.")
    key: str = Field(description="The logical column whose cell identifies a row.")
    rows: list[RowExpect] = Field(default_factory=list, description="Rows that must be present, with their cells.")
    complete: bool = Field(default=False, description="No data row beyond the expected ones.")
    min_rows: int = Field(default=0, ge=0, description="At least this many data rows.")

    @model_validator(mode="after")
    def _key_known(self) -> Args:
        if self.key not in self.columns:
            raise ValueError(f"key {self.key!r} is not one of the columns {sorted(self.columns)}")
        for row in self.rows:
            unknown = (set(row.cells) | set(row.where)) - set(self.columns)
            if unknown:
                raise ValueError(f"row {row.key!r} names unknown column(s) {sorted(unknown)}")
        return self


def _expect(value: str | float | Expect) -> Expect:
    if isinstance(value, Expect):
        return value
    if isinstance(value, str):
        return Expect(pattern=value)
    return Expect(number=float(value))


def cell_ok(cell: str, expect: Expect) -> bool:
    """Whether a normalised cell meets an expectation."""
    if expect.empty:
        return cell.strip(" -–") == ""
    if expect.pattern is not None:
        return re.search(expect.pattern, cell, re.IGNORECASE) is not None
    if expect.date is not None:
        return expect.date in values(cell, "date")
    numbers = values(_THOUSANDS.sub(lambda m: f"{float(m.group(1)) * 1000:g}", cell), "number")
    assert expect.number is not None
    picked = numbers if expect.which == "any" else numbers[:1] if expect.which == "first" else numbers[-1:]
    return any(abs(float(n) - expect.number) <= expect.tolerance for n in picked)


def _header_index(header: list[str], columns: dict[str, str]) -> dict[str, int] | None:
    found: dict[str, int] = {}
    for name, pattern in columns.items():
        regex = re.compile(pattern, re.IGNORECASE)
        hit = next((n for n, cell in enumerate(header) if regex.search(cell)), None)
        if hit is None:
            return None
        found[name] = hit
    return found


def check(args: Args, view: EvidenceView) -> Outcome:
    """Find the table, then every expected row and cell."""
    compile_all([args.key, *args.columns.values(), *(r.key for r in args.rows)])
    docs, note = documents(args, view)
    for label, text in docs:
        body = under_heading(text, args.heading) if args.heading else text
        for table in tables(body, csv=label.lower().endswith(".csv")):
            norm = [[normalise(c, view.today, args.day_first) for c in row] for row in table]
            index = _header_index(norm[0], args.columns) if norm else None
            if index is not None:
                return _check_rows(args, index, norm[1:], f"{note}, table with {len(norm) - 1} row(s)")
    return Outcome(False, f"{note}: no table with columns {', '.join(args.columns)}")


def _check_rows(args: Args, index: dict[str, int], rows: list[list[str]], where: str) -> Outcome:
    def cell(row: list[str], name: str) -> str:
        return row[index[name]] if index[name] < len(row) else ""

    if len(rows) < args.min_rows:
        return Outcome(False, f"{where}: need at least {args.min_rows}")
    matched: set[int] = set()
    for expected in args.rows:
        picks = {args.key: expected.key, **expected.where}
        hits = [
            n
            for n, row in enumerate(rows)
            if all(re.search(rx, cell(row, col), re.IGNORECASE) for col, rx in picks.items())
        ]
        if len(hits) != 1:
            return Outcome(False, f"{where}: {len(hits)} row(s) match {picks}, need exactly 1")
        matched.add(hits[0])
        for name, raw in expected.cells.items():
            value = cell(rows[hits[0]], name)
            if not cell_ok(value, _expect(raw)):
                return Outcome(False, f"{where}: row /{expected.key}/ {name} is {value!r}, expected {raw}")
    extra = [cell(rows[n], args.key) for n in range(len(rows)) if n not in matched]
    if args.complete and extra:
        return Outcome(False, f"{where}: unexpected row(s) {extra}")
    return Outcome(True, f"{where}: {len(args.rows)} expected row(s) hold")


RULE = RuleKind("table", Args, check)
