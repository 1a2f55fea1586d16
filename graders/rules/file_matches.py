"""Rule kind `file_matches`: a workspace file's text matches (or avoids) a regular expression."""

from __future__ import annotations

import re

from pydantic import Field

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of file_matches."""

    path: str = Field(description="Workspace-relative path.")
    pattern: str = Field(description="Python regular expression searched in the text.")
    ignore_case: bool = Field(default=True, description="Case-insensitive matching.")
    min_count: int = Field(default=1, ge=0, description="Minimum number of non-overlapping matches.")
    absent: bool = Field(default=False, description="Invert: pass when the pattern does NOT occur.")


def check(args: Args, view: EvidenceView) -> Outcome:
    """Count matches of the pattern in the file."""
    text = view.read_text(args.path)
    if text is None:
        return Outcome(False, f"{args.path} does not exist")
    flags = re.MULTILINE | (re.IGNORECASE if args.ignore_case else 0)
    count = len(re.findall(args.pattern, text, flags))
    if args.absent:
        return Outcome(count == 0, f"/{args.pattern}/ occurs {count}x in {args.path} (must be absent)")
    return Outcome(count >= args.min_count, f"/{args.pattern}/ occurs {count}x in {args.path} (need {args.min_count})")


RULE = RuleKind("file_matches", Args, check)
