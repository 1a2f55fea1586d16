"""`proact report RUN_DIR [RUN_DIR...]`: tables, bootstrap statistics, plots, CSV/JSON and report.html."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from rich.table import Table as RichTable

from engine.cli_console import make_console
from engine.report.stats import DEFAULT_RESAMPLES

if TYPE_CHECKING:
    from engine.report.build import Report
    from engine.report.table import Table

console = make_console()


def overall_table(scores: Table) -> RichTable:
    """The overall rows of Table 1 for the terminal: one line per condition, Proc and Comp as mean ± std."""
    from engine.report.html import format_cell

    out = RichTable(title="Proc / Comp per model (%, mean ± std over repeats)")
    for column in ("agent", "memory", "ablate", "repeats", "Proc", "Comp"):
        out.add_column(column, no_wrap=True, justify="right" if column in ("repeats", "Proc", "Comp") else "left")
    for r in scores.records():
        if r["persona"] != "overall":
            continue
        spread = [f"{format_cell(m, r[f'{m} mean'])} ± {format_cell(m, r[f'{m} std'])}" for m in ("Proc", "Comp")]
        out.add_row(str(r["agent"]), str(r["memory"]), str(r["ablate"]), str(r["repeats"]), *spread)
    return out


def pibench_terminal(table: Table) -> RichTable:
    """The `pibench_scores` table for the terminal: proact's and π-Bench's Proc / Comp side by side."""
    from engine.report.html import format_cell

    out = RichTable(title="Proc / Comp (%): proact's aggregation vs π-Bench's (mean ± std over repeats)")
    for column in ("agent", "memory", "ablate", "persona", "repeats"):
        out.add_column(column, no_wrap=True)
    for label in ("Proc proact", "Comp proact", "Proc π-Bench", "Comp π-Bench"):
        out.add_column(label, justify="right", no_wrap=True)
    for r in table.records():
        cells = [
            f"{format_cell(m, r[f'{m} ({a}) mean'])} ± {format_cell(m, r[f'{m} ({a}) std'])}"
            for a in ("proact", "π-Bench")
            for m in ("Proc", "Comp")
        ]
        out.add_row(*(str(r[c]) for c in ("agent", "memory", "ablate", "persona", "repeats")), *cells)
    return out


def add_pibench(report: Report) -> Table:
    """Compute π-Bench's aggregation, write pibench_scores.csv/.json beside the report and return the table."""
    from engine.report.exports import export_tables
    from engine.report.pibench import pibench_table

    table = pibench_table(report.rows)
    report.files += export_tables([table], report.out)
    report.tables.append(table)
    return table


def report_cmd(
    run_dirs: Annotated[list[Path], typer.Argument(help="Run directories, experiment directories or folders of them.")],
    out: Annotated[Path | None, typer.Option(help="Output folder (default: <first RUN_DIR>/report).")] = None,
    resamples: Annotated[int, typer.Option(min=1, help="Bootstrap resamples.")] = DEFAULT_RESAMPLES,
    seed: Annotated[int, typer.Option(help="Bootstrap seed.")] = 0,
    no_traces: Annotated[bool, typer.Option(help="Leave the per-session trace viewer out of report.html.")] = False,
    aggregation: Annotated[
        Literal["proact", "pibench"],
        typer.Option(help="pibench: also π-Bench's own aggregation (pibench_scores.csv/.json), beside proact's."),
    ] = "proact",
) -> None:
    """Report on finished (or partial, or re-graded) runs from their files: tables, CIs, plots, exports, HTML."""
    from engine.loader import DataError
    from engine.report.build import build_report

    try:
        report = build_report(run_dirs, out, resamples=resamples, seed=seed, traces=not no_traces)
        extra = add_pibench(report) if aggregation == "pibench" else None
    except (DataError, ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    for warning in report.warnings:
        console.print(f"[yellow]warning: {warning}[/yellow]", highlight=False)
    console.print(overall_table(report.table("scores")))
    if extra is not None:
        console.print(pibench_terminal(extra))
    console.print(f"{len(report.runs)} run directories, {len(report.rows)} sessions")
    console.print(f"report: {report.out / 'report.html'} (+ {len(report.files) - 1} CSV/JSON/PNG files)")
