"""exec: a shell command through the Workspace port, with timeout and output cap."""

from __future__ import annotations

import shlex
from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, folder_prefix


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
    return {
        "exit_code": result.exit_code,
        "output": result.output,
        "timed_out": result.timed_out,
        "truncated": result.truncated,
    }


EXEC = Tool("exec", "Run a shell command in the workspace (timeout and output cap apply).", ExecArgs, _exec)
