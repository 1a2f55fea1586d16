"""The `proact` command line: a thin layer over the Python API."""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from engine.cli_audit import audit_cmd
from engine.cli_console import make_console
from engine.cli_export import export_app
from engine.cli_grade import grade_cmd
from engine.cli_import import import_app
from engine.cli_play import play_cmd
from engine.cli_report import report_cmd
from engine.cli_sandbox import sandbox_app
from engine.cli_validate import validate_cmd
from engine.envfile import load_env_file
from engine.schema_export import SCHEMAS, export, json_schema

if TYPE_CHECKING:
    from engine.cli_run import RunCommand

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
    if branch is not None:
        source, _, at = branch.rpartition("@")
        overrides += [f"branch.from_run={source}", f"branch.at={at}"]
    from engine.config_io import load_config
    from engine.experiment.matrix import is_experiment, matrix_of, resume_config, with_executor
    from engine.loader import DataError, load_persona
    from engine.models.preflight import config_roles, forget_preflight, start_preflight, warm_up_models
    from engine.models.ratelimit import RateLimits

    if resume is not None and not is_experiment(resume):
        config = resume / "config.yaml"
        overrides += [f"runs_dir={resume.parent}", f"run_id={resume.name}"]
    try:
        cfg = resume_config(resume, overrides) if resume and is_experiment(resume) else load_config(config, overrides)
        cfg = with_executor(cfg, executor, address)
        warm_up_models(cfg)  # litellm is imported in the background while personas load and workspaces are built
        bundles = [load_persona(Path(p)) for p in cfg.personas]
        limits = RateLimits(cfg.rate_limits)
        if not estimate:  # the pings travel while the engine is imported; the run awaits their verdicts
            agents = matrix_of(cfg).agents if cfg.matrix is not None else None
            start_preflight(config_roles(cfg, bundles, agents), limits)
            from engine.workspaces import warm_up_workspace

            warm_up_workspace(cfg)  # the jail is probed while the engine is imported
    except (DataError, ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    try:
        _import_run_command()(console, limits).execute(
            cfg, bundles, estimate=estimate, max_cost=max_cost, report=not no_report, bounds=not no_bounds
        )
    finally:
        forget_preflight()


def _import_run_command() -> type[RunCommand]:
    """engine.cli_run (the session graph, the runner, the report's tables) imported with the cyclic collector paused
    and what it built frozen, as engine/entry.py imports this module: 0.2-0.3 s less before the first model call."""
    gc.disable()
    try:
        from engine.cli_run import RunCommand
    finally:
        gc.freeze()
        gc.enable()
    return RunCommand


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
