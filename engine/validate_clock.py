"""Fixtures that agree with their story: `proact validate` compares the story's dates with the episode clock.

Every session opens at a definite time (engine.clock.session_openings). A fixture must not be dated after the
session that first shows it: seed workspace files are first shown by the first session, a session's
`workspace_additions` and trigger payload by that session, and the records of `apps/<app>.yaml` by the first session
whose toolsets include that app (the agent reaches an app only through its tools, so an email dated the day before
the first session with mail is no contradiction). Only dates that say when a document or record
*came into being or happened* count; a plan, a deadline, an agenda or a due date in the future is the story's
business and is never reported. A file's date is

- a date in its file name (`2026-11-16_receipt.md`, `minutes_20261112.md`), unless the name says it is a plan
  (`agenda_2026-11-24.md`, `rota-...`); folder names are not read (a folder named after a meeting holds its agenda
  before the meeting);
- the value of a document-date field: a label at the start of a line, a table cell or after a wide gap
  (`Date:`, `Sent:`, `Received:`, `Last updated:`, `Checked by:`, front-matter `date:`, JSON `"created_at":`;
  see `is_event_label`), unless the text before the date speaks of a plan or a deadline;
- a date right after a word that records an event (`dated`, `received`, `signed`, `copied ... on`,
  `collected by X, 3 November 2026`, ...), unless the word is itself in the future or conditional (`will be sent
  on`, `to be signed`) or the date follows `by`, `before`, `until`, `from`, `to`, ... (a deadline or a range);
- an attribution in a heading (`# Draft finding (Aino Lehtinen, 2026-11-12)`): a date right after a name and a
  comma that closes the heading or its parenthesis;
- in CSV/TSV files, the values of columns whose header names an event time (`date`, `timestamp`, `posted`,
  `paid_on`, `finished_at`, ...; not `due`, `deadline`, `planned`, `expected`, `next_review`, `start`, `end`; a bare
  `date` column of a timetable with `depart`/`arrive` columns is a plan); in Markdown tables only headers that name
  the event itself (`received`, `sent`, `date received`; a bare `date` column there is as often a schedule).

Dates are read in the common formats: ISO `2026-11-16` (with an optional time), `16 November 2026`, `16 Nov 2026`,
`November 16, 2026`, `16/11/2026` when unambiguous (a day above 12, or a weekday before it that fits one reading
only), and `20261116` in file names. A date without a time stands for its whole day: it is reported only when its
day is after the opening's day. Imported personas (episode `imported_from`) get warnings, not errors. App fixture
records and trigger payloads are read by key the same way
(`at`, `created_at`, `sent_at`, `received_at`, `finished_at`, `date`, ...; not `due_date`, `scheduled_send_at`,
`valid_until`, `release_date`, `birthday`).

A session's request, trigger payload text and hidden intents are read for what they say about the session's own
day: `today (Monday)`, `tomorrow, Thursday 12 November`, `yesterday (5 Nov)`, `it's Friday`, a greeting that does
not fit the hour (`Good morning` at 15:00), and a weekday named with a date that falls on another weekday
(`Wednesday 18 November` in a year where the 18th is a Thursday). A bare weekday (`on Friday`, `this Friday`) refers
to another day and is never reported. Deadlines phrased in the past or the future (`the deadline passed`) are not
checked: telling them from reported speech and plans is beyond a pattern.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import yaml

from engine.clock import session_openings
from engine.loader import PersonaBundle, Problem
from engine.schema.session import SessionSpec
from engine.yaml_io import safe_load

FIXTURES_DIR = "apps"
CLOCK_FIXTURE = "clock"

MONTHS = {
    name: n
    for n, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}
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

_MONTH_NAMES = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?"
)
_MON = r"(?P<mon>" + _MONTH_NAMES + r")\.?"
_WD = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
_YEAR = r"(?P<y>(?:19|20)\d\d)"
_TIME = r"(?:(?:T|\s+|,\s*|\s+at\s+)(?P<hh>[01]?\d|2[0-3]):(?P<mm>[0-5]\d)(?::[0-5]\d)?(?![\d:]))?"
DATE_PATTERNS = [
    re.compile(r"(?<![\d.-])" + _YEAR + r"-(?P<m>[01]\d)-(?P<d>[0-3]\d)(?!\d)" + _TIME, re.I),
    re.compile(
        r"(?<![\d.])(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r",?\s+" + _YEAR + r"\b" + _TIME, re.I
    ),
    re.compile(r"\b" + _MON + r"\s+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?(?!\d),?\s+" + _YEAR + r"\b" + _TIME, re.I),
    re.compile(
        r"(?:\b" + _WD + r"\.?,?\s+)?(?<![\d/.])(?P<a>[0-3]?\d)/(?P<b>[01]?\d)/" + _YEAR + r"(?![\d/])" + _TIME, re.I
    ),
]
NAME_DATES = [
    re.compile(r"(?<!\d)" + _YEAR + r"-(?P<m>[01]\d)-(?P<d>[0-3]\d)(?!\d)"),
    re.compile(r"(?<!\d)" + _YEAR + r"(?P<m>[01]\d)(?P<d>[0-3]\d)(?!\d)"),
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Label words: a label names an event time when it holds one of EVENT_WORDS and none of PLAN_WORDS.
EVENT_WORDS = _words(
    "date dated datetime timestamp ts time at on sent received posted booked created updated modified submitted "
    "issued signed raised recorded logged paid finished completed scanned scan copied exported downloaded retrieved "
    "generated prepared written checked approved filed transaction registered joined added taken collected printed "
    "accepted delivered answered replied reviewed captured saved served closed opened last"
)
PLAN_WORDS = _words(
    "due deadline deadlines plan planned planning expected expect expects scheduled schedule target targets next "
    "review reviews expiry expires expiring expiration valid until till start starts starting end ends ending from "
    "to depart departs departure arrive arrives arrival renewal renew renews effective maturity matures birthday "
    "birth dob release golive live delivery snoozed snooze remind reminder follow followup meeting hearing event "
    "launch decision notification trip travel return period window before after upcoming future appointment exam "
    "interview session class slot when eta estimated forecast closing open opens available availability embargo "
    "cutoff holiday leave visit viewing trial go day days"
)
# Words of a file name that make its date the day of a plan (an agenda is written before its meeting).
PLAN_NAMES = _words(
    "agenda agendas plan plans planning schedule rota programme program itinerary invitation invite forecast timetable "
    "prep preparation briefing preview upcoming"
)
# Event words that count only in a key (`created_at`, `paid_on`, `last_validation`), not in a prose label.
WEAK_EVENTS = _words("at on time closed opened last")
# A bare date column (or key) is a plan in a timetable: the table also has departure/arrival columns.
TIMETABLE_WORDS = _words("depart departs departure arrive arrives arrival")
DATE_ONLY = frozenset({"date", "datetime", "time", "at", "on", "timestamp", "ts"})

# An event word followed by the date it happened ("received 2026-11-06", "copied from the portal on ...").
INLINE_RX = re.compile(
    r"\b(?P<kw>dated|sent|received|submitted|issued|signed|created|updated|copied|exported|downloaded|retrieved|"
    r"generated|collected|compiled|recorded|logged|posted|paid|written|prepared|printed|saved|captured|scanned|"
    r"filed|approved|taken|pulled|scraped|published|accepted|answered|emailed|reviewed)\b",
    re.I,
)
# The word before an event word that puts the event in the future or makes it conditional.
NOT_YET = _words(
    "be being will shall to once when until unless if yet awaiting await not get gets getting would should must "
    "can could may might"
)
# Words earlier in the clause that put an event word in the future ("we will give you a written update on ...").
FUTURE = _words("will shall going ll")
# Words between an event word (or a label) and a date that make the date a plan's or another event's.
WINDOW_STOP = _words(
    "due deadline deadlines expected expect planned plan scheduled schedule next until till before after will "
    "shall must should would for meeting hearing conference launch valid effective starting starts upcoming cutoff "
    "reminder review renewal decision decided notification notifications outcome result results verdict"
)
# A date right after one of these is a deadline or one end of a range.
DEADLINE_BEFORE = re.compile(
    r"(?:\b(?:by|before|until|till|from|to|through|thru|after|due|between|and|or|next|every|than|since|on or before)"
    r"(?:\s+" + _WD + r"\b\.?,?)?|[-–—])[\s*_(]*$",
    re.I,
)
LABEL_RX = re.compile(
    r"""(?:^|[|;{,]|\s{2,})[\s>*#+-]*[*_]*["']?(?P<label>[A-Za-z](?:[A-Za-z0-9 _/-]{0,40}?[A-Za-z)])?)["']?[*_]*"""
    r"""\s*:(?!//)""",
)
SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]]{2})\.(?:\s|$)|;|\n")
HEADING_NAME_DATE = re.compile(r"(?P<name>\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}),\s*$")
HEADING_STOP = (
    _words(
        "committee meeting board forum club group day night launch conference hearing review session workshop agenda "
        "deadline call lunch dinner party event trip visit week plan schedule due class seminar trial exam interview "
        "appointment race run match release sprint rota shift reading for next upcoming"
    )
    | frozenset(WEEKDAYS)
    | frozenset(MONTHS)
)
TEXT_LIMIT = 2_000_000


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


