"""The episode clock inside the sandbox: agent commands read the simulated time, the host's clock is untouched.

A command runs with libfaketime preloaded (the `libfaketime` wheel's build, bound read-only into the local jail and
copied into the Docker image at the same path) and `FAKETIME="@<simulated time>"`: `date`, Python's
`datetime.now()` and `time.time()` start at the episode clock when the command starts and tick on from there. `TZ`
is UTC, so the story's wall-clock time is what `date` prints on every backend whatever the host's zone.

The kernel stamps a written file with the real time, so the command is run by a small wrapper that afterwards sets
the modification time of every file it wrote (a real modification time since it started) to the simulated time.
Files the engine writes (`write_file`, session additions, restores) get the simulated time too.
A command killed at its timeout leaves its files with the real time.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import platform
import shlex
import time
from datetime import UTC, datetime
from pathlib import Path

SANDBOX_LIB = "/opt/proact/lib/libfaketime.so.1"
_WHEEL_LIB = ("vendor", "libfaketime", "src", "libfaketime.so.1")
MARK_SLACK_S = 0.02
"""How far before the command its window of real time opens: the kernel's file times are coarse (one timer tick,
1-10 ms), so a file written just after the command started can carry a time a little before it."""

STAMP_SCRIPT = r"""
bash -c "$1"
rc=$?
hi=$(( $(LD_PRELOAD= date +%s) + 2 ))
find "$3" -xdev \( -type f -o -type d \) -newermt "@$2" ! -newermt "@$hi" \
  -exec touch -c -m -d "@$(date +%s.%N)" {} + 2>/dev/null
exit $rc
"""
"""Run `$1`, then give the simulated time (`date` under libfaketime) to every file under `$3` whose modification time
is real time since `$2`: what the command wrote. Files with a simulated time (the seed, the engine's writes, earlier
commands) lie outside that window, so they are never touched again."""


@functools.cache
def host_lib() -> Path | None:
    """The libfaketime library shipped in the `libfaketime` wheel (a dependency of proact), None if absent; found
    without importing the package."""
    spec = importlib.util.find_spec("libfaketime")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder).joinpath(*_WHEEL_LIB)
        if path.is_file():
            return path
    return None


def _utc(now: datetime) -> datetime:
    """A simulated time as the sandbox's UTC wall clock (naive times are the story's wall clock already)."""
    return now if now.tzinfo is None else now.astimezone(UTC).replace(tzinfo=None)


def epoch(now: datetime) -> float:
    """Seconds since the epoch of a simulated time, its wall clock read as UTC (the sandbox's zone)."""
    return _utc(now).replace(tzinfo=UTC).timestamp()


def clock_env(now: datetime, lib: str) -> dict[str, str]:
    """The environment that makes a command started now see `now` (libfaketime at `lib`)."""
    return {"LD_PRELOAD": lib, "FAKETIME": f"@{_utc(now):%Y-%m-%d %H:%M:%S}", "TZ": "UTC"}


def clocked(command: str, root: str) -> str:
    """A bash command running `command`, then giving every file under `root` it created or changed the simulated
    time (run it with `clock_env`)."""
    since = f"{time.time() - MARK_SLACK_S:.6f}"
    return shlex.join(["bash", "-c", STAMP_SCRIPT, "proact-clock", command, since, root])


def sandbox_lib_usable() -> bool:
    """Whether the shipped library can be preloaded in the sandbox: it is installed and built for this machine."""
    return host_lib() is not None and platform.machine() in ("x86_64", "AMD64")


def file_time_ns(now: datetime) -> int:
    """The modification time, in nanoseconds, of a file the engine writes at simulated time `now`: its seconds from
    the simulated clock, its sub-second part from the real one, so a rewrite within one simulated second still
    changes the file's fingerprint."""
    return int(epoch(now)) * 1_000_000_000 + time.time_ns() % 1_000_000_000


def stamp_file(path: Path, now: datetime) -> None:
    """Give a file on the host the simulated modification time of a write at `now`."""
    ns = file_time_ns(now)
    os.utime(path, ns=(ns, ns), follow_symlinks=False)


def stamp_all_argv(root: str, now: datetime) -> list[str]:
    """The argv giving every regular file and folder under `root` (itself included) the simulated time `now` (a
    workspace seeded before its episode clock was set)."""
    return [
        "find",
        root,
        "-xdev",
        "(",
        "-type",
        "f",
        "-o",
        "-type",
        "d",
        ")",
        "-exec",
        "touch",
        "-c",
        "-m",
        "-d",
        f"@{file_time_ns(now) / 1e9:.9f}",
        "{}",
        "+",
    ]
