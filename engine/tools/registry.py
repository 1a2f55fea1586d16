"""Tool registry: every tool by name, grouped into toolsets a session can enable.

Adding a tool: one module plus one line in TOOLSETS.
"""

from __future__ import annotations

from typing import Any

from engine.tools.base import Tool
from engine.tools.files import EDIT_FILE, LIST_DIR, READ_FILE, WRITE_FILE
from engine.tools.shell import EXEC

TOOLSETS: dict[str, list[Tool[Any]]] = {
    "general": [READ_FILE, WRITE_FILE, EDIT_FILE, LIST_DIR, EXEC],
}


def tools_for(toolsets: list[str]) -> dict[str, Tool[Any]]:
    """The tools of the named toolsets, by name; KeyError names an unknown toolset."""
    out: dict[str, Tool[Any]] = {}
    for name in toolsets:
        if name not in TOOLSETS:
            raise KeyError(f"unknown toolset {name!r}; known: {sorted(TOOLSETS)}")
        out.update({tool.name: tool for tool in TOOLSETS[name]})
    return out


def all_tool_names() -> set[str]:
    """Names of every registered tool."""
    return {tool.name for tools in TOOLSETS.values() for tool in tools}
