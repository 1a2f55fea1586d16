"""Rule kind `tool_called`: the agent called a tool successfully with matching arguments."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView, ToolRecord


class Args(RuleArgs):
    """Arguments of tool_called."""

    name: str = Field(description="Tool name; alternatives separated by '|' (any of them counts).")
    args: dict[str, Any] = Field(
        default_factory=dict,
        description="Argument constraints: a string is a case-insensitive regex searched in str(value); "
        "any other value must be equal.",
    )
    min_count: int = Field(default=1, ge=1, description="Minimum number of matching successful calls.")
    allow_error: bool = Field(default=False, description="Also count calls that returned an error.")


def arguments_match(record: ToolRecord, wanted: dict[str, Any]) -> bool:
    """True when every constrained argument is present and matches."""
    for key, expected in wanted.items():
        if key not in record.arguments:
            return False
        actual = record.arguments[key]
        if isinstance(expected, str):
            if not re.search(expected, str(actual), re.IGNORECASE | re.DOTALL):
                return False
        elif actual != expected:
            return False
    return True


def check(args: Args, view: EvidenceView) -> Outcome:
    """Count matching calls."""
    hits = [
        r
        for r in view.tool_records
        if r.name in args.name.split("|") and (args.allow_error or r.error is None) and arguments_match(r, args.args)
    ]
    return Outcome(len(hits) >= args.min_count, f"{len(hits)} matching {args.name} call(s) (need {args.min_count})")


RULE = RuleKind("tool_called", Args, check, default_when="anywhere")
