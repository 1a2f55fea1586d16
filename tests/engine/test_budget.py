"""--max-cost: an experiment stops starting sessions once its spend (a scripted price per call) reaches the cap,
records the sessions not run as budget_exhausted, and a re-run with a higher cap continues where it stopped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import engine.models
from engine.budget import spent_in
from engine.cli import app
from engine.report.build import build_report
from engine.schema.config import ModelBinding
from engine.schema.results import EpisodeResult, SessionResult
from tests.engine.scripted_costs import PricedAgent

runner = CliRunner()
PER_CALL = 0.01
PER_SESSION = 9 * PER_CALL  # 4 turns of (list_dir, reply) under the rules user, and the memory consolidation


def priced(binding: ModelBinding) -> PricedAgent:
    return PricedAgent(binding, PER_CALL)


def episode(cell: Path) -> EpisodeResult:
    return EpisodeResult.model_validate(json.loads((cell / "results.json").read_text())[0])


def test_max_cost_stops_an_experiment_at_the_cap_and_a_higher_cap_continues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example_persona: Path
) -> None:
    monkeypatch.setattr(engine.models, "make_model", priced)
    config = {
        "personas": [str(example_persona)],
        "workspace": "memory",
        "matrix": {"agents": [{"kind": "react", "label": "priced", "protocol": "json",
                               "model": {"model": "openai/priced"}}],
                   "repeats": 2, "concurrency": 1},
    }  # fmt: skip
    path = tmp_path / "exp.yaml"
    path.write_text(yaml.safe_dump(config))
    args = ["run", "--config", str(path), "--run-id", "exp", "--set", f"runs_dir={tmp_path}", "--no-report"]
    # cap 0.15: s01 and s02 of r1 start under it (spent $0 and $0.09), s03 ($0.18) does not, nor anything of r2
    out = runner.invoke(app, [*args, "--max-cost", "0.15"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "4 session(s) not run: --max-cost $0.15 reached ($0.1800 spent in all)" in text
    assert "higher --max-cost to continue" in text
    cells = tmp_path / "exp" / "cells"
    r1, r2 = episode(cells / "priced--full--none--r1"), episode(cells / "priced--full--none--r2")
    assert [s.termination for s in r1.sessions] == ["resolved", "resolved", "budget_exhausted"]
    assert (r1.not_run, r2.not_run) == (1, 3) and r1.proc == 0.0 and r2.proc is None
    not_run = SessionResult.model_validate_json((cells / "priced--full--none--r2/example/s01/result.json").read_text())
    assert not_run.termination == "budget_exhausted" and not_run.error is not None and "$0.15" in not_run.error
    assert not (cells / "priced--full--none--r2/example/s01/trajectory.jsonl").exists()
    assert spent_in(tmp_path / "exp") == pytest.approx(2 * PER_SESSION)
    report = build_report([tmp_path / "exp"], resamples=10)
    ended = {r["termination"]: r["sessions"] for r in report.table("termination").records()}
    assert ended == {"resolved": 2, "budget_exhausted": 4}
    assert any("not run (--max-cost reached)" in w for w in report.warnings)
    assert report.table("scores").records()[0]["sessions"] == 2

    again = runner.invoke(app, [*args, "--max-cost", "0.15"])  # the same cap: nothing more starts
    assert again.exit_code == 0 and "4 session(s) not run" in " ".join(again.output.split())
    assert spent_in(tmp_path / "exp") == pytest.approx(2 * PER_SESSION)

    more = runner.invoke(app, [*args, "--max-cost", "1"])
    assert more.exit_code == 0, more.output
    assert "not run" not in more.output
    r1, r2 = episode(cells / "priced--full--none--r1"), episode(cells / "priced--full--none--r2")
    assert [s.termination for s in r1.sessions + r2.sessions] == ["resolved"] * 6
    assert (r1.not_run, r2.not_run) == (0, 0)
    assert spent_in(tmp_path / "exp") == pytest.approx(6 * PER_SESSION)
