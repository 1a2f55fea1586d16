"""File listing of a workspace inside a container: one `find` run, parsed into fingerprints.

`find -printf` prints size, modification time (ns resolution on tmpfs), inode and path per regular
file, NUL-terminated, so a workspace of 10,000 files is listed by a single exec and no file is read.
"""

from __future__ import annotations

from engine.ports import FileStat, WorkspaceError

FIND_FORMAT = r"%s %T@ %i %P\0"


def find_command(root: str) -> list[str]:
    """The argv listing every regular file under `root` (not crossing into other filesystems)."""
    return ["find", root, "-xdev", "-type", "f", "-printf", FIND_FORMAT]


def parse_listing(output: bytes) -> dict[str, FileStat]:
    """Fingerprints keyed by relative path from `find_command` output; size + mtime + inode form the token."""
    files: dict[str, FileStat] = {}
    for record in output.split(b"\0"):
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
