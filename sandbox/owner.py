"""Who owns a sandbox resource: a process on a host, identified so that a reused pid is not mistaken for it."""

from __future__ import annotations

import os
import socket
from pathlib import Path

LOCAL_PREFIX = "proact-ws-"  # local workspace folders (and the jail's support folder): $TMPDIR/proact-ws-<owner>-*


def _start_ticks(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), None if gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def process_token(pid: int | None = None) -> str:
    """`<pid>.<start ticks>` of a process (default: this one); `<pid>.0` where /proc is unavailable."""
    pid = os.getpid() if pid is None else pid
    return f"{pid}.{_start_ticks(pid) or 0}"


def owner_id() -> str:
    """`<hostname>:<pid>.<start ticks>` of this process: the value of a sandbox resource's owner label."""
    return f"{socket.gethostname()}:{process_token()}"


def token_alive(token: str) -> bool:
    """Whether the process named by a `process_token` still runs (the same process, not a reused pid)."""
    pid_text, _, ticks = token.partition(".")
    if not pid_text.isdigit() or not _pid_exists(int(pid_text)):
        return False
    return ticks == "0" or _start_ticks(int(pid_text)) == ticks


def owner_alive(owner: str) -> bool | None:
    """True/False for an owner on this host; None for an owner on another host (cannot tell)."""
    host, _, token = owner.rpartition(":")
    if host != socket.gethostname():
        return None
    return token_alive(token)


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