@dataclass(frozen=True)
class Dated:
    """A document date found in a file: where (a field such as 'line 3') and why it counts."""

    where: str
    stamp: Stamp
    why: str


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


def label_words(label: str) -> list[str]:
    """The lower-case words of a label, a column header or a key (`paid_on`, `createdAt`, `Date of payment`)."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", label)
    return [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]


def is_event_label(label: str, bare_date: bool = True, key: bool = False) -> bool:
    """Whether a label, header or key names when something came into being or happened (`Date`, `Sent`,
    `Last updated`, `As of`, `created_at`, `paid_on`), not a plan (`Due date`, `Next review`, `valid_until`,
    `Last date for claims`). With `bare_date` false, a label that is only `date`/`time`/`at` does not count (Markdown
    tables, where a bare date column is as often a schedule). Weak words (`at`, `on`, `time`, `closed`, `last`) count
    only in a key (`key`, or a lower-case label without spaces such as `created_at`): in prose, "At about" or
    "Closed: 24 December" is no record of an event."""
    words = label_words(label)
    if not words or len(words) > 5 or any(w in PLAN_WORDS for w in words):
        return False
    pairs = set(itertools.pairwise(words))
    if ("as", "of") in pairs or ("as", "at") in pairs:
        return True
    rest = set(words)
    if not bare_date and rest <= DATE_ONLY:
        return False
    if "last" in rest and rest & {"date", "day"} and not rest & (EVENT_WORDS - WEAK_EVENTS - DATE_ONLY):
        return False  # "Last date for claims": a deadline
    if any(w in EVENT_WORDS and w not in WEAK_EVENTS for w in words):
        return True
    identifier = key or (label == label.lower() and not re.search(r"\s", label.strip()))
    return identifier and any(w in WEAK_EVENTS for w in words)


def _window_ok(window: str) -> bool:
    """The text between an event word (or a label) and a date holds no plan word and ends in no deadline
    preposition."""
    if DEADLINE_BEFORE.search(window):
        return False
    return not any(w in WINDOW_STOP for w in label_words(window))


def _sentence(text: str, start: int) -> str:
    end = SENTENCE_END.search(text, start)
    return text[start : end.start() if end else len(text)]


def label_dates(line: str) -> Iterator[tuple[str, Hit]]:
    """(label, date) for each document-date field of a line: `Date: 16 November 2026`, `Checked by: E. Marsh,
    2 Dec 2026`, `"created_at": "2026-11-12T10:00"`."""
    labels = list(LABEL_RX.finditer(line))
    for n, m in enumerate(labels):
        label = m["label"].strip()
        if len(label.split()) > 4 or not is_event_label(label):
            continue
        stop = labels[n + 1].start() if n + 1 < len(labels) else len(line)
        value = _sentence(line[:stop], m.end())
        for hit in find_dates(value):
            if _window_ok(value[: hit.start]):
                yield label, Hit(m.end() + hit.start, m.end() + hit.end, hit.stamp)
            break


def inline_dates(text: str) -> Iterator[tuple[str, Hit]]:
    """(event word, date) where a date follows a word recording an event: `received 2026-11-06`,
    `copied from the portal on 2026-11-12 08:10`, `collected by O. Baptiste, 3 November 2026`."""
    for m in INLINE_RX.finditer(text):
        before = label_words(re.split(r"[.;:!?\n]", text[max(0, m.start() - 60) : m.start()])[-1])
        if (before and before[-1] in NOT_YET) or any(w in FUTURE for w in before[-6:]):
            continue
        window = _sentence(text, m.end())[:90]
        hits = find_dates(window)
        if not hits or ":" in window[: hits[0].start]:
            continue
        hit = hits[0]
        if _window_ok(window[: hit.start]):
            yield m["kw"], Hit(m.end() + hit.start, m.end() + hit.end, hit.stamp)


def heading_dates(line: str) -> Iterator[Hit]:
    """Dates that attribute a heading: `# Draft finding (draft, Aino Lehtinen, 2026-11-12)`, a name and a comma
    before the date, which closes the heading or its parenthesis (or is followed by a time)."""
    for hit in find_dates(line):
        rest = line[hit.end :].lstrip(" *_")
        if not (rest == "" or rest.startswith(")") or (hit.stamp.at is None and re.match(r",\s*\d{1,2}:\d{2}", rest))):
            continue
        head = line[: hit.start]
        m = HEADING_NAME_DATE.search(head)
        if m is None or any(w in HEADING_STOP for w in label_words(m["name"])):
            continue
        if any(w in PLAN_NAMES for w in label_words(line)):
            continue  # "# Committee agenda (Paula Wendt, 2026-11-24)": the meeting's day
        if rest.startswith(")"):
            head = head[head.rfind("(") + 1 :]  # the parenthesis the date closes is the attribution
        if any(w in WINDOW_STOP for w in label_words(head)):
            continue
        yield hit


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
                if hits and _window_ok(cell[: hits[0].start]):
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
                if hits and _window_ok(cell[: hits[0].start]):
                    where = f"line {skip + reader.line_num}, column {header[col].strip()!r}"
                    yield Dated(where, hits[0].stamp, f"in column {header[col].strip()!r}")


def line_dates(line: str, number: int, heading: bool) -> Iterator[Dated]:
    """Document dates of one text line: fields, event words, and (for a heading) its attribution."""
    for label, hit in label_dates(line):
        yield Dated(f"line {number}", hit.stamp, f"in the field {label!r}")
    for word, hit in inline_dates(line):
        yield Dated(f"line {number}", hit.stamp, f"after {word!r}")
    if heading:
        for hit in heading_dates(line):
            yield Dated(f"line {number}", hit.stamp, "in the heading's attribution")


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


def _opening_text(opening: datetime) -> str:
    return f"{DAY_NAMES[opening.weekday()]} {opening:%Y-%m-%d %H:%M}"


def _file_problems(path: Path, rel: str, session: str, verb: str, opening: datetime) -> list[Problem]:
    try:
        data = path.read_bytes()
    except OSError:
        return []
    return [
        Problem(
            str(path),
            d.where,
            f"dated {d.stamp.text()} ({d.why}) but {rel} is {verb} {session}, which opens {_opening_text(opening)}",
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


def _as_stamp(value: Any) -> Stamp | None:
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


def walk(data: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    """(dotted path, key, leaf value) for every leaf of nested dicts and lists (a list item's key is its list's)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk_item(value, f"{path}.{key}" if path else str(key), str(key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _walk_item(value, f"{path}[{n}]", path.rsplit(".", 1)[-1])


def _walk_item(value: Any, path: str, key: str) -> Iterator[tuple[str, str, Any]]:
    if isinstance(value, dict | list):
        yield from walk(value, path)
    else:
        yield path, key, value


def record_problems(data: Any, file: str, prefix: str, what: str, opening: datetime) -> list[Problem]:
    """Event-time fields (and document dates inside text fields) of app records or a trigger payload that lie
    after `opening`."""
    out: list[Problem] = []
    for path, key, value in walk(data, prefix):
        stamp = _as_stamp(value) if is_event_label(re.sub(r"\[\d+\]$", "", key), key=True) else None
        if stamp is not None and stamp.after(opening):
            out.append(Problem(file, path, f"dated {stamp.text()} but {what}, which opens {_opening_text(opening)}"))
        elif isinstance(value, str) and stamp is None:
            for number, line in enumerate(value.splitlines(), 1):
                for d in line_dates(line, number, heading=False):
                    if d.stamp.after(opening):
                        out.append(
                            Problem(
                                file,
                                path,
                                f"dated {d.stamp.text()} ({d.why}, {d.where} of the text) but {what}, which opens "
                                f"{_opening_text(opening)}",
                            )
                        )
    return out


def app_problems(bundle: PersonaBundle, openings: dict[str, datetime]) -> list[Problem]:
    """App fixture records (`apps/<app>.yaml`, not clock.yaml) dated after the first session that shows them: the
    first session whose toolsets include the app (the agent reaches an app only through its tools; an app no session
    enables is never shown)."""
    folder = bundle.root / FIXTURES_DIR
    if not folder.is_dir():
        return []
    out: list[Problem] = []
    for path in sorted(folder.glob("*.yaml")):
        if path.stem == CLOCK_FIXTURE:
            continue
        first = next((s.id for s in bundle.sessions if path.stem in s.toolsets), None)
        if first is None:
            continue
        try:
            data = safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue  # check_apps reports it
        what = f"the {path.stem} app is first shown by {first} (the first session with its toolset)"
        out += record_problems(data, str(path), "", what, openings[first])
    return out


# --- what a session's text says about its own day ------------------------------------------------------------------

_DAYSPEC = (
    r"(?:(?:the\s+)?(?P<d>[0-3]?\d)(?P<ord>st|nd|rd|th)?(?!\d)(?:\s+(?:of\s+)?" + _MON + r")?(?:,?\s+" + _YEAR + r")?"
    r"|(?P<mon2>" + _MONTH_NAMES + r")\.?\s+(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?(?!\d)(?:,?\s+(?P<y2>(?:19|20)\d\d))?"
    r"|(?P<iy>(?:19|20)\d\d)-(?P<im>[01]\d)-(?P<id>[0-3]\d))"
)
RELATIVE_RX = re.compile(
    r"\b(?P<rel>today|tomorrow|yesterday)\b(?:\s*(?:\(|,|:|-|–|—|\bis\b|\bwas\b|'s\b|’s\b)\s*)+"
    r"(?:" + _WD + r"\b\.?,?\s*)?(?:" + _DAYSPEC + r")?",
    re.I,
)
IT_IS_RX = re.compile(r"\b(?:it's|it’s|it is)\s+(?:a\s+)?" + _WD + r"\b(?!['’]s)", re.I)
WEEKDAY_DATE_RX = re.compile(r"\b" + _WD + r"\b\.?,?\s+" + _DAYSPEC, re.I)
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
    day_of = _opening_text(opening)
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


def check_clock(bundle: PersonaBundle) -> list[Problem]:
    """Clock contradictions of a persona: workspace files, app fixture records and trigger payloads dated after the
    session that first shows them, and session texts whose day disagrees with the session's clock. Errors; warnings
    for an imported persona (episode `imported_from`), whose data is kept as its source wrote it."""
    if not bundle.sessions:
        return []
    openings = session_openings(bundle)
    found = workspace_problems(bundle, openings) + app_problems(bundle, openings) + session_problems(bundle, openings)
    if bundle.episode.imported_from is None:
        return found
    return [Problem(p.file, p.field, f"{p.message} (imported as is)", "warning") for p in found]
