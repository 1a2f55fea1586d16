"""Per-turn change detection from two file fingerprints."""

from __future__ import annotations

from engine.ports import FileStat


def diff_files(before: dict[str, FileStat], after: dict[str, FileStat]) -> list[tuple[str, str]]:
    """Return sorted (path, kind) pairs with kind 'added', 'modified' or 'deleted'."""
    changes: list[tuple[str, str]] = []
    for path, stat in after.items():
        old = before.get(path)
        if old is None:
            changes.append((path, "added"))
        elif old != stat:
            changes.append((path, "modified"))
    changes.extend((path, "deleted") for path in before if path not in after)
    return sorted(changes)
