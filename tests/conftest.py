"""Shared fixtures: paths of the repository's data."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.schema.config import RunConfig, WorkspaceBackend

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO


@pytest.fixture
def example_persona() -> Path:
    """The small example persona used by the quick demo."""
    return REPO / "personas" / "example"


@pytest.fixture(autouse=True)
def auto_workspace_is_local(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs configured with `workspace: auto` use the local backend in tests, so results do not depend on
    whether this machine has Docker; tests marked `docker` keep the real resolution."""
    if request.node.get_closest_marker("docker") is not None:
        return
    import engine.runner
    from engine.workspaces import resolve_backend

    def local_for_auto(config: RunConfig) -> tuple[WorkspaceBackend, str | None]:
        return ("local", None) if config.workspace == "auto" else resolve_backend(config)

    monkeypatch.setattr(engine.runner, "resolve_backend", local_for_auto)
