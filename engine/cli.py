"""The `proact` command line: a thin layer over the Python API."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from engine.budget import Budget
from engine.cli_audit import audit_cmd
from engine.cli_console import make_console
from engine.cli_cost import print_estimate
from engine.cli_experiment import experiment_table, run_matrix, with_executor
from engine.cli_export import export_app
from engine.cli_grade import grade_cmd
from engine.cli_import import import_app
from engine.cli_play import play_cmd
from engine.cli_report import report_cmd
from engine.cli_sandbox import sandbox_app
from engine.cli_story import finish_run, write_report
from engine.cli_tables import budget_note, gate_table, infra_note, pct, session_error_line, summary_table
from engine.cli_validate import validate_cmd
from engine.config_io import load_config
from engine.costs import hosted
from engine.envfile import load_env_file
from engine.experiment.matrix import is_experiment, resume_config
from engine.loader import DataError, PersonaBundle, load_persona
from engine.models.preflight import PreflightError
from engine.ports import WorkspaceError
from engine.runner import RunOutcome, count_sessions, run, warm_up_models
from engine.schema.config import RunConfig
from engine.schema.events import AgentMessage, Event
from engine.schema.results import EpisodeResult, SessionResult
from engine.schema_export import SCHEMAS, export, json_schema

app = typer.Typer(help="proact: measure how proactive an LLM assistant is.", no_args_is_help=True)
app.add_typer(sandbox_app, name="sandbox")
app.add_typer(import_app, name="import")
app.add_typer(export_app, name="export")
app.command("audit")(audit_cmd)
app.command("grade")(grade_cmd)
app.command("play")(play_cmd)
app.command("report")(report_cmd)
app.command("validate")(validate_cmd)
console = make_console()


@app.callback()
def main() -> None:
    """proact: measure how proactive an LLM assistant is (keys: the environment, or a .env file here)."""
    load_env_file()


@app.command("run")
def run_cmd(
    config: Annotated[Path | None, typer.Option(help="Run config YAML.")] = None,
    persona: Annotated[list[str] | None, typer.Option(help="Persona folder (repeatable).")] = None,
    agent: Annotated[
        str | None, typer.Option(help="Agent kind: react, reference, passive, command, endpoint or human.")
    ] = None,
    model: Annotated[str | None, typer.Option(help="Agent model (litellm string or local/...).")] = None,
    user: Annotated[str | None, typer.Option(help="User mode: rules, strict or llm.")] = None,
    memory: Annotated[str | None, typer.Option(help="full, no-memory, isolated, oracle or disclosed.")] = None,
    ablate: Annotated[str | None, typer.Option(help="no-deps: drop the non-final sessions of each group.")] = None,
    workspace: Annotated[str | None, typer.Option(help="auto, docker, local or memory.")] = None,
    run_id: Annotated[str | None, typer.Option(help="Run directory name (reuse one to resume).")] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue this run (or experiment) directory with its saved config.")
    ] = None,
    branch: Annotated[
        str | None, typer.Option(help="RUN_DIR@SESSION: start at SESSION from that run's state; earlier ones reused.")
    ] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override, e.g. limits.max_turns=10.")] = None,
    no_report: Annotated[bool, typer.Option(help="Do not write the HTML report at the end.")] = False,
    no_bounds: Annotated[
        bool, typer.Option(help="Do not compute the gold-replay and do-nothing rows beside a model's.")
    ] = False,
    estimate: Annotated[
        bool, typer.Option(help="Print the expected calls, tokens and cost per role, and run nothing.")
    ] = False,
    max_cost: Annotated[
        float | None,
        typer.Option(
            min=0,
            help="USD cap of the run or experiment, every role: no session starts once it is spent; "
            "a re-run with a higher cap continues.",
        ),
    ] = None,
    executor: Annotated[
        str | None, typer.Option(help="Experiments: thread (default, this process) or ray (a Ray cluster).")
    ] = None,
    address: Annotated[
        str | None, typer.Option(help="--executor ray: the cluster (auto, host:6379, ray://host:10001); none: local.")
    ] = None,
) -> None:
    """Run persona episodes (or, with a `matrix:` section, an experiment) and print a Proc/Comp summary."""
    overrides = list(set_ or [])
    overrides += [f"personas={json.dumps(persona)}"] if persona else []
    overrides += [f"agent.kind={agent}"] if agent else []
    overrides += [f"agent.model.model={model}"] if model else []
    overrides += [f"user.mode={user}"] if user else []
    overrides += [f"memory={memory}"] if memory else []
    overrides += [f"ablate={ablate}"] if ablate else []
    overrides += [f"workspace={workspace}"] if workspace else []
    overrides += [f"run_id={run_id}"] if run_id else []
    if resume is not None and not is_experiment(resume):
        config = resume / "config.yaml"
        overrides += [f"runs_dir={resume.parent}", f"run_id={resume.name}"]
    if branch is not None:
        source, _, at = branch.rpartition("@")
        overrides += [f"branch.from_run={source}", f"branch.at={at}"]
    try:
        cfg = resume_config(resume, overrides) if resume and is_experiment(resume) else load_config(config, overrides)
        cfg = with_executor(cfg, executor, address)
        warm_up_models(cfg)  # litellm is imported in the background while personas load and workspaces are built
        bundles = [load_persona(Path(p)) for p in cfg.personas]
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
        _run_matrix(cfg, bundles, not no_report, budget)
        return
    outcome = _run_single(cfg, bundles, total, budget)
    console.print(summary_table(outcome.episodes))
    console.print(gate_table(outcome.episodes))
    finish_run(console, cfg, bundles, outcome, with_bounds=not no_bounds, with_report=not no_report)
    _budget_note(outcome.episodes, budget)
    note = infra_note(outcome.episodes)
    if note is not None:
        console.print(note)
        raise typer.Exit(1)


def preflight_failed(exc: PreflightError) -> typer.Exit:
    """Print every role that failed its preflight; the exit (code 2) to raise."""
    for failure in exc.failures:
        console.print(f"[red]preflight: {escape(failure)}[/red]", highlight=False)
    console.print("[red]no session was run: fix the model configuration above (README, *Models*)[/red]")
    return typer.Exit(2)


def _budget_note(episodes: list[EpisodeResult], budget: Budget | None) -> None:
    note = None if budget is None else budget_note(episodes, budget.cap_usd, budget.spent_usd)
    if note is not None:
        console.print(note, highlight=False)


def _run_single(cfg: RunConfig, bundles: list[PersonaBundle], total: int, budget: Budget | None) -> RunOutcome:
    """One run with a progress bar; errors of sessions are printed as they end."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=False) as progress:
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
            console.print(f"[bold red]{text}[/bold red]" if text.startswith("WARNING") else f"[yellow]{text}[/yellow]")

        try:
            return run(cfg, on_session=done, bundles=bundles, on_event=turn, on_note=note, budget=budget)
        except PreflightError as exc:
            raise preflight_failed(exc) from exc
        except WorkspaceError as exc:
            console.print(f"[red]workspace: {exc}[/red]")
            raise typer.Exit(2) from exc


