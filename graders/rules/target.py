"""What a text rule reads: a session artifact, an exact path, or what the agent told the user."""

from __future__ import annotations

import re
from datetime import date
from typing import NamedTuple

from pydantic import Field, model_validator

from graders.locate import resolve
from graders.normalise import STRUCK, normalise, normalise_pattern
from graders.rules.base import RuleArgs
from graders.units import (
    Unit,
    hedged,
    items,
    sentences,
    split,
    split_in_context,
    under_heading,
    without_hedged_asides,
)
from graders.view import EvidenceView

_TEX_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


class TargetArgs(RuleArgs):
    """Where a text rule looks: exactly one of `artifact`, `path` or `replies`."""

    artifact: str | None = Field(default=None, description="Id of a session artifact (the file located by meaning).")
    path: str | None = Field(
        default=None,
        description="Exact workspace path: a file that exists when the session opens, or one whose path a cited "
        "workspace source states (validate checks).",
    )
    replies: bool = Field(
        default=False, description="Read what the agent told the user (its replies and `message` tool texts)."
    )
    sent: bool = Field(
        default=False,
        description="Read every text the agent sent outside files: its replies and `message` texts, and the text "
        "fields of app calls that succeeded (an e-mail's or SMS's subject and body, a task's, event's or expense's "
        "title and description).",
    )
    heading: str | None = Field(
        default=None, description="Only sections whose heading line matches this regex (case-insensitive)."
    )
    day_first: bool = Field(default=True, description="Read 05/11/2026 as 5 November (false: May 11).")

    @model_validator(mode="after")
    def _one_target(self) -> TargetArgs:
        given = [self.artifact is not None, self.path is not None, self.replies, self.sent]
        if sum(given) != 1:
            raise ValueError("give exactly one of 'artifact', 'path', 'replies: true' or 'sent: true'")
        return self


def documents(args: TargetArgs, view: EvidenceView) -> tuple[list[tuple[str, str]], str]:
    """(label, raw text) of every document the rule reads, and a note on where they came from (or why none)."""
    if args.replies or args.sent:
        docs = [(f"reply {n}", text) for n, text in enumerate(view.replies(), start=1)]
        if args.sent:
            docs += sent_texts(view)
        what = "the agent's replies" + (" and app texts" if args.sent else "")
        return docs, what if docs else "the agent sent nothing"
    located = resolve(view, args.artifact, args.path)
    if located.path is None:
        return [], located.detail
    text = view.read_text(located.path)
    if text is None:
        return [], f"{located.path} does not exist"
    return [(located.path, text)], located.detail


SENT_FIELDS = frozenset({"subject", "body", "content", "message", "text", "title", "description", "note", "notes"})
"""The arguments of an app call that carry text the agent wrote for someone (never ids, tokens or passwords)."""


def sent_texts(view: EvidenceView) -> list[tuple[str, str]]:
    """(label, text) of every text field of an app call that succeeded, in call order."""
    out = []
    for n, record in enumerate(view.tool_records, start=1):
        if "__" not in record.name or record.error is not None:
            continue
        fields = [str(v) for k, v in record.arguments.items() if k in SENT_FIELDS and isinstance(v, str) and v.strip()]
        if fields:
            out.append((f"{record.name} (call {n})", "\n\n".join(fields)))
    return out


def _prepared(args: TargetArgs, label: str, text: str) -> str:
    """One document's text as its units are cut from: LaTeX comments dropped, only the heading's sections when
    given."""
    if label.lower().endswith(".tex"):
        text = _TEX_COMMENT.sub("", text)
    return text if args.heading is None else under_heading(text, args.heading)


def units_of(args: TargetArgs, label: str, text: str, unit: Unit, prose: bool = False) -> list[str]:
    """The raw units of one document (LaTeX comments dropped), restricted to the heading's sections when given;
    `prose`: rows include the lines outside tables (`graders.units.split`)."""
    return split(_prepared(args, label, text), unit, csv=label.lower().endswith(".csv"), prose=prose)


def asserted_text(raw: str, unit: Unit, today: date | None, day_first: bool) -> str:
    """A normalised unit without its hedged sentences (a question, a conditional, a hedge) and hedged bracketed
    asides: the unit itself when it is a sentence, cell or row, empty when it is hedged."""
    if unit in ("sentence", "cell", "row", "line"):
        norm = without_hedged_asides(normalise(raw, today, day_first))
        return "" if hedged(norm) else norm
    kept = [without_hedged_asides(normalise(s, today, day_first)) for s in sentences(raw)]
    return " ".join(n for n in kept if n and not hedged(n))


class Read(NamedTuple):
    """One unit as a rule reads it."""

    label: str
    """Where it comes from (a path, 'reply 2', an app call)."""
    context: str
    """What it sits under, normalised: the nearest heading and label line of a list item, a row's header row."""
    text: str
    """The unit, normalised (hedged sentences dropped when asserted)."""
    items: tuple[str, ...]
    """For a section, paragraph or file, its list items and prose paragraphs, normalised; else the unit alone."""


_LARGE: frozenset[Unit] = frozenset({"section", "paragraph", "file"})


def units_in_context(
    args: TargetArgs, view: EvidenceView, unit: Unit, asserted: bool, prose: bool = False
) -> tuple[list[Read], str]:
    """Every unit of the rule's documents with the headings, list label or header row it sits under
    (graders.units.split_in_context); hedged sentences dropped from the unit when `asserted`."""
    docs, note = documents(args, view)
    out = []
    for label, text in docs:
        csv = label.lower().endswith(".csv")
        for context, raw in split_in_context(_prepared(args, label, text), unit, csv=csv, prose=prose):
            norm = (
                asserted_text(raw, unit, view.today, args.day_first)
                if asserted
                else normalise(raw, view.today, args.day_first)
            )
            if norm:
                parts = tuple(normalise(i, view.today, args.day_first) for i in items(raw)) if unit in _LARGE else ()
                out.append(Read(label, normalise(context, view.today, args.day_first), norm, parts or (norm,)))
    return out, note


def compile_all(patterns: list[str]) -> list[re.Pattern[str]]:
    """Compile regexes, normalised as the text they meet is (graders/normalise.py); ValueError names the bad one."""
    out = []
    for p in patterns:
        try:
            out.append(re.compile(normalise_pattern(p), re.IGNORECASE))
        except re.error as exc:
            raise ValueError(f"bad regex {p!r}: {exc}") from exc
    return out


def struck_units(args: TargetArgs, view: EvidenceView, unit: Unit) -> tuple[list[tuple[str, str]], str]:
    """(label, normalised struck-through text) per unit that has some: what the document deletes."""
    docs, note = documents(args, view)
    out = []
    for label, text in docs:
        for raw in units_of(args, label, text, unit):
            parts = [normalise(p, view.today, args.day_first) for p in STRUCK.findall(raw)]
            if any(parts):
                out.append((label, " ".join(p for p in parts if p)))
    return out, note
