"""Shared fixtures: paths of the repository's data."""

from __future__ import annotations

from collections.abc import Callable
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
    whether this machine has Docker (nor build its image); tests marked `docker` keep the real resolution."""
    if request.node.get_closest_marker("docker") is not None:
        return
    import engine.runner
    from engine.workspaces import resolve_backend

    def local_for_auto(
        config: RunConfig, on_note: Callable[[str], None] | None = None
    ) -> tuple[WorkspaceBackend, str | None]:
        return ("local", None) if config.workspace == "auto" else resolve_backend(config, on_note)

    monkeypatch.setattr(engine.runner, "resolve_backend", local_for_auto)


@pytest.fixture(autouse=True)
def scripted_agents_may_run_unjailed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no jail can be made, the suite's react agents (driven by scripted models, not hostile) may run on
    unjailed local and memory workspaces, as `sandbox.allow_unjailed` allows; said in the report header.
    tests/engine/test_workspace_policy.py checks the refusal itself."""
    from sandbox.workspace.jail import jail_problem

    if jail_problem() is not None:
        import engine.workspaces

        monkeypatch.setattr(engine.workspaces, "unjailed_allowed", lambda _config: True)


def pytest_report_header() -> str:
    """Say which jail the local workspace's commands get here."""
    from sandbox.workspace.jail import jail_problem

    problem = jail_problem()
    if problem is None:
        return "local workspace jail: bubblewrap"
    return f"local workspace jail: none ({problem}); react tests (scripted models) run unjailed, the abuse suite skips"
