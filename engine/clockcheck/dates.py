"""Dates as the story writes them: finding them in text and telling whether they lie after a session's opening.

Dates are read in the common formats: ISO `2026-11-16` (with an optional time), `16 November 2026`, `16 Nov 2026`,
`November 16, 2026`, and `16/11/2026` when unambiguous (a day above 12, or a weekday before it that fits one reading
only). A date without a time stands for its whole day: it lies after an opening only when its day is after the
opening's day.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from graders.normalise import MONTHS

WEEKDAYS = {
    name: n
    for n, names in enumerate(
        [
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thur", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        ]
    )
    for name in names
}
DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# Pattern pieces: a month name (bare, and as group `mon`), a weekday (group `wd`), a year (group `y`).
MONTH_NAME_RX = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?"
)
MONTH_RX = r"(?P<mon>" + MONTH_NAME_RX + r")\.?"
WEEKDAY_RX = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
YEAR_RX = r"(?P<y>(?:19|20)\d\d)"
_TIME_RX = r"(?:(?:T|\s+|,\s*|\s+at\s+)(?P<hh>[01]?\d|2[0-3]):(?P<mm>[0-5]\d)(?::[0-5]\d)?(?![\d:]))?"
DATE_PATTERNS = [
    re.compile(r"(?<![\d.-])" + YEAR_RX + r"-(?P<m>[01]\d)-(?P<d>[0-3]\d)(?!\d)" + _TIME_RX, re.I),
    re.compile(
        r"(?<![\d.])(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?" + MONTH_RX + r",?\s+" + YEAR_RX + r"\b" + _TIME_RX,
        re.I,
    ),
    re.compile(r"\b" + MONTH_RX + r"\s+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?(?!\d),?\s+" + YEAR_RX + r"\b" + _TIME_RX, re.I),
    re.compile(
        r"(?:\b" + WEEKDAY_RX + r"\.?,?\s+)?"  # a weekday that tells day/month from month/day
        r"(?<![\d/.])(?P<a>[0-3]?\d)/(?P<b>[01]?\d)/" + YEAR_RX + r"(?![\d/])" + _TIME_RX,
        re.I,
    ),
]


@dataclass(frozen=True)
class Stamp:
    """A date found in the story; `at` is its time of day when one was given."""

    day: date
    at: time | None
    raw: str

    def text(self) -> str:
        """The date as found, with its ISO form when that differs (`12 Nov 2026 (2026-11-12)`)."""
        iso = self.day.isoformat() + (f" {self.at:%H:%M}" if self.at is not None else "")
        return self.raw if self.raw.replace("T", " ").startswith(iso) else f"{self.raw} ({iso})"

    def after(self, opening: datetime) -> bool:
        """Whether it lies after `opening` (a date without a time: its day is after the opening's day)."""
        if self.at is None:
            return self.day > opening.date()
        return datetime.combine(self.day, self.at) > opening.replace(tzinfo=None)


@dataclass(frozen=True)
class Hit:
    """A date inside a text: where it starts and ends, and what it says."""

    start: int
    end: int
    stamp: Stamp


def _time(m: re.Match[str]) -> time | None:
    hh, mm = m.groupdict().get("hh"), m.groupdict().get("mm")
    return time(int(hh), int(mm)) if hh is not None and mm is not None else None


def _slash_date(m: re.Match[str]) -> date | None:
    a, b, y = int(m["a"]), int(m["b"]), int(m["y"])
    readings = []
    for day, month in ((a, b), (b, a)):
        try:
            readings.append(date(y, month, day))
        except ValueError:
            continue
    readings = list(dict.fromkeys(readings))
    if len(readings) > 1 and m["wd"]:
        readings = [d for d in readings if d.weekday() == WEEKDAYS[m["wd"].lower()]]
    return readings[0] if len(readings) == 1 else None


def find_dates(text: str) -> list[Hit]:
    """Every date in `text` in the common formats, in order, overlaps resolved to the longer match."""
    hits: list[Hit] = []
    for n, rx in enumerate(DATE_PATTERNS):
        for m in rx.finditer(text):
            try:
                if n == 3:
                    day = _slash_date(m)
                    if day is None:
                        continue
                else:
                    month = int(m["m"]) if n == 0 else MONTHS[m["mon"].lower().rstrip(".")]
                    day = date(int(m["y"]), month, int(m["d"]))
            except ValueError:
                continue
            hits.append(Hit(m.start(), m.end(), Stamp(day, _time(m), m.group(0).strip())))
    hits.sort(key=lambda h: (h.start, -(h.end - h.start)))
    out: list[Hit] = []
    for hit in hits:
        if not out or hit.start >= out[-1].end:
            out.append(hit)
    return out


def value_stamp(value: Any) -> Stamp | None:
    """The date a fixture value holds: a YAML date or datetime, or a string that is exactly an ISO date (with an
    optional time); None for anything else."""
    if isinstance(value, datetime):
        naive = value.replace(tzinfo=None)
        return Stamp(naive.date(), naive.time(), value.isoformat(sep=" ", timespec="minutes"))
    if isinstance(value, date):
        return Stamp(value, None, value.isoformat())
    if isinstance(value, str):
        m = DATE_PATTERNS[0].fullmatch(value.strip())
        if m is not None:
            try:
                return Stamp(date(int(m["y"]), int(m["m"]), int(m["d"])), _time(m), value.strip())
            except ValueError:
                return None
    return None


def opening_text(opening: datetime) -> str:
    """A session's opening as problems name it: `Tuesday 2026-11-10 09:00`."""
    return f"{DAY_NAMES[opening.weekday()]} {opening:%Y-%m-%d %H:%M}"
