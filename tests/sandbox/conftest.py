"""Workspace adapters for the contract suite: memory, local and (where a Docker daemon answers) docker.

The docker leg builds the sandbox image on first use (cached: a no-op when its inputs are
unchanged) and is skipped, with the reason in pytest's summary, when no daemon answers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

import pytest

from engine.ports import Workspace
from engine.schema.config import SandboxConfig
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace

ADAPTERS = ("memory", "local", "docker")
NO_DAEMON = "no Docker daemon answers: the docker workspace tests did not run"
Factory = Callable[[dict[str, bytes]], Workspace]


@pytest.fixture(scope="session")
def docker_settings() -> SandboxConfig:
    """Sandbox settings whose image is built (skips the test when no daemon answers)."""
    from sandbox import docker as dk

    if not dk.daemon_answers():
        pytest.skip(NO_DAEMON)
    from sandbox.image.build import build

    settings = SandboxConfig(workspace_mb=64, tmp_mb=16, memory_mb=256, pids=128)
    build(settings.image, log=lambda _line: None)
    return settings


def _seeded_local(seed: dict[str, bytes]) -> Workspace:
    ws = LocalWorkspace()
    for path, data in seed.items():
        ws.write_file(path, data)
    return ws


@pytest.fixture(params=ADAPTERS)
def make_ws(request: pytest.FixtureRequest) -> Iterator[Factory]:
    """A factory of seeded workspaces of one adapter; every workspace it made is closed afterwards."""
    made: list[Workspace] = []
    if request.param == "docker":
        settings = request.getfixturevalue("docker_settings")
        from sandbox.docker import DockerWorkspace

        def build(seed: dict[str, bytes]) -> Workspace:
            return DockerWorkspace(settings, seed)
    else:
        build = MemoryWorkspace if request.param == "memory" else _seeded_local

    def factory(seed: dict[str, bytes]) -> Workspace:
        ws = build(seed)
        made.append(ws)
        return ws

    yield factory
    for ws in made:
        ws.close()


@pytest.fixture
def namespace_jail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jailed commands run on the namespace jail, bubblewrap hidden as if not installed (the probe runs afresh and is
    forgotten afterwards)."""
    from sandbox.workspace import jail

    monkeypatch.setattr(jail, "_bwrap", lambda: None)
    monkeypatch.setattr(jail, "_probe_once", functools.cache(jail._probe_once.__wrapped__))


@pytest.fixture
def docker_ws(docker_settings: SandboxConfig) -> Iterator[Workspace]:
    """One docker workspace (for the abuse tests), removed afterwards."""
    from sandbox.docker import DockerWorkspace

    ws = DockerWorkspace(docker_settings, {"brief.md": b"# brief\n"})
    yield ws
    ws.close()
