"""The workspace backend a run gets: Docker built on first use, else the jailed local workspace, and no model-driven
agent on an unjailed host workspace unless the user asks for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engine.workspaces as ew
from engine.cli import app
from engine.ports import WorkspaceError
from engine.schema.config import AgentConfig, ExternalAgentConfig, MatrixConfig, RunConfig, SandboxConfig
from engine.workspaces import make_workspace, resolve_backend
from engine.workspaces import unjailed_allowed as real_unjailed_allowed

NO_BWRAP = "bubblewrap (bwrap) is not installed"


@pytest.fixture
def no_jail(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine cannot make a jail, and the policy is the real one."""
    monkeypatch.setattr(ew, "jail_problem", lambda: NO_BWRAP)
    monkeypatch.setattr(ew, "unjailed_allowed", real_unjailed_allowed)


@pytest.fixture
def jail(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine can make a jail."""
    monkeypatch.setattr(ew, "jail_problem", lambda: None)


def docker_state(monkeypatch: pytest.MonkeyPatch, daemon: bool, image: bool, build_fails: bool = False) -> list[str]:
    """Fake what Docker answers; return the tags `build` was asked for."""
    from sandbox import docker as dk
    from sandbox.image import build as image_build

    built: list[str] = []

    def fake_build(tag: str, log: Any = print, **_kw: Any) -> image_build.BuildOutcome:
        built.append(tag)
        log("no registry answers for python:3.11-slim: using the offline Debian base")
        log("  Step 1/8 : ARG BASE")
        if build_fails:
            raise WorkspaceError("debootstrap is not installed")
        return image_build.BuildOutcome(tag, "sha256:x", "proact-base:bookworm", False, 42.0)

    monkeypatch.setattr(dk, "daemon_answers", lambda: daemon)
    monkeypatch.setattr(dk, "image_id", lambda _ref: "sha256:x" if image else None)
    monkeypatch.setattr(image_build, "build", fake_build)
    return built


def react(**update: Any) -> RunConfig:
    """A react run (the default agent) with `update` applied."""
    return RunConfig(**update)


def test_auto_builds_a_missing_image_and_uses_docker(monkeypatch: pytest.MonkeyPatch, jail: None) -> None:
    built = docker_state(monkeypatch, daemon=True, image=False)
    notes: list[str] = []
    config = react(sandbox=SandboxConfig(image="proact-workspace:other"))
    assert resolve_backend(config, notes.append) == ("docker", None)
    assert built == ["proact-workspace:other"]
    assert notes[0].startswith("building the sandbox image proact-workspace:other")
    assert any("offline Debian base" in n for n in notes) and not any("Step 1/8" in n for n in notes)
    assert notes[-1] == "sandbox image proact-workspace:other built in 42 s"


def test_auto_reuses_a_built_image(monkeypatch: pytest.MonkeyPatch, jail: None) -> None:
    built = docker_state(monkeypatch, daemon=True, image=True)
    assert resolve_backend(react()) == ("docker", None) and built == []


def test_auto_falls_back_to_the_jailed_local_workspace(monkeypatch: pytest.MonkeyPatch, jail: None) -> None:
    docker_state(monkeypatch, daemon=False, image=False)
    backend, note = resolve_backend(react())
    assert backend == "local" and note is not None and "no Docker daemon answers" in note and "jailed" in note
    docker_state(monkeypatch, daemon=True, image=False, build_fails=True)
    backend, note = resolve_backend(react())
    assert backend == "local" and note is not None and "debootstrap is not installed" in note


def test_without_docker_or_jail_a_model_driven_agent_is_refused(monkeypatch: pytest.MonkeyPatch, no_jail: None) -> None:
    docker_state(monkeypatch, daemon=False, image=False)
    with pytest.raises(WorkspaceError, match="no Docker daemon answers, and no jail") as refused:
        resolve_backend(react())
    assert NO_BWRAP in str(refused.value) and "sandbox.allow_unjailed=true" in str(refused.value)
    for backend in ("local", "memory"):
        command = AgentConfig(kind="command", external=ExternalAgentConfig(command="python3 agent.py"))
        with pytest.raises(WorkspaceError, match="the command agent, driven by a model or an outside program"):
            resolve_backend(react(workspace=backend, agent=command))
        with pytest.raises(WorkspaceError, match="does not run unisolated"):
            resolve_backend(react(workspace=backend))
        with pytest.raises(WorkspaceError, match="does not run unisolated"):
            make_workspace(react(workspace=backend), {})
    matrix = MatrixConfig(agents=[AgentConfig(kind="reference"), AgentConfig(kind="react")])
    with pytest.raises(WorkspaceError):
        resolve_backend(react(agent=AgentConfig(kind="reference"), workspace="local", matrix=matrix))


def test_model_free_agents_may_run_unjailed(monkeypatch: pytest.MonkeyPatch, no_jail: None) -> None:
    docker_state(monkeypatch, daemon=False, image=False)
    for kind in ("reference", "passive", "human"):
        backend, note = resolve_backend(react(agent=AgentConfig(kind=kind)))
        assert backend == "local" and note is not None and "calls no model" in note
        make_workspace(react(agent=AgentConfig(kind=kind), workspace="local"), {"a.md": b"a"}).close()


def test_allow_unjailed_runs_with_a_loud_warning(monkeypatch: pytest.MonkeyPatch, no_jail: None) -> None:
    docker_state(monkeypatch, daemon=False, image=False)
    allowed = SandboxConfig(allow_unjailed=True)
    backend, note = resolve_backend(react(sandbox=allowed))
    assert backend == "local" and note is not None and note.startswith("WARNING: no Docker daemon answers")
    assert "API keys" in note
    backend, note = resolve_backend(react(sandbox=allowed, workspace="local"))
    assert note is not None and note.startswith("WARNING: ")
    make_workspace(react(sandbox=allowed, workspace="memory"), {}).close()


def test_the_jail_is_probed_ahead_only_for_a_model_driven_agent_on_a_host_workspace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    warmed: list[str] = []
    monkeypatch.setattr(ew, "warm_up_jail", lambda: warmed.append("probe"))
    for workspace in ("memory", "local"):
        ew.warm_up_workspace(react(workspace=workspace))
    assert warmed == ["probe", "probe"]
    ew.warm_up_workspace(react(workspace="auto"))  # whether Docker answers decides first
    ew.warm_up_workspace(react(workspace="docker"))
    ew.warm_up_workspace(react(agent=AgentConfig(kind="reference"), workspace="memory"))
    assert warmed == ["probe", "probe"]


def test_explicit_docker_builds_or_fails_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    built = docker_state(monkeypatch, daemon=True, image=False)
    assert resolve_backend(react(workspace="docker")) == ("docker", None) and built
    docker_state(monkeypatch, daemon=False, image=False)
    with pytest.raises(WorkspaceError, match="docker workspace cannot be used: no Docker daemon answers"):
        resolve_backend(react(workspace="docker"))


def test_the_cli_refuses_before_any_session(
    monkeypatch: pytest.MonkeyPatch, no_jail: None, tmp_path: Path, example_persona: Path
) -> None:
    import engine.runner

    monkeypatch.setattr(engine.runner, "resolve_backend", resolve_backend)
    monkeypatch.setattr(engine.runner, "embedded_first", lambda *_a, **_k: lambda: None)
    docker_state(monkeypatch, daemon=False, image=False)
    args = ["run", "--persona", str(example_persona), "--run-id", "r", "--set", f"runs_dir={tmp_path}"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2, out.output
    assert "does not run unisolated" in " ".join(out.output.split())
    assert not (tmp_path / "r" / "example").exists()
