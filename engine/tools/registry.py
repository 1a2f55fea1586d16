"""Tool registry: every tool by name, grouped into toolsets a session can enable.

Adding a tool: one module plus one line in TOOLSETS. Every simulated app adds a toolset named like
the app (sandbox/apps/registry.py).
"""

from __future__ import annotations

from typing import Any

from engine.tools.ask_user import ASK_USER
from engine.tools.base import Tool
from engine.tools.cron import CRON
from engine.tools.edit_file import EDIT_FILE
from engine.tools.finance import FINANCE_SEARCH, FINANCE_SERIES
from engine.tools.glob import GLOB
from engine.tools.grep import GREP
from engine.tools.list_dir import LIST_DIR
from engine.tools.literature import LITERATURE_FETCH, LITERATURE_SEARCH
from engine.tools.message import MESSAGE
from engine.tools.news import NEWS_READ, NEWS_SEARCH
from engine.tools.notebook_edit import NOTEBOOK_EDIT
from engine.tools.read_file import READ_FILE
from engine.tools.shell import EXEC
from engine.tools.spawn import SPAWN
from engine.tools.web_fetch import WEB_FETCH
from engine.tools.web_search import WEB_SEARCH
from engine.tools.write_file import WRITE_FILE
from sandbox.apps.registry import toolsets as app_toolsets

TOOLSETS: dict[str, list[Tool[Any]]] = {
    "general": [
        READ_FILE,
        WRITE_FILE,
        EDIT_FILE,
        LIST_DIR,
        GLOB,
        GREP,
        EXEC,
        NOTEBOOK_EDIT,
        MESSAGE,
        CRON,
        SPAWN,
        ASK_USER,
    ],
    "web": [WEB_SEARCH, WEB_FETCH],
    "literature": [LITERATURE_SEARCH, LITERATURE_FETCH],
    "finance": [FINANCE_SEARCH, FINANCE_SERIES],
    "news": [NEWS_SEARCH, NEWS_READ],
    **app_toolsets(),
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
