"""Statistics over session rows: mean ± std over repeats, bootstrap intervals clustered by persona episode,
and paired differences between two conditions.

Clustered bootstrap: sessions of one persona episode (persona, repeat) are not independent, so the unit
resampled with replacement is the episode; the statistic is the mean over every session of the drawn
episodes, and the interval is the percentile interval of that statistic over the resamples.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import fmean, stdev
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # `proact report`'s options read DEFAULT_RESAMPLES without loading the run readers
    from engine.report.discover import SessionRow

Metric = Callable[["SessionRow"], float | None]
DEFAULT_RESAMPLES = 1000


def mean_std(values: Sequence[float]) -> tuple[float | None, float | None]:
    """Mean and sample standard deviation (n−1); std is None for fewer than two values, both None for none."""
    if not values:
        return None, None
    return fmean(values), (stdev(values) if len(values) > 1 else None)


def repeat_scores(rows: Sequence[SessionRow], metric: Metric) -> list[float]:
    """One score per repeat: the mean of `metric` over that repeat's sessions (sessions without a value skipped)."""
    by_repeat: dict[int, list[float]] = {}
    for row in rows:
        value = metric(row)
        if value is not None:
            by_repeat.setdefault(row.run.repeat, []).append(value)
    return [fmean(v) for _, v in sorted(by_repeat.items())]


@dataclass(frozen=True)
class Interval:
    """A point estimate with a percentile bootstrap interval."""

    estimate: float
    low: float
    high: float
    units: int
    sessions: int


def _percentile(sorted_values: list[float], q: float) -> float:
    """Linear-interpolated percentile of already sorted values (q in [0, 1])."""
    pos = q * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def cluster_bootstrap(
    clusters: Sequence[Sequence[float]], resamples: int = DEFAULT_RESAMPLES, seed: int = 0, level: float = 0.95
) -> Interval | None:
    """Percentile interval of the pooled mean, resampling whole clusters with replacement; None without data."""
    clusters = [c for c in clusters if c]
    if not clusters:
        return None
    rng = random.Random(seed)
    sums = [(sum(c), len(c)) for c in clusters]
    stats: list[float] = []
    for _ in range(resamples):
        total = count = 0.0
        for _ in range(len(sums)):
            s, n = sums[rng.randrange(len(sums))]
            total += s
            count += n
        stats.append(total / count)
    stats.sort()
    alpha = (1 - level) / 2
    estimate = sum(s for s, _ in sums) / sum(n for _, n in sums)
    return Interval(
        estimate, _percentile(stats, alpha), _percentile(stats, 1 - alpha), len(clusters), sum(len(c) for c in clusters)
    )


def episode_clusters(rows: Sequence[SessionRow], metric: Metric) -> list[list[float]]:
    """The values of `metric` grouped by persona episode (persona, repeat), in a stable order."""
    by_episode: dict[tuple[str, int], list[float]] = {}
    for row in rows:
        value = metric(row)
        if value is not None:
            by_episode.setdefault(row.episode, []).append(value)
    return [by_episode[k] for k in sorted(by_episode)]


def bootstrap_mean(
    rows: Sequence[SessionRow], metric: Metric, resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> Interval | None:
    """Mean of `metric` over sessions with a bootstrap interval clustered by persona episode."""
    return cluster_bootstrap(episode_clusters(rows, metric), resamples, seed)


def paired_difference(
    a: Sequence[SessionRow], b: Sequence[SessionRow], metric: Metric, resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> Interval | None:
    """Mean of metric(a) − metric(b) over sessions present in both, paired by (persona, repeat, session).

    The interval resamples persona episodes (persona, repeat) with replacement; None when nothing pairs.
    """
    b_values = {(r.persona, r.run.repeat, r.session): metric(r) for r in b}
    by_episode: dict[tuple[str, int], list[float]] = {}
    for row in a:
        value, other = metric(row), b_values.get((row.persona, row.run.repeat, row.session))
        if value is not None and other is not None:
            by_episode.setdefault(row.episode, []).append(value - other)
    return cluster_bootstrap([by_episode[k] for k in sorted(by_episode)], resamples, seed)


def paired_sessions(a: Sequence[SessionRow], b: Sequence[SessionRow]) -> tuple[list[SessionRow], list[SessionRow]]:
    """The sessions of `a` and of `b` whose (persona, repeat, session) occurs in both."""
    keys_a = {(r.persona, r.run.repeat, r.session) for r in a}
    keys_b = {(r.persona, r.run.repeat, r.session) for r in b}
    both = keys_a & keys_b
    return (
        [r for r in a if (r.persona, r.run.repeat, r.session) in both],
        [r for r in b if (r.persona, r.run.repeat, r.session) in both],
    )
