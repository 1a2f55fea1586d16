"""Rule kind `file_exists`: a workspace file exists (optionally non-empty)."""

from __future__ import annotations

from pydantic import Field

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of file_exists."""

    path: str = Field(description="Workspace-relative path.")
    non_empty: bool = Field(default=True, description="Also require at least one non-whitespace character.")


def check(args: Args, view: EvidenceView) -> Outcome:
    """Pass when the file exists (and is non-empty if asked)."""
    text = view.read_text(args.path)
    if text is None:
        return Outcome(False, f"{args.path} does not exist")
    if args.non_empty and not text.strip():
        return Outcome(False, f"{args.path} is empty")
    return Outcome(True, f"{args.path} exists")


RULE = RuleKind("file_exists", Args, check)
