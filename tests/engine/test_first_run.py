"""The first run tells a story: `proact run` with no arguments (the embedded model replaced by a scripted one)
prints the gold-replay and do-nothing rows beside the model's, ends with the report path and the way to measure a
real model; a .env file in the working directory supplies keys; the ReAct prompt names no example path."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engine.models
from engine.agents.react.prompt import system_prompt
from engine.bounds import read_bounds
from engine.cli import app
from engine.envfile import load_env_file
from engine.models.scripted import ScriptedModel
from engine.ports import Message
from engine.schema.config import ModelBinding
from sandbox.workspace.memory import MemoryWorkspace

runner = CliRunner()


def idle_agent(binding: ModelBinding) -> ScriptedModel:
    """Stands in for the embedded model: replies at once, never acts; keeps its memory empty."""

    def answer(messages: list[Message], schema: dict[str, Any] | None) -> dict[str, Any]:
        if schema is not None and "memory" in schema.get("properties", {}):
            return {"memory": ""}
        return {"thought": "", "action": "reply", "message": "I will keep that in mind."}

    return ScriptedModel(answer, name=binding.model)


def test_a_bare_run_shows_the_bounds_the_report_and_the_next_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, repo: Path
) -> None:
    monkeypatch.setattr(engine.models, "make_model", idle_agent)
    monkeypatch.chdir(repo)  # `proact run` with no arguments runs personas/example from the repository
    out = runner.invoke(app, ["run", "--run-id", "first", "--set", f"runs_dir={tmp_path}", "--workspace", "memory"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "the model between its bounds" in text and "in-memory workspace" in text
    rows = {
        label: re.search(rf"│ example │ {re.escape(label)}\s*│\s*([\d.]+) │\s*([\d.]+) │", out.output)
        for label in ("gold replay", "local/smollm2-135m", "do-nothing")
    }
    assert all(rows.values()), out.output
    scores = {label: (float(m.group(1)), float(m.group(2))) for label, m in rows.items() if m}
    assert scores["gold replay"] == (100.0, 100.0)
    assert scores["local/smollm2-135m"][0] == 0.0 and scores["do-nothing"][0] == 0.0
    assert "example: Proc gold 100.0 / local/smollm2-135m 0.0 / do-nothing 0.0" in text
    assert "these zeros are the model's" in text
    assert "grader err: 2 rubric item(s) need a judge model" in text
    report = tmp_path / "first" / "report" / "report.html"
    assert f"report: {report}" in text and report.is_file()
    assert text.rstrip().endswith("(README, *Models*)") and "--model <provider>/<name>" in text
    assert ".env" in text and "--estimate" in text
    bounds = read_bounds(tmp_path / "first")
    assert bounds is not None and [e.persona for e in bounds.gold] == ["example"]
    assert bounds.seconds < 30 and not (tmp_path / "first" / "bounds").exists()


def test_no_bounds_and_no_report_leave_them_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, repo: Path) -> None:
    monkeypatch.setattr(engine.models, "make_model", idle_agent)
    args = ["run", "--persona", str(repo / "personas" / "example"), "--run-id", "r", "--set", f"runs_dir={tmp_path}"]
    out = runner.invoke(app, [*args, "--workspace", "memory", "--no-bounds", "--no-report", "--set", "sessions=[s01]"])
    assert out.exit_code == 0, out.output
    assert "between its bounds" not in out.output and "report:" not in out.output
    assert not (tmp_path / "r" / "report").exists() and read_bounds(tmp_path / "r") is None


def test_a_dotenv_file_supplies_keys_without_overriding_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("PROACT_TEST_DOTENV_KEY=from-file\nPROACT_TEST_DOTENV_SET=from-file\n")
    monkeypatch.delenv("PROACT_TEST_DOTENV_KEY", raising=False)
    monkeypatch.setenv("PROACT_TEST_DOTENV_SET", "from-shell")
    assert load_env_file(tmp_path) == tmp_path / ".env"
    try:
        assert os.environ["PROACT_TEST_DOTENV_KEY"] == "from-file"
        assert os.environ["PROACT_TEST_DOTENV_SET"] == "from-shell"
    finally:
        os.environ.pop("PROACT_TEST_DOTENV_KEY", None)
    assert load_env_file(tmp_path / "nowhere") is None


def test_a_dotenv_key_reaches_the_preflight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, repo: Path) -> None:
    """The CLI reads .env from the working directory before the models are checked: the key variable it names
    is found (and then refused by nothing, since the model is scripted)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("PROACT_TEST_DOTENV_AGENT=sk-test\n")
    monkeypatch.delenv("PROACT_TEST_DOTENV_AGENT", raising=False)
    seen: dict[str, str | None] = {}

    def scripted(binding: ModelBinding) -> ScriptedModel:
        seen["key"] = os.environ.get(binding.api_key_env or "")
        return idle_agent(binding)

    monkeypatch.setattr(engine.models, "make_model", scripted)
    args = ["run", "--persona", str(repo / "personas" / "example"), "--model", "openai/gpt-4o-mini"]
    args += ["--set", "agent.model.api_key_env=PROACT_TEST_DOTENV_AGENT", "--set", f"runs_dir={tmp_path / 'runs'}"]
    args += ["--set", "sessions=[s01]", "--workspace", "memory", "--no-report", "--no-bounds"]
    try:
        out = runner.invoke(app, args)
    finally:
        os.environ.pop("PROACT_TEST_DOTENV_AGENT", None)
    assert out.exit_code == 0, out.output
    assert seen["key"] == "sk-test"
    assert "next: measure a real model" not in out.output  # a hosted model needs no pointer to one


def test_the_react_prompt_names_no_example_path() -> None:
    prompt = system_prompt(MemoryWorkspace({}), "")
    assert not re.search(r"\b[\w-]+/[\w-]+\.\w+\b", prompt.replace("memory/MEMORY.md", "")), prompt
    assert json.dumps(prompt).count("e.g.") == 0
