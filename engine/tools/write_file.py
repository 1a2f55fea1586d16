"""write_file: create or overwrite a workspace text file."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, write_text


class WriteArgs(ToolArgs):
    """Arguments of write_file."""

    path: str = Field(description="Workspace-relative path; parent folders are created.")
    content: str = Field(description="Full new text of the file.")


def _write(args: WriteArgs, ctx: ToolContext) -> dict[str, Any]:
    return {"path": args.path, "bytes": write_text(ctx, args.path, args.content)}


WRITE_FILE = Tool("write_file", "Create or overwrite a text file in the workspace.", WriteArgs, _write)
