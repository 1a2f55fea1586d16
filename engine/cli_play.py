"""`proact play`: a person takes the agent's seat (agent.kind human) or the user's seat (user.mode human) in an
episode; the sessions are recorded and graded like any other run's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal, cast

import typer
from rich.markup import escape

from engine.cli_console import make_console
from engine.cli_tables import pct, summary_table
from engine.config_io import load_config
from engine.loader import DataError, load_persona
from engine.models.preflight import PreflightError
from engine.ports import WorkspaceError
from engine.schema.results import SessionResult
from engine.terminal import PlayerQuit

console = make_console()
Seat = Literal["agent", "user"]


def seat_overrides(seat: Seat, agent: str | None, user: str | None) -> list[str]:
    """The config overrides of a seat: the person is the agent (the user `user`, default rules) or the user (facing
    `agent`, default the reference agent)."""
    if seat == "agent":
        return ["agent.kind=human", f"user.mode={user or 'rules'}"]
    return ["user.mode=human", f"agent.kind={agent or 'reference'}"]


def _session_line(result: SessionResult) -> None:
    statuses = ", ".join(f"{k}={v or 'open'}" for k, v in result.statuses.items())
    error = f" ({result.error})" if result.error else ""
    console.print(
        f"[bold]{escape(result.session_id)}[/bold] {result.termination}{escape(error)}: Proc {pct(result.proc)}%, "
        f"Comp {pct(result.comp)}%; {escape(statuses)}",
        highlight=False,
    )


def play_cmd(
    persona: Annotated[Path, typer.Argument(help="Persona folder.")] = Path("personas/example"),
    seat: Annotated[str, typer.Option(help="agent: you are the agent; user: you are the user.")] = "agent",
    session: Annotated[list[str] | None, typer.Option(help="Session to play (repeatable; default: all).")] = None,
    agent: Annotated[str | None, typer.Option(help="Seat user: the agent you face (default reference).")] = None,
    model: Annotated[str | None, typer.Option(help="Seat user: that agent's model.")] = None,
    user: Annotated[str | None, typer.Option(help="Seat agent: the user mode you face (default rules).")] = None,
    config: Annotated[Path | None, typer.Option(help="Run config YAML (the seat overrides it).")] = None,
    workspace: Annotated[str | None, typer.Option(help="auto, docker, local or memory.")] = None,
    run_id: Annotated[str | None, typer.Option(help="Run directory name.")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override, e.g. limits.max_turns=10.")] = None,
) -> None:
    """Take the agent's or the user's seat in a persona's episode, for checking tasks by hand. /help inside."""
    from engine.runner import new_run_id, run  # the session graph: loaded only when this command runs

    if seat not in ("agent", "user"):
        console.print("[red]--seat is agent or user[/red]")
        raise typer.Exit(2)
    overrides = [*(set_ or []), f"personas={json.dumps([str(persona)])}"]
    overrides += [f"sessions={json.dumps(session)}"] if session else []
    overrides += [f"agent.model.model={model}"] if model else []
    overrides += [f"workspace={workspace}"] if workspace else []
    overrides += [f"run_id={run_id}"] if run_id else []
    overrides += seat_overrides(cast(Seat, seat), agent, user)
    try:
        cfg = load_config(config, overrides)
        cfg = cfg.model_copy(update={"run_id": cfg.run_id or new_run_id(cfg)})
        bundles = [load_persona(Path(p)) for p in cfg.personas]
    except (DataError, ValueError, OSError) as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    try:
        outcome = run(cfg, on_session=_session_line, bundles=bundles, on_note=console.print, preflight_first=True)
    except PlayerQuit:
        run_dir = Path(cfg.runs_dir) / str(cfg.run_id)
        console.print(f"stopped at your request; the sessions you finished are recorded in {run_dir}", soft_wrap=True)
        return
    except PreflightError as exc:
        console.print(f"[red]preflight: {escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    except WorkspaceError as exc:
        console.print(f"[red]workspace: {escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    console.print(summary_table(outcome.episodes))
    console.print(f"run directory: {outcome.run_dir}")
