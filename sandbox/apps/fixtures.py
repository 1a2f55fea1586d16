"""Seed an episode's apps from YAML fixtures: `personas/<id>/apps/<app>.yaml` plus an optional `clock.yaml`.

Each `<app>.yaml` is validated by that app's fixture model (unknown keys are errors) and turned into
the app's first state by its `seed` function. Every problem names the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.yaml_io import safe_load
from sandbox.apps.base import Account, AppSpec, AppState, SeedError
from sandbox.apps.world import DEFAULT_START, AppWorld, Clock

CLOCK_FILE = "clock"


class FixtureModel(BaseModel):
    """Base of every fixture model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid")


class PersonFixture(FixtureModel):
    """Another user of the app (a contact, a collaborator): known to the app, cannot log in."""

    first_name: str = Field(min_length=1, description="First name.")
    last_name: str = Field(default="", description="Last name.")
    email: str = Field(min_length=3, description="Email address (unique in the app).")


class AccountFixture(PersonFixture):
    """The persona's own account: the credentials the agent logs in with."""

    password: str = Field(min_length=1, description="Password used with login.")


class ClockFixture(FixtureModel):
    """The simulated clock of the episode's apps."""

    start: datetime = Field(default=DEFAULT_START, description="Simulated time when the first session opens.")
    session_gap_hours: float = Field(default=24.0, ge=0, description="Hours the clock jumps between sessions.")


def seed_accounts(account: AccountFixture, users: list[PersonFixture], at: datetime) -> list[Account]:
    """The persona's account first, then the other users; SeedError on a duplicate email."""
    out: list[Account] = []
    for n, person in enumerate([account, *users]):
        if any(a.email.lower() == person.email.lower() for a in out):
            raise SeedError("account.email" if n == 0 else f"users[{n - 1}].email", f"duplicate email {person.email}")
        password = person.password if isinstance(person, AccountFixture) else None
        out.append(
            Account(
                username=person.email,
                password=password,
                first_name=person.first_name,
                last_name=person.last_name,
                email=person.email,
                registered_at=at,
            )
        )
    return out


@dataclass(frozen=True)
class FixtureProblem:
    """One problem of a fixture file."""

    file: str
    field: str
    message: str


class FixtureError(ValueError):
    """Fixtures failed to load; `problems` lists every problem found."""

    def __init__(self, problems: list[FixtureProblem]) -> None:
        """Keep every problem; the message lists them one per line."""
        self.problems = problems
        super().__init__(
            "\n".join(f"{p.file}: {p.field}: {p.message}" if p.field else f"{p.file}: {p.message}" for p in problems)
        )


def _loc(parts: tuple[int | str, ...]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _parse(path: Path, model: type[BaseModel], problems: list[FixtureProblem]) -> Any:
    try:
        data = safe_load(path.read_text(encoding="utf-8"))
        return model.model_validate(data if data is not None else {})
    except yaml.YAMLError as exc:
        problems.append(FixtureProblem(str(path), "", f"invalid YAML: {exc}"))
    except ValidationError as exc:
        problems += [FixtureProblem(str(path), _loc(e["loc"]), e["msg"]) for e in exc.errors()]
    return None


def load_world(folder: Path | None, specs: dict[str, AppSpec[Any]]) -> AppWorld:
    """The apps of an episode seeded from `folder` (missing folder: every app empty); FixtureError lists problems."""
    problems: list[FixtureProblem] = []
    clock = ClockFixture()
    files = sorted(folder.glob("*.yaml")) if folder is not None and folder.is_dir() else []
    clock_path = next((p for p in files if p.stem == CLOCK_FILE), None)
    if clock_path is not None:
        clock = _parse(clock_path, ClockFixture, problems) or clock
    states: dict[str, AppState] = {}
    for path in files:
        if path.stem == CLOCK_FILE:
            continue
        spec = specs.get(path.stem)
        if spec is None:
            known = sorted([*specs, CLOCK_FILE])
            problems.append(FixtureProblem(str(path), "", f"unknown app {path.stem!r}; known: {known}"))
            continue
        fixture = _parse(path, spec.fixture_model, problems)
        if fixture is None:
            continue
        try:
            states[spec.name] = spec.seed(fixture, clock.start)
        except SeedError as exc:
            problems.append(FixtureProblem(str(path), exc.field, exc.message))
    if problems:
        raise FixtureError(problems)
    return AppWorld(specs, states, Clock(now=clock.start, session_gap_s=round(clock.session_gap_hours * 3600)))
