"""Workspace adapters behind engine.ports.Workspace."""

from sandbox.workspace.diff import diff_files
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace

__all__ = ["LocalWorkspace", "MemoryWorkspace", "diff_files"]
