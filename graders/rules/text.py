"""Rule kind `text`: patterns that must hold together inside one structural unit of normalised text.

The text is normalised first (graders/normalise.py: case, dashes, wraps, thousands separators, currency and
dates as ISO `yyyy-mm-dd`), so patterns are written against that form. All `patterns` must match inside the
same unit (`within`: sentence, item, row, cell, paragraph, section, line or file), so a match can never run
from one clause or row into the next. With `asserted` (the default) questions, conditionals and hedges do not
count. `forbid` patterns must not occur in the matching unit; `absent` passes when no unit matches at all (the
file must exist). A `row` of a document with tables is a table row, or a line of prose beside the tables unless a
table row about the rule's subject (its first pattern) holds a forbidden pattern.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from graders.rules.base import Outcome, RuleKind
from graders.rules.target import Read, TargetArgs, compile_all, documents, struck_units, units_in_context
from graders.units import Unit, negated, quotes_a_rule
from graders.view import EvidenceView


class Args(TargetArgs):
    """Arguments of text."""

    patterns: list[str] = Field(min_length=1, description="Regexes over normalised text, all in one unit.")
    within: Unit = Field(default="sentence", description="The unit every pattern must match inside.")
    forbid: list[str] = Field(
        default_factory=list, description="Regexes that must not occur in a unit for it to count as a match."
    )
    forbid_within: Literal["item", "unit"] = Field(
        default="item",
        description="Where `forbid` looks in a section, paragraph or file: the list items and paragraphs that hold a "
        "wanted pattern (item), or the whole unit (unit: nothing in the document may say it).",
    )
    asserted: bool = Field(default=True, description="Ignore questions, conditionals and hedged units.")
    absent: bool = Field(default=False, description="Pass when no unit matches (a thing that must not be said).")
    struck: bool = Field(
        default=False,
        description="Match the struck-through text (~~...~~, which otherwise is not text) of each unit instead: "
        "'clause 3.5 is struck out' holds when a unit's struck part matches every pattern.",
    )
    min_count: int = Field(default=1, ge=1, description="Units that must match.")
    nowhere: list[str] = Field(
        default_factory=list,
        description="Regexes of a state claim the sources contradict ('cleared', 'nothing outstanding'): besides the "
        "match, no asserted, non-negated unit of the target may hold one, in any sentence (so an item can say "
        "'states the blocker and claims nothing contrary anywhere', which a do-nothing agent fails).",
    )
    claims: bool = Field(
        default=False,
        description="With `absent`: only a claim counts, a unit asserted and not negated: a state the sources "
        "contradict ('KYC cleared, nothing outstanding') fails, 'not yet cleared' or 'if it clears' do not.",
    )
    context: bool = Field(
        default=True,
        description="Read each unit with what it sits under (its headings, the label line above its list, its table's "
        "header row): a pattern may match there, as long as one matches in the unit itself.",
    )


def check(args: Args, view: EvidenceView) -> Outcome:
    """Count the units where every pattern matches, in the unit or what it sits under (at least one in the unit
    itself), and no forbidden one does in the unit."""
    wanted = compile_all(args.patterns)
    banned = compile_all(args.forbid)
    if args.struck:
        pairs, note = struck_units(args, view, args.within)
        units = [Read(label, "", u, (u,)) for label, u in pairs]
    else:
        asserted = (args.asserted and not args.absent) or args.claims
        units, note = units_in_context(args, view, args.within, asserted)
        rows = [(read.label, read.text) for read in units]
        if args.within == "row" and not args.absent and not _row_contradicts(rows, wanted[0], banned):
            units, note = units_in_context(args, view, args.within, asserted, prose=True)
    if not (args.replies or args.sent) and not documents(args, view)[0]:
        return Outcome(False, note)
    if args.forbid_within == "unit":
        units = [read._replace(items=(read.text,)) for read in units]
    hits = [(read.label, read.text) for read in units if _holds(read, args.context, wanted, banned)]
    if args.absent:  # a note that quotes the rule it obeys does not say the forbidden thing
        hits = [(label, u) for label, u in hits if not quotes_a_rule(u, wanted)]
    if args.absent and args.claims:
        hits = [(label, u) for label, u in hits if not negated(u)]
    what = " & ".join(f"/{p}/" for p in args.patterns) + f" in one {args.within}"
    if args.absent:
        if hits:
            label, unit = hits[0]
            return Outcome(False, f"{note}: {what} occurs ({label}: {_clip(unit)!r}) but must not")
        return Outcome(True, f"{note}: {what} does not occur")
    contrary = None
    if args.nowhere:
        claimed_in = units if args.asserted and not args.struck else units_in_context(args, view, args.within, True)[0]
        contrary = _claimed(claimed_in, compile_all(args.nowhere))
    if len(hits) >= args.min_count and contrary is not None:
        label, unit = contrary
        return Outcome(False, f"{note}: {what}, but {label} claims what the sources contradict: {_clip(unit)!r}")
    if len(hits) >= args.min_count:
        label, unit = hits[0]
        return Outcome(True, f"{note}: {what} ({label}: {_clip(unit)!r})")
    return Outcome(False, f"{note}: {what} matches {len(hits)} unit(s), need {args.min_count}")


def _holds(read: Read, context: bool, wanted: list[re.Pattern[str]], banned: list[re.Pattern[str]]) -> bool:
    """Every pattern in the unit or (with `context`) what it sits under, one at least in the unit, and no forbidden
    pattern in the unit's items that make the claim: in a section, paragraph or file, `forbid` looks only at the list
    items and paragraphs holding a wanted pattern, so an older finding listed in another item does not count."""
    around = read.context if context else ""
    if not all(p.search(read.text) or p.search(around) for p in wanted) or not any(p.search(read.text) for p in wanted):
        return False
    scope = [part for part in read.items if any(p.search(part) for p in wanted)] or [read.text]
    return not any(b.search(part) for b in banned for part in scope)


def _claimed(units: list[Read], claims: list[re.Pattern[str]]) -> tuple[str, str] | None:
    """The first asserted, non-negated unit holding one of `claims`, with where it is."""
    return next(
        ((r.label, r.text) for r in units if any(c.search(r.text) for c in claims) and not negated(r.text)), None
    )


def _row_contradicts(rows: list[tuple[str, str]], subject: re.Pattern[str], banned: list[re.Pattern[str]]) -> bool:
    """Whether a table row about the rule's subject (its first pattern) holds a forbidden pattern. A row claim may
    otherwise sit in a line of prose beside the table ("Cold chain: RT kit, Tue or Thu only"); what the table itself
    says wrongly about its row is not mended by a note."""
    return any(subject.search(u) and any(b.search(u) for b in banned) for _, u in rows)


def _clip(text: str, width: int = 120) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


RULE = RuleKind("text", Args, check)
