"""`proact validate`: problems of persona data, and with --stats the episode summary table and benchmark bars."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from engine.cli_console import make_console
from engine.loader import DataError, find_personas, load_persona
from engine.persona_stats import SessionStats, bar_failures, persona_stats

if TYPE_CHECKING:
    from engine.acceptance import Robustness

console = make_console()


def stats_table(title: str, rows: list[SessionStats]) -> Table:
    """Sessions × category × trigger × intents (by source) × rule/rubric/mandatory items × apps × group."""
    table = Table(title=title)
    for col in (
        "session",
        "cat",
        "trigger",
        "intents",
        "ws/sess/ask",
        "persist",
        "rule",
        "rubric",
        "mand",
        "app rules",
    ):
        table.add_column(col, justify="left" if col in ("session", "trigger") else "right", no_wrap=True)
    table.add_column("apps")
    table.add_column("group", no_wrap=True)
    for r in rows:
        table.add_row(
            r.session,
            r.category,
            r.trigger,
            str(r.intents),
            f"{r.from_workspace}/{r.from_session}/{r.from_ask}",
            str(r.persistent),
            str(r.rule_items),
            str(r.rubric_items),
            str(r.mandatory_items),
            str(r.app_rule_items),
            ", ".join(r.apps),
            r.group or "-",
        )
    items = sum(r.items for r in rows)
    rules = sum(r.rule_items for r in rows)
    table.add_section()
    table.add_row(
        f"{len(rows)} sessions",
        "",
        f"{sum(r.trigger != 'user' for r in rows)} env",
        str(sum(r.intents for r in rows)),
        "/".join(str(sum(getattr(r, f) for r in rows)) for f in ("from_workspace", "from_session", "from_ask")),
        str(sum(r.persistent for r in rows)),
        f"{rules} ({rules / max(items, 1):.0%})",
        str(items - rules),
        str(sum(r.mandatory_items for r in rows)),
        str(sum(r.app_rule_items for r in rows)),
        f"{sum(bool(r.apps) for r in rows)} sessions",
        f"{len({r.group for r in rows if r.group})} groups",
    )
    return table


def _share(part: int, whole: int) -> str:
    return "-" if not whole else f"{part}/{whole} ({part / whole:.0%})"


def robustness_table(persona: str, rows: list[Robustness]) -> Table:
    """Per session: variants passing, near-misses caught, rule items no near-miss fails, held-out question recall
    (targeted questions credited to their intent) and precision (near-miss questions not credited), intents without
    held-out questions; totals last."""
    table = Table(title=f"{persona}: acceptance suites")
    columns = ("session", "variants passed", "near-misses caught", "items no near-miss fails", "question recall")
    for col in (*columns, "question precision", "intents without questions"):
        wide = col in ("items no near-miss fails", "intents without questions")
        table.add_column(col, justify="left" if col == "session" else "right", no_wrap=not wide)
    for r in rows:
        table.add_row(
            r.session,
            f"{r.variants_passed}/{r.variants}",
            f"{r.near_misses_caught}/{r.near_misses}",
            ", ".join(r.unexercised) or "-",
            _share(r.questions.credited, r.questions.targeted),
            _share(r.questions.quiet, r.questions.near_misses),
            ", ".join(r.unasked) or "-",
        )
    table.add_section()
    table.add_row(
        f"{len(rows)} sessions",
        f"{sum(r.variants_passed for r in rows)}/{sum(r.variants for r in rows)}",
        f"{sum(r.near_misses_caught for r in rows)}/{sum(r.near_misses for r in rows)}",
        str(sum(len(r.unexercised) for r in rows)),
        _share(sum(r.questions.credited for r in rows), sum(r.questions.targeted for r in rows)),
        _share(sum(r.questions.quiet for r in rows), sum(r.questions.near_misses for r in rows)),
        str(sum(len(r.unasked) for r in rows)),
    )
    return table


def _print_stats(path: Path, robustness: dict[str, list[Robustness]]) -> None:
    for root in find_personas(path):
        try:
            bundle = load_persona(root)
        except DataError:
            continue
        rows = persona_stats(bundle)
        console.print(stats_table(f"{bundle.persona.id}: {bundle.persona.name}", rows))
        if bundle.persona.id in robustness:
            console.print(robustness_table(bundle.persona.id, robustness[bundle.persona.id]))
        failures = bar_failures(bundle)
        if failures:
            console.print("benchmark bars missed: " + "; ".join(failures), highlight=False)
        else:
            console.print(
                "meets the benchmark bars (20 sessions, 6 groups, ≥85 intents, ≥2 env triggers, ≥6 items "
                "per session, ≥40% rule-graded, a mandatory item in every session)",
                highlight=False,
            )


def _dump_state(path: Path, session_id: str, out: Path | None) -> None:
    from engine.acceptance import dump_state

    if out is None:
        raise typer.BadParameter("--state-before needs --out DIR", param_hint="--out")
    roots = find_personas(path)
    if len(roots) != 1:
        raise typer.BadParameter(f"{path} must be one persona folder", param_hint="PATH")
    try:
        written = dump_state(load_persona(roots[0]), session_id, out)
    except (DataError, ValueError) as exc:
        console.print(f"[red]{exc}[/]", highlight=False)
        raise typer.Exit(1) from exc
    console.print(f"the state {session_id} opens on is in {written}/workspace", highlight=False)


def validate_cmd(
    path: Annotated[Path, typer.Argument(help="A persona folder or a folder of personas.")],
    no_dry_run: Annotated[bool, typer.Option(help="Skip replaying the gold solutions.")] = False,
    stats: Annotated[
        bool, typer.Option(help="Also print each persona's summary table and whether it meets the benchmark bars.")
    ] = False,
    state_before: Annotated[
        str | None,
        typer.Option(
            help="Instead of validating, write the workspace (and apps.json) SESSION opens on after the "
            "gold solutions of the sessions before it into --out (for writing alternative solutions)."
        ),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Output folder of --state-before.")] = None,
) -> None:
    """Check persona data: schema, references, leakage, gold solution vs do-nothing agent, acceptance suites."""
    from engine.validate import validate_report  # dry runs through the session graph

    if state_before is not None:
        _dump_state(path, state_before, out)
        return
    problems, robustness = validate_report(path, dry_run=not no_dry_run)
    for p in problems:
        console.print(f"[{'red' if p.level == 'error' else 'yellow'}]{p}[/]", highlight=False)
    if stats:
        _print_stats(path, robustness)
    errors = sum(p.level == "error" for p in problems)
    console.print(f"{errors} error(s), {len(problems) - errors} warning(s)")
    raise typer.Exit(1 if errors else 0)
