"""Offline finance data: a folder of `date,value` CSV series described by `catalogue.yaml` (no network).

    catalogue.yaml        series: [{id, name, kind, unit, frequency, file?, description?}, ...]
    ACME.CLOSE.csv        date,value / 2024-01-02,101.5 / ...   (ISO dates, strictly increasing)

Fields are engine.schema.datasets.SeriesInfo; every CSV of the folder must be in the catalogue.
"""

from __future__ import annotations

import csv
import datetime as dt
import math
from dataclasses import dataclass, field
from pathlib import Path

from engine.schema.datasets import FinanceCatalogue, SeriesInfo, SeriesKind
from engine.tools.datafile import parse_yaml
from engine.tools.ranking import bm25

CATALOGUE = "catalogue.yaml"


@dataclass(frozen=True)
class Series:
    """One series: its catalogue entry and its points in date order."""

    info: SeriesInfo
    points: list[tuple[dt.date, float]]

    def between(self, start: dt.date | None, end: dt.date | None) -> list[tuple[dt.date, float]]:
        """The points dated within [start, end] (an open bound is unbounded)."""
        return [(d, v) for d, v in self.points if (start is None or d >= start) and (end is None or d <= end)]


@dataclass
class FinanceData:
    """Series by id (looked up ignoring case); ranking is BM25 over id, name (twice), kind, unit and description."""

    series: dict[str, Series] = field(default_factory=dict)

    def get(self, series_id: str) -> Series | None:
        """The series with this id, ignoring case and surrounding spaces."""
        return self.series.get(series_id.strip().lower())

    def search(self, query: str, count: int, kind: SeriesKind | None) -> list[Series]:
        """The `count` best series for the query, optionally of one kind only."""
        docs = {
            key: " ".join([s.info.id, s.info.name, s.info.name, s.info.kind, s.info.unit, s.info.description])
            for key, s in self.series.items()
            if kind is None or s.info.kind == kind
        }
        return [self.series[key] for key, _ in bm25(docs, query, count)]


def _parse_row(path: Path, number: int, row: list[str]) -> tuple[dt.date, float]:
    if len(row) != 2:
        raise ValueError(f"{path}: line {number}: expected 2 columns (date,value), found {len(row)}")
    try:
        day = dt.date.fromisoformat(row[0].strip())
    except ValueError as exc:
        raise ValueError(f"{path}: line {number}: date {row[0]!r} is not YYYY-MM-DD") from exc
    try:
        value = float(row[1])
    except ValueError as exc:
        raise ValueError(f"{path}: line {number}: value {row[1]!r} is not a number") from exc
    if not math.isfinite(value):
        raise ValueError(f"{path}: line {number}: value {row[1]!r} is not a finite number")
    return day, value


def read_series_csv(path: Path) -> list[tuple[dt.date, float]]:
    """The points of one CSV; ValueError names the file and the line of the first problem."""
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    if not rows or [c.strip() for c in rows[0]] != ["date", "value"]:
        raise ValueError(f"{path}: line 1: the header must be 'date,value'")
    points: list[tuple[dt.date, float]] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        day, value = _parse_row(path, number, row)
        if points and day <= points[-1][0]:
            raise ValueError(f"{path}: line {number}: date {day} does not follow {points[-1][0]}")
        points.append((day, value))
    if not points:
        raise ValueError(f"{path}: no data rows")
    return points


def load_finance(folder: Path) -> FinanceData:
    """Load the catalogue and every series; ValueError names the file and the field or line at fault."""
    if not folder.is_dir():
        raise ValueError(f"{folder}: finance data folder not found")
    catalogue = folder / CATALOGUE
    data = FinanceData()
    used: set[Path] = set()
    for n, info in enumerate(parse_yaml(catalogue, FinanceCatalogue).series):
        if info.id.lower() in data.series:
            raise ValueError(f"{catalogue}: series[{n}].id: duplicate series id {info.id!r}")
        path = folder / (info.file or f"{info.id}.csv")
        if not path.is_file():
            raise ValueError(f"{catalogue}: series[{n}].file: {path} not found")
        used.add(path.resolve())
        data.series[info.id.lower()] = Series(info, read_series_csv(path))
    for path in sorted(folder.rglob("*.csv")):
        if path.resolve() not in used:
            raise ValueError(f"{path}: not described in {CATALOGUE}")
    return data
