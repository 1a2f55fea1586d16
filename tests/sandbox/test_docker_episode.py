"""A whole episode on the docker workspace, and how `workspace: auto` picks its backend."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.cli import app
from engine.schema.config import AgentConfig, RunConfig, SandboxConfig
from engine.schema.results import EpisodeResult
from engine.workspaces import resolve_backend

pytestmark = pytest.mark.docker


def test_reference_episode_on_docker_scores_full_marks_and_leaves_no_container(
    docker_settings: SandboxConfig, tmp_path: Path, example_persona: Path
) -> None:
    from sandbox import docker as dk
    from sandbox.owner import owner_id

    def ours() -> set[str]:
        """Containers owned by this process (other processes may run sandboxes on the same daemon meanwhile)."""
        found = dk.labelled(all_owners=True)
        return {name for kind, name, owner in found if kind == "container" and owner == owner_id()}

    before = ours()
    args = ["run", "--persona", str(example_persona), "--agent", "reference", "--run-id", "d"]
    out = CliRunner().invoke(app, [*args, "--set", f"runs_dir={tmp_path}", "--set", "workspace=docker"])
    assert out.exit_code == 0, out.output
    episode = EpisodeResult.model_validate(json.loads((tmp_path / "d" / "results.json").read_text())[0])
    assert episode.proc == 1.0 and all(s.rule_comp == 1.0 for s in episode.sessions)
    with tarfile.open(tmp_path / "d" / "example" / "s01" / "workspace.tar") as tar:
        assert "schedule/2026-12-05.md" in tar.getnames()
    assert ours() <= before, "the episode's container outlived the run"


def test_auto_picks_docker_and_builds_a_missing_image(docker_settings: SandboxConfig) -> None:
    from sandbox import docker as dk

    assert resolve_backend(RunConfig(sandbox=docker_settings)) == ("docker", None)
    tag = "proact-workspace:test-auto-build"
    notes: list[str] = []
    try:
        assert resolve_backend(RunConfig(sandbox=SandboxConfig(image=tag)), notes.append) == ("docker", None)
        assert dk.image_id(tag) == dk.image_id(docker_settings.image), "same inputs: the built image is reused"
    finally:
        dk.client().images.remove(tag)
    assert notes[0].startswith(f"building the sandbox image {tag}") and notes[-1].startswith(f"sandbox image {tag}")


def test_auto_falls_back_to_local_without_a_daemon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
    backend, note = resolve_backend(RunConfig(agent=AgentConfig(kind="reference")))
    assert backend == "local" and note is not None and "no Docker daemon answers" in note
