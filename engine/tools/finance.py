"""finance_search and finance_series: the persona's offline market, fund, futures and macro data (no network)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import Field

from engine.schema.datasets import SeriesKind
from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError
from engine.tools.finance_data import FinanceData, Series

FINANCE_SERVICE = "finance"


class FinanceSearchArgs(ToolArgs):
    """Arguments of finance_search."""

    query: str = Field(min_length=1, description="What to look for, in plain words (company, fund, index, ...).")
    kind: SeriesKind | None = Field(default=None, description="Only series of this kind.")
    count: int = Field(default=10, ge=1, le=20, description="How many series (1-20).")


class FinanceSeriesArgs(ToolArgs):
    """Arguments of finance_series."""

    series_id: str = Field(min_length=1, description="A series_id returned by finance_search.")
    start: dt.date | None = Field(default=None, description="First date to include (YYYY-MM-DD).")
    end: dt.date | None = Field(default=None, description="Last date to include (YYYY-MM-DD).")
    max_points: int = Field(
        default=100, ge=2, le=1000, description="Cap on returned points; longer ranges are sampled evenly."
    )


def finance_of(ctx: ToolContext) -> FinanceData:
    """The session's finance data, or a ToolError when the session has none."""
    data = ctx.services.get(FINANCE_SERVICE)
    if not isinstance(data, FinanceData):
        raise ToolError("finance data is not available in this session")
    return data


def _entry(series: Series) -> dict[str, Any]:
    info = series.info
    return {
        "series_id": info.id,
        "name": info.name,
        "kind": info.kind,
        "unit": info.unit,
        "frequency": info.frequency,
        "first_date": series.points[0][0].isoformat(),
        "last_date": series.points[-1][0].isoformat(),
    }


def _search(args: FinanceSearchArgs, ctx: ToolContext) -> dict[str, Any]:
    hits = finance_of(ctx).search(args.query, args.count, args.kind)
    return {"query": args.query, "results": [_entry(s) for s in hits]}


def summary(values: list[float]) -> dict[str, Any]:
    """First, last, min, max and the percent change from first to last (None when the first value is 0)."""
    first, last = values[0], values[-1]
    change = None if first == 0 else round((last - first) / abs(first) * 100, 2)
    return {"first": first, "last": last, "min": min(values), "max": max(values), "change_pct": change}


def sample(count: int, cap: int) -> list[int]:
    """Indices of at most `cap` (>= 2) evenly spaced items out of `count`, always the first and the last."""
    if count <= cap:
        return list(range(count))
    return [(i * (count - 1) + (cap - 1) // 2) // (cap - 1) for i in range(cap)]


def _series(args: FinanceSeriesArgs, ctx: ToolContext) -> dict[str, Any]:
    series = finance_of(ctx).get(args.series_id)
    if series is None:
        raise ToolError(f"no series {args.series_id!r} in the finance data (find series with finance_search)")
    if args.start is not None and args.end is not None and args.start > args.end:
        raise ToolError(f"start {args.start} is after end {args.end}")
    points = series.between(args.start, args.end)
    if not points:
        covered = f"{series.points[0][0]} to {series.points[-1][0]}"
        raise ToolError(f"{series.info.id} has no points in that range; it covers {covered}")
    kept = [points[i] for i in sample(len(points), args.max_points)]
    return {
        "series_id": series.info.id,
        "name": series.info.name,
        "unit": series.info.unit,
        "points": [{"date": d.isoformat(), "value": v} for d, v in kept],
        "points_in_range": len(points),
        "sampled": len(kept) < len(points),
        "summary": summary([v for _, v in points]),
    }


FINANCE_SEARCH = Tool(
    "finance_search",
    "Find market, fund, futures and macroeconomic data series matching a plain-language query; returns ids, "
    "names, kind, unit, frequency and the dates covered.",
    FinanceSearchArgs,
    _search,
)
FINANCE_SERIES = Tool(
    "finance_series",
    "Get one data series' dated values between optional start and end dates, with a summary (first, last, "
    "min, max, percent change) computed over every point in the range.",
    FinanceSeriesArgs,
    _series,
)
