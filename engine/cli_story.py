"""What `proact run` prints after its tables so a first run explains itself: the model between its bounds (gold
replay and do-nothing), what unscored rubric items mean, where the report is, and how to measure a real model."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from engine.bounds import Bounds, compute_bounds, save_bounds, wants_bounds
from engine.cli_tables import pct
from engine.loader import PersonaBundle
from engine.models.local_server import is_local
from engine.runner import RunOutcome
from engine.schema.config import RunConfig, agent_label
from engine.schema.results import EpisodeResult
from engine.state import UNMEASURED

GOLD_LABEL = "gold replay"
IDLE_LABEL = "do-nothing"
NEXT_STEP = (
    "next: measure a real model: proact run --model <provider>/<name> (e.g. openai/gpt-4o-mini; its key from "
    "OPENAI_API_KEY, ANTHROPIC_API_KEY, ... in the environment or a .env file here); --estimate prints the cost "
    "first, --max-cost USD caps it (README, *Models*)"
)


def _rule(ep: EpisodeResult) -> float | None:
    values = [s.rule_comp for s in ep.sessions if s.rule_comp is not None and s.termination not in UNMEASURED]
    return sum(values) / len(values) if values else None


def _row(table: Table, ep: EpisodeResult, label: str) -> None:
    c = ep.status_counts
    statuses = f"{c['completed']}/{c['inferred']}/{c['provided']}/{c['open']}"
    table.add_row(ep.persona, escape(label), pct(ep.proc), pct(_rule(ep)), statuses, f"{ep.mean_turns:.1f}")


def bounds_table(episodes: Sequence[EpisodeResult], bounds: Bounds, model: str) -> Table:
    """Per persona three rows: the gold replay, the model under test, the do-nothing agent."""
    table = Table(title="the model between its bounds (%)", caption=f"bounds: {bounds.how}; {bounds.seconds:.1f} s")
    table.add_column("persona", no_wrap=True)
    table.add_column("agent", no_wrap=True)
    for col in ("Proc", "rule Comp", "C/I/P/open", "turns"):
        table.add_column(col, justify="right", no_wrap=True)
    for ep in episodes:
        gold, idle = bounds.of(ep.persona)
        if gold is not None:
            _row(table, gold, GOLD_LABEL)
        _row(table, ep, model)
        if idle is not None:
            _row(table, idle, IDLE_LABEL)
    return table


def reading(episodes: Sequence[EpisodeResult], bounds: Bounds, model: str) -> list[str]:
    """One line per persona reading the bounds table: gold / model / do-nothing, and what that says."""
    lines: list[str] = []
    for ep in episodes:
        gold, idle = bounds.of(ep.persona)
        if gold is None or idle is None:
            continue
        head = f"{ep.persona}: Proc gold {pct(gold.proc)} / {model} {pct(ep.proc)} / do-nothing {pct(idle.proc)}"
        if gold.proc != 1.0 or _rule(gold) != 1.0:
            lines.append(f"{head}; the gold replay does not score full marks here: check `proact validate`")
        elif not ep.proc and not _rule(ep):
            lines.append(
                f"{head}: the engine, the user and the graders give the gold replay full marks, so these zeros are "
                "the model's"
            )
        elif (ep.proc or 0.0) <= (idle.proc or 0.0) and (_rule(ep) or 0.0) <= (_rule(idle) or 0.0):
            lines.append(f"{head}: the gold replay scores full marks; the model did no better than doing nothing")
        else:
            lines.append(f"{head}: the gold replay scores full marks, so the gap to it is the model's")
    return lines


def unjudged_note(episodes: Sequence[EpisodeResult], config: RunConfig) -> str | None:
    """Why rubric items were not scored, when they were not for want of a judge."""
    errors = sum(s.grader_errors for ep in episodes for s in ep.sessions if s.termination not in UNMEASURED)
    if not errors or config.judge is not None:
        return None
    return (
        f"grader err: {errors} rubric item(s) need a judge model and were left out of Comp (rule Comp is "
        "complete); add one with --set judge.model=<provider>/<name>"
    )


def next_step(config: RunConfig) -> str | None:
    """How to measure a real model, after a run of the embedded (or another local) model."""
    if config.agent.kind == "react" and not is_local(config.agent.model.model):
        return None
    return NEXT_STEP


def print_story(console: Console, episodes: Sequence[EpisodeResult], config: RunConfig, bounds: Bounds | None) -> None:
    """The bounds table and its reading (when computed) and the note on unjudged rubric items."""
    if bounds is not None:
        model = agent_label(config.agent)
        console.print(bounds_table(episodes, bounds, model))
        for line in reading(episodes, bounds, model):
            console.print(escape(line), highlight=False)
    note = unjudged_note(episodes, config)
    if note is not None:
        console.print(f"[yellow]{escape(note)}[/yellow]", highlight=False)


def write_report(console: Console, path: Path) -> Path | None:
    """Build the HTML report of a run or experiment directory; a failure is a note, never the run's failure."""
    from engine.report.build import HTML_FILE, build_report

    try:
        report = build_report([path])
    except (ValueError, OSError) as exc:
        console.print(f"[yellow]no report written: {escape(str(exc))}[/yellow]", highlight=False)
        return None
    return report.out / HTML_FILE


def finish_run(
    console: Console,
    config: RunConfig,
    bundles: Sequence[PersonaBundle],
    outcome: RunOutcome,
    with_bounds: bool = True,
    with_report: bool = True,
) -> None:
    """After a single run's tables: its bounds (computed now, saved as bounds.json), the run directory, the report
    and, after a run of a local model, the way to measure a real one."""
    bounds = None
    if with_bounds and wants_bounds(config):
        bounds = compute_bounds(config, bundles)
        save_bounds(outcome.run_dir, bounds)
    print_story(console, outcome.episodes, config, bounds)
    console.print(f"run directory: {outcome.run_dir}")
    report = write_report(console, outcome.run_dir) if with_report else None
    if report is not None:
        console.print(f"report: {report}")
    step = next_step(config)
    if step is not None:
        console.print(escape(step), highlight=False)
