"""Fixtures of the agent tests: sandbox settings for the Docker legs of the external-agent tests."""

from __future__ import annotations

import pytest

from engine.schema.config import SandboxConfig


@pytest.fixture(scope="session")
def docker_settings() -> SandboxConfig:
    """Small sandbox settings whose image is built (reused when unchanged); skips when no Docker daemon answers."""
    from sandbox import docker as dk

    if not dk.daemon_answers():
        pytest.skip("no Docker daemon answers: the docker legs of the external-agent tests did not run")
    from sandbox.image.build import build

    settings = SandboxConfig(workspace_mb=64, tmp_mb=16, memory_mb=512, pids=128)
    build(settings.image, log=lambda _line: None)
    return settings
