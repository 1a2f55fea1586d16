"""File listing of a workspace inside a container: one `find` run, parsed into fingerprints.

`find -printf` prints size, modification time (ns resolution on tmpfs), inode and path per regular
file, NUL-terminated, so a workspace of 10,000 files is listed by a single exec and no file is read. A
trailer after the last record proves the output arrived whole: under load the daemon sometimes hands
back an exec's exit code without its output, which must not read as an empty workspace.
"""

from __future__ import annotations

from engine.ports import FileStat, WorkspaceError

FIND_FORMAT = r"%s %T@ %i %P\0"
TRAILER = b"proact-listing-end"


class LostOutputError(WorkspaceError):
    """A helper command in the container succeeded but its output did not arrive whole (worth another try)."""


def find_command(root: str) -> list[str]:
    """The argv listing every regular file under `root` (not crossing into other filesystems)."""
    script = 'find "$1" -xdev -type f -printf "$2" && printf "%s" "$3"'
    return ["bash", "-c", script, "proact-list", root, FIND_FORMAT, TRAILER.decode()]


def parse_listing(output: bytes) -> dict[str, FileStat]:
    """Fingerprints keyed by relative path from `find_command` output; size + mtime + inode form the token.
    LostOutputError when the trailer is missing (the output did not arrive whole)."""
    if not output.endswith(TRAILER):
        raise LostOutputError(f"the workspace listing arrived incomplete ({len(output)} bytes, no trailer)")
    files: dict[str, FileStat] = {}
    for record in output[: -len(TRAILER)].split(b"\0"):
        if not record:
            continue
        fields = record.split(b" ", 3)
        if len(fields) != 4 or not fields[0].isdigit():
            raise WorkspaceError(f"unexpected file listing record: {record[:120]!r}")
        size, mtime, inode, path = fields
        files[path.decode("utf-8", errors="surrogateescape")] = FileStat(
            size=int(size), token=f"{mtime.decode()}:{inode.decode()}"
        )
    return files
