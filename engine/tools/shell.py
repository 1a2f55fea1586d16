"""The exec tool: a shell command through the Workspace port, with timeout and output cap."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext


class ExecArgs(ToolArgs):
    """Arguments of exec."""

    command: str = Field(description="Bash command run in the workspace root.")


def _exec(args: ExecArgs, ctx: ToolContext) -> dict[str, Any]:
    result = ctx.workspace.exec(args.command, timeout_s=ctx.exec_timeout_s, output_cap=ctx.output_cap)
    return {
        "exit_code": result.exit_code,
        "output": result.output,
        "timed_out": result.timed_out,
        "truncated": result.truncated,
    }


EXEC = Tool("exec", "Run a shell command in the workspace (timeout and output cap apply).", ExecArgs, _exec)
