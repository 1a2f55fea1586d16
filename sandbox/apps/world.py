"""The apps of one episode: every app's state, one simulated clock, calls, snapshots.

Time is simulated so runs are reproducible: the clock starts at the fixture's `start`, advances one
second per app call and by `session_gap_s` at every session boundary, where all access tokens
also expire (an agent logs in again in each session).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from pydantic import Field

from engine.schema.episode import DEFAULT_CLOCK_START
from sandbox.apps.base import UNAUTHORIZED, Account, Api, ApiArgs, AppError, AppSpec, AppState, StateModel

S = TypeVar("S", bound=AppState)
SNAPSHOT_VERSION = 1
DEFAULT_START = DEFAULT_CLOCK_START


class Clock(StateModel):
    """The simulated time shared by every app of an episode."""

    now: datetime = Field(default=DEFAULT_START, description="Current simulated time.")
    session_gap_s: int = Field(default=86_400, ge=0, description="Seconds the clock jumps at a session boundary.")


class AppWorld:
    """Every registered app's state plus the clock; the engine's `apps` service and the `AppStore` port."""

    def __init__(self, specs: dict[str, AppSpec[Any]], states: dict[str, AppState], clock: Clock) -> None:
        """Apps without a given state start empty (no accounts)."""
        self.specs = specs
        self.clock = clock
        self.states: dict[str, AppState] = {
            name: states.get(name) or spec.state_model() for name, spec in specs.items()
        }

    def state(self, app: str, model: type[S]) -> S:
        """The typed state of one app."""
        state = self.states[app]
        assert isinstance(state, model), f"{app} state is {type(state).__name__}, not {model.__name__}"
        return state

    def call(self, app: str, api: Api[Any], args: ApiArgs) -> Any:
        """Run one API call at the next clock second; AppError carries the agent-facing message."""
        self.clock.now += timedelta(seconds=1)
        return api.fn(args, Call(self, app))

    def rows(self, app: str, collection: str) -> list[dict[str, Any]]:
        """The rows of an app's query collection (KeyError for an unknown app or collection)."""
        if app not in self.specs:
            raise KeyError(f"unknown app {app!r}; known: {sorted(self.specs)}")
        return self.specs[app].rows(self.states[app], collection)

    def end_session(self) -> None:
        """Session boundary: every access token expires and the clock jumps by the session gap."""
        for state in self.states.values():
            state.tokens.clear()
        self.clock.now += timedelta(seconds=self.clock.session_gap_s)

    def now(self) -> datetime:
        """The simulated time now."""
        return self.clock.now

    def start_session(self, at: datetime | None) -> None:
        """Session opening: the clock moves forward to `at` when given and later than now (never back)."""
        if at is not None and at > self.clock.now:
            self.clock.now = at

    def snapshot(self) -> bytes:
        """The whole world (clock and every app's state) as canonical JSON bytes."""
        data = {
            "version": SNAPSHOT_VERSION,
            "clock": self.clock.model_dump(mode="json"),
            "apps": {name: state.model_dump(mode="json") for name, state in sorted(self.states.items())},
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1).encode("utf-8")

    def restore(self, data: bytes) -> None:
        """Replace the world with a snapshot; ValueError when it is not one of this version and these apps."""
        raw = json.loads(data.decode("utf-8"))
        if not isinstance(raw, dict) or raw.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"not an apps snapshot of version {SNAPSHOT_VERSION}")
        unknown = set(raw["apps"]) - set(self.specs)
        if unknown:
            raise ValueError(f"snapshot holds unknown app(s) {sorted(unknown)}")
        self.clock = Clock.model_validate(raw["clock"])
        self.states = {
            name: spec.state_model.model_validate(raw["apps"][name]) if name in raw["apps"] else spec.state_model()
            for name, spec in self.specs.items()
        }


@dataclass
class Call:
    """What an API function sees: the world, its own app's name, and helpers for auth and time."""

    world: AppWorld
    app: str

    @property
    def now(self) -> datetime:
        """The simulated time of this call."""
        return self.world.clock.now

    def state(self, model: type[S]) -> S:
        """This app's typed state."""
        return self.world.state(self.app, model)

    def user(self, token: str, app: str | None = None) -> Account:
        """The account logged in with `token` on this app (or `app`); AppError 401 otherwise."""
        name = app or self.app
        state = self.world.states[name]
        username = state.tokens.get(token)
        account = None if username is None else state.account(username)
        if account is None:
            raise AppError(UNAUTHORIZED.format(app=name), 401)
        return account
