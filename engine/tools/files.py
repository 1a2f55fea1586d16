"""General file tools over the Workspace port: read_file, write_file, edit_file, list_dir."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.ports import WorkspaceError
from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError

_READ_CAP = 64_000


class ReadArgs(ToolArgs):
    """Arguments of read_file."""

    path: str = Field(description="Workspace-relative path of the file.")


class WriteArgs(ToolArgs):
    """Arguments of write_file."""

    path: str = Field(description="Workspace-relative path; parent folders are created.")
    content: str = Field(description="Full new text of the file.")


class EditArgs(ToolArgs):
    """Arguments of edit_file."""

    path: str = Field(description="Workspace-relative path of an existing file.")
    old_text: str = Field(description="Exact text to replace; must occur exactly once.")
    new_text: str = Field(description="Replacement text.")


class ListArgs(ToolArgs):
    """Arguments of list_dir."""

    path: str = Field(default=".", description="Workspace-relative folder ('.' for the root).")


def _read_text(ctx: ToolContext, path: str) -> str:
    try:
        return ctx.workspace.read_file(path).decode("utf-8", errors="replace")
    except WorkspaceError as exc:
        raise ToolError(str(exc)) from exc


def _read(args: ReadArgs, ctx: ToolContext) -> dict[str, Any]:
    text = _read_text(ctx, args.path)
    return {"path": args.path, "content": text[:_READ_CAP], "truncated": len(text) > _READ_CAP}


def _write(args: WriteArgs, ctx: ToolContext) -> dict[str, Any]:
    try:
        ctx.workspace.write_file(args.path, args.content.encode("utf-8"))
    except WorkspaceError as exc:
        raise ToolError(str(exc)) from exc
    return {"path": args.path, "bytes": len(args.content.encode("utf-8"))}


def _edit(args: EditArgs, ctx: ToolContext) -> dict[str, Any]:
    text = _read_text(ctx, args.path)
    count = text.count(args.old_text)
    if count != 1:
        raise ToolError(f"old_text occurs {count} times in {args.path}; it must occur exactly once")
    ctx.workspace.write_file(args.path, text.replace(args.old_text, args.new_text).encode("utf-8"))
    return {"path": args.path, "replaced": 1}


def _list(args: ListArgs, ctx: ToolContext) -> dict[str, Any]:
    prefix = "" if args.path.strip() in ("", ".", "/") else args.path.strip().strip("/") + "/"
    entries: set[str] = set()
    for path in ctx.workspace.list_files():
        if path.startswith(prefix):
            rest = path[len(prefix) :]
            entries.add(rest.split("/", 1)[0] + ("/" if "/" in rest else ""))
    if prefix and not entries:
        raise ToolError(f"no such folder or empty folder: {args.path}")
    return {"path": args.path, "entries": sorted(entries)}


READ_FILE = Tool("read_file", "Read a text file from the workspace.", ReadArgs, _read)
WRITE_FILE = Tool("write_file", "Create or overwrite a text file in the workspace.", WriteArgs, _write)
EDIT_FILE = Tool("edit_file", "Replace one exact snippet of a text file.", EditArgs, _edit)
LIST_DIR = Tool("list_dir", "List the entries of a workspace folder.", ListArgs, _list)
