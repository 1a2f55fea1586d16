"""`proact run` over a matrix: a live progress panel (plain log lines when not on a terminal) and a summary."""

from __future__ import annotations

import threading
from collections import defaultdict
from statistics import fmean, pstdev

from rich.console import Console, Group
from rich.live import Live
from rich.progress_bar import ProgressBar
from rich.table import Table

from engine.budget import Budget
from engine.experiment.execute import ExperimentOutcome, run_experiment
from engine.experiment.progress import ExperimentProgress, Snapshot
from engine.loader import PersonaBundle
from engine.models.ratelimit import RateLimits
from engine.schema.config import RunConfig

HEARTBEAT_S = 60.0


def _bar(label: str, done: int, total: int, extra: str = "") -> Table:
    row = Table.grid(padding=(0, 1))
    row.add_row(f"{label:<9}", ProgressBar(total=max(total, 1), completed=done, width=30), f"{done}/{total} {extra}")
    return row


def progress_panel(s: Snapshot) -> Group:
    """Bars for episodes and sessions, then turns, tokens and cost per role, and the elapsed time."""
    usage = Table(box=None, padding=(0, 2))
    for col in ("role", "calls", "cached", "tokens in", "tokens out", "cost $"):
        usage.add_column(col, justify="right")
    for role, u in s.usage.items():
        usage.add_row(
            role, str(u.calls), str(u.cached_calls), str(u.prompt_tokens), str(u.completion_tokens), f"{u.cost_usd:.4f}"
        )
    minutes, seconds = divmod(int(s.elapsed_s), 60)
    state = f"running {s.episodes_running}" + (f", [red]failed {s.episodes_failed}[/red]" if s.episodes_failed else "")
    return Group(
        _bar("episodes", s.episodes_done, s.episodes_total, state),
        _bar("sessions", s.sessions_done, s.sessions_total, f"turns {s.turns}"),
        usage,
        f"tokens {s.tokens}  cost ${s.cost_usd:.4f}  elapsed {minutes}m{seconds:02d}s",
    )


def _mean_std(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{100 * fmean(values):.1f} ± {100 * pstdev(values):.1f}"


def experiment_table(outcome: ExperimentOutcome) -> Table:
    """Proc and Comp (%) per agent x memory x ablation: mean ± std over repeats of the persona mean; failed
    episodes and infra_error sessions (kept out of the means) counted."""
    groups: dict[tuple[str, str, str], list[tuple[float | None, float | None, int, int]]] = defaultdict(list)
    for cell in outcome.cells:
        procs = [e.proc for e in cell.episodes if e.proc is not None]
        comps = [e.comp for e in cell.episodes if e.comp is not None]
        key = (cell.spec.agent, cell.spec.memory, cell.spec.ablate)
        infra = sum(e.infra_errors for e in cell.episodes)
        groups[key].append(
            (fmean(procs) if procs else None, fmean(comps) if comps else None, len(cell.failures), infra)
        )
    table = Table(title="experiment (%; mean ± std over repeats)")
    for col in ("agent", "memory", "ablate"):
        table.add_column(col, overflow="fold")
    for col in ("runs", "Proc", "Comp", "failed", "infra err"):
        table.add_column(col, justify="right", no_wrap=True)
    for (agent, memory, ablate), rows in groups.items():
        procs = [r[0] for r in rows if r[0] is not None]
        comps = [r[1] for r in rows if r[1] is not None]
        failed, infra = sum(r[2] for r in rows), sum(r[3] for r in rows)
        cells = (str(len(rows)), _mean_std(procs), _mean_std(comps), str(failed), str(infra))
        table.add_row(agent, memory, ablate, *cells)
    return table


def _heartbeat(progress: ExperimentProgress, console: Console, stop: threading.Event) -> None:
    """Off a terminal: the counters every HEARTBEAT_S seconds, so long sessions still show signs of life."""
    while not stop.wait(HEARTBEAT_S):
        console.print(f"{progress.status_line()} | running {progress.snapshot().episodes_running}", highlight=False)


def run_matrix(
    config: RunConfig,
    bundles: list[PersonaBundle],
    console: Console,
    budget: Budget | None = None,
    limits: RateLimits | None = None,
) -> ExperimentOutcome:
    """Run the experiment with live progress: a refreshing panel on a terminal, one line per event otherwise;
    `budget` (--max-cost) caps the whole experiment; `limits` are the per-model rate limits (default: the config's)."""

    def note(text: str) -> None:
        console.print(f"[bold red]{text}[/bold red]" if text.startswith("WARNING") else f"[yellow]{text}[/yellow]")

    if not console.is_terminal:
        progress = ExperimentProgress(on_line=lambda line: console.out(line, highlight=False))
        stop = threading.Event()
        beat = threading.Thread(target=_heartbeat, args=(progress, console, stop), daemon=True)
        beat.start()
        try:
            return run_experiment(config, bundles, progress, note, limits=limits, budget=budget)
        finally:
            stop.set()
            beat.join()
    progress = ExperimentProgress()
    with Live(console=console, refresh_per_second=2, get_renderable=lambda: progress_panel(progress.snapshot())):
        return run_experiment(config, bundles, progress, note, limits=limits, budget=budget)
