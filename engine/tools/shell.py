"""exec: a shell command through the Workspace port, with timeout and output cap."""

from __future__ import annotations

import shlex
from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, folder_prefix

TIMEOUT_TAIL_CHARS = 2_000


class ExecArgs(ToolArgs):
    """Arguments of exec."""

    command: str = Field(min_length=1, description="Bash command.")
    working_dir: str | None = Field(default=None, description="Workspace-relative folder to run in (default: root).")


def _exec(args: ExecArgs, ctx: ToolContext) -> dict[str, Any]:
    command = args.command
    if args.working_dir is not None:
        folder = folder_prefix(args.working_dir).rstrip("/")
        if args.working_dir.strip().startswith("/") or ".." in folder.split("/"):
            raise ToolError(f"working_dir must be a folder inside the workspace, not {args.working_dir!r}")
        if folder:
            command = f"cd {shlex.quote(folder)} && {command}"
    result = ctx.workspace.exec(command, timeout_s=ctx.exec_timeout_s, output_cap=ctx.output_cap)
    if result.timed_out:
        tail = result.output[-TIMEOUT_TAIL_CHARS:]
        raise ToolError(
            f"command timed out after {ctx.exec_timeout_s:g} s and every process it started was killed; "
            f"output before the timeout (last {len(tail)} characters):\n{tail}"
        )
    return {
        "exit_code": result.exit_code,
        "output": result.output,
        "truncated": result.truncated,
    }


EXEC = Tool(
    "exec",
    "Run a shell command in the workspace. A command that outlives the timeout is killed and reported as an "
    "error; output past the cap is cut (truncated: true).",
    ExecArgs,
    _exec,
)
