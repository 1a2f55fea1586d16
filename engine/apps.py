"""The episode's simulated apps: built from the persona's fixtures, persisted beside each session's workspace.

Fixtures live in `personas/<id>/apps/` (see sandbox/apps/README.md). An episode gets an app world
when that folder exists or a session enables an app toolset; the world is the `apps` service of
the tools and the graders, and its snapshot is `apps.json` in each session's run directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.loader import PersonaBundle, Problem
from engine.ports import AppStore
from sandbox.apps.fixtures import FixtureError
from sandbox.apps.registry import APPS, new_world
from sandbox.apps.tools import APPS_SERVICE
from sandbox.apps.world import AppWorld

APPS_FILE = "apps.json"
FIXTURES_DIR = "apps"


def fixtures_dir(bundle: PersonaBundle) -> Path:
    """Where the persona's app fixtures live."""
    return bundle.root / FIXTURES_DIR


def uses_apps(bundle: PersonaBundle) -> bool:
    """Whether the episode needs apps: a fixture folder, or a session with an app toolset."""
    return fixtures_dir(bundle).is_dir() or any(t in APPS for s in bundle.sessions for t in s.toolsets)


def load_apps(bundle: PersonaBundle) -> AppWorld:
    """The persona's apps seeded from its fixtures (sandbox.apps.fixtures.FixtureError on bad fixtures)."""
    return new_world(fixtures_dir(bundle))


def apps_of(services: dict[str, Any]) -> AppStore | None:
    """The app store among an episode's services, if any."""
    store = services.get(APPS_SERVICE)
    if store is None:  # most episodes: no apps, and a check against the protocol costs tens of microseconds
        return None
    return store if isinstance(store, AppStore) else None


def restored_apps(snapshot: bytes) -> dict[str, Any]:
    """Services holding an app world restored from an `apps.json` snapshot (for re-grading)."""
    world = new_world(None)
    world.restore(snapshot)
    return {APPS_SERVICE: world}


def services_with(world: AppWorld | None) -> dict[str, Any]:
    """Episode services holding `world` (empty when the episode has no apps)."""
    return {} if world is None else {APPS_SERVICE: world}


def check_apps(bundle: PersonaBundle) -> list[Problem]:
    """Fixtures load (problems name file and field) and every app toolset a session enables has a fixture."""
    if not uses_apps(bundle):
        return []
    folder = fixtures_dir(bundle)
    out: list[Problem] = []
    try:
        load_apps(bundle)
    except FixtureError as exc:
        out += [Problem(p.file, p.field, p.message) for p in exc.problems]
    return out + [
        Problem(str(bundle.files[spec.id]), "toolsets", f"uses '{name}' but {folder / name}.yaml does not exist")
        for spec in bundle.sessions
        for name in spec.toolsets
        if name in APPS and not (folder / f"{name}.yaml").is_file()
    ]
