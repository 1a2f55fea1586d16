"""Rule kind `read_source`: the agent looked at a file's content, however it did so.

A file counts as read by a successful `read_file` of it, a `grep` result row naming it, or an `exec`
command naming it (`cat`, `head`, `python script.py data.csv`...), the same reading of tool records as the
evidence-retrieval score (graders/evidence.py). `list_dir` and `glob` show names only and never count.
"""

from __future__ import annotations

from pydantic import Field

from graders.evidence import files_read, normalize
from graders.locate import glob_match
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of read_source."""

    paths: list[str] = Field(min_length=1, description="Files or globs; reading any one of them passes.")


def check(args: Args, view: EvidenceView) -> Outcome:
    """Pass when some successful tool call showed the agent one of the files."""
    wanted = {normalize(p) for p in args.paths}
    read = files_read(view.tool_records, {p for p in wanted if "*" not in p})
    hits = sorted(p for p in read if any(p == w or glob_match(p, w) for w in wanted))
    if hits:
        return Outcome(True, f"the agent read {', '.join(hits)}")
    return Outcome(False, f"the agent read none of {', '.join(args.paths)}")


RULE = RuleKind("read_source", Args, check, default_when="anywhere")
