"""Removes an engine process's sandbox containers and volumes when that process dies, even by SIGKILL.

`ensure_reaper` starts `python -m sandbox.reaper OWNER` once per engine process with a pipe on its
stdin. The kernel closes the pipe when the engine exits for any reason; the reaper then reads EOF
and removes every resource labelled with the engine's owner id. A normal exit closes the
workspaces first, so the reaper finds nothing left. The reaper runs in its own session, so a
Ctrl-C in the terminal reaches the engine (which cleans up itself) but not the reaper.
"""

from __future__ import annotations

import subprocess
import sys
import threading

_lock = threading.Lock()
_reapers: dict[str, subprocess.Popen[bytes]] = {}


def ensure_reaper(owner: str) -> None:
    """Start the reaper of `owner` (this process) unless it already runs."""
    with _lock:
        running = _reapers.get(owner)
        if running is not None and running.poll() is None:
            return
        _reapers[owner] = subprocess.Popen(
            [sys.executable, "-m", "sandbox.reaper", owner],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


def main(argv: list[str]) -> int:
    """Wait for EOF on stdin, then remove what `argv[0]` (an owner id) left behind."""
    sys.stdin.buffer.read()
    from sandbox.docker import remove_owned

    remove_owned(argv[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
