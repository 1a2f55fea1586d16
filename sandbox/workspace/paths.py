"""Workspace-relative path normalisation shared by the adapters."""

from __future__ import annotations

from pathlib import PurePosixPath

from engine.ports import WorkspaceError


def normalise(path: str) -> str:
    """Return a clean relative POSIX path, or raise WorkspaceError if it escapes the workspace."""
    raw = path.strip().replace("\\", "/")
    if raw.startswith("/workspace/"):
        raw = raw[len("/workspace/") :]
    parts: list[str] = []
    for part in PurePosixPath(raw).parts:
        if part in ("", "."):
            continue
        if part == "/":
            raise WorkspaceError(
                f"absolute path outside the workspace: {path!r}; paths are relative to the workspace root "
                f"(for example {PurePosixPath(raw).name!r} or 'notes/{PurePosixPath(raw).name}')"
            )
        if part == "..":
            if not parts:
                raise WorkspaceError(f"path escapes the workspace: {path!r}")
            parts.pop()
            continue
        parts.append(part)
    if not parts:
        raise WorkspaceError(f"empty path: {path!r}")
    return "/".join(parts)
