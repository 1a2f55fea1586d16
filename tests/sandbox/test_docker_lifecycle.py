"""Docker sandbox lifecycle: clean-up on close, on SIGKILL of the engine, prune, image cache, clear errors."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.cli import app
from engine.ports import WorkspaceError
from engine.schema.config import SandboxConfig
from tests.conftest import REPO

pytestmark = pytest.mark.docker


def _exists(kind: str, name: str) -> bool:
    from sandbox import docker as dk

    return any(k == kind and n == name for k, n, _ in dk.labelled(all_owners=True))


def _wait_gone(kind: str, name: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _exists(kind, name):
            return True
        time.sleep(0.5)
    return False


def test_close_removes_container_and_volume(docker_settings: SandboxConfig) -> None:
    from sandbox.docker import DockerWorkspace

    ws = DockerWorkspace(docker_settings, {"a.txt": b"a"})
    name = ws.container_name
    volume = ws.volume_name
    assert _exists("container", name) and _exists("volume", volume)
    ws.close()
    assert not _exists("container", name) and not _exists("volume", volume)


def test_sigkilled_engine_leaves_nothing_behind(docker_settings: SandboxConfig) -> None:
    script = textwrap.dedent(
        f"""
        import sys, time
        from engine.schema.config import SandboxConfig
        from sandbox.docker import DockerWorkspace
        ws = DockerWorkspace(SandboxConfig(image={docker_settings.image!r}), {{"a.txt": b"a"}})
        print(ws.container_name, ws.volume_name, flush=True)
        time.sleep(600)
        """
    )
    engine = subprocess.Popen([sys.executable, "-c", script], cwd=REPO, stdout=subprocess.PIPE, text=True)
    assert engine.stdout is not None
    container, volume = engine.stdout.readline().split()
    assert _exists("container", container)
    os.kill(engine.pid, signal.SIGKILL)
    engine.wait()
    assert _wait_gone("container", container, 30), "the reaper did not remove the container"
    assert _wait_gone("volume", volume, 30), "the reaper did not remove the volume"


def test_prune_removes_only_resources_of_dead_owners(docker_settings: SandboxConfig) -> None:
    import socket

    from sandbox import docker as dk
    from sandbox.docker import DockerWorkspace

    api = dk.client()
    dead = {dk.KIND_LABEL: "workspace", dk.OWNER_LABEL: f"{socket.gethostname()}:999999999.1"}
    orphan = api.containers.create(docker_settings.image, labels=dead, network_mode="none")
    orphan_volume = api.volumes.create(labels=dead)
    live = DockerWorkspace(docker_settings, {})
    try:
        result = CliRunner().invoke(app, ["sandbox", "prune"])
        assert result.exit_code == 0, result.output
        assert f"removed container {orphan.name}" in result.output
        assert f"removed volume {orphan_volume.name}" in result.output
        assert not _exists("container", orphan.name) and not _exists("volume", orphan_volume.name)
        assert _exists("container", live.container_name), "prune removed a running engine's container"
    finally:
        live.close()


def test_missing_image_is_a_clear_error(docker_settings: SandboxConfig) -> None:
    from sandbox.docker import DockerWorkspace

    with pytest.raises(WorkspaceError, match=r"proact sandbox build"):
        DockerWorkspace(SandboxConfig(image="proact-workspace:no-such-tag"), {})


def test_image_is_rebuilt_only_when_its_inputs_change(
    docker_settings: SandboxConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sandbox import docker as dk
    from sandbox.image import build as image_build

    again = image_build.build(docker_settings.image, log=lambda _line: None)
    assert again.cached and again.seconds < 30
    changed = tmp_path / "image"
    changed.mkdir()
    for name in image_build.CONTEXT_FILES:
        (changed / name).write_bytes((image_build.IMAGE_DIR / name).read_bytes())
    with (changed / "init.py").open("a") as handle:
        handle.write("# changed input\n")
    monkeypatch.setattr(image_build, "IMAGE_DIR", changed)
    tag = "proact-workspace:test-changed-input"
    try:
        first = image_build.build(tag, log=lambda _line: None)
        assert not first.cached and first.image_id != again.image_id
        second = image_build.build(tag, log=lambda _line: None)
        assert second.cached and second.image_id == first.image_id
    finally:
        dk.client().images.remove(tag, force=True)
