"""spawn: run a bounded sub-agent on a task and return its report.

The agent scaffold provides the sub-agent as the `subagent` service: a callable
`(task, label) -> report` with its own step cap and no spawn, ask_user or message tools.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError

SUBAGENT_SERVICE = "subagent"


class SpawnArgs(ToolArgs):
    """Arguments of spawn."""

    task: str = Field(min_length=1, description="What the sub-agent should do, self-contained.")
    label: str | None = Field(default=None, description="Short name for the sub-agent's work.")


def _spawn(args: SpawnArgs, ctx: ToolContext) -> dict[str, Any]:
    run = ctx.services.get(SUBAGENT_SERVICE)
    if not callable(run):
        raise ToolError("spawn is not available in this session")
    return {"label": args.label, "report": str(run(args.task, args.label))}


SPAWN = Tool("spawn", "Hand a self-contained task to a sub-agent and get its report back.", SpawnArgs, _spawn)
