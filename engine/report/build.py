"""`build_report`: discover run directories, compute every table, plot, export, and write report.html."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.report import plots
from engine.report.consistency import consistency_table, pass_k_table
from engine.report.discover import RunInfo, SessionRow, load_rows, version_warnings
from engine.report.exports import export_tables
from engine.report.html import page_html
from engine.report.stats import DEFAULT_RESAMPLES
from engine.report.table import Table
from engine.report.tables_compare import ablation_table, bootstrap_table, memory_matrix, paired_table
from engine.report.tables_scores import (
    burden_table,
    category_table,
    gated_table,
    scores_table,
    sessions_table,
    status_table,
    termination_table,
    turns_table,
    usage_table,
)
from engine.report.trace import trace_html
from engine.report.trace_sources import SessionTexts, persona_texts

REPORT_DIR = "report"
INFRA_ERROR = "infra_error"
NOT_RUN = "budget_exhausted"
HTML_FILE = "report.html"


@dataclass
class Report:
    """What `build_report` computed and wrote."""

    runs: list[RunInfo]
    rows: list[SessionRow]
    tables: list[Table]
    out: Path
    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def table(self, name: str) -> Table:
        """The table called `name`."""
        return next(t for t in self.tables if t.name == name)


def runs_table(runs: Sequence[RunInfo], rows: Sequence[SessionRow]) -> Table:
    """The run directories the report read, with their condition, repeat index and graded sessions."""
    table = Table("runs", "Run directories read", ["agent", "memory", "ablate", "repeat", "sessions", "run_dir"])
    for run in runs:
        table.rows.append([*run.group, run.repeat, sum(r.run is run for r in rows), str(run.path)])
    return table


def compute_tables(
    runs: Sequence[RunInfo], rows: Sequence[SessionRow], resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> list[Table]:
    """Every table of the report, in page order (the tidy `sessions` table last).

    Sessions that ended infra_error (a model service failed) or were not run (budget_exhausted) enter no score,
    status, turn or burden table; they are counted in `termination`, `usage`, `runs` and `sessions`, and named by
    `infra_warning` and `budget_warning`.
    """
    scored = measured(rows)
    return [
        scores_table(scored),
        bootstrap_table(scored, resamples, seed),
        paired_table(scored, resamples, seed),
        category_table(scored),
        status_table(scored),
        termination_table(rows),
        turns_table(scored),
        burden_table(scored),
        gated_table(scored),
        pass_k_table(scored),
        consistency_table(scored),
        usage_table(rows),
        ablation_table(scored, resamples, seed),
        memory_matrix(scored),
        runs_table(runs, rows),
        sessions_table(rows),
    ]


def measured(rows: Sequence[SessionRow]) -> list[SessionRow]:
    """The sessions that measured the agent: every one but those that ended infra_error or were not run."""
    return [r for r in rows if r.termination not in (INFRA_ERROR, NOT_RUN)]


def infra_warning(rows: Sequence[SessionRow]) -> str | None:
    """A warning counting the infra_error sessions left out of every score, or None."""
    count = sum(r.termination == INFRA_ERROR for r in rows)
    if not count:
        return None
    return (
        f"{count} session(s) ended infra_error (a model service failed) and are left out of every score; "
        "re-run or --resume their runs to redo them"
    )


def budget_warning(rows: Sequence[SessionRow]) -> str | None:
    """A warning counting the sessions the --max-cost cap kept from starting, or None."""
    count = sum(r.termination == NOT_RUN for r in rows)
    if not count:
        return None
    return (
        f"{count} session(s) were not run (--max-cost reached) and are left out of every score; re-run their "
        "runs with a higher --max-cost to run them"
    )


def _plots(rows: Sequence[SessionRow], ablation: Table) -> list[tuple[str, str, bytes]]:
    figures = [
        (
            "comp_vs_proc",
            "Comp vs Proc per model (mean ± std over repeats; dashed: Comp = Proc)",
            plots.comp_vs_proc(rows),
        ),
        ("turns_vs_proc", "Agent turns vs Proc (mean Proc per turn count; dots: sessions)", plots.turns_vs_proc(rows)),
    ]
    bars = plots.ablation_bars(ablation)
    if bars is not None:
        figures.append(("ablation", "Ablation deltas vs the full/none baseline (95% CI)", bars))
    figures.append(("by_category", "Proc and Comp by task category", plots.by_category(rows)))
    return figures


def _texts(runs: Sequence[RunInfo]) -> dict[tuple[Path, str, str], SessionTexts]:
    texts: dict[tuple[Path, str, str], SessionTexts] = {}
    for run in runs:
        texts.update({(run.path, p, s): t for (p, s), t in persona_texts(run.path).items()})
    return texts


def build_report(
    paths: Sequence[Path],
    out: Path | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    traces: bool = True,
) -> Report:
    """Read the run directories under `paths` and write tables (CSV, JSON), plots (PNG) and report.html into
    `out` (default `<first path>/report/`). Raises ValueError when no graded session is found."""
    runs, rows = load_rows(paths)
    if not rows:
        raise ValueError(f"no graded session (result.json) in a run directory under {', '.join(map(str, paths))}")
    out = out or Path(paths[0]) / REPORT_DIR
    tables = compute_tables(runs, rows, resamples, seed)
    warnings = version_warnings(rows)
    notes = [note for note in (infra_warning(rows), budget_warning(rows)) if note is not None]
    report = Report(runs, rows, tables, out, export_tables(tables, out), [*warnings, *notes])
    figures = _plots(measured(rows), report.table("ablation_deltas"))
    for name, _, png in figures:
        path = out / f"{name}.png"
        path.write_bytes(png)
        report.files.append(path)
    texts = _texts(runs) if traces else {}
    sections = (
        [trace_html(r, texts.get((r.run.path, r.persona, r.session), SessionTexts())) for r in rows] if traces else []
    )
    intro = f"{len(runs)} run director{'y' if len(runs) == 1 else 'ies'}, {len(rows)} graded sessions; " + (
        f"bootstrap: {resamples} resamples, seed {seed}. Computed from the files on disk."
    )
    intro += "".join(f" WARNING: {w}." for w in report.warnings)
    shown = [t for t in tables if t.name != "sessions"]
    html = page_html("proact report", intro, shown, figures, report.table("sessions"), sections)
    (out / HTML_FILE).write_text(html, encoding="utf-8")
    report.files.append(out / HTML_FILE)
    return report
