"""Safe reads inside a workspace container: bash scripts of coreutils, findutils and tar (every base image has them).

The read script resolves the path (it must stay under the workspace), refuses anything but a
regular file (`stat -c %F`) and files over the cap, announces the size on stderr (a read whose bytes do
not all arrive is a LostOutputError, never a shorter file), then reads at most cap + 1 bytes under `timeout
-s KILL`: a file swapped for a FIFO after the check blocks `head` only until that timeout, never the
engine. The snapshot script archives the regular files of at most the read cap (a larger one, e.g.
a 10 GB sparse file, could not be read by any tool or grader anyway), its output cut at a budget.
"""

from __future__ import annotations

import tarfile

from engine.ports import NotAFileError, WorkspaceError
from sandbox.workspace.listing import LostOutputError
from sandbox.workspace.saferead import (
    MAX_READ_BYTES,
    MAX_SNAPSHOT_BYTES,
    READ_TIMEOUT_S,
    not_regular,
    too_large,
    too_slow,
)
from sandbox.workspace.tarball import unpack

READ_SCRIPT = r"""
f=$(realpath -e -- "$1" 2>/dev/null) || { echo "no such file" >&2; exit 3; }
case "$f" in "$4"/*) ;; *) echo "$f" >&2; exit 5;; esac
kind=$(stat -c %F -- "$f") || exit 3
case "$kind" in "regular file"|"regular empty file") ;; *) printf '%s' "$kind" >&2; exit 4;; esac
size=$(stat -c %s -- "$f") || exit 3
[ "$size" -le "$2" ] || { printf '%s' "$size" >&2; exit 6; }
printf '%s' "$size" >&2
exec timeout -s KILL "$3" head -c "$(( $2 + 1 ))" -- "$f"
"""
SNAPSHOT_SCRIPT = r"""
cd "$1" && find . -xdev -type f -size -"$2"c -print0 | timeout -s KILL "$4" tar --null --no-recursion -T - -cf - \
  | head -c "$3"
"""
_KINDS = {
    "fifo": "a FIFO (named pipe)",
    "character special file": "a character device",
    "block special file": "a block device",
    "socket": "a socket",
    "directory": "a directory",
}


def read_command(root: str, key: str, cap: int = MAX_READ_BYTES, timeout_s: float = READ_TIMEOUT_S) -> list[str]:
    """The argv reading `root/key` safely inside the container."""
    return ["bash", "-c", READ_SCRIPT, "proact-read", f"{root}/{key}", str(cap), f"{timeout_s:g}", root]


def read_result(key: str, code: int, out: bytes, err: bytes, cap: int = MAX_READ_BYTES) -> bytes:
    """The file's bytes from the script's exit code and output, or the WorkspaceError it stands for."""
    message = err.decode(errors="replace").strip()
    if code == 0:
        if len(out) > cap:
            raise too_large(key, len(out), cap)
        if not message.isdigit() or len(out) != int(message):
            raise LostOutputError(f"cannot read {key}: {len(out)} bytes arrived, the size announced was {message!r}")
        return out
    if code == 3:
        raise NotAFileError(f"no such file: {key}")
    if code == 4:
        raise not_regular(key, _KINDS.get(message, f"a {message}"))
    if code == 5:
        raise NotAFileError(f"cannot read {key}: it leads out of the workspace (to {message})")
    if code == 6:
        raise too_large(key, int(message) if message.isdigit() else cap + 1, cap)
    if code in (124, 137):
        raise too_slow(key)
    raise WorkspaceError(f"cannot read {key}: {message or f'exit {code}'}")


def snapshot_command(root: str, timeout_s: float, budget: int = MAX_SNAPSHOT_BYTES) -> list[str]:
    """The argv writing a tar of the regular files under `root` up to the read cap, cut after `budget` + 1 bytes."""
    cap, limit = str(MAX_READ_BYTES + 1), str(budget + 1)
    return ["bash", "-c", SNAPSHOT_SCRIPT, "proact-snapshot", root, cap, limit, f"{timeout_s:g}"]


def snapshot_files(code: int, out: bytes, err: bytes, budget: int = MAX_SNAPSHOT_BYTES) -> dict[str, bytes]:
    """The archived files, or a WorkspaceError when the script failed, was cut off or the archive is over `budget`."""
    if len(out) > budget:
        raise WorkspaceError(f"cannot snapshot the workspace: its archive is over {budget} bytes")
    if code != 0:
        raise WorkspaceError(f"cannot snapshot the workspace: {err.decode(errors='replace').strip() or f'exit {code}'}")
    try:
        return unpack(out)
    except (tarfile.TarError, EOFError) as exc:
        raise WorkspaceError(f"cannot snapshot the workspace: {exc} ({err.decode(errors='replace').strip()})") from exc
