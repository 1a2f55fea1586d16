"""Rule kind `fact`: a key fact stated where it is asserted, and not contradicted there.

A unit (default: sentence) *states the fact* when it matches every `anchor` regex, holds the expected value
and is not a question, conditional or hedge. The rule passes when some unit states the fact and — with
`conflicts` (the default) — no other asserted, non-negated anchor unit gives a different value of the same
type without the expected one. So "the balance is £900" fails a £1,234.50 balance even when a hedge note
says "if it went out, the balance would be £1,234.50".

Values are read from normalised text (graders/normalise.py): `amount` is a number after £, € or $ (not a
rate such as '£8.12 a day');
`number` any number that is not part of a date, an identifier such as `abl-013` or `hp-2417`, a reference to a
part of a document (section 4, clause 7.2, table 3), or a setting
such as `k=5` (only numbers with the expected value's decimal places can contradict it); `date` an ISO date
(every common format is normalised to it); `text` a regex (no conflict check). In a unit larger than a
sentence, hedged sentences are dropped and the rest counts.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

from pydantic import Field

from graders.rules.base import Outcome, RuleKind
from graders.rules.target import TargetArgs, compile_all, units_in_context
from graders.units import Unit, negated
from graders.view import EvidenceView

_ISO = re.compile(r"\b(?:\d{4}|xxxx)-\d{2}-\d{2}\b")
_AMOUNT = re.compile(r"[£€$]\s?(-?\d+(?:\.\d+)?)")
_NUMBER = re.compile(r"(?<![\w.\-/])-?\d+(?:\.\d+)?(?![\w]|\.\d)")
_SETTING = re.compile(r"[A-Za-z_]=\s?$")
_LABEL = re.compile(
    r"\b(section|sections|sec|clause|clauses|para|paragraph|paragraphs|article|art|item|items|table|tables|figure|fig|"
    r"page|pages|p|pp|no|annex|appendix|chapter|rule|eq|equation)\.?\s?$"
)
_RATE = re.compile(r"\s*(a|an|per|/|each)\s*(day|week|month|year|annum|hour)\b|\s*daily\b")


class Args(TargetArgs):
    """Arguments of fact."""

    anchor: list[str] = Field(min_length=1, description="Regexes naming what the fact is about, all in the unit.")
    value: str | float = Field(description="The expected value: a number, an ISO date, or a regex for `text`.")
    type: Literal["amount", "number", "date", "text"] = Field(description="How values are read and compared.")
    tolerance: float = Field(default=0.005, ge=0, description="Absolute tolerance for amounts and numbers.")
    within: Unit = Field(default="sentence", description="The unit that must assert the fact.")
    conflicts: bool = Field(default=True, description="Fail when an asserted anchor unit gives only another value.")
    rate: bool = Field(
        default=False,
        description="The fact is itself a rate ('£8.12 a day'); otherwise amounts followed by 'a day', 'per "
        "month'... are rates and neither state nor contradict it.",
    )
    context: bool = Field(
        default=True,
        description="An anchor may be named by what the unit sits under (the nearest heading and label line of a list "
        "item, a table row's header row); the value is read from the unit itself, and only a unit naming every anchor "
        "itself can contradict it.",
    )
    exclude: list[str] = Field(
        default_factory=list,
        description="Regexes of units that neither state nor contradict the fact (a breakdown line, an "
        "intermediate figure such as 'balance after the credit note').",
    )


def values(unit: str, kind: str, rates: bool = True) -> list[str]:
    """The values of a kind in a normalised unit, as strings (a number after a name and '=' such as `k=5` or
    `seed= 42` is a setting, while the result of a worked calculation, `crcl = 140 x 64 / 72 = 64.6`, is a value;
    without `rates`, an amount followed by 'a day', 'per month'... is a rate, not a value)."""
    if kind == "date":
        return _ISO.findall(unit)
    if kind == "amount":
        return [m.group(1) for m in _AMOUNT.finditer(unit) if rates or not _RATE.match(unit, m.end())]
    text = _ISO.sub(" ", unit)
    return [m.group(0) for m in _NUMBER.finditer(text) if not _labels(text, m.start())]


def _labels(text: str, start: int) -> bool:
    """Whether the number at `start` names a place rather than counts something: a setting (`k=5`) or a reference to
    a part of a document (section 4, clause 7.2, table 3, p. 12)."""
    return bool(_SETTING.search(text[max(0, start - 3) : start]) or _LABEL.search(text[max(0, start - 12) : start]))


def _decimals(value: str | float) -> int:
    number = float(value)
    if number.is_integer():
        return 0
    return len(repr(number).split(".")[1]) if isinstance(value, float) else len(str(value).split(".")[-1])


def _competes(found: str, args: Args) -> bool:
    """A number of the expected value's shape (same decimal places) can contradict it; amounts always can."""
    return args.type != "number" or _decimals(found) == _decimals(args.value)


def _same(found: str, args: Args) -> bool:
    if args.type == "date":
        return found == str(args.value)
    try:
        return abs(float(found) - float(args.value)) <= args.tolerance
    except ValueError:
        return False


def check(args: Args, view: EvidenceView) -> Outcome:
    """Find a unit stating the fact; with `conflicts`, find none asserting another value."""
    anchors = compile_all(args.anchor)
    excluded = compile_all(args.exclude)
    if args.type == "date":
        date.fromisoformat(str(args.value))
    expected = compile_all([str(args.value)])[0] if args.type == "text" else None
    units, note = units_in_context(args, view, args.within, asserted=True)
    stating, contra = None, None
    for label, context, unit, _ in units:
        own = all(a.search(unit) for a in anchors)
        read = own or (args.context and all(a.search(unit) or a.search(context) for a in anchors))
        if not read or any(x.search(unit) for x in excluded):
            continue
        if expected is not None:
            if stating is None and expected.search(unit):
                stating = (label, unit)
            continue
        found = values(unit, args.type, rates=args.rate)
        if any(_same(v, args) for v in found):
            stating = stating or (label, unit)
        elif own and not negated(unit) and (rivals := [v for v in found if _competes(v, args)]):
            contra = contra or (label, unit, rivals)
    about = " & ".join(f"/{a}/" for a in args.anchor)
    if stating is None:
        return Outcome(False, f"{note}: no asserted {args.within} about {about} states {args.value}")
    if args.conflicts and contra is not None:
        label, unit, found = contra
        return Outcome(False, f"{note}: {label} asserts {', '.join(found)} about {about}: {unit[:120]!r}")
    return Outcome(True, f"{note}: {stating[0]} states {args.value} about {about}")


RULE = RuleKind("fact", Args, check)
