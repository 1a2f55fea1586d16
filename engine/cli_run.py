"""`proact run` once its config and personas have loaded: the estimate, the run or experiment with its progress,
the summary and the report. Imported by engine/cli.py only then, so the session graph and the rest of the engine
load while the preflight pings travel (engine/models/preflight.py: start_preflight)."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from engine.budget import Budget
from engine.cli_cost import print_estimate
from engine.cli_experiment import experiment_table, run_matrix
from engine.cli_story import finish_run, write_report
from engine.cli_tables import budget_note, gate_table, infra_note, pct, session_error_line, summary_table
from engine.costs import hosted
from engine.loader import DataError, PersonaBundle
from engine.models.preflight import PreflightError
from engine.models.ratelimit import RateLimits
from engine.ports import WorkspaceError
from engine.runner import RunOutcome, count_sessions, run
from engine.schema.config import RunConfig
from engine.schema.events import AgentMessage, Event
from engine.schema.results import EpisodeResult, SessionResult


class RunCommand:
    """One `proact run` after loading: where it prints, and the run's shared rate limits."""

    def __init__(self, console: Console, limits: RateLimits) -> None:
        """`limits`: the ones the early preflight pinged through, shared with the run."""
        self.console = console
        self.limits = limits

    def execute(
        self,
        cfg: RunConfig,
        bundles: list[PersonaBundle],
        *,
        estimate: bool,
        max_cost: float | None,
        report: bool,
        bounds: bool,
    ) -> None:
        """Estimate, or run the config (or its experiment) and print the summary; typer.Exit(2) on bad input, 1 when
        an episode failed or infrastructure errors were counted."""
        console = self.console
        try:
            total = count_sessions(cfg, bundles)
        except (DataError, ValueError, OSError) as exc:
            console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from exc
        if estimate or hosted(cfg):
            print_estimate(console, cfg, bundles, full=estimate)
            if estimate:
                return
        budget = None if max_cost is None else Budget(max_cost)
        if cfg.matrix is not None:
            self._run_matrix(cfg, bundles, report, budget)
            return
        outcome = self._run_single(cfg, bundles, total, budget)
        console.print(summary_table(outcome.episodes))
        console.print(gate_table(outcome.episodes))
        finish_run(console, cfg, bundles, outcome, with_bounds=bounds, with_report=report)
        self._budget_note(outcome.episodes, budget)
        note = infra_note(outcome.episodes)
        if note is not None:
            console.print(note)
            raise typer.Exit(1)

    def preflight_failed(self, exc: PreflightError) -> typer.Exit:
        """Print every role that failed its preflight; the exit (code 2) to raise."""
        for failure in exc.failures:
            self.console.print(f"[red]preflight: {escape(failure)}[/red]", highlight=False)
        self.console.print("[red]no session was run: fix the model configuration above (README, *Models*)[/red]")
        return typer.Exit(2)

    def _budget_note(self, episodes: list[EpisodeResult], budget: Budget | None) -> None:
        note = None if budget is None else budget_note(episodes, budget.cap_usd, budget.spent_usd)
        if note is not None:
            self.console.print(note, highlight=False)

    def _run_single(
        self, cfg: RunConfig, bundles: list[PersonaBundle], total: int, budget: Budget | None
    ) -> RunOutcome:
        """One run with a progress bar; errors of sessions are printed as they end."""
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=self.console, transient=False) as progress:
            task = progress.add_task("sessions", total=total)

            def done(result: SessionResult) -> None:
                progress.update(
                    task, advance=1, description=f"{result.persona}/{result.session_id} Proc {pct(result.proc)}"
                )
                line = session_error_line(result)
                if line is not None:
                    progress.console.print(line, highlight=False)

            def turn(persona: str, session: str, event: Event) -> None:
                if isinstance(event, AgentMessage):
                    progress.update(task, description=f"{persona}/{session} turn {event.turn}")

            def note(text: str) -> None:
                self.console.print(
                    f"[bold red]{text}[/bold red]" if text.startswith("WARNING") else f"[yellow]{text}[/yellow]"
                )

            try:
                return run(
                    cfg,
                    on_session=done,
                    bundles=bundles,
                    on_event=turn,
                    on_note=note,
                    budget=budget,
                    limits=self.limits,
                )
            except PreflightError as exc:
                raise self.preflight_failed(exc) from exc
            except WorkspaceError as exc:
                self.console.print(f"[red]workspace: {exc}[/red]")
                raise typer.Exit(2) from exc

    def _run_matrix(self, cfg: RunConfig, bundles: list[PersonaBundle], report: bool, budget: Budget | None) -> None:
        """Run an experiment config; exit 1 when an episode failed (the others still ran)."""
        try:
            outcome = run_matrix(cfg, bundles, self.console, budget, self.limits)
        except PreflightError as exc:
            raise self.preflight_failed(exc) from exc
        except (DataError, ValueError) as exc:
            self.console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from exc
        except WorkspaceError as exc:
            self.console.print(f"[red]workspace: {exc}[/red]")
            raise typer.Exit(2) from exc
        self.console.print(experiment_table(outcome))
        for cell in outcome.cells:
            for failure in cell.failures:
                self.console.print(f"[red]{cell.spec.id}/{failure.persona}: {failure.error}[/red]", highlight=False)
        self.console.print(f"experiment directory: {outcome.experiment_dir}")
        self._budget_note([e for cell in outcome.cells for e in cell.episodes], budget)
        page = write_report(self.console, outcome.experiment_dir) if report else None
        if page is not None:
            self.console.print(f"report: {page}")
        note = infra_note([e for cell in outcome.cells for e in cell.episodes])
        if note is not None:
            self.console.print(note)
        if note is not None or any(cell.failures for cell in outcome.cells):
            raise typer.Exit(1)
