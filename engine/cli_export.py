"""`proact export inspect RUN_DIR... --out DIR`: proact runs as Inspect AI eval logs (see README, *Reports*)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from engine.cli_console import make_console

export_app = typer.Typer(help="Write runs in another tool's log format.", no_args_is_help=True)
console = make_console()


@export_app.command("inspect")
def inspect_cmd(
    runs: Annotated[list[Path], typer.Argument(help="Run or experiment directories (every run below them).")],
    out: Annotated[Path, typer.Option(help="Folder for the Inspect logs (created when missing).")],
) -> None:
    """One Inspect AI eval log (JSON) per persona of every run: sessions as samples, Proc and Comp as scores."""
    from engine.report.inspect_log import export_inspect

    missing = [str(p) for p in runs if not p.exists()]
    if missing:
        console.print(f"[red]no such directory: {', '.join(missing)}[/red]")
        raise typer.Exit(2)
    try:
        written = export_inspect(runs, out)
    except ValueError as err:
        console.print(f"[red]{err}[/red]")
        raise typer.Exit(2) from err
    for path in written:
        console.print(str(path))
    console.print(f"{len(written)} Inspect log(s) in {out}; open them with: inspect view --log-dir {out}")
