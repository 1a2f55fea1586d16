"""Text normalisation for rules: what a reader ignores, a rule ignores too.

`normalise(text)` returns a canonical form that rule patterns are written against:

- Unicode NFKC, case-folded; `$\\pm$`, `\\pm` and `+/-` become `±`; the LaTeX escapes `\\%`, `\\&`, `\\$`,
  `\\_` become the plain characters; struck-through text (`~~…~~` within a paragraph) is removed; Markdown
  emphasis markers (`**`, `__`) and backticks are removed;
- every dash or hyphen variant (‐ ‑ ‒ – — ― −) is `-`; curly quotes are straight;
- every run of white space, line breaks included, is one space (so a hard-wrapped line reads as one);
- thousands separators are dropped (`1,234,567` → `1234567`; also a thin or no-break space between digit
  groups); a currency code before or after an amount becomes the symbol before it (`GBP 1,234.50`,
  `1234.50 GBP`, `£ 1,234.50` → `£1234.50`);
- dates in common formats become ISO `yyyy-mm-dd`: `2026-11-28`, `28/11/2026` (day first unless
  `day_first=False`), `28.11.2026`, `28 Nov 2026`, `28th of November 2026`, `November 28, 2026`,
  `Nov 28`, `28 November` (a year-less date takes the year that puts it between two months before `today`
  and ten months after; without `today` it is written `xxxx-mm-dd`).

Compound words are not merged: write `back-?up` where both spellings occur.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from functools import lru_cache

NORMALISED_CACHE = 256
CACHED_CHARS = 32_768
DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_DASH_TABLE = str.maketrans({**dict.fromkeys(DASHES, "-"), "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
STRUCK = re.compile(r"~~((?:(?!\n\s*\n).)+?)~~", re.DOTALL)
_EMPHASIS = re.compile(r"\*\*|__|`")
_SPACE = re.compile(r"\s+")
_PLUS_MINUS = re.compile(r"\$?\\pm\$?|\+/-|\+-(?=\s*\d)")
_TEX_ESCAPE = re.compile(r"\\([%&$#_])|\\,")
_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:[,\u202f\u00a0\u2009]\d{3})+(?![\d])")
_CODES = {"gbp": "£", "eur": "€", "usd": "$"}
_CODE_BEFORE = re.compile(r"\b(gbp|eur|usd)\s?(?=\d)")
_CODE_AFTER = re.compile(r"(\d+(?:\.\d+)?)\s?(gbp|eur|usd)\b")
_SYMBOL_SPACE = re.compile(r"([£€$])\s+(?=\d)")

PAST_WINDOW_DAYS = 61

MONTHS = {
    name: n
    for n, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<mon>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
_DATE_FORMS = [
    re.compile(r"\b(?P<year>\d{4})-(?P<mon>[01]?\d)-(?P<day>[0-3]?\d)\b"),
    re.compile(r"\b(?P<a>[0-3]?\d)[/.](?P<b>[01]?\d)[/.](?P<year>\d{4})\b"),
    re.compile(rf"\b{_DAY}(?: of)? {_MONTH}(?:,? {_YEAR})?\b"),
    re.compile(rf"\b{_MONTH} {_DAY}(?:,? {_YEAR})?\b"),
]


def _year_for(month: int, day: int, today: date | None) -> str:
    """The year that puts a year-less date in the window from two months before `today` to ten months after:
    documents mostly name coming dates ('back by 27 August' in November is next August)."""
    if today is None:
        return "xxxx"
    for year in (today.year - 1, today.year, today.year + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if -PAST_WINDOW_DAYS <= (candidate - today).days <= 365 - PAST_WINDOW_DAYS:
            return str(year)
    return "xxxx"


def _iso(match: re.Match[str], today: date | None, day_first: bool) -> str:
    parts = match.groupdict()
    if parts.get("a") is not None:
        first, second = int(parts["a"]), int(parts["b"])
        day, month = (first, second) if day_first else (second, first)
    else:
        day = int(parts["day"])
        mon = parts["mon"]
        month = int(mon) if mon.isdigit() else MONTHS[mon.rstrip(".")]
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return match.group(0)
    year = parts.get("year") or _year_for(month, day, today)
    return f"{year}-{month:02d}-{day:02d}"


_MONTHS_ALT = "|".join(sorted(MONTHS, key=len, reverse=True))
_RANGE = re.compile(
    rf"\b(?P<d1>[0-3]?\d)(?:st|nd|rd|th)? (?P<m1>{_MONTHS_ALT})\.?(?P<sep>\s*(?:-|to|until|till|through|and)\s*)"
    rf"(?P<d2>[0-3]?\d)(?:st|nd|rd|th)? (?P<m2>{_MONTHS_ALT})\.?,? (?P<year>\d{{4}})\b"
)


def _range_years(match: re.Match[str]) -> str:
    """A range whose end alone names the year ("1 July to 31 December 2026"): its start takes that year, or the one
    before when that would put the start after the end ("1 December to 31 January 2027")."""
    year = int(match["year"])
    start, end = (MONTHS[match["m1"]], int(match["d1"])), (MONTHS[match["m2"]], int(match["d2"]))
    first = year - 1 if start > end else year
    return f"{match['d1']} {match['m1']} {first}{match['sep']}{match['d2']} {match['m2']} {year}"


def normalise_dates(text: str, today: date | None = None, day_first: bool = True) -> str:
    """Replace every recognised date of an already case-folded text with its ISO form; the start of a range whose
    end alone names the year takes the end's year."""
    text = _RANGE.sub(_range_years, text)
    for form in _DATE_FORMS:
        text = form.sub(lambda m: _iso(m, today, day_first), text)
    return text


