"""The `proact` command line: a thin layer over the Python API."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from engine.cli_audit import audit_cmd
from engine.cli_console import make_console
from engine.cli_experiment import experiment_table, run_matrix
from engine.cli_report import report_cmd
from engine.cli_sandbox import sandbox_app
from engine.cli_validate import validate_cmd
from engine.config_io import load_config
from engine.experiment.matrix import is_experiment, resume_config
from engine.loader import DataError, PersonaBundle, load_persona
from engine.models.roles import bind_role, same_model_warnings
from engine.ports import WorkspaceError
from engine.regrade import regrade_run
from engine.rundir import run_config
from engine.runner import count_sessions, role_models, run
from engine.schema.config import ModelBinding, RunConfig
from engine.schema.events import AgentMessage, Event
from engine.schema.results import EpisodeResult, SessionResult
from engine.schema_export import SCHEMAS, export, json_schema

app = typer.Typer(help="proact: measure how proactive an LLM assistant is.", no_args_is_help=True)
app.add_typer(sandbox_app, name="sandbox")
app.command("audit")(audit_cmd)
app.command("report")(report_cmd)
app.command("validate")(validate_cmd)
console = make_console()


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _per_session(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def summary_table(episodes: list[EpisodeResult]) -> Table:
    """Per-persona Proc / Comp summary with the user's burden (questions asked / untargeted, words per session)."""
    table = Table(title="proact results (%)")
    table.add_column("persona", no_wrap=True)
    columns = ["sess", "Proc", "Comp", "rule", "gated", "C/I/P/open", "turns", "asked/untgt", "user words"]
    columns.append("grader err")
    for col in columns:
        table.add_column(col, justify="right", no_wrap=True)
    for ep in episodes:
        rule = [s.rule_comp for s in ep.sessions if s.rule_comp is not None]
        c = ep.status_counts
        table.add_row(
            ep.persona,
            str(len(ep.sessions)),
            _pct(ep.proc),
            _pct(ep.comp),
            _pct(sum(rule) / len(rule) if rule else None),
            _pct(ep.comp_gated),
            f"{c['completed']}/{c['inferred']}/{c['provided']}/{c['open']}",
            f"{ep.mean_turns:.1f}",
            _per_session(ep.mean_questions) + "/" + _per_session(ep.mean_untargeted_questions),
            _per_session(ep.mean_user_words),
            str(sum(s.grader_errors for s in ep.sessions)),
        )
    return table


def gate_table(episodes: list[EpisodeResult]) -> Table:
    """Per-persona mandatory gate, conditional Comp, 3-tier score and evidence retrieval."""
    table = Table(title="gate, tiers and evidence (%)")
    table.add_column("persona", no_wrap=True)
    for col in ("gate pass", "cond Comp", "tier", "tier cond", "evid P", "evid R", "evid F1"):
        table.add_column(col, justify="right", no_wrap=True)
    for ep in episodes:
        values = (ep.gate_pass_rate, ep.comp_conditional, ep.tier_score, ep.tier_conditional)
        evidence = (ep.evidence_precision, ep.evidence_recall, ep.evidence_f1)
        table.add_row(ep.persona, *(_pct(v) for v in (*values, *evidence)))
    return table


@app.command("run")
def run_cmd(
    config: Annotated[Path | None, typer.Option(help="Run config YAML.")] = None,
    persona: Annotated[list[str] | None, typer.Option(help="Persona folder (repeatable).")] = None,
    agent: Annotated[str | None, typer.Option(help="Agent kind: react, reference or passive.")] = None,
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
        bundles = [load_persona(Path(p)) for p in cfg.personas]
        total = count_sessions(cfg, bundles)
    except (DataError, ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    if cfg.matrix is not None:
        _run_matrix(cfg, bundles)
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("sessions", total=total)

        def done(result: SessionResult) -> None:
            progress.update(
                task, advance=1, description=f"{result.persona}/{result.session_id} Proc {_pct(result.proc)}"
            )

        def turn(persona: str, session: str, event: Event) -> None:
            if isinstance(event, AgentMessage):
                progress.update(task, description=f"{persona}/{session} turn {event.turn}")

        def note(text: str) -> None:
            console.print(f"[bold red]{text}[/bold red]" if text.startswith("WARNING") else f"[yellow]{text}[/yellow]")

        try:
            outcome = run(cfg, on_session=done, bundles=bundles, on_event=turn, on_note=note)
        except WorkspaceError as exc:
            console.print(f"[red]workspace: {exc}[/red]")
            raise typer.Exit(2) from exc
    console.print(summary_table(outcome.episodes))
    console.print(gate_table(outcome.episodes))
    console.print(f"run directory: {outcome.run_dir}")


def _run_matrix(cfg: RunConfig, bundles: list[PersonaBundle]) -> None:
    """Run an experiment config; exit 1 when an episode failed (the others still ran)."""
    try:
        outcome = run_matrix(cfg, bundles, console)
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
    if any(cell.failures for cell in outcome.cells):
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


@app.command("grade")
def grade_cmd(
    run_dir: Annotated[Path, typer.Argument(help="A run directory written by `proact run`.")],
    judge: Annotated[str | None, typer.Option(help="Judge model (litellm string); default: the run's judge.")] = None,
    judge_api_base: Annotated[str | None, typer.Option(help="Judge server base URL.")] = None,
    judge_key_env: Annotated[str | None, typer.Option(help="Environment variable holding the judge's key.")] = None,
    no_cache: Annotated[bool, typer.Option(help="Call the judge even for verdicts already in the call cache.")] = False,
) -> None:
    """Re-grade a finished run (new rubric, new judge) without rerunning any agent."""
    try:
        config = run_config(run_dir)
    except (DataError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    binding = config.judge
    if judge is not None:
        binding = ModelBinding(model=judge, api_base=judge_api_base, api_key_env=judge_key_env, temperature=0)
    agent, user, _ = role_models(config)
    for warning in same_model_warnings(agent, user, None if binding is None else binding.model):
        console.print(f"[bold red]{warning}[/bold red]")
    cache = config.cache.model_copy(update={"judge": config.cache.judge and not no_cache})
    meter = None if binding is None else bind_role(binding, "judge", cache)
    episodes = regrade_run(run_dir, meter, config=config)
    console.print(summary_table(episodes))
    console.print(gate_table(episodes))
