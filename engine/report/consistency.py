"""Consistency over repeats: pass^k per session and condition, and each session's spread across repeats.

pass^k (τ²-bench's definition) is the chance that k repeats of one session, drawn without replacement from its
n repeats, all pass; with c of the n passing that is C(c, k) / C(n, k), and a condition's pass^k is its mean over
sessions. pass^1 is the plain pass rate; pass^k falls with k unless every session passes always or never.

A session *passes* when its rule Comp is 1 (every rule item met) and its mandatory gate holds; a session
without rule items never passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from engine.report.discover import SessionRow, natural_key
from engine.report.stats import Metric, mean_std
from engine.report.table import Cell, Table, group_order, mean_or_none, pct
from engine.report.tables_scores import CONDITION, comp, proc

SessionKey = tuple[tuple[str, str, str], str, str]


def pass_hat_k(passes: int, repeats: int, k: int) -> float:
    """C(passes, k) / C(repeats, k): the chance that k of the `repeats` runs, drawn without replacement, all pass."""
    if not 1 <= k <= repeats or not 0 <= passes <= repeats:
        raise ValueError(f"pass^k needs 1 <= k <= n and 0 <= c <= n (k={k}, n={repeats}, c={passes})")
    return comb(passes, k) / comb(repeats, k)


def pass_k(outcomes: Sequence[tuple[int, int]], k: int) -> float | None:
    """The mean of pass_hat_k over sessions given as (passes, repeats); sessions with fewer than k repeats are
    left out; None when none has k."""
    return mean_or_none([pass_hat_k(c, n, k) for c, n in outcomes if n >= k])


def passed(row: SessionRow) -> bool:
    """Rule Comp 1 and the mandatory gate held."""
    result = row.result
    return result is not None and result.rule_comp == 1.0 and result.gate_passed is True


def by_session(rows: Sequence[SessionRow]) -> dict[SessionKey, list[SessionRow]]:
    """Every repeat of each (condition, persona, session), in first-seen order."""
    out: dict[SessionKey, list[SessionRow]] = {}
    for row in rows:
        out.setdefault((row.group, row.persona, row.session), []).append(row)
    return out


def _most_repeats(rows: Sequence[SessionRow]) -> int:
    return max((len(v) for v in by_session(rows).values()), default=0)


def _order(item: tuple[SessionKey, list[SessionRow]]) -> tuple[object, ...]:
    (group, persona, session), _ = item
    return (group_order(group), persona, natural_key(session))


def _spread(values: list[float | None]) -> list[Cell]:
    mean, std = mean_std([v for v in values if v is not None])
    return [pct(mean), pct(std)]


def consistency_table(rows: Sequence[SessionRow]) -> Table:
    """Per session: repeats, passes, pass^1..pass^K (K: the most repeats of any session) and the mean and std of
    Proc and Comp across its repeats."""
    most = _most_repeats(rows)
    table = Table(
        "consistency",
        "Per session across repeats: pass^k (%; pass = rule Comp 1 and the gate holds) and Proc / Comp spread",
        [*CONDITION, "persona", "session", "repeats", "passes", *(f"pass^{k}" for k in range(1, most + 1)),
         "Proc mean", "Proc std", "Comp mean", "Comp std"],
        note="pass^k = C(c, k) / C(n, k) for c passes out of n repeats (empty where k > n); std is the sample "
        "std over repeats (n−1).",
    )  # fmt: skip
    for (group, persona, session), repeats in sorted(by_session(rows).items(), key=_order):
        n, c = len(repeats), sum(passed(r) for r in repeats)
        ks = [pct(pass_hat_k(c, n, k)) if k <= n else None for k in range(1, most + 1)]
        spread = [*_spread([r.proc for r in repeats]), *_spread([r.comp for r in repeats])]
        table.rows.append([*group, persona, session, n, c, *ks, *spread])
    return table


def pass_k_table(rows: Sequence[SessionRow]) -> Table:
    """Per condition: pass^1..pass^K over its sessions and the mean per-session std of Proc and Comp."""
    most = _most_repeats(rows)
    table = Table(
        "pass_k",
        "pass^k per condition (%, mean over sessions; τ²-bench's definition) and the mean per-session std "
        "across repeats",
        [*CONDITION, "sessions", "repeats", *(f"pass^{k}" for k in range(1, most + 1)), "Proc std / session",
         "Comp std / session"],
        note="A session passes when rule Comp = 1 and its gate holds; pass^k averages C(c, k) / C(n, k) over the "
        "sessions with at least k repeats.",
    )  # fmt: skip
    groups: dict[tuple[str, str, str], list[list[SessionRow]]] = {}
    for (group, _, _), repeats in by_session(rows).items():
        groups.setdefault(group, []).append(repeats)
    for group in sorted(groups, key=group_order):
        sessions = groups[group]
        outcomes = [(sum(passed(r) for r in s), len(s)) for s in sessions]
        ks = [pct(pass_k(outcomes, k)) for k in range(1, most + 1)]
        stds = [pct(_mean_session_std(sessions, metric)) for metric in (proc, comp)]
        table.rows.append([*group, len(sessions), max(len(s) for s in sessions), *ks, *stds])
    return table


def _mean_session_std(sessions: list[list[SessionRow]], metric: Metric) -> float | None:
    """The mean over sessions of the std of `metric` across the session's repeats (sessions with two or more)."""
    stds = [mean_std([v for r in s if (v := metric(r)) is not None])[1] for s in sessions]
    return mean_or_none([s for s in stds if s is not None])