_MONTH_WORD = re.compile(r"\b(?:" + "|".join(MONTHS) + r")\b", re.IGNORECASE)
_PATTERN_GROUPED = re.compile(r"(?<![\d.,{\\])\d{1,3}(?:,\d{3})+(?![\d}])")


def normalise_pattern(pattern: str) -> str:
    """A rule's regex in the form of the text it is matched against: the literal parts that `normalise` rewrites
    (dashes and curly quotes, thousands separators, currency codes beside an amount, dates) rewritten the same way,
    so "EUR 12m a year" matches the text "€12m a year". Regex syntax is left alone (case: patterns are matched
    ignoring it)."""
    out = unicodedata.normalize("NFKC", pattern).translate(_DASH_TABLE)
    out = _PATTERN_GROUPED.sub(lambda m: m.group(0).replace(",", ""), out)
    out = re.sub(r"\b(gbp|eur|usd)\s?(?=\d)", lambda m: _CODES[m.group(1).lower()], out, flags=re.IGNORECASE)
    out = re.sub(
        r"(\d+(?:\.\d+)?)\s?(gbp|eur|usd)\b", lambda m: _CODES[m.group(2).lower()] + m.group(1), out, flags=re.I
    )
    out = _SYMBOL_SPACE.sub(r"\1", out)
    out = _MONTH_WORD.sub(lambda m: m.group(0).lower(), out)
    return normalise_dates(out)


def normalise(text: str, today: date | None = None, day_first: bool = True) -> str:
    """The canonical form rule patterns are matched against (see the module docstring). The forms of the last
    NORMALISED_CACHE texts up to CACHED_CHARS long are remembered: the rules user and the graders normalise the
    same files and replies at every turn."""
    if len(text) > CACHED_CHARS:
        return _normalise(text, today, day_first)
    return _remembered(text, today, day_first)


@lru_cache(maxsize=NORMALISED_CACHE)
def _remembered(text: str, today: date | None, day_first: bool) -> str:
    return _normalise(text, today, day_first)


def _normalise(text: str, today: date | None, day_first: bool) -> str:
    text = _GROUPED.sub(lambda m: re.sub(r"[,\u202f\u00a0\u2009]", "", m.group(0)), text)
    text = unicodedata.normalize("NFKC", text)
    text = STRUCK.sub(" ", text)
    text = _PLUS_MINUS.sub(" ± ", text)
    text = _TEX_ESCAPE.sub(lambda m: m.group(1) or "", text)
    text = _EMPHASIS.sub("", text).translate(_DASH_TABLE).casefold()
    text = _SPACE.sub(" ", text).strip()
    text = _CODE_BEFORE.sub(lambda m: _CODES[m.group(1)], text)
    text = _CODE_AFTER.sub(lambda m: _CODES[m.group(2)] + m.group(1), text)
    text = _SYMBOL_SPACE.sub(r"\1", text)
    return normalise_dates(text, today, day_first)
