"""In-memory workspace: the fast fake. Commands run in a throw-away local workspace (jailed where a jail can be
made) whose regular files are synced back after."""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from engine.ports import ExecResult, FileStat, NotAFileError, WorkspaceError
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.paths import normalise
from sandbox.workspace.saferead import MAX_READ_BYTES, too_large
from sandbox.workspace.tarball import pack, unpack


class MemoryWorkspace:
    """A dict of files. `exec` materialises the files, runs the command, and reads the result back."""

    def __init__(self, files: dict[str, bytes] | None = None) -> None:
        """Start with the given files (paths are normalised)."""
        self.files: dict[str, bytes] = {normalise(p): d for p, d in (files or {}).items()}
        self._now: Callable[[], datetime] | None = None

    def use_clock(self, now: Callable[[], datetime]) -> None:
        """Commands see the simulated time `now()` (files here keep no times)."""
        self._now = now

    def read_file(self, path: str) -> bytes:
        """Return a file's bytes."""
        key = normalise(path)
        if key not in self.files:
            raise NotAFileError(f"no such file: {key}")
        if len(self.files[key]) > MAX_READ_BYTES:
            raise too_large(key, len(self.files[key]))
        return self.files[key]

    def write_file(self, path: str, data: bytes) -> None:
        """Create or replace a file."""
        self.files[normalise(path)] = bytes(data)

    def delete(self, path: str) -> None:
        """Remove a file."""
        key = normalise(path)
        if key not in self.files:
            raise WorkspaceError(f"no such file: {key}")
        del self.files[key]

    def list_files(self) -> dict[str, FileStat]:
        """Every file with a content-hash fingerprint."""
        return {
            p: FileStat(size=len(d), token=hashlib.blake2b(d, digest_size=12).hexdigest())
            for p, d in self.files.items()
        }

    def exec(self, command: str, *, timeout_s: float, output_cap: int) -> ExecResult:
        """Run the command against a materialised copy, then adopt the copy's files."""
        with tempfile.TemporaryDirectory(prefix="proact-memws-") as tmp:
            local = LocalWorkspace(Path(tmp))
            if self._now is not None:
                local.use_clock(self._now)
            local.restore(self.snapshot())
            result = local.exec(command, timeout_s=timeout_s, output_cap=output_cap)
            self.files = unpack(local.snapshot())
        return result

    def snapshot(self) -> bytes:
        """Tar of every file."""
        return pack(self.files)

    def restore(self, archive: bytes) -> None:
        """Replace the content with a snapshot."""
        self.files = unpack(archive)

    def close(self) -> None:
        """Nothing to release."""
