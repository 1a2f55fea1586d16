"""read_file: a workspace file as text; notebooks (.ipynb) are rendered as numbered cells."""

from __future__ import annotations

import json
from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, read_text

READ_CAP = 64_000


class ReadArgs(ToolArgs):
    """Arguments of read_file."""

    path: str = Field(description="Workspace-relative path of the file.")


def render_notebook(text: str) -> str | None:
    """The cells of an nbformat-4 notebook as '[cell N] (type)' blocks, or None when it is not one."""
    try:
        cells = json.loads(text).get("cells")
    except (json.JSONDecodeError, AttributeError):
        return None
    if not isinstance(cells, list):
        return None
    blocks = []
    for number, cell in enumerate(cells, start=1):
        source = cell.get("source", "") if isinstance(cell, dict) else ""
        body = "".join(source) if isinstance(source, list) else str(source)
        blocks.append(f"[cell {number}] ({cell.get('cell_type', '?') if isinstance(cell, dict) else '?'})\n{body}")
    return "\n\n".join(blocks)


def _read(args: ReadArgs, ctx: ToolContext) -> dict[str, Any]:
    text = read_text(ctx, args.path)
    if args.path.endswith(".ipynb"):
        text = render_notebook(text) or text
    return {"path": args.path, "content": text[:READ_CAP], "truncated": len(text) > READ_CAP}


READ_FILE = Tool("read_file", "Read a text file from the workspace (notebooks as numbered cells).", ReadArgs, _read)
