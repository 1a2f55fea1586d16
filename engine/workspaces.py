"""Create the episode's workspace on the configured backend, seeded with the persona's files."""

from __future__ import annotations

from engine.ports import Workspace
from engine.schema.config import WorkspaceBackend
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace


def make_workspace(backend: WorkspaceBackend, seed: dict[str, bytes]) -> Workspace:
    """A fresh workspace holding `seed`."""
    if backend == "memory":
        return MemoryWorkspace(seed)
    if backend == "local":
        ws = LocalWorkspace()
        for path, data in seed.items():
            ws.write_file(path, data)
        return ws
    raise ValueError(f"workspace backend {backend!r} is not available in this build")
