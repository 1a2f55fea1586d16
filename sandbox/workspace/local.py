"""Workspace in a host temp directory, commands run by subprocess (for machines without Docker)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from engine.ports import ExecResult, FileStat, WorkspaceError
from sandbox.owner import process_token
from sandbox.workspace.paths import normalise
from sandbox.workspace.proc import run_shell
from sandbox.workspace.tarball import pack, unpack

_SAFE_ENV_KEYS = ("PATH", "LANG", "LC_ALL", "TZ")
LOCAL_PREFIX = "proact-ws-"


class LocalWorkspace:
    """A temp-dir workspace. Not isolated: use Docker for untrusted agents."""

    def __init__(self, root: Path | None = None) -> None:
        """Use `root` (created if needed) or a fresh temp directory owned by this object."""
        self._owned = root is None
        prefix = f"{LOCAL_PREFIX}{process_token()}-"
        self.root = Path(tempfile.mkdtemp(prefix=prefix)) if root is None else root
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, path: str) -> Path:
        full = (self.root / normalise(path)).resolve()
        if not full.is_relative_to(self.root.resolve()):
            raise WorkspaceError(f"path escapes the workspace: {path!r}")
        return full

    def read_file(self, path: str) -> bytes:
        """Return a file's bytes."""
        full = self._path(path)
        if not full.is_file():
            raise WorkspaceError(f"no such file: {normalise(path)}")
        return full.read_bytes()

    def write_file(self, path: str, data: bytes) -> None:
        """Create or replace a file."""
        full = self._path(path)
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_bytes(data)

    def delete(self, path: str) -> None:
        """Remove a file."""
        full = self._path(path)
        if not full.is_file():
            raise WorkspaceError(f"no such file: {normalise(path)}")
        full.unlink()

    def list_files(self) -> dict[str, FileStat]:
        """Every regular file with a (size, mtime_ns, inode) fingerprint: no content is read."""
        out: dict[str, FileStat] = {}
        for dirpath, _dirs, names in os.walk(self.root):
            for name in names:
                full = Path(dirpath) / name
                st = full.lstat()
                if full.is_symlink() or not full.is_file():
                    continue
                rel = full.relative_to(self.root).as_posix()
                out[rel] = FileStat(size=st.st_size, token=f"{st.st_mtime_ns}:{st.st_ino}")
        return out

    def exec(self, command: str, *, timeout_s: float, output_cap: int) -> ExecResult:
        """Run a bash command in the workspace root with a minimal environment (no host secrets)."""
        env = {k: os.environ[k] for k in _SAFE_ENV_KEYS if k in os.environ}
        env["HOME"] = str(self.root)
        return run_shell(command, self.root, timeout_s=timeout_s, output_cap=output_cap, env=env)

    def snapshot(self) -> bytes:
        """Tar of every regular file."""
        return pack({p: (self.root / p).read_bytes() for p in self.list_files()})

    def restore(self, archive: bytes) -> None:
        """Replace the content with a snapshot."""
        for child in self.root.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
        for path, data in unpack(archive).items():
            self.write_file(path, data)

    def close(self) -> None:
        """Delete the directory if this object created it."""
        if self._owned and self.root.exists():
            shutil.rmtree(self.root, ignore_errors=True)
