"""Comparison tables: bootstrap intervals per condition, paired differences between models, ablation deltas
against each agent's `full`/`none` baseline, and the agent × memory-mode matrix."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.report.discover import SessionRow
from engine.report.stats import (
    Interval,
    Metric,
    bootstrap_mean,
    mean_std,
    paired_difference,
    paired_sessions,
    repeat_scores,
)
from engine.report.table import BASELINE, MEMORY_ORDER, Cell, Table, pct
from engine.report.tables_scores import CONDITION, by_group, comp, comp_gated, proc

METRICS: dict[str, Metric] = {"Proc": proc, "Comp": comp, "gated Comp": comp_gated}


def _interval(interval: Interval | None) -> list[Cell]:
    if interval is None:
        return [None, None, None]
    return [pct(interval.estimate), pct(interval.low), pct(interval.high)]


def bootstrap_table(rows: Sequence[SessionRow], resamples: int, seed: int) -> Table:
    """Mean over sessions with a 95% bootstrap interval, resampling persona episodes (persona, repeat)."""
    table = Table(
        "bootstrap_ci",
        f"95% bootstrap intervals clustered by persona episode ({resamples} resamples, seed {seed}; %)",
        [*CONDITION, "metric", "mean", "ci low", "ci high", "episodes", "sessions"],
        note="Resampling unit: the persona episode (persona, repeat); statistic: the mean over the drawn sessions.",
    )
    for group, members in by_group(rows).items():
        for name, metric in METRICS.items():
            interval = bootstrap_mean(members, metric, resamples, seed)
            counts: list[Cell] = [None, None] if interval is None else [interval.units, interval.sessions]
            table.rows.append([*group, name, *_interval(interval), *counts])
    return table


def paired_table(rows: Sequence[SessionRow], resamples: int, seed: int) -> Table:
    """Every pair of agents run under the same memory/ablation condition: mean A − B over sessions paired by
    (persona, repeat, session), with a bootstrap interval over persona episodes."""
    table = Table(
        "paired_differences",
        "Paired differences between models (A − B, percentage points, 95% CI clustered by persona episode)",
        ["memory", "ablate", "agent A", "agent B", "metric", "A − B", "ci low", "ci high", "episodes", "sessions"],
    )
    groups = by_group(rows)
    for (agent_a, memory, ablate), (agent_b, memory_b, ablate_b) in combinations(groups, 2):
        if (memory, ablate) != (memory_b, ablate_b):
            continue
        for name, metric in METRICS.items():
            a, b = groups[(agent_a, memory, ablate)], groups[(agent_b, memory, ablate)]
            interval = paired_difference(a, b, metric, resamples, seed)
            counts: list[Cell] = [None, None] if interval is None else [interval.units, interval.sessions]
            table.rows.append([memory, ablate, agent_a, agent_b, name, *_interval(interval), *counts])
    return table


def _matched_mean(rows: Sequence[SessionRow], metric: Metric) -> float | None:
    values = [v for v in (metric(r) for r in rows) if v is not None]
    return pct(sum(values) / len(values)) if values else None


def ablation_table(rows: Sequence[SessionRow], resamples: int, seed: int) -> Table:
    """Each agent's non-baseline conditions minus its `full`/`none` baseline, over the sessions both ran
    (a no-deps ablation runs only each group's final session), with a paired bootstrap interval."""
    table = Table(
        "ablation_deltas",
        "Ablation deltas vs the full-memory, no-ablation baseline of the same agent (percentage points)",
        [*CONDITION, "metric", "baseline", "condition", "delta", "ci low", "ci high", "episodes", "sessions"],
        note="Only sessions run under both conditions count; pairs are (persona, repeat, session).",
    )
    groups = by_group(rows)
    for (agent, memory, ablate), members in groups.items():
        baseline = groups.get((agent, *BASELINE))
        if baseline is None or (memory, ablate) == BASELINE:
            continue
        cond, base = paired_sessions(members, baseline)
        for name, metric in METRICS.items():
            interval = paired_difference(cond, base, metric, resamples, seed)
            counts: list[Cell] = [None, None] if interval is None else [interval.units, interval.sessions]
            delta = _interval(interval)
            table.rows.append(
                [agent, memory, ablate, name, _matched_mean(base, metric), _matched_mean(cond, metric), *delta, *counts]
            )
    return table


def memory_matrix(rows: Sequence[SessionRow]) -> Table:
    """Agent × memory mode (no ablation): Proc and Comp means over repeats (%)."""
    groups = by_group([r for r in rows if r.run.ablate == "none"])
    modes = [m for m in MEMORY_ORDER if any(g[1] == m for g in groups)]
    modes += sorted({g[1] for g in groups} - set(modes))
    table = Table(
        "memory_matrix",
        "Memory-mode matrix: Proc / Comp per agent and memory mode (mean over repeats, %)",
        ["agent", *(f"{m} {name}" for m in modes for name in ("Proc", "Comp"))],
    )
    for agent in sorted({g[0] for g in groups}):
        row: list[Cell] = [agent]
        for mode in modes:
            members = groups.get((agent, mode, "none"), [])
            row += [pct(mean_std(repeat_scores(members, metric))[0]) for metric in (proc, comp)]
        table.rows.append(row)
    return table
