"""List helpers shared by the apps: pagination, full-text query, sort_by, date ranges and formats."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any, TypeVar

from sandbox.apps.base import AppError

T = TypeVar("T")
_WORD = re.compile(r"[a-z0-9]+")
MIN_DATE = "1500-01-01"
MAX_DATE = "3000-01-01"


def iso(moment: datetime | None) -> str | None:
    """A timestamp as AppWorld prints it, e.g. '2019-01-01T00:00:00' (None stays None)."""
    return None if moment is None else moment.replace(microsecond=0).isoformat()


def page(items: Sequence[T], page_index: int, page_limit: int) -> list[T]:
    """The `page_index`-th slice of `page_limit` items."""
    start = page_index * page_limit
    return list(items[start : start + page_limit])


def words(text: str) -> set[str]:
    """Lower-case word tokens of a text."""
    return set(_WORD.findall(text.lower()))


def relevance(query: str, text: str) -> int:
    """How many distinct query words occur in the text (0: no match)."""
    return len(words(query) & words(text))


def search(items: Sequence[T], query: str, text_of: Callable[[T], str]) -> list[T]:
    """Items matching a full-text query, most query words first (stable); an empty query keeps all."""
    if not query.strip():
        return list(items)
    scored = [(relevance(query, text_of(item)), n, item) for n, item in enumerate(items)]
    return [item for score, _, item in sorted(scored, key=lambda s: (-s[0], s[1])) if score > 0]


def parse_sort(sort_by: str, allowed: Sequence[str]) -> tuple[str, bool]:
    """('field', descending) from '+field' / '-field' / 'field'; AppError names the allowed fields."""
    text = sort_by.strip()
    descending = text.startswith("-")
    name = text.lstrip("+-")
    if name not in allowed:
        options = ", ".join(f"+{a}, -{a}" for a in allowed)
        raise AppError(f"Invalid sort_by value '{sort_by}'. Allowed values: {options}.")
    return name, descending


def ordered(
    items: list[T],
    query: str,
    sort_by: str | None,
    default: str,
    allowed: Sequence[str],
    key_of: Callable[[T, str], Any],
    page_args: tuple[int, int],
) -> list[T]:
    """AppWorld list order: with a query, rank by relevance, paginate, then sort within the page;
    without one, sort (by `sort_by` or `default`), then paginate. Items must already be query-filtered."""
    if query.strip():
        chosen = page(items, *page_args)
        if sort_by is None:
            return chosen
        name, descending = parse_sort(sort_by, allowed)
        return sorted(chosen, key=lambda item: key_of(item, name), reverse=descending)
    name, descending = parse_sort(sort_by or default, allowed)
    return page(sorted(items, key=lambda item: key_of(item, name), reverse=descending), *page_args)


def parse_date(value: str, field_name: str) -> date:
    """A 'YYYY-MM-DD' argument; AppError names the field."""
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise AppError(f"Invalid {field_name} '{value}': expected YYYY-MM-DD.") from exc


def parse_dt(value: str, field_name: str) -> datetime:
    """A 'YYYY-MM-DD|HH:MM:SS' request datetime (a space or 'T' separator is accepted too)."""
    text = value.strip().replace("|", "T").replace(" ", "T")
    try:
        return datetime.fromisoformat(text)
    except ValueError as exc:
        raise AppError(f"Invalid {field_name} '{value}': expected YYYY-MM-DD|HH:MM:SS.") from exc


def in_date_range(moment: datetime | date | None, low: str, high: str, names: tuple[str, str]) -> bool:
    """Whether a timestamp's date lies in [low, high] (both 'YYYY-MM-DD'); None never does unless unbounded."""
    lo, hi = parse_date(low, names[0]), parse_date(high, names[1])
    if moment is None:
        return low == MIN_DATE and high == MAX_DATE
    day = moment.date() if isinstance(moment, datetime) else moment
    return lo <= day <= hi
