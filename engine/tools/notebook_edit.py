"""notebook_edit: replace, insert or delete one cell of a Jupyter notebook (nbformat 4) in the workspace.

A missing notebook is created (nbformat 4.5) when the edit inserts its first cell (`insert_after`
with cell 0); any other edit of a missing notebook is an error. New cells get deterministic ids
(`cell-N`) in notebooks of nbformat 4.5 and later, where ids are required; a replaced cell keeps
its id and metadata.
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


def _new_cell(cell_type: str, source: str, base: dict[str, Any]) -> dict[str, Any]:
    """A valid nbformat-4 cell carrying over `base`'s id and metadata (when it has them)."""
    cell: dict[str, Any] = {"cell_type": cell_type, "metadata": base.get("metadata", {}), "source": source}
    if "id" in base:
        cell["id"] = base["id"]
    if cell_type == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


def _fresh_id(notebook: dict[str, Any]) -> dict[str, str]:
    """{'id': 'cell-N'} unused in the notebook when it needs cell ids (nbformat >= 4.5), else {}."""
    version = (notebook.get("nbformat"), notebook.get("nbformat_minor", 0))
    if not all(isinstance(part, int) for part in version) or version < (4, 5):
        return {}
    taken = {cell.get("id") for cell in notebook["cells"]}
    number = len(taken) + 1
    while f"cell-{number}" in taken:
        number += 1
    return {"id": f"cell-{number}"}


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
    if not all(isinstance(cell, dict) for cell in notebook["cells"]):
        raise ToolError(f"{args.path} has a cell that is not a JSON object")
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
        cells[index] = _new_cell(cell_type, args.source or "", cells[index])
    else:
        at = index + 1 if args.action == "insert_after" else index
        cells.insert(at, _new_cell(args.cell_type or "code", args.source or "", _fresh_id(notebook)))
    write_text(ctx, args.path, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return {"path": args.path, "action": args.action, "cells": len(cells)}


NOTEBOOK_EDIT = Tool("notebook_edit", "Replace, insert or delete one cell of a Jupyter notebook.", NotebookArgs, _edit)
