"""`proact report RUN_DIR [RUN_DIR...]`: tables, bootstrap statistics, plots, CSV/JSON and report.html."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from engine.loader import DataError
from engine.report.build import build_report
from engine.report.html import format_cell
from engine.report.stats import DEFAULT_RESAMPLES
from engine.report.table import Table

console = Console()


def rich_table(table: Table) -> RichTable:
    """A report table for the terminal."""
    out = RichTable(title=table.title)
    for column in table.columns:
        out.add_column(column, overflow="fold")
    for row in table.rows:
        out.add_row(*(format_cell(c, v) for c, v in zip(table.columns, row, strict=True)))
    return out


def report_cmd(
    run_dirs: Annotated[list[Path], typer.Argument(help="Run directories, experiment directories or folders of them.")],
    out: Annotated[Path | None, typer.Option(help="Output folder (default: <first RUN_DIR>/report).")] = None,
    resamples: Annotated[int, typer.Option(min=1, help="Bootstrap resamples.")] = DEFAULT_RESAMPLES,
    seed: Annotated[int, typer.Option(help="Bootstrap seed.")] = 0,
    no_traces: Annotated[bool, typer.Option(help="Leave the per-session trace viewer out of report.html.")] = False,
) -> None:
    """Report on finished (or partial, or re-graded) runs from their files: tables, CIs, plots, exports, HTML."""
    try:
        report = build_report(run_dirs, out, resamples=resamples, seed=seed, traces=not no_traces)
    except (DataError, ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    for name in ("scores", "bootstrap_ci", "status_distribution", "ablation_deltas"):
        if report.table(name).rows:
            console.print(rich_table(report.table(name)))
    console.print(f"{len(report.runs)} run directories, {len(report.rows)} sessions")
    console.print(f"report: {report.out / 'report.html'} (+ {len(report.files) - 1} CSV/JSON/PNG files)")
