"""`proact report RUN_DIR [RUN_DIR...]`: tables, bootstrap statistics, plots, CSV/JSON and report.html."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table as RichTable

from engine.cli_console import make_console
from engine.loader import DataError
from engine.report.build import build_report
from engine.report.html import format_cell
from engine.report.stats import DEFAULT_RESAMPLES
from engine.report.table import Table

console = make_console()


def overall_table(scores: Table) -> RichTable:
    """The overall rows of Table 1 for the terminal: one line per condition, Proc and Comp as mean ± std."""
    out = RichTable(title="Proc / Comp per model (%, mean ± std over repeats)")
    for column in ("agent", "memory", "ablate", "repeats", "Proc", "Comp"):
        out.add_column(column, no_wrap=True, justify="right" if column in ("repeats", "Proc", "Comp") else "left")
    for r in scores.records():
        if r["persona"] != "overall":
            continue
        spread = [f"{format_cell(m, r[f'{m} mean'])} ± {format_cell(m, r[f'{m} std'])}" for m in ("Proc", "Comp")]
        out.add_row(str(r["agent"]), str(r["memory"]), str(r["ablate"]), str(r["repeats"]), *spread)
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
    for warning in report.warnings:
        console.print(f"[yellow]warning: {warning}[/yellow]", highlight=False)
    console.print(overall_table(report.table("scores")))
    console.print(f"{len(report.runs)} run directories, {len(report.rows)} sessions")
    console.print(f"report: {report.out / 'report.html'} (+ {len(report.files) - 1} CSV/JSON/PNG files)")
