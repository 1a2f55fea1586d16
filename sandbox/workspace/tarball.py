"""Tar (de)serialisation of a {path: bytes} mapping, used for snapshots."""

from __future__ import annotations

import io
import tarfile

from sandbox.workspace.paths import normalise


def pack(files: dict[str, bytes]) -> bytes:
    """Return an uncompressed tar archive holding the files."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for path in sorted(files):
            info = tarfile.TarInfo(path)
            info.size = len(files[path])
            tar.addfile(info, io.BytesIO(files[path]))
    return buf.getvalue()


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
