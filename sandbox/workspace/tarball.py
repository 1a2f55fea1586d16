"""Tar (de)serialisation of a {path: bytes} mapping, used for snapshots and for copying files into containers."""

from __future__ import annotations

import io
import tarfile
import time
from pathlib import PurePosixPath

from sandbox.workspace.paths import normalise


def pack(files: dict[str, bytes], *, owner: int | None = None, mtime: float | None = None) -> bytes:
    """Return an uncompressed tar archive holding the files.

    With `owner`, every file and an entry for each parent folder belong to that uid (and gid), so a
    container user of that id can change them after extraction, and files and folders carry the current time
    (sub-second, PAX headers) so that change detection by modification time sees the write: `mtime` when given (the
    simulated time, sandbox/workspace/simtime.py), else the host's clock.
    """
    buf = io.BytesIO()
    now = time.time() if mtime is None else mtime
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        if owner is not None:
            for folder in _parents(files):
                info = tarfile.TarInfo(folder)
                info.type, info.mode, info.uid, info.gid, info.mtime = tarfile.DIRTYPE, 0o755, owner, owner, now
                tar.addfile(info)
        for path in sorted(files):
            info = tarfile.TarInfo(path)
            info.size = len(files[path])
            if owner is not None:
                info.mode, info.uid, info.gid, info.mtime = 0o644, owner, owner, now
            tar.addfile(info, io.BytesIO(files[path]))
    return buf.getvalue()


def _parents(files: dict[str, bytes]) -> list[str]:
    return sorted({parent.as_posix() for path in files for parent in PurePosixPath(path).parents} - {"."})


def unpack(archive: bytes) -> dict[str, bytes]:
    """Read regular files from a tar archive; paths are normalised (no escapes)."""
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            handle = tar.extractfile(member)
            if handle is not None:
                files[normalise(member.name)] = handle.read()
    return files
