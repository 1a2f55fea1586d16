"""Create the episode's workspace on the configured backend, seeded with the persona's files."""

from __future__ import annotations

from engine.ports import Workspace
from engine.schema.config import RunConfig, WorkspaceBackend
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace

LOCAL_FALLBACK_NOTE = (
    "no Docker sandbox available ({why}): using the local workspace (a host temp dir, not isolated); "
    "build the sandbox with `proact sandbox build`"
)


def resolve_backend(config: RunConfig) -> tuple[WorkspaceBackend, str | None]:
    """The concrete backend for `config.workspace`, and a note when `auto` fell back to local."""
    if config.workspace != "auto":
        return config.workspace, None
    from sandbox import docker as dk

    if not dk.daemon_answers():
        return "local", LOCAL_FALLBACK_NOTE.format(why="no daemon answers")
    if dk.image_id(config.sandbox.image) is None:
        return "local", LOCAL_FALLBACK_NOTE.format(why=f"image {config.sandbox.image} is not built")
    return "docker", None


def make_workspace(config: RunConfig, seed: dict[str, bytes]) -> Workspace:
    """A fresh workspace holding `seed` on `config.workspace` (resolve `auto` first)."""
    backend = config.workspace
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
