"""`proact run` starts importing litellm first, and only for configs that call a model through it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engine.experiment.execute
import engine.models.litellm_model
from engine.cli import app
from engine.config_io import config_from_mapping
from engine.experiment.execute import EpisodeJob, run_job
from engine.models.preflight import warm_up_models

HOSTED = {"model": "openai/gpt-4o-mini"}
LOCAL = {"model": "local/qwen2.5-0.5b-instruct"}
PLAIN = {"model": "openai/served", "api_base": "http://127.0.0.1:8000/v1"}


def config(**fields: Any) -> Any:
    return config_from_mapping({"personas": ["personas/example"], **fields}, "test", [])


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    calls: list[bool] = []
    monkeypatch.setattr(engine.models.litellm_model, "warm_up", lambda: calls.append(True))
    return calls


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"agent": {"kind": "react", "model": HOSTED}}, True),
        ({"agent": {"kind": "react", "model": LOCAL}}, False),
        ({"agent": {"kind": "react", "model": PLAIN}}, False),  # sent over httpx: engine/models/openai_http.py
        ({"agent": {"kind": "react", "model": {**PLAIN, "client": "litellm"}}}, True),
        ({"agent": {"kind": "react", "model": {**PLAIN, "extra": {"seed": 1}}}}, True),
        ({"agent": {"kind": "reference"}}, False),
        ({"agent": {"kind": "reference"}, "user": {"mode": "llm", "model": HOSTED}}, True),
        ({"agent": {"kind": "reference"}, "judge": HOSTED}, True),
        ({"agent": {"kind": "react"}}, False),  # the default model is the embedded one
        ({"matrix": {"agents": [{"kind": "passive"}, {"kind": "react", "model": HOSTED}]}}, True),
        ({"agent": {"kind": "reference"}, "matrix": {"agents": [{"kind": "passive"}], "repeats": 2}}, False),
    ],
)
def test_litellm_is_warmed_up_only_for_a_model_it_serves(
    started: list[bool], fields: dict[str, Any], expected: bool
) -> None:
    assert warm_up_models(config(**fields)) is expected
    assert started == ([True] if expected else [])


def test_run_starts_the_import_before_loading_personas(started: list[bool], tmp_path: Path) -> None:
    missing = tmp_path / "no-such-persona"
    args = ["run", "--persona", str(missing), "--agent", "react", "--model", "openai/gpt-4o-mini"]
    out = CliRunner().invoke(app, [*args, "--set", f"runs_dir={tmp_path}"])
    assert out.exit_code == 2, out.output
    assert started == [True]


def test_an_episode_job_starts_the_import_itself(
    started: list[bool], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Ray worker runs jobs without the command's warm-up: run_job starts it."""
    monkeypatch.setattr(engine.experiment.execute, "run_persona", lambda *args: "ran")
    job = EpisodeJob(cell=None, config=config(agent={"kind": "react", "model": HOSTED}), run_dir=tmp_path, bundle=None)  # type: ignore[arg-type]
    assert run_job(job, None, print, print) == "ran"  # type: ignore[arg-type,comparison-overlap]
    assert started == [True]
