"""PNG figures of a report (matplotlib, Agg canvas, no global pyplot state): Comp vs Proc with the
Comp = Proc line (Fig. 3d), turns vs Proc (Fig. 4), ablation deltas (Fig. 5) and Proc/Comp by category."""

from __future__ import annotations

import io
from collections.abc import Sequence
from statistics import fmean

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from engine.report.discover import SessionRow
from engine.report.stats import mean_std, repeat_scores
from engine.report.table import Table, group_label
from engine.report.tables_scores import by_group, comp, proc


def _png(fig: Figure) -> bytes:
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return buffer.getvalue()


def _pct(values: Sequence[float]) -> list[float]:
    return [100 * v for v in values]


def comp_vs_proc(rows: Sequence[SessionRow]) -> bytes:
    """One point per condition at its mean Proc and Comp (error bars: std over repeats), each repeat faint
    behind it, and the Comp = Proc diagonal."""
    fig = Figure(figsize=(6, 5))
    ax = fig.add_subplot()
    ax.plot([0, 100], [0, 100], "--", color="grey", linewidth=1, label="Comp = Proc")
    for group, members in by_group(rows).items():
        procs, comps = repeat_scores(members, proc), repeat_scores(members, comp)
        if not procs or not comps:
            continue
        (p_mean, p_std), (c_mean, c_std) = mean_std(procs), mean_std(comps)
        assert p_mean is not None and c_mean is not None
        bar = ax.errorbar(
            100 * p_mean, 100 * c_mean, xerr=100 * (p_std or 0), yerr=100 * (c_std or 0),
            fmt="o", markersize=8, capsize=3, label=group_label(group),
        )  # fmt: skip
        if len(procs) == len(comps) > 1:
            ax.scatter(_pct(procs), _pct(comps), s=12, alpha=0.35, color=bar.lines[0].get_color())
    ax.set(xlim=(-2, 102), ylim=(-2, 102), xlabel="Proc (%)", ylabel="Comp (%)", title="Comp vs Proc per model")
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(alpha=0.3)
    return _png(fig)


def turns_vs_proc(rows: Sequence[SessionRow]) -> bytes:
    """Mean session Proc per number of agent turns, one line per condition, sessions as faint dots."""
    fig = Figure(figsize=(6, 4.5))
    ax = fig.add_subplot()
    for offset, (group, members) in enumerate(by_group(rows).items()):
        scored = [(r.turns, r.proc) for r in members if r.proc is not None]
        if not scored:
            continue
        turns = sorted({t for t, _ in scored})
        means = [100 * fmean(p for t, p in scored if t == turn) for turn in turns]
        (line,) = ax.plot(turns, means, "o-", label=group_label(group))
        jitter = 0.06 * (offset - 1)
        ax.scatter(
            [t + jitter for t, _ in scored], [100 * p for _, p in scored], s=10, alpha=0.25, color=line.get_color()
        )
    ax.set(xlabel="agent turns in the session", ylabel="Proc (%)", ylim=(-4, 104), title="Turns vs Proc")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return _png(fig)


def ablation_bars(deltas: Table) -> bytes | None:
    """Bars of the Proc and Comp deltas of each ablated condition with their bootstrap intervals; None when
    the report has no condition besides the baselines."""
    records = [r for r in deltas.records() if r["metric"] in ("Proc", "Comp") and r["delta"] is not None]
    labels = list(dict.fromkeys(group_label((str(r["agent"]), str(r["memory"]), str(r["ablate"]))) for r in records))
    if not labels:
        return None
    fig = Figure(figsize=(max(5.0, 1.4 * len(labels) + 2), 4.5))
    ax = fig.add_subplot()
    width = 0.38
    for k, metric in enumerate(("Proc", "Comp")):
        xs: list[float] = []
        ys: list[float] = []
        errs: list[list[float]] = [[], []]
        for r in (r for r in records if r["metric"] == metric):
            x = labels.index(group_label((str(r["agent"]), str(r["memory"]), str(r["ablate"])))) + (k - 0.5) * width
            y, low, high = float(r["delta"] or 0), float(r["ci low"] or 0), float(r["ci high"] or 0)
            xs.append(x)
            ys.append(y)
            errs[0].append(max(0.0, y - low))
            errs[1].append(max(0.0, high - y))
        ax.bar(xs, ys, width, yerr=errs, capsize=3, label=f"Δ {metric}")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(labels)), labels, rotation=20, ha="right", fontsize=8)
    ax.set(ylabel="delta vs baseline (pp)", title="Ablations: condition − full/none baseline")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    return _png(fig)


def by_category(rows: Sequence[SessionRow]) -> bytes:
    """Proc and Comp per task category (mean over repeats), grouped bars per condition."""
    groups = by_group(rows)
    categories = sorted({r.category for r in rows})
    fig = Figure(figsize=(max(6.0, 0.6 * len(categories) * max(1, len(groups)) + 2), 6))
    width = 0.8 / max(1, len(groups))
    for k, (name, metric) in enumerate((("Proc", proc), ("Comp", comp))):
        ax = fig.add_subplot(2, 1, k + 1)
        for g, (group, members) in enumerate(groups.items()):
            xs, ys = [], []
            for c, category in enumerate(categories):
                mean = mean_std(repeat_scores([r for r in members if r.category == category], metric))[0]
                if mean is not None:
                    xs.append(c + (g - (len(groups) - 1) / 2) * width)
                    ys.append(100 * mean)
            ax.bar(xs, ys, width, label=group_label(group))
        ax.set_xticks(range(len(categories)), categories)
        ax.set(ylabel=f"{name} (%)", ylim=(0, 105))
        ax.grid(alpha=0.3, axis="y")
        if k == 0:
            ax.set_title("Proc / Comp by task category")
            ax.legend(fontsize=8, ncol=2)
    return _png(fig)
