"""Rule kind `csv_schema`: a CSV file has the given columns, row count, cell types and a unique key."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from typing import Any, Literal, get_args

from pydantic import Field, field_validator, model_validator

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.loading import ArtifactError
from graders.view import EvidenceView

_INT = re.compile(r"^[+-]?\d+$")
_FLOAT = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class OneOf(RuleArgs):
    """A column whose cells take one of a fixed set of values."""

    one_of: list[str] = Field(
        min_length=1, description="Allowed values, compared ignoring case and surrounding spaces."
    )


SimpleType = Literal["int", "float", "date", "string"]
ColumnType = SimpleType | OneOf
TYPE_NAMES: tuple[str, ...] = get_args(SimpleType)


class Args(RuleArgs):
    """Arguments of csv_schema. Column names are matched ignoring case and surrounding spaces."""

    path: str = Field(description="Workspace-relative path of the CSV file.")
    columns: list[str] = Field(default_factory=list, description="Columns the header must contain.")
    exact: bool = Field(default=False, description="The header must be exactly `columns`, in this order.")
    min_rows: int = Field(default=1, ge=0, description="Minimum number of data rows (blank lines not counted).")
    max_rows: int | None = Field(default=None, ge=0, description="Maximum number of data rows.")
    types: dict[str, ColumnType] = Field(
        default_factory=dict,
        description="Column -> 'int', 'float', 'date' (YYYY-MM-DD), 'string' (non-empty) or {one_of: [...]}. "
        "Every typed cell must be non-empty unless its column is in allow_empty.",
    )
    allow_empty: list[str] = Field(default_factory=list, description="Typed columns whose cells may be empty.")
    unique: list[str] = Field(
        default_factory=list, description="Key columns whose combined values must not repeat (one name for one key)."
    )
    delimiter: str = Field(
        default=",", min_length=1, max_length=1, description="Field separator, e.g. ',', ';' or a tab."
    )

    @field_validator("types", mode="before")
    @classmethod
    def _known_types(cls, value: Any) -> Any:
        for column, kind in value.items() if isinstance(value, dict) else ():
            if isinstance(kind, str) and kind not in TYPE_NAMES:
                raise ValueError(
                    f"column {column!r}: unknown type {kind!r}; use one of {TYPE_NAMES} or {{one_of: [...]}}"
                )
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Args:
        if self.exact and not self.columns:
            raise ValueError("exact needs the list of columns")
        if self.max_rows is not None and self.max_rows < self.min_rows:
            raise ValueError("max_rows is below min_rows")
        return self


def _key(name: str) -> str:
    return name.strip().casefold()


def type_error(value: str, kind: ColumnType) -> str | None:
    """Why a non-empty cell does not have the type, or None when it does."""
    text = value.strip()
    if isinstance(kind, OneOf):
        return None if _key(text) in {_key(v) for v in kind.one_of} else f"is not one of {kind.one_of}"
    if kind == "int":
        return None if _INT.match(text) else "is not an int"
    if kind == "float":
        return None if _FLOAT.match(text) else "is not a number"
    if kind == "date":
        if not _DATE.match(text):
            return "is not a date (YYYY-MM-DD)"
        try:
            dt.date.fromisoformat(text)
        except ValueError:
            return "is not a valid calendar date"
    return None


def read_csv(text: str, path: str, delimiter: str) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """Header and (first line number, row) pairs; ArtifactError on malformed CSV or ragged rows."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise ArtifactError(f"{path} is malformed CSV at line {reader.line_num}: {exc}") from exc
    if not rows:
        raise ArtifactError(f"{path} has no header row")
    header = rows[0][1]
    seen = [_key(h) for h in header]
    duplicates = sorted({h for h in header if seen.count(_key(h)) > 1})
    if duplicates:
        raise ArtifactError(f"{path} is malformed CSV: duplicate column(s) {duplicates}")
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise ArtifactError(
                f"{path} is malformed CSV: line {line} has {len(row)} fields, the header has {len(header)}"
            )
    return header, rows[1:]


def _cell_problems(args: Args, index: dict[str, int], rows: list[tuple[int, list[str]]]) -> list[str]:
    problems: list[str] = []
    optional = {_key(c) for c in args.allow_empty}
    for column, kind in args.types.items():
        position = index[_key(column)]
        for line, row in rows:
            cell = row[position]
            empty = None if _key(column) in optional else "is empty"
            error = type_error(cell, kind) if cell.strip() else empty
            if error:
                problems.append(f"line {line}, column {column!r}: {cell!r} {error}")
    return problems


def check(args: Args, view: EvidenceView) -> Outcome:
    """Read the CSV and check header, row count, cell types and key uniqueness."""
    text = view.read_text(args.path)
    if text is None:
        return Outcome(False, f"{args.path} does not exist")
    if not text.strip():
        return Outcome(False, f"{args.path} is empty")
    try:
        header, rows = read_csv(text, args.path, args.delimiter)
    except ArtifactError as exc:
        return Outcome(False, str(exc))
    index = {_key(h): i for i, h in enumerate(header)}
    if args.exact and [_key(h) for h in header] != [_key(c) for c in args.columns]:
        return Outcome(False, f"{args.path} header is {header}, expected exactly {args.columns}")
    named = [*args.columns, *args.types, *args.allow_empty, *args.unique]
    missing = list(dict.fromkeys(c for c in named if _key(c) not in index))
    if missing:
        return Outcome(False, f"{args.path} lacks column(s) {missing} (has {header})")
    if len(rows) < args.min_rows or (args.max_rows is not None and len(rows) > args.max_rows):
        bounds = f"{args.min_rows}..{args.max_rows if args.max_rows is not None else ''}"
        return Outcome(False, f"{args.path} has {len(rows)} data row(s), need {bounds}")
    problems = _cell_problems(args, index, rows)
    if problems:
        more = f" (and {len(problems) - 1} more bad cell(s))" if len(problems) > 1 else ""
        return Outcome(False, f"{args.path}: {problems[0]}{more}")
    if args.unique:
        keys: dict[tuple[str, ...], int] = {}
        for line, row in rows:
            key = tuple(row[index[_key(c)]].strip() for c in args.unique)
            if key in keys:
                return Outcome(False, f"{args.path}: {args.unique} value {key} repeats on lines {keys[key]} and {line}")
            keys[key] = line
    return Outcome(True, f"{args.path}: {len(rows)} row(s) match the schema")


RULE = RuleKind("csv_schema", Args, check)
