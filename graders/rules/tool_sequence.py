"""Rule kind `tool_sequence`: successful tool calls in order, with argument constraints and id linkage.

Steps match calls in trajectory order (other calls may come between). A step's `link` ties one of its
arguments to an earlier step's call argument or result field, e.g. create_draft, then update_draft
and send_email_from_draft with `draft_id` linked to `draft.result.response.draft_id` (app results are
wrapped in `response`, as π-Bench's rule scripts read them).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, model_validator

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.json_path_equals import lookup
from graders.rules.tool_called import arguments_match
from graders.view import EvidenceView, ToolRecord

_REF = re.compile(r"^([A-Za-z_][\w-]*)\.(call|result)(?:\.(.+))?$")


class Step(RuleArgs):
    """One expected call."""

    tool: str = Field(
        description="Tool name, e.g. gmail__create_draft; alternatives separated by '|' (any of them counts)."
    )
    id: str | None = Field(default=None, description="Name later steps use to link to this call.")
    args: dict[str, Any] = Field(
        default_factory=dict,
        description="Argument constraints: a string is a case-insensitive regex searched in str(value); "
        "any other value must be equal.",
    )
    link: dict[str, str] = Field(
        default_factory=dict,
        description="Argument -> '<step id>.call.<argument path>' or '<step id>.result.<result path>' of an "
        "earlier step; the values must be equal.",
    )


class Args(RuleArgs):
    """Arguments of tool_sequence."""

    steps: list[Step] = Field(min_length=1, description="Expected calls in order.")

    @model_validator(mode="after")
    def _links(self) -> Args:
        seen: set[str] = set()
        for n, step in enumerate(self.steps):
            for arg, ref in step.link.items():
                found = _REF.match(ref)
                if found is None:
                    raise ValueError(f"steps[{n}].link.{arg}: {ref!r} is not '<step id>.call|result.<path>'")
                if found.group(1) not in seen:
                    raise ValueError(f"steps[{n}].link.{arg}: {found.group(1)!r} is not the id of an earlier step")
            if step.id is not None:
                if step.id in seen:
                    raise ValueError(f"steps[{n}].id: duplicate id {step.id!r}")
                seen.add(step.id)
        return self


def resolve(ref: str, bound: dict[str, ToolRecord]) -> Any:
    """The value a link points to; KeyError/IndexError/TypeError when it does not resolve."""
    found = _REF.match(ref)
    assert found is not None
    record = bound[found.group(1)]
    source = record.arguments if found.group(2) == "call" else record.output
    return lookup(source, found.group(3) or "")


def _linked(step: Step, record: ToolRecord, bound: dict[str, ToolRecord]) -> bool:
    for arg, ref in step.link.items():
        try:
            target = resolve(ref, bound)
        except (KeyError, IndexError, TypeError):
            return False
        actual = record.arguments.get(arg)
        if actual != target and (actual is None or str(actual) != str(target)):
            return False
    return True


def _search(steps: list[Step], records: list[ToolRecord], start: int, bound: dict[str, ToolRecord]) -> int:
    """How many steps (from the first) can be matched at best; tries every candidate (backtracking)."""
    if not steps:
        return 0
    step, best = steps[0], 0
    for n in range(start, len(records)):
        record = records[n]
        named = record.name in step.tool.split("|")
        if not named or not arguments_match(record, step.args) or not _linked(step, record, bound):
            continue
        inner = dict(bound, **({step.id: record} if step.id else {}))
        best = max(best, 1 + _search(steps[1:], records, n + 1, inner))
        if best == len(steps):
            break
    return best


def check(args: Args, view: EvidenceView) -> Outcome:
    """Find the steps as an ordered subsequence of the successful calls."""
    records = [r for r in view.tool_records if r.error is None]
    matched = _search(args.steps, records, 0, {})
    if matched == len(args.steps):
        return Outcome(True, f"all {matched} step(s) found in order")
    return Outcome(
        False,
        f"{matched} of {len(args.steps)} step(s) found; no match for step {matched + 1} "
        f"({args.steps[matched].tool}) after them",
    )


RULE = RuleKind("tool_sequence", Args, check, default_when="anywhere")
