"""Every simulated app by name. Adding an app: one module (or package) with `APP`, plus one line here.

An app's module is imported the first time its spec is asked for: the eight apps' state and fixture models take
about half a second to build, which a run whose persona uses no app (or one app) need not pay before its first
model call (bench/concurrency.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.tools.base import Tool
from sandbox.apps.base import AppSpec
from sandbox.apps.fixtures import load_world
from sandbox.apps.tools import app_toolsets
from sandbox.apps.world import AppWorld

_MODULES = {
    "gmail": "sandbox.apps.gmail",
    "todoist": "sandbox.apps.todoist",
    "file_system": "sandbox.apps.file_system",
    "phone": "sandbox.apps.phone",
    "simple_note": "sandbox.apps.simple_note",
    "splitwise": "sandbox.apps.splitwise",
    "spotify": "sandbox.apps.spotify",
    "amazon": "sandbox.apps.amazon",
}


class Apps(Mapping[str, AppSpec[Any]]):
    """App name -> spec, importing an app's module (its `APP`) on first access; names and membership need none."""

    def __init__(self, modules: dict[str, str]) -> None:
        """`modules`: app name -> the module defining its `APP`."""
        self._modules = modules
        self._specs: dict[str, AppSpec[Any]] = {}

    def __getitem__(self, name: str) -> AppSpec[Any]:
        """The app's spec; KeyError for an unknown name."""
        spec = self._specs.get(name)
        if spec is None:
            spec = self._specs[name] = importlib.import_module(self._modules[name]).APP
        return spec

    def __iter__(self) -> Iterator[str]:
        """The app names, in registry order."""
        return iter(self._modules)

    def __len__(self) -> int:
        """How many apps are registered."""
        return len(self._modules)


APPS = Apps(_MODULES)


def toolsets() -> dict[str, list[Tool[Any]]]:
    """One toolset per registered app (toolset name = app name); imports every app."""
    return app_toolsets(dict(APPS))


def toolset(name: str) -> list[Tool[Any]]:
    """The toolset of one app (a tool per API); KeyError for an unknown app."""
    return app_toolsets({name: APPS[name]})[name]


def app_tool_names() -> set[str]:
    """The names of every app tool."""
    return {tool.name for tools in toolsets().values() for tool in tools}


def new_world(fixtures: Path | None = None) -> AppWorld:
    """The registered apps seeded from a fixture folder (None or a missing folder: empty apps)."""
    return load_world(fixtures, dict(APPS))
