"""Rule kind `file_exists`: a workspace file exists (optionally non-empty)."""

from __future__ import annotations

from pydantic import Field

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of file_exists."""

    path: str = Field(description="Workspace-relative path.")
    non_empty: bool = Field(default=True, description="Also require at least one non-whitespace character.")
    absent: bool = Field(
        default=False,
        description="Invert: pass when there is no such file (with `artifact`: when nothing matches the artifact, "
        "e.g. no reading note for an off-topic paper).",
    )


def check(args: Args, view: EvidenceView) -> Outcome:
    """Pass when the file exists (and is non-empty if asked), or with `absent` when it does not."""
    text = view.read_text(args.path)
    if args.absent:
        return Outcome(text is None, f"{args.path} {'does not exist' if text is None else 'exists but must not'}")
    if text is None:
        return Outcome(False, f"{args.path} does not exist")
    if args.non_empty and not text.strip():
        return Outcome(False, f"{args.path} is empty")
    return Outcome(True, f"{args.path} exists")


RULE = RuleKind("file_exists", Args, check)
