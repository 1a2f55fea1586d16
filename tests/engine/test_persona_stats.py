"""Persona statistics and benchmark bars, checked against hand counts of the example persona."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from engine.cli import app
from engine.loader import load_persona
from engine.persona_stats import BenchmarkBars, bar_failures, persona_stats


def test_example_counts_match_the_session_files(example_persona: Path) -> None:
    rows = persona_stats(load_persona(example_persona))
    assert [r.session for r in rows] == ["s01", "s02", "s03"]
    assert [r.intents for r in rows] == [3, 3, 3]
    assert [(r.from_workspace, r.from_session, r.from_ask) for r in rows] == [(2, 0, 1), (2, 1, 0), (1, 0, 2)]
    assert [r.persistent for r in rows] == [2, 1, 0]
    assert [(r.rule_items, r.rubric_items, r.mandatory_items) for r in rows] == [(5, 1, 1), (4, 1, 1), (6, 0, 1)]
    assert [r.trigger for r in rows] == ["user", "user", "heartbeat"]
    assert [r.group for r in rows] == ["g1", "g1", ""]


def test_bars_name_every_shortfall(example_persona: Path) -> None:
    failures = bar_failures(load_persona(example_persona))
    assert failures == [
        "3 sessions, the bar is 20",
        "1 dependency groups, the bar is 6",
        "9 hidden intents, the bar is 85",
        "1 environment-triggered sessions, the bar is 2",
        "5.67 checklist items per session, the bar is 6.0",
    ]


def test_bars_scaled_to_the_example_pass_and_a_mandatory_shortfall_is_named(example_persona: Path) -> None:
    bundle = load_persona(example_persona)
    small = BenchmarkBars(sessions=3, dependency_groups=1, min_intents=9, min_env_triggered=1, min_items_per_session=5)
    assert bar_failures(bundle, small) == []
    strict = BenchmarkBars(
        sessions=3,
        dependency_groups=1,
        min_intents=9,
        min_env_triggered=1,
        min_items_per_session=5,
        mandatory_per_session=2,
    )
    assert bar_failures(bundle, strict) == [f"{s} has 1 mandatory items, the bar is 2" for s in ("s01", "s02", "s03")]


def test_validate_stats_prints_the_table_and_the_totals(example_persona: Path) -> None:
    result = CliRunner().invoke(app, ["validate", str(example_persona), "--stats", "--no-dry-run"])
    assert result.exit_code == 0, result.output
    assert "example: Noor Haddad" in result.output
    assert "15 (88%)" in result.output
    assert "benchmark bars missed: 3 sessions" in result.output
    assert "0 error(s), 0 warning(s)" in result.output
