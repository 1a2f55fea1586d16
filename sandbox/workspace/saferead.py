"""Safe reads of workspace files: regular files only, under a size cap, within a deadline.

Every read of the engine (tools, graders, rule probes, the simulated user's view of changes, react
memory and skills, snapshots) goes through a workspace adapter's `read_file` or `snapshot`, and
every adapter reads through the rules here: a FIFO, device, socket or directory at a path is
refused with a message naming what it is (opening a FIFO for reading would block until a writer
comes), a file past `MAX_READ_BYTES` is refused, and a read that does not finish within
`READ_TIMEOUT_S` is abandoned with an error. Host files are opened with O_NONBLOCK and O_NOFOLLOW
and checked with fstat on the opened descriptor, so a file swapped for a FIFO after a check is
still refused.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from engine.ports import NotAFileError, WorkspaceError

MAX_READ_BYTES = 64 * 1024 * 1024
MAX_SNAPSHOT_BYTES = 1024 * 1024 * 1024  # all files of one snapshot together
READ_TIMEOUT_S = 30.0
_CHUNK = 1024 * 1024


class UnreadableFileError(WorkspaceError):
    """A workspace path exists but is not read: not a regular file, too large, or too slow to read."""


class NotRegularFileError(UnreadableFileError):
    """The path is a FIFO, device, socket or folder: never opened for reading."""


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words ('a FIFO (named pipe)', 'a character device', ...)."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def not_regular(key: str, kind: str) -> NotRegularFileError:
    """The error for a path that is `kind` (e.g. 'a FIFO (named pipe)'), not a regular file."""
    return NotRegularFileError(f"cannot read {key}: it is {kind}, not a regular file (only regular files are read)")


def too_large(key: str, size: int, cap: int = MAX_READ_BYTES) -> UnreadableFileError:
    """The error for a file of `size` bytes over the read cap."""
    return UnreadableFileError(f"cannot read {key}: {size} bytes is over the read cap of {cap} bytes")


def too_slow(key: str, timeout_s: float = READ_TIMEOUT_S) -> UnreadableFileError:
    """The error for a read that did not finish within the timeout."""
    return UnreadableFileError(f"cannot read {key}: the read did not finish within {timeout_s:g} s")


def read_regular(full: Path, key: str, cap: int = MAX_READ_BYTES, timeout_s: float = READ_TIMEOUT_S) -> bytes:
    """The bytes of the host file `full` (shown to the agent as `key`) if it is a regular file of at most `cap` bytes.

    The final path component is not followed (callers resolve symlinks and check containment first);
    opening never blocks (O_NONBLOCK) and the type is checked on the opened descriptor.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(full, flags)
    except FileNotFoundError as exc:
        raise NotAFileError(f"no such file: {key}") from exc
    except OSError as exc:
        with contextlib.suppress(OSError):
            mode = os.lstat(full).st_mode
            if not stat.S_ISREG(mode):
                raise not_regular(key, kind_of(mode)) from exc
        raise WorkspaceError(f"cannot read {key}: {exc.strerror}") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise not_regular(key, kind_of(info.st_mode))
        if info.st_size > cap:
            raise too_large(key, info.st_size, cap)
        return _read_all(fd, key, cap, timeout_s)
    finally:
        os.close(fd)


def _read_all(fd: int, key: str, cap: int, timeout_s: float) -> bytes:
    deadline = time.monotonic() + timeout_s
    chunks: list[bytes] = []
    total = 0
    while block := os.read(fd, _CHUNK):
        chunks.append(block)
        total += len(block)
        if total > cap:
            raise too_large(key, total, cap)
        if time.monotonic() > deadline:
            raise too_slow(key, timeout_s)
    return b"".join(chunks)
