"""An app world behind a toolbox, as the agent reaches it, for the app tests."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from engine.schema.events import Event, ToolCall, ToolResult
from engine.tools.base import ToolContext
from engine.tools.toolbox import ToolBox, ToolOutcome
from sandbox.apps.registry import new_world, toolsets
from sandbox.apps.tools import APPS_SERVICE
from sandbox.apps.world import AppWorld
from sandbox.workspace.memory import MemoryWorkspace

START = datetime(2026, 3, 2, 9, 0, 0)
NOOR, AMIRA, PIET, OLGA = "noor@lindenhof.example", "amira@mail.example", "piet@mail.example", "olga@mail.example"
PASSWORD = "kettle-42"
ACCOUNT = {"first_name": "Noor", "last_name": "Haddad", "email": NOOR, "password": PASSWORD}
USERS = [
    {"first_name": "Amira", "last_name": "Okafor", "email": AMIRA},
    {"first_name": "Piet", "last_name": "de Vries", "email": PIET},
    {"first_name": "Olga", "last_name": "Brandt", "email": OLGA},
]


def unauthorized(app: str) -> str:
    """AppWorld's 401 text for an app."""
    return (
        f"You are either not authorized to access this {app} API endpoint or your access token is missing, "
        "invalid or expired."
    )


def write_fixtures(folder: Path, fixtures: dict[str, Any]) -> Path:
    """Write `{app: fixture}` as `<app>.yaml` files (plus clock.yaml) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in fixtures.items():
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return folder


class Bench:
    """Apps seeded from fixtures, every app tool bound, and the recorded events."""

    def __init__(self, tmp: Path, fixtures: dict[str, Any]) -> None:
        """Seed the apps from `{app: fixture}` (a clock starting at START is added)."""
        self.world: AppWorld = new_world(write_fixtures(tmp / "apps", {"clock": {"start": START}, **fixtures}))
        self.events: list[Event] = []
        self.specs = {t.name: t for ts in toolsets().values() for t in ts}
        self.workspace = MemoryWorkspace({"keep.md": b"agent's own file"})
        self.tools = ToolBox(
            self.specs, ToolContext(self.workspace, services={APPS_SERVICE: self.world}), self.events.append
        )
        self.tokens: dict[str, str] = {}

    def call(self, tool: str, /, **arguments: Any) -> ToolOutcome:
        """Call a tool; the call and its result must both be recorded."""
        before = len(self.events)
        outcome = self.tools.call(tool, arguments)
        call, result = self.events[before:]
        assert isinstance(call, ToolCall) and call.name == tool and call.arguments == arguments
        assert isinstance(result, ToolResult) and (result.output, result.error) == (outcome.output, outcome.error)
        return outcome

    def login(self, app: str, username: str = NOOR, password: str = PASSWORD) -> str:
        """Log in and remember the token for `ok`/`err`."""
        self.tokens[app] = self.ok(f"{app}__login", username=username, password=password)["access_token"]
        return self.tokens[app]

    def _args(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        app = tool.split("__", 1)[0]
        private = "access_token" in self.specs[tool].args_model.model_fields
        if private and app in self.tokens and "access_token" not in arguments:
            return {"access_token": self.tokens[app], **arguments}
        return arguments

    def ok(self, tool: str, /, **arguments: Any) -> Any:
        """Call a tool (with the app's token) that must succeed; its unwrapped response."""
        outcome = self.call(tool, **self._args(tool, arguments))
        assert outcome.error is None, f"{tool} failed: {outcome.error}"
        assert isinstance(outcome.output, dict) and set(outcome.output) == {"response"}
        return outcome.output["response"]

    def err(self, tool: str, /, **arguments: Any) -> str:
        """Call a tool (with the app's token) that must fail; its error text."""
        outcome = self.call(tool, **self._args(tool, arguments))
        assert outcome.error is not None, f"{tool} unexpectedly returned {outcome.output!r}"
        assert outcome.output is None
        return outcome.error

    def workspace_untouched(self) -> bool:
        """The agent's workspace still holds only its one seed file: apps never write there."""
        return self.workspace.files == {"keep.md": b"agent's own file"}

    def rows(self, app: str, collection: str) -> list[dict[str, Any]]:
        """Rows of an app collection."""
        return self.world.rows(app, collection)
