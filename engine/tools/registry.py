"""Tool registry: every tool by name, grouped into toolsets a session can enable.

Adding a tool: one module plus one line in TOOLSETS. Every simulated app adds a toolset named like
the app (sandbox/apps/registry.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
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
from sandbox.apps.registry import APPS, toolset

BUILTIN: dict[str, list[Tool[Any]]] = {
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
}


class Toolsets(Mapping[str, list[Tool[Any]]]):
    """Toolset name -> tools: the built-in toolsets, then one per simulated app, built when first asked for (an
    app's module is imported then, not when this registry is)."""

    def __init__(self) -> None:
        """No app toolset is built yet."""
        self._apps: dict[str, list[Tool[Any]]] = {}

    def __getitem__(self, name: str) -> list[Tool[Any]]:
        """The toolset's tools; KeyError for an unknown name."""
        if name in BUILTIN:
            return BUILTIN[name]
        tools = self._apps.get(name)
        if tools is None:
            tools = self._apps[name] = toolset(name)
        return tools

    def __iter__(self) -> Iterator[str]:
        """Built-in toolset names, then app names."""
        yield from BUILTIN
        yield from APPS

    def __len__(self) -> int:
        """How many toolsets there are."""
        return len(BUILTIN) + len(APPS)


TOOLSETS = Toolsets()


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
