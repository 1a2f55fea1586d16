"""Document dates in one line of text: the dates a line gives for when a document, or what it records, came into
being or happened. A plan, a deadline, an agenda or a due date in the future is the story's business and is never
read. A line's document dates are

- the value of a document-date field: a label at the start of a line, a table cell or after a wide gap
  (`Date:`, `Sent:`, `Received:`, `Last updated:`, `Checked by:`, front-matter `date:`, JSON `"created_at":`;
  see `is_event_label`), unless the text before the date speaks of a plan or a deadline;
- a date right after a word that records an event (`dated`, `received`, `signed`, `copied ... on`,
  `collected by X, 3 November 2026`, ...), unless the word is itself in the future or conditional (`will be sent
  on`, `to be signed`) or the date follows `by`, `before`, `until`, `from`, `to`, ... (a deadline or a range);
- in a heading, an attribution (`# Draft finding (Aino Lehtinen, 2026-11-12)`): a date right after a name and a
  comma that closes the heading or its parenthesis.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from engine.clockcheck.dates import WEEKDAYS, Hit, Stamp, find_dates
from engine.clockcheck.labels import PLAN_NAMES, WINDOW_STOP, is_event_label, label_words, window_ok, words
from graders.normalise import MONTHS

LABEL_RX = re.compile(
    r"""(?:^|[|;{,]|\s{2,})[\s>*#+-]*[*_]*["']?(?P<label>[A-Za-z](?:[A-Za-z0-9 _/-]{0,40}?[A-Za-z)])?)["']?[*_]*"""
    r"""\s*:(?!//)""",
)
SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]]{2})\.(?:\s|$)|;|\n")
# An event word followed by the date it happened ("received 2026-11-06", "copied from the portal on ...").
INLINE_RX = re.compile(
    r"\b(?P<kw>dated|sent|received|submitted|issued|signed|created|updated|copied|exported|downloaded|retrieved|"
    r"generated|collected|compiled|recorded|logged|posted|paid|written|prepared|printed|saved|captured|scanned|"
    r"filed|approved|taken|pulled|scraped|published|accepted|answered|emailed|reviewed)\b",
    re.I,
)
# The word before an event word that puts the event in the future or makes it conditional.
NOT_YET = words(
    "be being will shall to once when until unless if yet awaiting await not get gets getting would should must "
    "can could may might"
)
# Words earlier in the clause that put an event word in the future ("we will give you a written update on ...").
FUTURE = words("will shall going ll")
HEADING_NAME_DATE = re.compile(r"(?P<name>\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}),\s*$")
# Words of the name before a heading's date that make it an event's or a plan's name, not a person's.
HEADING_STOP = (
    words(
        "committee meeting board forum club group day night launch conference hearing review session workshop agenda "
        "deadline call lunch dinner party event trip visit week plan schedule due class seminar trial exam interview "
        "appointment race run match release sprint rota shift reading for next upcoming"
    )
    | frozenset(WEEKDAYS)
    | frozenset(MONTHS)
)


@dataclass(frozen=True)
class Dated:
    """A document date found in a file: where (a field such as 'line 3') and why it counts."""

    where: str
    stamp: Stamp
    why: str


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
            if window_ok(value[: hit.start]):
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
        if window_ok(window[: hit.start]):
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


def line_dates(line: str, number: int, heading: bool) -> Iterator[Dated]:
    """Document dates of one text line: fields, event words, and (for a heading) its attribution."""
    for label, hit in label_dates(line):
        yield Dated(f"line {number}", hit.stamp, f"in the field {label!r}")
    for word, hit in inline_dates(line):
        yield Dated(f"line {number}", hit.stamp, f"after {word!r}")
    if heading:
        for hit in heading_dates(line):
            yield Dated(f"line {number}", hit.stamp, "in the heading's attribution")
