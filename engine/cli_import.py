"""`proact import pibench SRC --out DIR`: the original π-Bench tasks as proact personas (see README)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from engine.cli_console import make_console

if TYPE_CHECKING:
    from engine.pibench.importer import ImportResult

import_app = typer.Typer(help="Import another benchmark's tasks as proact personas.", no_args_is_help=True)
console = make_console()
COUNTS = (
    ("sessions", "sessions"),
    ("intents", "intents"),
    ("criteria", "rubric criteria"),
    ("rule_checks", "rule checks"),
    ("scripts_missing", "scripts not run"),
    ("env_triggers", "env triggers"),
    ("dependency_groups", "groups"),
    ("input_files", "input files"),
)


def stats_table(result: ImportResult) -> Table:
    """One row per imported persona and a total row."""
    table = Table(title=f"imported into {result.out}")
    table.add_column("persona", no_wrap=True)
    for _, label in COUNTS:
        table.add_column(label, justify="right")
    table.add_column("apps")
    for p in result.personas:
        table.add_row(p.persona, *(str(getattr(p, name)) for name, _ in COUNTS), ", ".join(p.apps))
    table.add_section()
    table.add_row(f"{len(result.personas)} personas", *(str(result.total(name)) for name, _ in COUNTS), "")
    return table


@import_app.command("pibench")
def pibench_cmd(
    src: Annotated[Path, typer.Argument(help="A π-Bench checkout (or just its data/ folder).")],
    out: Annotated[Path, typer.Option(help="Folder to write personas/ and workspaces/ into.")],
    no_scripts: Annotated[
        bool, typer.Option(help="Do not run the rule scripts' score([]): their checks are then not imported.")
    ] = False,
) -> None:
    """Write one proact persona per π-Bench persona (sessions without gold); warnings name file and field."""
    from engine.pibench.importer import REPORT_FILE, import_pibench

    try:
        result = import_pibench(src, out, scripts=not no_scripts)
    except (ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]", highlight=False)
        raise typer.Exit(2) from exc
    for problem in result.problems:
        console.print(f"[yellow]{problem}[/yellow]", highlight=False)
    console.print(stats_table(result))
    console.print(
        f"{len(result.problems)} warning(s); statistics and warnings in {out / REPORT_FILE}. Next: "
        f"`proact validate {out}`, then `proact run --persona {out / 'personas' / '<id>'} --user strict "
        "--set user.model.model=... --set judge.model=...`",
        highlight=False,
    )
