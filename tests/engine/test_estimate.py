"""--estimate against what a scripted model with hosted-like usage actually uses on personas/example, and the
estimate line and --max-cost of a single run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import engine.models
from engine.calibration import calibrate
from engine.cli import app
from engine.config_io import load_config
from engine.costs import estimate_run
from engine.estimate import session_prior
from engine.loader import load_persona
from engine.schema.config import ModelBinding
from engine.schema.results import EpisodeResult, SessionResult
from tests.engine.scripted_costs import PricedAgent

runner = CliRunner()
AGENT = ["--model", "openai/priced", "--set", "agent.protocol=json", "--workspace", "memory", "--no-bounds"]


def priced(binding: ModelBinding) -> PricedAgent:
    return PricedAgent(binding, 0.01)


def used(run_dir: Path, sessions: list[str]) -> tuple[int, int, int, float]:
    """Agent calls, prompt and completion tokens and cost of the given sessions of a run."""
    usage = [SessionResult.model_validate_json((run_dir / "example" / s / "result.json").read_text()) for s in sessions]
    agent = [u.usage["agent"] for u in usage]
    tokens = sum(a.prompt_tokens for a in agent), sum(a.completion_tokens for a in agent)
    return sum(a.calls for a in agent), *tokens, sum(a.cost_usd for a in agent)


def test_the_estimate_calibrated_on_one_session_predicts_the_next_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example_persona: Path
) -> None:
    monkeypatch.setattr(engine.models, "make_model", priced)
    base = ["run", "--persona", str(example_persona), *AGENT, "--set", f"runs_dir={tmp_path}", "--no-report"]
    first = runner.invoke(app, [*base, "--run-id", "a", "--set", "sessions=[s01]"])
    assert first.exit_code == 0, first.output
    assert "estimate: 1 session(s), ~9 model calls" in " ".join(first.output.split())  # the line before a hosted run

    shown = runner.invoke(app, [*base, "--run-id", "b", "--set", "sessions=[s02,s03]", "--estimate"])
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.output.split())
    assert "calibrated: 1 earlier session(s)" in text and "$0.0100 a call (earlier runs)" in text
    assert "estimate: 2 session(s), ~18 model calls" in text and "~$0.1800" in text
    assert not (tmp_path / "b").exists()  # --estimate runs nothing

    config = load_config(None, ["agent.model.model=openai/priced", "agent.protocol=json", "sessions=[s02,s03]"])
    bundle = load_persona(example_persona)
    estimate = estimate_run(config, [bundle], calibrate(tmp_path), prices=lambda _model: None)
    second = runner.invoke(app, [*base, "--run-id", "b", "--set", "sessions=[s02,s03]"])
    assert second.exit_code == 0, second.output
    calls, prompt, completion, cost = used(tmp_path / "b", ["s02", "s03"])
    (agent,) = estimate.roles
    assert agent.tally.calls == calls == 18
    assert agent.tally.prompt_tokens == pytest.approx(prompt, rel=0.10)
    assert agent.tally.completion_tokens == pytest.approx(completion, rel=0.10)
    assert agent.cost_usd == pytest.approx(cost)


def test_the_prior_counts_calls_by_intents_and_rubric_items(example_persona: Path) -> None:
    bundle = load_persona(example_persona)
    config = load_config(None, ["agent.model.model=openai/x", "user.mode=strict", "user.model.model=openai/u"])
    config = config.model_copy(update={"judge": ModelBinding(model="openai/j")})
    spec = bundle.sessions[0]
    prior = session_prior(bundle, spec, config)
    turns = len(spec.hidden_intents) + 1
    assert prior["agent"].calls == 2 * turns + 1  # a tool step and a reply a turn, and the memory consolidation
    assert prior["user"].calls == turns + (turns - 1)  # a completion judgment a turn, targeting but for the last
    assert prior["judge"].calls == sum(item.rubric is not None for item in spec.checklist)
    local = load_config(None, [])
    assert set(session_prior(bundle, spec, local)) == {"agent"}
    gpt = estimate_run(load_config(None, ["agent.model.model=openai/gpt-4o-mini"]), [bundle])
    assert gpt.roles[0].prices is not None and gpt.cost_usd is not None and gpt.cost_usd > 0  # litellm's price map
    assert estimate_run(local, [bundle]).cost_usd == 0.0


def test_max_cost_stops_a_single_run_and_the_same_run_id_continues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example_persona: Path
) -> None:
    monkeypatch.setattr(engine.models, "make_model", priced)
    base = ["run", "--persona", str(example_persona), *AGENT, "--set", f"runs_dir={tmp_path}", "--run-id", "c"]
    out = runner.invoke(app, [*base, "--no-report", "--max-cost", "0.05"])
    assert out.exit_code == 0, out.output
    assert "2 session(s) not run: --max-cost $0.05 reached" in " ".join(out.output.split())
    episode = EpisodeResult.model_validate(json.loads((tmp_path / "c" / "results.json").read_text())[0])
    assert [s.termination for s in episode.sessions] == ["resolved", "budget_exhausted", "budget_exhausted"]
    more = runner.invoke(app, [*base, "--max-cost", "0.5"])
    assert more.exit_code == 0, more.output
    episode = EpisodeResult.model_validate(json.loads((tmp_path / "c" / "results.json").read_text())[0])
    assert [s.termination for s in episode.sessions] == ["resolved"] * 3 and episode.not_run == 0
    assert (tmp_path / "c" / "report" / "report.html").is_file()
