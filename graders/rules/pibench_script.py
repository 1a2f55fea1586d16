"""Rule kind `pibench_script`: one check of an original π-Bench rule script, run from the user's checkout.

`proact import pibench` writes one checklist item per check the script's `score([])` names. Grading runs the
script in a child process (graders/pibench.py: history shape, per-turn evaluation, isolation); the item
passes when its check scored 1 after any agent turn. A script that raised scores 0 with the error in the
detail (as the original does); a missing, unloadable or hanging script is a grader error.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from engine.ports import WorkspaceError
from graders.pibench import ALL_CHECKS, DEFAULT_TIMEOUT_S, ScriptError, run_script
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView

WORKSPACE_FILE_CAP = 20_000_000


class Args(RuleArgs):
    """Arguments of pibench_script."""

    script: str = Field(description="Absolute path of the rule script in the user's π-Bench checkout.")
    check: str = Field(
        min_length=1,
        description="The check (a key of the dict score() returns) this item grades; '*' is the placeholder the "
        "importer writes for a script it could not run (always a grader error: re-import to grade its checks).",
    )
    tools: list[str] = Field(
        default_factory=list,
        description="The task's objectives.tools names: the history keeps only these tools' calls (empty: all).",
    )
    timeout_s: float = Field(default=DEFAULT_TIMEOUT_S, gt=0, description="Seconds before the script is a hang.")


def workspace_files(view: EvidenceView) -> dict[str, bytes]:
    """The final workspace (files up to a size cap), for scripts that grade agent-written files."""
    out: dict[str, bytes] = {}
    for path, stat in sorted(view.workspace.list_files().items()):
        if stat.size <= WORKSPACE_FILE_CAP:
            try:
                out[path] = view.workspace.read_file(path)
            except WorkspaceError:
                continue
    return out


def check(args: Args, view: EvidenceView) -> Outcome:
    """Run the script over the session's tool records; pass when the check scored 1 after some turn."""
    script = Path(args.script)
    if args.check == ALL_CHECKS:
        error = "this script's checks were not imported (it was missing or failed at import); re-import the task"
        return Outcome(False, f"{script.name}: {error}", error=error)
    try:
        run = run_script(script, view.tool_records, args.tools, workspace_files(view), args.timeout_s)
    except ScriptError as exc:
        return Outcome(False, f"{script.name}: {exc}", error=str(exc))
    if args.check not in run.checks:
        error = f"score([]) no longer returns {args.check!r} (checks: {', '.join(run.checks)}); re-import the task"
        return Outcome(False, f"{script.name}: {error}", error=error)
    passed = [t.turn for t in run.turns if t.scores.get(args.check) == 1]
    raised = [f"turn {t.turn}: {t.error}" for t in run.turns if t.error]
    note = f"; the script raised ({'; '.join(raised)[:300]})" if raised else ""
    if passed:
        return Outcome(True, f"{script.name}: {args.check} = 1 after turn {passed[0]}{note}")
    return Outcome(False, f"{script.name}: {args.check} = 0 after every turn ({len(run.turns)} evaluated){note}")


RULE = RuleKind("pibench_script", Args, check)
