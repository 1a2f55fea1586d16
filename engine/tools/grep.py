"""grep: a regular expression over the workspace's text files."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from engine.ports import WorkspaceError
from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, folder_prefix
from engine.tools.glob import glob_regex


class GrepArgs(ToolArgs):
    """Arguments of grep."""

    pattern: str = Field(min_length=1, description="Python regular expression searched line by line.")
    path: str = Field(default=".", description="Workspace-relative folder (or file) to search.")
    glob: str | None = Field(default=None, description="Only files whose path below `path` matches this glob.")
    case_insensitive: bool = Field(default=False, description="Ignore case.")
    output_mode: Literal["content", "files_with_matches", "count"] = Field(
        default="content", description="content: 'path:line:text' rows; files_with_matches: paths; count: per file."
    )
    head_limit: int = Field(default=250, ge=1, description="At most this many rows.")


def _candidates(args: GrepArgs, ctx: ToolContext) -> list[str]:
    files = sorted(ctx.workspace.list_files())
    target = args.path.strip().strip("/")
    if target in files:
        return [target]
    prefix = folder_prefix(args.path)
    chosen = [p for p in files if p.startswith(prefix)]
    if args.glob:
        regex = glob_regex(args.glob)
        chosen = [p for p in chosen if regex.match(p[len(prefix) :]) or regex.match(p.rsplit("/", 1)[-1])]
    return chosen


def _grep(args: GrepArgs, ctx: ToolContext) -> dict[str, Any]:
    try:
        regex = re.compile(args.pattern, re.IGNORECASE if args.case_insensitive else 0)
    except re.error as exc:
        raise ToolError(f"invalid regular expression {args.pattern!r}: {exc}") from exc
    rows: list[str] = []
    for path in _candidates(args, ctx):
        try:
            text = ctx.workspace.read_file(path).decode("utf-8")
        except (WorkspaceError, UnicodeDecodeError):
            continue
        if "\0" in text:  # binary despite decoding
            continue
        hits = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if regex.search(line)]
        if not hits:
            continue
        if args.output_mode == "content":
            rows += [f"{path}:{n}:{line}" for n, line in hits]
        elif args.output_mode == "files_with_matches":
            rows.append(path)
        else:
            rows.append(f"{path}:{len(hits)}")
    return {"mode": args.output_mode, "results": rows[: args.head_limit], "truncated": len(rows) > args.head_limit}


GREP = Tool("grep", "Search workspace text files for a regular expression.", GrepArgs, _grep)
