"""notebook_edit: replace, insert or delete one cell of a Jupyter notebook (nbformat 4) in the workspace.

A missing notebook is created when the edit inserts its first cell (`insert_after` with cell 0).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, read_text, write_text

EMPTY_NOTEBOOK: dict[str, Any] = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


class NotebookArgs(ToolArgs):
    """Arguments of notebook_edit."""

    path: str = Field(description="Workspace-relative path of the .ipynb file.")
    cell: int = Field(ge=0, description="1-based cell number (0 only with insert_after: before the first cell).")
    action: Literal["replace", "insert_after", "insert_before", "delete"] = Field(
        default="replace", description="What to do with the cell."
    )
    source: str | None = Field(default=None, description="New cell text (replace and insert).")
    cell_type: Literal["code", "markdown", "raw"] | None = Field(
        default=None, description="Type of a new or replaced cell (default: code, or the replaced cell's type)."
    )


def _new_cell(cell_type: str, source: str) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": cell_type, "metadata": {}, "source": source}
    if cell_type == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


def _load(args: NotebookArgs, ctx: ToolContext) -> dict[str, Any]:
    if args.path not in ctx.workspace.list_files():
        if args.action == "insert_after" and args.cell == 0:
            return {**EMPTY_NOTEBOOK, "cells": [], "metadata": {}}
        raise ToolError(f"no such notebook: {args.path} (create one with action insert_after and cell 0)")
    try:
        notebook = json.loads(read_text(ctx, args.path))
    except json.JSONDecodeError as exc:
        raise ToolError(f"{args.path} is not valid notebook JSON: {exc.msg}") from exc
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ToolError(f"{args.path} has no 'cells' list")
    return notebook


def _edit(args: NotebookArgs, ctx: ToolContext) -> dict[str, Any]:
    notebook = _load(args, ctx)
    cells: list[dict[str, Any]] = notebook["cells"]
    lowest = 0 if args.action == "insert_after" else 1
    if not lowest <= args.cell <= len(cells):
        raise ToolError(f"cell {args.cell} is out of range for {args.action}: the notebook has {len(cells)} cells")
    if args.action != "delete" and args.source is None:
        raise ToolError(f"action {args.action} needs 'source'")
    index = args.cell - 1
    if args.action == "delete":
        del cells[index]
    elif args.action == "replace":
        cell_type = args.cell_type or str(cells[index].get("cell_type", "code"))
        cells[index] = _new_cell(cell_type, args.source or "")
    else:
        at = index + 1 if args.action == "insert_after" else index
        cells.insert(at, _new_cell(args.cell_type or "code", args.source or ""))
    write_text(ctx, args.path, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return {"path": args.path, "action": args.action, "cells": len(cells)}


NOTEBOOK_EDIT = Tool("notebook_edit", "Replace, insert or delete one cell of a Jupyter notebook.", NotebookArgs, _edit)
