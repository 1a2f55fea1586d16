"""Agreement statistics for judge audits: disagreement rate, Cohen's kappa, Spearman rank correlation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import sqrt


def paired(a: Sequence[str | None], b: Sequence[str | None]) -> list[tuple[str, str]]:
    """The positions both raters labelled (None = no usable label)."""
    return [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]


def disagreement(a: Sequence[str | None], b: Sequence[str | None]) -> float | None:
    """Share of commonly labelled cases whose labels differ; None without common cases."""
    pairs = paired(a, b)
    return sum(x != y for x, y in pairs) / len(pairs) if pairs else None


def cohen_kappa(a: Sequence[str | None], b: Sequence[str | None]) -> float | None:
    """Cohen's kappa over commonly labelled cases: (p_o - p_e) / (1 - p_e).

    None without common cases, or when chance agreement is 1 (both raters used one and the same
    label throughout), where kappa is undefined.
    """
    pairs = paired(a, b)
    if not pairs:
        return None
    n = len(pairs)
    observed = sum(x == y for x, y in pairs) / n
    left, right = Counter(x for x, _ in pairs), Counter(y for _, y in pairs)
    expected = sum(left[label] * right[label] for label in left) / (n * n)
    return None if expected == 1 else (observed - expected) / (1 - expected)


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of their positions."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Spearman's rho: Pearson correlation of the tie-averaged ranks; None below 2 items or a constant side."""
    if len(x) != len(y) or len(x) < 2:
        return None
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx, vy = sum((a - mx) ** 2 for a in rx), sum((b - my) ** 2 for b in ry)
    return None if vx == 0 or vy == 0 else cov / sqrt(vx * vy)
