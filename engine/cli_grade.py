"""`proact grade RUN_DIR`: re-grade a finished run with its own or another judge (engine/regrade.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from engine.cli_console import make_console

console = make_console()


def grade_cmd(
    run_dir: Annotated[Path, typer.Argument(help="A run directory written by `proact run`.")],
    judge: Annotated[str | None, typer.Option(help="Judge model (litellm string); default: the run's judge.")] = None,
    judge_api_base: Annotated[str | None, typer.Option(help="Judge server base URL.")] = None,
    judge_key_env: Annotated[str | None, typer.Option(help="Environment variable holding the judge's key.")] = None,
    no_cache: Annotated[bool, typer.Option(help="Call the judge even for verdicts already in the call cache.")] = False,
) -> None:
    """Re-grade a finished run (new rubric, new judge) without rerunning any agent.

    The judge is checked first (preflight) and bound with the run's `rate_limits`."""
    # loaded only when this command runs: the graders, the session graph
    from engine.cli_tables import gate_table, summary_table
    from engine.loader import DataError
    from engine.models.preflight import PreflightError, RoleBinding, require_models
    from engine.models.ratelimit import RateLimits
    from engine.models.roles import bind_role, same_model_warnings
    from engine.ports import ModelUnavailableError
    from engine.regrade import regrade_run
    from engine.rundir import run_config
    from engine.runner import role_models
    from engine.schema.config import ModelBinding

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
    limits = RateLimits(config.rate_limits) if config.rate_limits else None
    meter = None
    if binding is not None:
        try:
            require_models([RoleBinding("judge", binding)], limits=limits)
        except PreflightError as exc:
            for failure in exc.failures:
                console.print(f"[red]preflight: {escape(failure)}[/red]", highlight=False)
            raise typer.Exit(2) from exc
        meter = bind_role(binding, "judge", cache, limits=limits)
    try:
        episodes = regrade_run(run_dir, meter, config=config)
    except ModelUnavailableError as exc:
        console.print(
            f"[red]the judge failed; sessions graded so far were rewritten, the rest kept: {escape(str(exc))}[/red]"
        )
        raise typer.Exit(1) from exc
    console.print(summary_table(episodes))
    console.print(gate_table(episodes))
