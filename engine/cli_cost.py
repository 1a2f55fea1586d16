"""`proact run --estimate` (a table) and the one line printed before every run that calls a hosted model."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from engine.calibration import calibrate
from engine.costs import RunEstimate, estimate_run
from engine.loader import PersonaBundle
from engine.schema.config import RunConfig


def _usd(value: float | None) -> str:
    return "unknown" if value is None else f"{value:.4f}"


def estimate_table(estimate: RunEstimate) -> Table:
    """One row per (role, model): calls, tokens, price and cost, and whether earlier runs calibrated them."""
    table = Table(title=f"estimate: {estimate.sessions} session(s)")
    for col in ("role", "model"):
        table.add_column(col, no_wrap=True)
    for col in ("calls", "prompt tokens", "completion tokens", "cost $"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("price")
    table.add_column("basis")
    for r in estimate.roles:
        t = r.tally
        cells = (f"{t.calls:.0f}", f"{t.prompt_tokens:,.0f}", f"{t.completion_tokens:,.0f}", _usd(r.cost_usd))
        table.add_row(r.role, escape(r.model), *cells, escape(r.price), r.basis)
    return table


def estimate_line(estimate: RunEstimate) -> str:
    """The estimate in one line: sessions, calls, tokens and cost in all and per role."""
    calls = sum(r.tally.calls for r in estimate.roles)
    per_role = ", ".join(f"{r.role} ${_usd(r.cost_usd)}" for r in estimate.roles)
    return (
        f"estimate: {estimate.sessions} session(s), ~{calls:.0f} model calls, ~{estimate.tokens:,.0f} tokens, "
        f"~${_usd(estimate.cost_usd)} ({per_role}); --estimate for the details, --max-cost USD caps the spend"
    )


def print_estimate(console: Console, config: RunConfig, bundles: Sequence[PersonaBundle], full: bool) -> None:
    """Estimate the run from its personas, calibrated by the runs already under its runs_dir; a table or a line."""
    estimate = estimate_run(config, bundles, calibrate(Path(config.runs_dir)))
    if not full:
        console.print(f"[cyan]{escape(estimate_line(estimate))}[/cyan]", highlight=False)
        return
    console.print(estimate_table(estimate))
    console.print(escape(estimate_line(estimate)), highlight=False)
    console.print(
        "calls and tokens: priors from the sessions' intents, requests, tool catalogues and workspaces (4 characters "
        "a token), scaled by earlier runs of the same model in the same role; prices: litellm's price map",
        highlight=False,
    )
