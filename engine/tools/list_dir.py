"""list_dir: the entries of a workspace folder, or every file below it."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, folder_prefix


class ListArgs(ToolArgs):
    """Arguments of list_dir."""

    path: str = Field(default=".", description="Workspace-relative folder ('.' for the root).")
    recursive: bool = Field(default=False, description="List every file below the folder instead of its entries.")


def _list(args: ListArgs, ctx: ToolContext) -> dict[str, Any]:
    prefix = folder_prefix(args.path)
    below = [path[len(prefix) :] for path in ctx.workspace.list_files() if path.startswith(prefix)]
    if prefix and not below:
        raise ToolError(f"no such folder or empty folder: {args.path}")
    if args.recursive:
        return {"path": args.path, "files": sorted(below)}
    entries = {rest.split("/", 1)[0] + ("/" if "/" in rest else "") for rest in below}
    return {"path": args.path, "entries": sorted(entries)}


LIST_DIR = Tool("list_dir", "List the entries of a workspace folder (recursive: every file below it).", ListArgs, _list)
