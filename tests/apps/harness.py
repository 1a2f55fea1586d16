"""Apps seeded from fixtures behind a toolbox, as the agent reaches them: the one harness of the app tests.

`AppHarness.seeded(APP, FIXTURE)` seeds one app (plus `also` apps) straight from fixture dicts, for
the tests of that app; `AppHarness.from_files(tmp, {app: fixture})` writes the fixtures as YAML and
loads every registered app the way an episode does (clock at START, Noor's credentials).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml

from engine.schema.events import Event, ToolCall, ToolResult
from engine.tools.base import ToolContext
from engine.tools.toolbox import ToolBox, ToolOutcome
from sandbox.apps.base import AppSpec, AppState
from sandbox.apps.registry import APPS, new_world
from sandbox.apps.tools import APPS_SERVICE, app_toolsets
from sandbox.apps.world import DEFAULT_START, AppWorld, Clock
from sandbox.workspace.memory import MemoryWorkspace

S = TypeVar("S", bound=AppState)
START = datetime(2026, 3, 2, 9, 0, 0)
NOOR, AMIRA, PIET, OLGA = "noor@lindenhof.example", "amira@mail.example", "piet@mail.example", "olga@mail.example"
PASSWORD = "kettle-42"
ACCOUNT = {"first_name": "Noor", "last_name": "Haddad", "email": NOOR, "password": PASSWORD}
USERS = [
    {"first_name": "Amira", "last_name": "Okafor", "email": AMIRA},
    {"first_name": "Piet", "last_name": "de Vries", "email": PIET},
    {"first_name": "Olga", "last_name": "Brandt", "email": OLGA},
]
KEEP = {"keep.md": b"agent's own file"}


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


def seed_world(fixtures: dict[str, dict[str, Any]], start: datetime) -> AppWorld:
    """A world of just these registered apps, each seeded from its fixture dict."""
    specs = {name: APPS[name] for name in fixtures}
    states = {name: spec.seed(spec.fixture_model.model_validate(fixtures[name]), start) for name, spec in specs.items()}
    return AppWorld(specs, states, Clock(now=start))


class AppHarness(Generic[S]):
    """A world's apps behind a toolbox; every call is recorded, `ok`/`err` check success or failure.

    A tool is named in full (`gmail__login`) or, for the harness's own app, by its API (`login`).
    With `auto_token`, after `login` calls of that app's private tools get the token unless they pass
    `access_token`; without it, calls are sent exactly as written.
    """

    def __init__(
        self,
        world: AppWorld,
        app: AppSpec[S] | None = None,
        username: str = NOOR,
        password: str = PASSWORD,
        auto_token: bool = True,
    ) -> None:
        """Bind every app tool of `world`; `app` is the default app, username/password its login."""
        self.world = world
        self.app = app
        self.auto_token = auto_token
        self.credentials = (username, password)
        self.events: list[Event] = []
        self.specs = {t.name: t for ts in app_toolsets(world.specs).values() for t in ts}
        self.workspace = MemoryWorkspace(dict(KEEP))
        self.tools = ToolBox(
            self.specs, ToolContext(self.workspace, services={APPS_SERVICE: world}), self.events.append
        )
        self.tokens: dict[str, str] = {}

    @classmethod
    def seeded(
        cls,
        app: AppSpec[S],
        fixture: dict[str, Any],
        username: str | None = None,
        also: dict[str, dict[str, Any]] | None = None,
    ) -> AppHarness[S]:
        """`app` (and the `also` apps) seeded from fixture dicts at DEFAULT_START, logging in as the fixture's
        account (or `username`); calls are sent as written (no remembered token)."""
        world = seed_world({app.name: fixture, **(also or {})}, DEFAULT_START)
        account = fixture["account"]
        return cls(world, app, username or account["email"], account["password"], auto_token=False)

    @classmethod
    def from_files(cls, tmp: Path, fixtures: dict[str, Any]) -> AppHarness[AppState]:
        """Every registered app loaded from `{app: fixture}` written under `tmp` (a clock starting at START)."""
        world = new_world(write_fixtures(tmp / "apps", {"clock": {"start": START}, **fixtures}))
        return AppHarness(world)

    @property
    def state(self) -> S:
        """The default app's live state."""
        assert self.app is not None, "no default app"
        return self.world.state(self.app.name, self.app.state_model)

    def tool(self, name: str) -> str:
        """The full tool name: `name` itself, or the default app's tool of that API."""
        if "__" in name or self.app is None:
            return name
        return f"{self.app.name}__{name}"

    def call(self, tool: str, /, **arguments: Any) -> ToolOutcome:
        """Call a tool as given; the call and its result must both be recorded."""
        name = self.tool(tool)
        before = len(self.events)
        outcome = self.tools.call(name, arguments)
        call, result = self.events[before:]
        assert isinstance(call, ToolCall) and call.name == name and call.arguments == arguments
        assert isinstance(result, ToolResult) and (result.output, result.error) == (outcome.output, outcome.error)
        return outcome

    def login(self, app: str | None = None, username: str | None = None, password: str | None = None) -> str:
        """Log in to `app` (default: the harness's app) and remember the token for `ok`/`err`."""
        name = app or (self.app.name if self.app else "")
        user, secret = username or self.credentials[0], password or self.credentials[1]
        self.tokens[name] = self.ok(f"{name}__login", username=user, password=secret)["access_token"]
        return self.tokens[name]

    def _args(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        app = tool.split("__", 1)[0]
        private = "access_token" in self.specs[tool].args_model.model_fields
        if self.auto_token and private and app in self.tokens and "access_token" not in arguments:
            return {"access_token": self.tokens[app], **arguments}
        return arguments

    def ok(self, tool: str, /, **arguments: Any) -> Any:
        """Call a tool (with the app's token) that must succeed; its unwrapped response."""
        name = self.tool(tool)
        outcome = self.call(name, **self._args(name, arguments))
        assert outcome.error is None, f"{name} failed: {outcome.error}"
        assert isinstance(outcome.output, dict) and set(outcome.output) == {"response"}
        return outcome.output["response"]

    def err(self, tool: str, /, **arguments: Any) -> str:
        """Call a tool (with the app's token) that must fail; its error text."""
        name = self.tool(tool)
        outcome = self.call(name, **self._args(name, arguments))
        assert outcome.error is not None, f"{name} unexpectedly returned {outcome.output!r}"
        assert outcome.output is None
        return outcome.error

    def bad_arguments(self, tool: str, problem: str, /, **arguments: Any) -> None:
        """A call with bad arguments fails naming the problem, and nothing in the world (apps, clock) changes."""
        before = self.world.snapshot()
        assert self.err(tool, **arguments).startswith(f"bad arguments for {self.tool(tool)}: {problem}")
        assert self.world.snapshot() == before

    def wait(self, seconds: int) -> None:
        """Let simulated time pass (one more second passes with the next call)."""
        self.world.clock.now += timedelta(seconds=seconds)

    def workspace_untouched(self) -> bool:
        """The agent's workspace still holds only its one seed file: apps never write there."""
        return self.workspace.files == KEEP

    def rows(self, app: str, collection: str) -> list[dict[str, Any]]:
        """Rows of an app collection."""
        return self.world.rows(app, collection)
