"""The words that tell an event's date from a plan's: which labels, column headers and keys name when something came
into being or happened (`Date:`, `Sent:`, `Last updated:`, `created_at`, `paid_on`), and which words between a label
and its date, or in a file name, make the date a plan's, a deadline's or one end of a range.
"""

from __future__ import annotations

import itertools
import re

from engine.clockcheck.dates import WEEKDAY_RX


def words(text: str) -> frozenset[str]:
    """The set of the space-separated words of `text` (a vocabulary written as one string)."""
    return frozenset(text.split())


# Label words: a label names an event time when it holds one of EVENT_WORDS and none of PLAN_WORDS.
EVENT_WORDS = words(
    "date dated datetime timestamp ts time at on sent received posted booked created updated modified submitted "
    "issued signed raised recorded logged paid finished completed scanned scan copied exported downloaded retrieved "
    "generated prepared written checked approved filed transaction registered joined added taken collected printed "
    "accepted delivered answered replied reviewed captured saved served closed opened last"
)
PLAN_WORDS = words(
    "due deadline deadlines plan planned planning expected expect expects scheduled schedule target targets next "
    "review reviews expiry expires expiring expiration valid until till start starts starting end ends ending from "
    "to depart departs departure arrive arrives arrival renewal renew renews effective maturity matures birthday "
    "birth dob release golive live delivery snoozed snooze remind reminder follow followup meeting hearing event "
    "launch decision notification trip travel return period window before after upcoming future appointment exam "
    "interview session class slot when eta estimated forecast closing open opens available availability embargo "
    "cutoff holiday leave visit viewing trial go day days"
)
# Words of a file name that make its date the day of a plan (an agenda is written before its meeting).
PLAN_NAMES = words(
    "agenda agendas plan plans planning schedule rota programme program itinerary invitation invite forecast timetable "
    "prep preparation briefing preview upcoming"
)
# Event words that count only in a key (`created_at`, `paid_on`, `last_validation`), not in a prose label.
WEAK_EVENTS = words("at on time closed opened last")
# A bare date column (or key) is a plan in a timetable: the table also has departure/arrival columns.
TIMETABLE_WORDS = words("depart departs departure arrive arrives arrival")
DATE_ONLY = frozenset({"date", "datetime", "time", "at", "on", "timestamp", "ts"})
# Words between an event word (or a label) and a date that make the date a plan's or another event's.
WINDOW_STOP = words(
    "due deadline deadlines expected expect planned plan scheduled schedule next until till before after will "
    "shall must should would for meeting hearing conference launch valid effective starting starts upcoming cutoff "
    "reminder review renewal decision decided notification notifications outcome result results verdict"
)
# A date right after one of these is a deadline or one end of a range.
DEADLINE_BEFORE = re.compile(
    r"(?:\b(?:by|before|until|till|from|to|through|thru|after|due|between|and|or|next|every|than|since|on or before)"
    r"(?:\s+" + WEEKDAY_RX + r"\b\.?,?)?|[-–—])[\s*_(]*$",
    re.I,
)


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


def window_ok(window: str) -> bool:
    """The text between an event word (or a label) and a date holds no plan word and ends in no deadline
    preposition."""
    if DEADLINE_BEFORE.search(window):
        return False
    return not any(w in WINDOW_STOP for w in label_words(window))
