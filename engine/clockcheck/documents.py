"""Workspace files dated after the session that first shows them: seed files are first shown by the first session,
a session's `workspace_additions` by that session. A file's date is

- a date in its file name (`2026-11-16_receipt.md`, `minutes_20261112.md`), unless the name says it is a plan
  (`agenda_2026-11-24.md`, `rota-...`); folder names are not read (a folder named after a meeting holds its agenda
  before the meeting);
- in a text file, a document date of one of its lines (a date field, a date after an event word, a heading's
  attribution; see `engine.clockcheck.lines`);
- in CSV/TSV files, the values of columns whose header names an event time (`date`, `timestamp`, `posted`,
  `paid_on`, `finished_at`, ...; not `due`, `deadline`, `planned`, `expected`, `next_review`, `start`, `end`; a bare
  `date` column of a timetable with `depart`/`arrive` columns is a plan); in Markdown tables only headers that name
  the event itself (`received`, `sent`, `date received`; a bare `date` column there is as often a schedule).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path

from engine.clockcheck.dates import YEAR_RX, Stamp, find_dates, opening_text
from engine.clockcheck.labels import DATE_ONLY, PLAN_NAMES, TIMETABLE_WORDS, is_event_label, label_words, window_ok
from engine.clockcheck.lines import Dated, line_dates
from engine.loader import PersonaBundle, Problem

# Dates in file names: ISO `2026-11-16` or compact `20261116`.
NAME_DATES = [
    re.compile(r"(?<!\d)" + YEAR_RX + r"-(?P<m>[01]\d)-(?P<d>[0-3]\d)(?!\d)"),
    re.compile(r"(?<!\d)" + YEAR_RX + r"(?P<m>[01]\d)(?P<d>[0-3]\d)(?!\d)"),
]
TEXT_LIMIT = 2_000_000


def name_dates(name: str) -> list[Stamp]:
    """Dates in a file's name: ISO `2026-11-16` or `20261116`; none when the name says the file is a plan for that
    day (`agenda_2026-11-24.md`, `rota-2026-12-01.md`)."""
    out: list[Stamp] = []
    if any(w in PLAN_NAMES for w in label_words(name)):
        return out
    for rx in NAME_DATES:
        for m in rx.finditer(name):
            try:
                out.append(Stamp(date(int(m["y"]), int(m["m"]), int(m["d"])), None, m.group(0)))
            except ValueError:
                continue
    return out


def _table_row(line: str) -> list[str] | None:
    text = line.strip()
    if not (text.startswith("|") and text.endswith("|") and len(text) > 1):
        return None
    return [c.strip() for c in text[1:-1].split("|")]


def markdown_table_dates(lines: list[str]) -> Iterator[tuple[int, str, Stamp]]:
    """(line number, column, date) for cells of Markdown tables under headers naming the event itself
    (`Received`, `Date sent`; a bare `Date` column is not read)."""
    columns: list[str] = []
    for n, line in enumerate(lines):
        cells = _table_row(line)
        if cells is None:
            columns = []
            continue
        if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
            continue
        if not columns:
            nxt = _table_row(lines[n + 1]) if n + 1 < len(lines) else None
            is_header = nxt is not None and all(re.fullmatch(r":?-{2,}:?", c) for c in nxt if c)
            columns = cells if is_header else ["" for _ in cells]
            if is_header:
                continue
        for header, cell in zip(columns, cells, strict=False):
            if header and is_event_label(header, bare_date=False):
                hits = find_dates(cell)
                if hits and window_ok(cell[: hits[0].start]):
                    yield n + 1, header, hits[0].stamp


def csv_dates(text: str, delimiter: str) -> Iterator[Dated]:
    """Dates in a CSV/TSV: values of event-time columns (comment lines before the header are read as text)."""
    lines = text.splitlines()
    skip = 0
    while skip < len(lines) and (lines[skip].startswith("#") or not lines[skip].strip()):
        yield from line_dates(lines[skip], skip + 1, heading=False)
        skip += 1
    reader = csv.reader(io.StringIO("\n".join(lines[skip:])), delimiter=delimiter)
    header = next(reader, None)
    if header is None:
        return
    words = {w for h in header for w in label_words(h)}
    timetable = bool(words & TIMETABLE_WORDS)
    event = [is_event_label(h, key=True) and not (timetable and set(label_words(h)) <= DATE_ONLY) for h in header]
    for row in reader:
        for col, cell in enumerate(row):
            if col < len(event) and event[col]:
                hits = find_dates(cell)
                if hits and window_ok(cell[: hits[0].start]):
                    where = f"line {skip + reader.line_num}, column {header[col].strip()!r}"
                    yield Dated(where, hits[0].stamp, f"in column {header[col].strip()!r}")


def document_dates(rel: str, data: bytes) -> list[Dated]:
    """The dates a workspace file gives for when it (or what it records) came into being: its name, and for a text
    file its date fields, event phrases, heading attributions and event-time table columns."""
    found = [Dated("file name", s, "in the file name") for s in name_dates(Path(rel).name)]
    if b"\0" in data[:4096] or len(data) > TEXT_LIMIT:
        return found
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return found
    suffix = Path(rel).suffix.lower()
    if suffix in (".csv", ".tsv"):
        found += csv_dates(text, "\t" if suffix == ".tsv" else ",")
        return _dedupe(found)
    lines = text.splitlines()
    first = next((n for n, line in enumerate(lines) if line.strip()), -1)
    for n, line in enumerate(lines):
        heading = n == first or bool(re.match(r"\s{0,3}#{1,6}\s", line))
        found += line_dates(line, n + 1, heading)
    found += [Dated(f"line {n}", s, f"in table column {col!r}") for n, col, s in markdown_table_dates(lines)]
    return _dedupe(found)


def _dedupe(found: list[Dated]) -> list[Dated]:
    seen: set[tuple[str, date]] = set()
    out: list[Dated] = []
    for item in found:
        key = (item.where.split(",")[0], item.stamp.day)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _file_problems(path: Path, rel: str, session: str, verb: str, opening: datetime) -> list[Problem]:
    try:
        data = path.read_bytes()
    except OSError:
        return []
    return [
        Problem(
            str(path),
            d.where,
            f"dated {d.stamp.text()} ({d.why}) but {rel} is {verb} {session}, which opens {opening_text(opening)}",
        )
        for d in document_dates(rel, data)
        if d.stamp.after(opening)
    ]


def workspace_problems(bundle: PersonaBundle, openings: dict[str, datetime]) -> list[Problem]:
    """Seed files dated after the first session opens; each session's additions dated after it opens."""
    if not bundle.sessions:
        return []
    out: list[Problem] = []
    first = bundle.sessions[0].id
    seed = bundle.data_root / bundle.episode.workspace_seed
    if seed.is_dir():
        for path in sorted(p for p in seed.rglob("*") if p.is_file()):
            rel = path.relative_to(seed).as_posix()
            out += _file_problems(path, rel, first, "in the seed, first shown by", openings[first])
    for spec in bundle.sessions:
        for add in spec.workspace_additions:
            path = bundle.data_root / add.source
            if path.is_file():
                out += _file_problems(path, add.dest, spec.id, "added by", openings[spec.id])
    return out
