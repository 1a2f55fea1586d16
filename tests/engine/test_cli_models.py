"""The CLI's side of model failures: preflight before any session, infra_error sessions reported and redone,
`proact grade` binding the run's rate limits and writing grade events at the session's last turn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engine.models.preflight
import engine.models.roles
from engine.cli import app
from engine.loader import load_persona
from engine.models.metered import MeteredModel
from engine.models.preflight import RoleBinding, check_role, run_roles
from engine.models.scripted import ScriptedModel
from engine.schema.config import ModelBinding, RunConfig, UserConfig
from engine.schema.events import Grade, ModelUsage, SessionEnded
from engine.schema.results import SessionResult
from engine.trajectory import read_trajectory
from tests.models.example_roles import ExampleRoles
from tests.models.fake_openai import FakeOpenAI, no_faults

runner = CliRunner()


def test_preflight_names_role_model_and_cause_and_runs_nothing(tmp_path: Path, example_persona: Path) -> None:
    args = ["run", "--persona", str(example_persona), "--agent", "reference", "--user", "llm", "--run-id", "p"]
    args += ["--set", f"runs_dir={tmp_path}", "--set", "user.model.model=openai/gpt-4o-mini"]
    args += ["--set", "user.model.api_key_env=PROACT_TEST_UNSET_KEY"]
    out = runner.invoke(app, args)
    assert out.exit_code == 2, out.output
    text = " ".join(out.output.split())
    assert "preflight: user model openai/gpt-4o-mini: configuration error" in text
    assert "PROACT_TEST_UNSET_KEY" in text and "no session was run" in text
    assert not (tmp_path / "p").exists()


def test_preflight_skips_unused_roles_and_scripted_models() -> None:
    config = RunConfig(judge=ModelBinding(model="openai/judge"), user=UserConfig(mode="rules"))
    config = config.model_copy(update={"agent": config.agent.model_copy(update={"kind": "reference"})})
    assert run_roles(config, has_rubric=False) == []
    assert [r.role for r in run_roles(config, has_rubric=True)] == ["judge"]
    scripted = check_role(RoleBinding("judge", ModelBinding(model="x")), factory=lambda b: ScriptedModel([]))
    assert scripted is None


def test_an_outage_is_reported_exits_1_and_the_same_command_redoes_the_session(
    tmp_path: Path, example_persona: Path
) -> None:
    roles = ExampleRoles(load_persona(example_persona))
    server = FakeOpenAI(roles.answer, lambda body, digest, attempt: "server" if body.get("tools") else None)
    base = server.start()
    try:
        args = ["run", "--persona", str(example_persona), "--agent", "react", "--model", "openai/fake"]
        args += ["--run-id", "o", "--set", f"runs_dir={tmp_path}", "--set", f"agent.model.api_base={base}"]
        args += ["--set", "agent.protocol=native", "--set", "agent.model.retries=1", "--set", "workspace=memory"]
        args += ["--set", "agent.model.retry_base_s=0"]
        out = runner.invoke(app, args)
        assert out.exit_code == 1, out.output
        text = " ".join(out.output.split())
        assert "example/s01 ended infra_error: agent model: openai/fake: no answer after 2 attempt(s)" in text
        assert "1 session(s) ended infra_error" in text and "--resume" in text
        saved = SessionResult.model_validate_json((tmp_path / "o" / "example" / "s01" / "result.json").read_text())
        assert saved.termination == "infra_error" and saved.error is not None
        assert not (tmp_path / "o" / "example" / "s02").exists()

        server.fault = no_faults
        again = runner.invoke(app, args)
        assert again.exit_code == 0, again.output
        done = json.loads((tmp_path / "o" / "results.json").read_text())[0]
        assert [s["termination"] for s in done["sessions"]] == ["resolved"] * 3 and done["infra_errors"] == 0
    finally:
        server.stop()


def test_grade_binds_the_run_rate_limits_and_grades_at_the_last_turn(
    tmp_path: Path, example_persona: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["run", "--persona", str(example_persona), "--agent", "reference", "--run-id", "g"]
    args += ["--set", f"runs_dir={tmp_path}", "--set", "rate_limits={judge/x: 30}"]
    assert runner.invoke(app, args).exit_code == 0
    seen: dict[str, Any] = {}

    def bind(binding: ModelBinding, role: str, cache: object, limits: Any = None) -> MeteredModel:
        seen["limits"] = limits
        return MeteredModel(ScriptedModel(lambda m, s: {"verdict": "YES", "reason": "ok"}, name="judge/x"), "judge")

    monkeypatch.setattr(engine.models.roles, "bind_role", bind)  # engine.cli_grade imports it when run
    monkeypatch.setattr(engine.models.preflight, "require_models", lambda roles, limits: seen.update(checked=roles))
    out = runner.invoke(app, ["grade", str(tmp_path / "g"), "--judge", "judge/x"])
    assert out.exit_code == 0, out.output
    assert seen["limits"].per_minute == {"judge/x": 30} and seen["checked"][0].role == "judge"
    session = tmp_path / "g" / "example" / "s01"
    last = [e for e in read_trajectory(session / "trajectory.jsonl") if isinstance(e, SessionEnded)][-1].turns
    graded = read_trajectory(session / "grades.jsonl")
    assert last > 0 and {e.turn for e in graded if isinstance(e, Grade | ModelUsage)} == {last}
