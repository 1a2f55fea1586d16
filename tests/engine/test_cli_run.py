"""`proact run` end to end on the example persona; resume; config errors; schema export."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from engine.cli import app
from engine.config_io import load_config
from engine.loader import DataError, load_persona
from engine.runner import run
from engine.schema.results import EpisodeResult

runner = CliRunner()


def results(run_dir: Path) -> list[EpisodeResult]:
    return [EpisodeResult.model_validate(e) for e in json.loads((run_dir / "results.json").read_text())]


def test_reference_scores_full_marks_and_passive_scores_lower(tmp_path: Path, example_persona: Path) -> None:
    for agent in ("reference", "passive"):
        out = runner.invoke(
            app,
            [
                "run",
                "--persona",
                str(example_persona),
                "--agent",
                agent,
                "--run-id",
                agent,
                "--set",
                f"runs_dir={tmp_path}",
            ],
        )
        assert out.exit_code == 0, out.output
        assert "proact results" in out.output
    ref, passive = results(tmp_path / "reference")[0], results(tmp_path / "passive")[0]
    assert ref.proc == 1.0
    assert all(s.rule_comp == 1.0 for s in ref.sessions)
    assert passive.proc is not None and passive.proc < ref.proc
    assert all(s.rule_comp is not None and s.rule_comp < 1.0 for s in passive.sessions)
    session_dir = tmp_path / "reference" / "example" / "s01"
    expected = {"trajectory.jsonl", "grades.jsonl", "result.json", "workspace.tar"}
    assert {p.name for p in session_dir.iterdir()} == expected
    assert (tmp_path / "reference" / "config.yaml").is_file()


def test_rerunning_a_finished_run_id_redoes_nothing(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(None, [f"runs_dir={tmp_path}", "run_id=r", "memory=full", "agent.kind=reference"])
    bundle = load_persona(example_persona)
    first = run(config, bundles=[bundle])
    assert (first.run_dir / "example" / "checkpoints.sqlite").is_file()
    stamps = {p: p.stat().st_mtime_ns for p in (first.run_dir / "example").glob("*/trajectory.jsonl")}
    second = run(config, bundles=[bundle])
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps
    assert second.episodes[0].model_dump() == first.episodes[0].model_dump()


def test_bad_config_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "cfg.yaml"
    path.write_text("user: {mode: telepathic}\nlimits: {max_turns: 0}\n")
    try:
        load_config(path, ["agent.kind=reference"])
    except DataError as exc:
        assert "user.mode" in str(exc) and "limits.max_turns" in str(exc) and str(path) in str(exc)
    else:
        raise AssertionError("invalid config accepted")


def test_run_with_a_broken_persona_exits_2_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "persona.yaml").write_text("id: Bad Id\n")
    out = runner.invoke(app, ["run", "--persona", str(tmp_path)])
    assert out.exit_code == 2
    assert "persona.yaml" in out.output and "episode.yaml" in out.output


def test_schema_export_writes_every_format(tmp_path: Path) -> None:
    out = runner.invoke(app, ["schema", "--out", str(tmp_path)])
    assert out.exit_code == 0
    session = json.loads((tmp_path / "session.schema.json").read_text())
    assert session["additionalProperties"] is False
    assert "hidden_intents" in session["properties"]
    assert {p.name for p in tmp_path.iterdir()} >= {
        "persona.schema.json",
        "event.schema.json",
        "run_config.schema.json",
    }
