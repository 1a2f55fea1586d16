"""Every simulated app by name. Adding an app: one module (or package) with `APP`, plus one line here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.tools.base import Tool
from sandbox.apps import amazon, file_system, gmail, phone, simple_note, splitwise, spotify, todoist
from sandbox.apps.base import AppSpec
from sandbox.apps.fixtures import load_world
from sandbox.apps.tools import app_toolsets
from sandbox.apps.world import AppWorld

_SPECS: tuple[AppSpec[Any], ...] = (
    gmail.APP,
    todoist.APP,
    file_system.APP,
    phone.APP,
    simple_note.APP,
    splitwise.APP,
    spotify.APP,
    amazon.APP,
)
APPS: dict[str, AppSpec[Any]] = {spec.name: spec for spec in _SPECS}


def toolsets() -> dict[str, list[Tool[Any]]]:
    """One toolset per registered app (toolset name = app name)."""
    return app_toolsets(APPS)


def app_tool_names() -> set[str]:
    """The names of every app tool."""
    return {tool.name for tools in toolsets().values() for tool in tools}


def new_world(fixtures: Path | None = None) -> AppWorld:
    """The registered apps seeded from a fixture folder (None or a missing folder: empty apps)."""
    return load_world(fixtures, APPS)
