"""glob: workspace paths matching a glob pattern (`*` within a folder, `**` across folders)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, folder_prefix


class GlobArgs(ToolArgs):
    """Arguments of glob."""

    pattern: str = Field(min_length=1, description="Glob such as '*.csv', 'notes/**/*.md' or '**/report*'.")
    path: str = Field(default=".", description="Workspace-relative folder the pattern is matched under.")


def glob_regex(pattern: str) -> re.Pattern[str]:
    """Compile a glob: `**/` any folders (or none), `**` anything, `*` and `?` within one path segment."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def _glob(args: GlobArgs, ctx: ToolContext) -> dict[str, Any]:
    prefix, regex = folder_prefix(args.path), glob_regex(args.pattern.lstrip("/"))
    paths = sorted(p for p in ctx.workspace.list_files() if p.startswith(prefix) and regex.match(p[len(prefix) :]))
    return {"paths": paths, "count": len(paths)}


GLOB = Tool("glob", "Find workspace files whose path matches a glob pattern.", GlobArgs, _glob)
