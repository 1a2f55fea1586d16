"""What a session's texts say about the session's own day. A session's request, trigger payload text and hidden
intents are read for `today (Monday)`, `tomorrow, Thursday 12 November`, `yesterday (5 Nov)`, `it's Friday`, a
greeting that does not fit the hour (`Good morning` at 15:00), and a weekday named with a date that falls on another
weekday (`Wednesday 18 November` in a year where the 18th is a Thursday). A bare weekday (`on Friday`,
`this Friday`) refers to another day and is never reported. Deadlines phrased in the past or the future (`the
deadline passed`) are not checked: telling them from reported speech and plans is beyond a pattern. A session's
trigger payload is also checked for records dated after the session opens (`engine.clockcheck.records`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from engine.clockcheck.dates import (
    DAY_NAMES,
    MONTH_NAME_RX,
    MONTH_RX,
    WEEKDAY_RX,
    WEEKDAYS,
    YEAR_RX,
    opening_text,
)
from engine.clockcheck.records import record_problems, walk
from engine.loader import PersonaBundle, Problem
from engine.schema.session import SessionSpec
from graders.normalise import MONTHS

# A day named in text: `12th`, `12 November 2026`, `November 12`, `2026-11-12`.
_DAY_MONTH = (
    r"(?:the\s+)?(?P<d>[0-3]?\d)(?P<ord>st|nd|rd|th)?(?!\d)"
    r"(?:\s+(?:of\s+)?" + MONTH_RX + r")?(?:,?\s+" + YEAR_RX + r")?"
)
_MONTH_DAY = (
    r"(?P<mon2>" + MONTH_NAME_RX + r")\.?\s+(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?(?!\d)(?:,?\s+(?P<y2>(?:19|20)\d\d))?"
)
_ISO_DAY = r"(?P<iy>(?:19|20)\d\d)-(?P<im>[01]\d)-(?P<id>[0-3]\d)"
_DAYSPEC = r"(?:" + _DAY_MONTH + r"|" + _MONTH_DAY + r"|" + _ISO_DAY + r")"
RELATIVE_RX = re.compile(
    r"\b(?P<rel>today|tomorrow|yesterday)\b(?:\s*(?:\(|,|:|-|–|—|\bis\b|\bwas\b|'s\b|’s\b)\s*)+"
    r"(?:" + WEEKDAY_RX + r"\b\.?,?\s*)?(?:" + _DAYSPEC + r")?",
    re.I,
)
IT_IS_RX = re.compile(r"\b(?:it's|it’s|it is)\s+(?:a\s+)?" + WEEKDAY_RX + r"\b(?!['’]s)", re.I)
WEEKDAY_DATE_RX = re.compile(r"\b" + WEEKDAY_RX + r"\b\.?,?\s+" + _DAYSPEC, re.I)
GREETING_RX = re.compile(r"\bgood (?P<part>morning|afternoon|evening)\b", re.I)
OFFSETS = {"today": 0, "tomorrow": 1, "yesterday": -1}


@dataclass(frozen=True)
class DaySpec:
    """A day named in text: any of weekday, day of month, month, year."""

    weekday: int | None
    day: int | None
    month: int | None
    year: int | None


def _dayspec(m: re.Match[str]) -> DaySpec:
    g = m.groupdict()
    wd = WEEKDAYS[g["wd"].lower()] if g.get("wd") else None
    if g.get("iy"):
        return DaySpec(wd, int(g["id"]), int(g["im"]), int(g["iy"]))
    if g.get("d2"):
        return DaySpec(wd, int(g["d2"]), MONTHS[g["mon2"].lower()], int(g["y2"]) if g.get("y2") else None)
    day = int(g["d"]) if g.get("d") else None
    month = MONTHS[g["mon"].lower()] if g.get("mon") else None
    if day is not None and month is None and not g.get("ord"):
        day = None  # "today, 3 papers came in": a bare number is no date
    return DaySpec(wd, day, month, int(g["y"]) if g.get("y") else None)


def _disagrees(spec: DaySpec, expected: date) -> bool:
    return (
        (spec.weekday is not None and spec.weekday != expected.weekday())
        or (spec.day is not None and spec.day != expected.day)
        or (spec.month is not None and spec.month != expected.month)
        or (spec.year is not None and spec.year != expected.year)
    )


def _resolve(spec: DaySpec, near: date) -> date | None:
    """The date a day+month(+year) spec names, the one nearest `near` when the year or month is left out."""
    if spec.day is None:
        return None
    candidates: list[date] = []
    years = [spec.year] if spec.year is not None else [near.year - 1, near.year, near.year + 1]
    for year in years:
        months = [spec.month] if spec.month is not None else list(range(1, 13))
        for month in months:
            try:
                candidates.append(date(year, month, spec.day))
            except ValueError:
                continue
    return min(candidates, key=lambda d: abs((d - near).days)) if candidates else None


def _quote(raw: str) -> str:
    return raw.strip(" ,.;:()")


def day_claims(text: str, opening: datetime) -> list[str]:
    """What `text` says about the day it is spoken on that disagrees with `opening`: `today (Monday)`,
    `tomorrow, Thursday 12 November`, `it's Friday`, a greeting that does not fit the hour, or a weekday named with
    a date that falls on another weekday."""
    out: list[str] = []
    today = opening.date()
    day_of = opening_text(opening)
    for m in RELATIVE_RX.finditer(text):
        spec = _dayspec(m)
        expected = today + timedelta(days=OFFSETS[m["rel"].lower()])
        if (spec.weekday is not None or spec.day is not None) and _disagrees(spec, expected):
            out.append(
                f"says {_quote(m.group(0))!r}, but {m['rel'].lower()} is {DAY_NAMES[expected.weekday()]} "
                f"{expected:%d %B %Y} when the session opens ({day_of})"
            )
    for m in IT_IS_RX.finditer(text):
        if WEEKDAYS[m["wd"].lower()] != today.weekday():
            out.append(f"says {m.group(0)!r}, but the session opens on a {DAY_NAMES[today.weekday()]} ({day_of})")
    for m in GREETING_RX.finditer(text):
        part, hour = m["part"].lower(), opening.hour
        wrong = {"morning": hour >= 12, "afternoon": hour < 12 or hour >= 18, "evening": hour < 17}[part]
        if wrong:
            out.append(f"says {m.group(0)!r}, but the session opens at {opening:%H:%M} ({day_of})")
    for m in WEEKDAY_DATE_RX.finditer(text):
        spec = _dayspec(m)
        named = _resolve(spec, today)
        if spec.weekday is not None and named is not None and named.weekday() != spec.weekday:
            out.append(
                f"says {_quote(m.group(0))!r}, but {named:%d %B %Y} is a {DAY_NAMES[named.weekday()]} "
                f"(the session opens {day_of})"
            )
    return out


def _session_texts(spec: SessionSpec) -> Iterator[tuple[str, str]]:
    yield "request", spec.request
    for path, _key, value in walk(spec.trigger.payload, "trigger.payload"):
        if isinstance(value, str):
            yield path, value
    for n, intent in enumerate(spec.hidden_intents):
        yield f"hidden_intents[{n}].content", intent.content
        yield f"hidden_intents[{n}].reveal", intent.reveal


def session_problems(bundle: PersonaBundle, openings: dict[str, datetime]) -> list[Problem]:
    """Trigger payloads dated after their session opens; requests, payload texts and intents whose today/tomorrow/
    yesterday or weekday disagrees with the session's clock."""
    out: list[Problem] = []
    for spec in bundle.sessions:
        file = str(bundle.files.get(spec.id, bundle.root / "sessions" / f"{spec.id}.yaml"))
        opening = openings[spec.id]
        what = f"the trigger opens {spec.id}"
        out += record_problems(spec.trigger.payload, file, "trigger.payload", what, opening)
        for field, text in _session_texts(spec):
            out += [Problem(file, field, claim) for claim in day_claims(text, opening)]
    return out
