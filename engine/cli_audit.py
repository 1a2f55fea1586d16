"""`proact audit RUN_DIR... --judges m1,m2`: re-judge a run's judgments with other models (graders/audit.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from engine.cli_console import make_console
from engine.schema.config import CacheConfig, ModelBinding

if TYPE_CHECKING:
    from engine.ports import ChatModel
    from graders.audit import AuditReport

console = make_console()


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def audit_tables(report: AuditReport) -> list[Table]:
    """Disagreement per source (like seed 001 Table 6), kappa per rater pair, rank correlations."""
    sources = Table(title="disagreement with the run (%)")
    for col in ("audit source", "checklist", "n", "err", "hidden intents", "n", "err"):
        sources.add_column(col, justify="left" if col == "audit source" else "right")
    for r in report.sources:
        sources.add_row(
            r.source, _pct(r.checklist_disagreement), str(r.checklist_n), str(r.checklist_errors),
            _pct(r.intent_disagreement), str(r.intent_n), str(r.intent_errors),
        )  # fmt: skip
    pairs = Table(title="Cohen's kappa per rater pair")
    for col in ("rater a", "rater b", "kind", "n", "disagree %", "kappa"):
        pairs.add_column(col, justify="right" if col in ("n", "disagree %", "kappa") else "left")
    for p in report.pairs:
        pairs.add_row(p.a, p.b, p.kind, str(p.n), _pct(p.disagreement), _num(p.kappa))
    ranks = Table(title="Spearman rho of the run ranking per rater pair")
    for col in ("rater a", "rater b", "metric", "runs", "rho"):
        ranks.add_column(col, justify="right" if col in ("runs", "rho") else "left")
    for c in report.correlations:
        ranks.add_row(c.a, c.b, c.metric, str(c.runs), _num(c.rho))
    return [sources, pairs, ranks]


def run_rate_limits(run_dirs: list[Path]) -> dict[str, float]:
    """The `rate_limits` of the audited runs' configs, merged (the lowest rate wins for a model limited twice)."""
    from engine.rundir import run_config

    merged: dict[str, float] = {}
    for run_dir in run_dirs:
        for model, rate in run_config(run_dir).rate_limits.items():
            merged[model] = min(rate, merged.get(model, rate))
    return merged


def audit_cmd(
    run_dirs: Annotated[list[Path], typer.Argument(help="Run directories (one per agent model for rankings).")],
    judges: Annotated[str, typer.Option(help="Comma-separated audit judge models (litellm strings).")],
    api_base: Annotated[str | None, typer.Option(help="Base URL of the judges' server.")] = None,
    key_env: Annotated[str | None, typer.Option(help="Environment variable holding the judges' key.")] = None,
    cache_dir: Annotated[str, typer.Option(help="Call cache folder.")] = CacheConfig().dir,
    out: Annotated[Path | None, typer.Option(help="Report JSON (default: <first run dir>/audit.json).")] = None,
) -> None:
    """Re-judge every rubric item and LLM intent assignment; report disagreement, kappa and rank correlation.

    Every judge is checked first (preflight) and bound with the audited runs' `rate_limits`."""
    from engine.loader import DataError
    from engine.models.preflight import PreflightError, RoleBinding, require_models
    from engine.models.ratelimit import RateLimits
    from engine.models.roles import bind_role
    from engine.ports import ModelUnavailableError
    from graders.audit import audit
    from graders.audit_cases import run_cases

    names = [j.strip() for j in judges.split(",") if j.strip()]
    labels = [str(d) for d in run_dirs] if len({d.name for d in run_dirs}) < len(run_dirs) else None
    try:
        runs = [run_cases(d, labels[n] if labels else None) for n, d in enumerate(run_dirs)]
    except (DataError, OSError, ValueError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    cache = CacheConfig(dir=cache_dir)
    bindings = {name: ModelBinding(model=name, api_base=api_base, api_key_env=key_env) for name in names}
    limits = RateLimits(run_rate_limits(run_dirs))
    try:
        require_models([RoleBinding("judge", b) for b in bindings.values()], limits=limits)
    except PreflightError as exc:
        for failure in exc.failures:
            console.print(f"[red]preflight: {escape(failure)}[/red]", highlight=False)
        raise typer.Exit(2) from exc
    models: dict[str, ChatModel] = {
        name: bind_role(binding, "judge", cache, limits=limits) for name, binding in bindings.items()
    }
    try:
        report = audit(runs, models)
    except ModelUnavailableError as exc:
        console.print(f"[red]an audit judge failed; no report written: {escape(str(exc))}[/red]")
        raise typer.Exit(1) from exc
    for note in report.notes:
        console.print(f"[bold red]{note}[/bold red]" if note.startswith("WARNING") else f"[yellow]{note}[/yellow]")
    for table in audit_tables(report):
        console.print(table)
    path = out or run_dirs[0] / "audit.json"
    path.write_text(report.model_dump_json(indent=2), encoding="utf-8")
    console.print(f"audit written to {path}")
