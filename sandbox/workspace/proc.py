"""Run a shell command with a hard timeout that kills the whole process group, capping output."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from pathlib import Path

from engine.ports import ExecResult


def run_shell(command: str, cwd: Path, *, timeout_s: float, output_cap: int, env: dict[str, str]) -> ExecResult:
    """Run `command` with bash in `cwd`; stdout and stderr are merged and capped at `output_cap` bytes."""
    return run_capped(["bash", "-c", command], cwd, timeout_s=timeout_s, output_cap=output_cap, env=env)


def run_capped(argv: list[str], cwd: Path, *, timeout_s: float, output_cap: int, env: dict[str, str]) -> ExecResult:
    """Run `argv` in `cwd` in a new session; output merged and capped; at the timeout its process group is killed."""
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
    )
    chunks: list[bytes] = []
    kept = 0
    truncated = False

    def drain() -> None:
        nonlocal kept, truncated
        assert proc.stdout is not None
        stream = proc.stdout
        while block := stream.read1(65536):  # type: ignore[attr-defined]
            room = output_cap - kept
            if room > 0:
                chunks.append(block[:room])
                kept += min(room, len(block))
            if len(block) > room:
                truncated = True

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    timed_out = False
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc.pid)
        proc.wait()
    reader.join(timeout=5)
    _kill_group(proc.pid)
    text = b"".join(chunks).decode("utf-8", errors="replace")
    return ExecResult(exit_code=proc.returncode, output=text, timed_out=timed_out, truncated=truncated)


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
