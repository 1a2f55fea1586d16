"""edit_file: replace one exact snippet of a workspace text file."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, read_text, write_text


class EditArgs(ToolArgs):
    """Arguments of edit_file."""

    path: str = Field(description="Workspace-relative path of an existing file.")
    old_text: str = Field(min_length=1, description="Exact text to replace; must occur exactly once.")
    new_text: str = Field(description="Replacement text.")


def _edit(args: EditArgs, ctx: ToolContext) -> dict[str, Any]:
    text = read_text(ctx, args.path)
    count = text.count(args.old_text)
    if count != 1:
        raise ToolError(f"old_text occurs {count} times in {args.path}; it must occur exactly once")
    write_text(ctx, args.path, text.replace(args.old_text, args.new_text))
    return {"path": args.path, "replaced": 1}


EDIT_FILE = Tool("edit_file", "Replace one exact snippet of a text file.", EditArgs, _edit)
