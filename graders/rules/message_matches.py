"""Rule kind `message_matches`: some agent reply matches a regular expression."""

from __future__ import annotations

import re

from pydantic import Field

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of message_matches."""

    pattern: str = Field(description="Python regular expression searched in each agent reply and `message` tool text.")
    ignore_case: bool = Field(default=True, description="Case-insensitive matching.")


def check(args: Args, view: EvidenceView) -> Outcome:
    """Pass when at least one agent reply matches."""
    flags = re.IGNORECASE if args.ignore_case else 0
    for index, text in enumerate(view.replies(), start=1):
        if re.search(args.pattern, text, flags):
            return Outcome(True, f"agent reply {index} matches /{args.pattern}/")
    return Outcome(False, f"no agent reply matches /{args.pattern}/")


RULE = RuleKind("message_matches", Args, check, default_when="anywhere")
