"""`proact sandbox ...`: build the Docker workspace image and prune what killed runs left behind."""

from __future__ import annotations

from typing import Annotated

import typer

from engine.cli_console import make_console
from engine.ports import WorkspaceError
from engine.schema.config import SandboxConfig

sandbox_app = typer.Typer(help="The Docker workspace sandbox: build its image, prune leftovers.", no_args_is_help=True)
console = make_console()
DEFAULT_IMAGE = SandboxConfig().image


@sandbox_app.command("build")
def build_cmd(
    tag: Annotated[str, typer.Option(help="Image tag (the run config's sandbox.image).")] = DEFAULT_IMAGE,
    base: Annotated[str | None, typer.Option(help="Base image (default python:3.11-slim, else Debian).")] = None,
    offline: Annotated[bool, typer.Option(help="Do not try a registry: build the offline Debian base.")] = False,
    force: Annotated[bool, typer.Option(help="Rebuild even if an image with the same inputs exists.")] = False,
) -> None:
    """Build the workspace image (offline when no registry answers); reuse it when its inputs are unchanged."""
    from sandbox.image.build import build

    try:
        outcome = build(tag, base=base, offline=offline, force=force, log=console.print)
    except WorkspaceError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    state = "reused" if outcome.cached else "built"
    console.print(f"{outcome.tag} {state} from {outcome.base} in {outcome.seconds:.1f} s ({outcome.image_id[:19]})")


@sandbox_app.command("prune")
def prune_cmd(
    all_: Annotated[bool, typer.Option("--all", help="Remove every proact resource, not just orphans.")] = False,
) -> None:
    """Remove containers, volumes and local workspace folders whose engine process is gone."""
    from sandbox import docker as dk
    from sandbox.prune import prune

    has_daemon = dk.daemon_answers()
    if not has_daemon:
        console.print("[yellow]no Docker daemon answers: pruning local workspace folders only[/yellow]")
    try:
        report = prune(all_owners=all_, docker=has_daemon)
    except WorkspaceError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    for label, names in (("container", report.containers), ("volume", report.volumes), ("folder", report.folders)):
        for name in names:
            console.print(f"removed {label} {name}")
    total = len(report.containers) + len(report.volumes) + len(report.folders)
    console.print(f"pruned {total} resource(s)")
