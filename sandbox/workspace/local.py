"""Workspace in a host temp directory; agent commands run jailed by bubblewrap where a jail can be made.

Jailed (sandbox/workspace/jail.py), a command sees only the workspace (at /workspace), read-only
system folders and its own processes, with no network and no environment of the engine. Unjailed
(no bubblewrap, or namespaces refused here) a command runs as the engine's user on the host: the
engine lets only agents that call no model use that (engine/workspaces.py). File reads and writes of
the engine never follow a path out of the workspace, read regular files only (saferead.py) and never
block on a FIFO the agent made.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from engine.ports import ExecResult, FileStat, NotAFileError, WorkspaceError
from sandbox.owner import LOCAL_PREFIX, process_token
from sandbox.workspace.jail import BWRAP_ENV, jail_argv, jail_problem
from sandbox.workspace.paths import normalise
from sandbox.workspace.proc import run_capped, run_shell
from sandbox.workspace.saferead import (
    MAX_READ_BYTES,
    MAX_SNAPSHOT_BYTES,
    NotRegularFileError,
    UnreadableFileError,
    kind_of,
    read_regular,
)
from sandbox.workspace.simtime import clock_env, clocked, host_lib, sandbox_lib_usable, stamp_file
from sandbox.workspace.tarball import pack, unpack

_SAFE_ENV_KEYS = ("PATH", "LANG", "LC_ALL", "TZ")

__all__ = ["LOCAL_PREFIX", "LocalWorkspace"]


class LocalWorkspace:
    """A temp-dir workspace whose commands run in a bubblewrap jail (or, where none can be made, unjailed)."""

    def __init__(self, root: Path | None = None, *, jail: bool | None = None) -> None:
        """Use `root` (created if needed) or a fresh temp directory owned by this object.

        `jail`: None jails commands when this machine can; True requires it (WorkspaceError if it cannot);
        False runs them unjailed on the host.
        """
        problem = jail_problem()
        if jail is True and problem is not None:
            raise WorkspaceError(f"no jail can be made for the local workspace: {problem}")
        self.jailed = problem is None if jail is None else jail
        self._owned = root is None
        prefix = f"{LOCAL_PREFIX}{process_token()}-"
        self.root = Path(tempfile.mkdtemp(prefix=prefix)) if root is None else root
        self.root.mkdir(parents=True, exist_ok=True)
        self._now: Callable[[], datetime] | None = None

    def use_clock(self, now: Callable[[], datetime]) -> None:
        """Commands, and files written through this object, see the simulated time `now()` from here on; the first
        call gives the files already here (the seed) that time."""
        first, self._now = self._now is None, now
        if first:
            for path in self.list_files():
                with contextlib.suppress(OSError):
                    stamp_file(self.root / path, now())
            for folder, _, _ in os.walk(self.root):
                with contextlib.suppress(OSError):
                    stamp_file(Path(folder), now())

    def _path(self, path: str) -> Path:
        key = normalise(path)
        try:
            full = (self.root / key).resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop
            raise NotAFileError(f"cannot resolve {key}: {exc}") from exc
        if not full.is_relative_to(self.root.resolve()):
            raise NotAFileError(f"path escapes the workspace: {path!r}")
        return full

    def read_file(self, path: str) -> bytes:
        """Return a regular file's bytes (UnreadableFileError for a FIFO, device, socket or an oversized file)."""
        return read_regular(self._path(path), normalise(path))

    def write_file(self, path: str, data: bytes) -> None:
        """Create or replace a file: written beside it, then renamed over it (a FIFO there is replaced, not opened)."""
        key = normalise(path)
        full = self._path(path)
        try:
            if full.is_dir() and not full.is_symlink():
                raise WorkspaceError(f"cannot write {key}: it is a folder")
            full.parent.mkdir(parents=True, exist_ok=True)
            fd, staging = tempfile.mkstemp(prefix=".proact-write-", dir=full.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.chmod(staging, 0o644)
                if self._now is not None:
                    stamp_file(Path(staging), self._now())
                os.replace(staging, full)
                if self._now is not None:
                    self._stamp_folders(full.parent, self._now())
            except BaseException:
                Path(staging).unlink(missing_ok=True)
                raise
        except OSError as exc:
            raise WorkspaceError(f"cannot write {key}: {exc.strerror or exc}") from exc

    def _stamp_folders(self, folder: Path, now: datetime) -> None:
        """Give `folder` and the folders above it, up to the root, the simulated time of a write in it."""
        root = self.root.resolve()
        while folder.is_relative_to(root):
            stamp_file(folder, now)
            if folder == root:
                break
            folder = folder.parent

    def delete(self, path: str) -> None:
        """Remove a file."""
        key = normalise(path)
        full = self._path(path)
        try:
            mode = full.lstat().st_mode
        except OSError as exc:
            raise WorkspaceError(f"no such file: {key}") from exc
        if not stat.S_ISREG(mode):
            raise WorkspaceError(f"no such file: {key} (it is {kind_of(mode)})")
        full.unlink()
        if self._now is not None:
            self._stamp_folders(full.parent, self._now())

    def list_files(self) -> dict[str, FileStat]:
        """Every regular file with a (size, mtime_ns, inode) fingerprint: no content is read."""
        out: dict[str, FileStat] = {}
        for dirpath, _dirs, names in os.walk(self.root):
            for name in names:
                full = Path(dirpath) / name
                try:
                    st = full.lstat()
                except OSError:
                    continue
                if not stat.S_ISREG(st.st_mode):
                    continue
                rel = full.relative_to(self.root).as_posix()
                out[rel] = FileStat(size=st.st_size, token=f"{st.st_mtime_ns}:{st.st_ino}")
        return out

    def exec(self, command: str, *, timeout_s: float, output_cap: int) -> ExecResult:
        """Run a bash command in the workspace root: jailed (see the module doc), else with a minimal environment."""
        now = None if self._now is None else self._now()
        if self.jailed:
            argv = jail_argv(self.root, command, now)
            return run_capped(argv, self.root, timeout_s=timeout_s, output_cap=output_cap, env=dict(BWRAP_ENV))
        line, folder, env = self.host_command(command, now)
        return run_shell(line, folder, timeout_s=timeout_s, output_cap=output_cap, env=env)

    def host_command(self, command: str, now: datetime | None) -> tuple[str, Path, dict[str, str]]:
        """(command, folder, environment) running `command` unjailed on the host, minimal environment, seeing the
        simulated time `now` when given."""
        env = {k: os.environ[k] for k in _SAFE_ENV_KEYS if k in os.environ}
        env["HOME"] = str(self.root)
        lib = host_lib()
        if now is not None and lib is not None and sandbox_lib_usable():
            env.update(clock_env(now, str(lib)))
            command = clocked(command, str(self.root))
        return command, self.root, env

    def now(self) -> datetime | None:
        """The simulated time its commands see now (None: the host's clock)."""
        return None if self._now is None else self._now()

    def snapshot(self) -> bytes:
        """Tar of every regular file of at most the read cap (read safely; at most MAX_SNAPSHOT_BYTES in all)."""
        files: dict[str, bytes] = {}
        budget = MAX_SNAPSHOT_BYTES
        for path, info in self.list_files().items():
            if info.size > MAX_READ_BYTES:  # no tool or grader could read it: as in the docker snapshot
                continue
            try:
                data = read_regular(self.root / path, path, cap=budget)
            except NotRegularFileError:  # swapped for a FIFO since the listing: not a file
                continue
            except UnreadableFileError as exc:
                raise WorkspaceError(f"cannot snapshot the workspace: {exc}") from exc
            except WorkspaceError:  # gone since the listing
                continue
            budget -= len(data)
            files[path] = data
        return pack(files)

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