def _run_matrix(
    cfg: RunConfig, bundles: list[PersonaBundle], report: bool = True, budget: Budget | None = None
) -> None:
    """Run an experiment config; exit 1 when an episode failed (the others still ran)."""
    try:
        outcome = run_matrix(cfg, bundles, console, budget)
    except PreflightError as exc:
        raise preflight_failed(exc) from exc
    except (DataError, ValueError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    except WorkspaceError as exc:
        console.print(f"[red]workspace: {exc}[/red]")
        raise typer.Exit(2) from exc
    console.print(experiment_table(outcome))
    for cell in outcome.cells:
        for failure in cell.failures:
            console.print(f"[red]{cell.spec.id}/{failure.persona}: {failure.error}[/red]", highlight=False)
    console.print(f"experiment directory: {outcome.experiment_dir}")
    _budget_note([e for cell in outcome.cells for e in cell.episodes], budget)
    page = write_report(console, outcome.experiment_dir) if report else None
    if page is not None:
        console.print(f"report: {page}")
    note = infra_note([e for cell in outcome.cells for e in cell.episodes])
    if note is not None:
        console.print(note)
    if note is not None or any(cell.failures for cell in outcome.cells):
        raise typer.Exit(1)


@app.command("schema")
def schema_cmd(
    name: Annotated[str | None, typer.Argument(help=f"One of: {', '.join(SCHEMAS)}.")] = None,
    out: Annotated[Path | None, typer.Option(help="Write every schema into this folder.")] = None,
) -> None:
    """Print one JSON Schema, or export them all."""
    if out is not None:
        for path in export(out):
            console.print(str(path))
        return
    if name not in SCHEMAS:
        console.print(f"[red]choose a schema: {', '.join(SCHEMAS)}[/red]")
        raise typer.Exit(2)
    sys.stdout.write(json.dumps(json_schema(name), indent=2) + "\n")
