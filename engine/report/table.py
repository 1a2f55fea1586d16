"""The one table shape every report table has: named columns and rows of plain values (HTML, CSV and JSON)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean

Cell = str | int | float | None

MEMORY_ORDER = ("full", "no-memory", "isolated", "oracle", "disclosed")
BASELINE = ("full", "none")


@dataclass
class Table:
    """A report table. Score columns hold percentages (0–100); `None` is a missing value."""

    name: str
    title: str
    columns: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    note: str = ""

    def records(self) -> list[dict[str, Cell]]:
        """The rows as column -> value dictionaries (the JSON export)."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def pct(value: float | None) -> float | None:
    """A fraction as a percentage, None kept."""
    return None if value is None else 100 * value


def mean_or_none(values: Sequence[float]) -> float | None:
    """The mean, or None for no values."""
    return fmean(values) if values else None


def group_order(group: tuple[str, str, str]) -> tuple[str, int, bool, str]:
    """Sort key of a condition: agent, then memory modes in README order, then no ablation before ablations."""
    agent, memory, ablate = group
    rank = MEMORY_ORDER.index(memory) if memory in MEMORY_ORDER else len(MEMORY_ORDER)
    return (agent, rank, ablate != "none", ablate)


def group_label(group: tuple[str, str, str]) -> str:
    """A condition's short name: the agent label, plus memory and ablation when they are not the baseline."""
    agent, memory, ablate = group
    extra = [part for part, base in zip((memory, ablate), BASELINE, strict=True) if part != base]
    return f"{agent} [{', '.join(extra)}]" if extra else agent
