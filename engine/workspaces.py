"""Choose the episode's workspace backend (isolated by default) and create it, seeded with the persona's files.

`auto` picks the Docker sandbox whenever a daemon answers, building its image on first use (the
offline path when no registry answers; an unchanged image is reused). Without Docker it picks the
local workspace, whose commands run in a bubblewrap jail, or where bubblewrap is missing in the namespace jail
built from util-linux (sandbox/workspace/jail.py, nsjail.py). Where no jail
can be made either, an agent driven by a model or an outside program does not run on the local or
memory workspace unless `sandbox.allow_unjailed` says so (with a loud warning); the reference,
passive and human agents (gold commands, none, the person at the terminal) may.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ports import Workspace, WorkspaceError
from engine.schema.config import RunConfig, WorkspaceBackend
from sandbox.workspace.jail import jail_kind, jail_problem, warm_up_jail
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace

Note = Callable[[str], None]
# Agents whose commands come from the persona's gold solution (reference), from nobody (passive) or from the person
# at this terminal (human, `proact play`): they may run unjailed. Every other kind (react, command, endpoint, and
# any kind added later) is driven by a model or an outside program.
MODEL_FREE_AGENTS = frozenset({"reference", "passive", "human"})
HOST_BACKENDS = frozenset({"local", "memory"})
WARNING = "WARNING: "  # the CLI prints notes that start so in bold red


def model_driven_agents(config: RunConfig) -> list[str]:
    """Kinds of the config's agents (its matrix's too) driven by a model or an outside program: every kind but
    reference, passive and human."""
    agents = [config.agent, *(config.matrix.agents if config.matrix is not None else [])]
    return sorted({agent.kind for agent in agents if agent.kind not in MODEL_FREE_AGENTS})


def unjailed_allowed(config: RunConfig) -> bool:
    """Whether the user asked for model-driven agents on an unjailed host workspace (sandbox.allow_unjailed)."""
    return config.sandbox.allow_unjailed


def warm_up_workspace(config: RunConfig) -> None:
    """Start probing for the bubblewrap jail in the background when `config` names a host workspace for an agent
    driven by a model or an outside program (`host_isolation` will ask); the command calls this before it imports
    the engine. `auto` and `docker` are left alone: whether Docker answers decides first."""
    if config.workspace in HOST_BACKENDS and model_driven_agents(config):
        warm_up_jail()


def host_isolation(config: RunConfig, backend: WorkspaceBackend, why_not_docker: str = "") -> str | None:
    """Check that agent commands on `backend` may run as jailed here: None when they are (or run in Docker), a note
    when they run unjailed but may, WorkspaceError when a model-driven agent would run unjailed without consent."""
    if backend not in HOST_BACKENDS:
        return None
    problem = jail_problem()
    if problem is None:
        return None
    kinds = model_driven_agents(config)
    if not kinds:
        return f"the {backend} workspace is not jailed here ({problem}); the agent calls no model, so it may run"
    if unjailed_allowed(config):
        return (
            f"{WARNING}no jail can be made here ({problem}) and sandbox.allow_unjailed is set: the {', '.join(kinds)} "
            "agent's commands run on this host as you, seeing your files, the engine's environment (API keys), "
            "your processes, the Docker socket and the network"
        )
    lead = f"{why_not_docker}, and no" if why_not_docker else "no"
    raise WorkspaceError(
        f"{lead} jail can be made for the {backend} workspace ({problem}): the {', '.join(kinds)} agent, driven by "
        "a model or an outside program, does not run unisolated. Start Docker (the sandbox image is built on first "
        "use), install bubblewrap (apt-get install bubblewrap), or accept the risk with "
        "--set sandbox.allow_unjailed=true"
    )


def _build_image(config: RunConfig, on_note: Note | None) -> str | None:
    """Build (or reuse) the sandbox image, telling progress to `on_note`; None when done, else why it failed."""
    from sandbox.image.build import build

    image = config.sandbox.image
    say = on_note or (lambda _text: None)
    say(f"building the sandbox image {image} (first use only; offline this takes a few minutes)")

    def progress(line: str) -> None:
        if not line.startswith("  "):  # the build's own steps; the docker build log is left out
            say(f"  {line}")

    try:
        outcome = build(image, log=progress)
    except (WorkspaceError, OSError) as exc:
        return f"building the sandbox image {image} failed: {exc}"
    say(f"sandbox image {image} {'reused' if outcome.cached else 'built'} in {outcome.seconds:.0f} s")
    return None


def _docker_problem(config: RunConfig, on_note: Note | None) -> str | None:
    """Why the Docker sandbox cannot be used (no daemon, or the image cannot be built), None when it can."""
    from sandbox import docker as dk

    if not dk.daemon_answers():
        return "no Docker daemon answers"
    if dk.image_id(config.sandbox.image) is None:
        return _build_image(config, on_note)
    return None


def resolve_backend(config: RunConfig, on_note: Note | None = None) -> tuple[WorkspaceBackend, str | None]:
    """The concrete backend for `config.workspace` and a note to show (or WorkspaceError: see `host_isolation`).

    `auto` and `docker` build a missing sandbox image when a daemon answers (progress through `on_note`);
    `auto` falls back to the local workspace, jailed, only when Docker cannot be used.
    """
    if config.workspace == "docker":
        problem = _docker_problem(config, on_note)
        if problem is not None:
            raise WorkspaceError(f"the docker workspace cannot be used: {problem}")
        return "docker", None
    if config.workspace != "auto":
        return config.workspace, host_isolation(config, config.workspace)
    problem = _docker_problem(config, on_note)
    if problem is None:
        return "docker", None
    unjailed = host_isolation(config, "local", problem)
    if unjailed is not None:
        loud = unjailed.startswith(WARNING)
        body = unjailed.removeprefix(WARNING)
        return "local", f"{WARNING if loud else ''}{problem}: using the local workspace; {body}"
    return "local", f"{problem}: using the local workspace, {jail_description()} (only the workspace, no network)"


def jail_description() -> str:
    """Which jail the local workspace's commands run in, for the one line `auto` prints."""
    if jail_kind() == "namespaces":
        return "jailed in Linux namespaces by util-linux's unshare (bubblewrap is not installed or cannot jail here)"
    return "jailed by bubblewrap"


def make_workspace(config: RunConfig, seed: dict[str, bytes]) -> Workspace:
    """A fresh workspace holding `seed` on `config.workspace` (resolve `auto` first)."""
    backend = config.workspace
    if backend in HOST_BACKENDS:
        host_isolation(config, backend)
    if backend == "memory":
        return MemoryWorkspace(seed)
    if backend == "local":
        ws = LocalWorkspace()
        for path, data in seed.items():
            ws.write_file(path, data)
        return ws
    if backend == "docker":
        from sandbox.docker import DockerWorkspace

        return DockerWorkspace(config.sandbox, seed)
    raise ValueError(f"workspace backend {backend!r} must be resolved before use (resolve_backend)")
