"""`proact export inspect`: a real run of the example persona, read back with Inspect AI's own log reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.cli import app
from engine.schema.events import AgentMessage, StatusAssigned, ToolCall, UserMessage
from engine.trajectory import read_trajectory

REPO = Path(__file__).resolve().parents[2]
inspect_log = pytest.importorskip("inspect_ai.log", reason="inspect_ai (a test-only dependency) is not installed")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reference agent's run of personas/example (memory workspace, rules user)."""
    root = tmp_path_factory.mktemp("runs")
    args = ["run", "--persona", str(REPO / "personas" / "example"), "--agent", "reference", "--user", "rules"]
    args += ["--workspace", "memory", "--no-bounds", "--no-report", "--run-id", "ref"]
    args += ["--set", f"runs_dir={root}"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return root / "ref"


def export(tmp_path: Path, *runs: Path) -> list[Path]:
    out = tmp_path / "logs"
    result = CliRunner().invoke(app, ["export", "inspect", *map(str, runs), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return sorted(out.glob("*.json"))


def test_a_run_exports_as_an_inspect_log_that_inspect_reads(run_dir: Path, tmp_path: Path) -> None:
    files = export(tmp_path, run_dir)
    assert len(files) == 1
    listed = inspect_log.list_eval_logs(str(tmp_path / "logs"))
    assert [Path(info.name).name for info in listed] == [files[0].name]
    log = inspect_log.read_eval_log(str(files[0]))
    assert log.status == "success" and log.eval.task == "proact/example" and log.eval.model == "reference"
    assert log.samples is not None and [s.id for s in log.samples] == ["s01", "s02", "s03"]
    means = {score.name: score.metrics["mean"].value for score in log.results.scores}
    episode = json.loads((run_dir / "example" / "episode.json").read_text())
    assert means == pytest.approx({"proc": episode["proc"], "comp": episode["comp"]})

    for sample in log.samples:
        session = run_dir / "example" / str(sample.id)
        result = json.loads((session / "result.json").read_text())
        events = read_trajectory(session / "trajectory.jsonl")
        assert sample.scores is not None
        assert sample.scores["proc"].value == result["proc"] and sample.scores["comp"].value == result["comp"]
        ledger = sample.scores["proc"].metadata["ledger"]
        assert [(e["intent"], e["status"]) for e in ledger] == [
            (e.intent_id, e.status) for e in events if isinstance(e, StatusAssigned)
        ]
        items = sample.scores["comp"].metadata["items"]
        assert [i["item_id"] for i in items] == [i["item_id"] for i in result["items"]]
        assert sample.input == sample.messages[0].text
        replies = [m.text for m in sample.messages if m.role == "assistant" and not m.tool_calls]
        assert replies == [e.text for e in events if isinstance(e, AgentMessage)]
        users = [m.text for m in sample.messages[1:] if m.role == "user"]
        assert users == [e.text for e in events if isinstance(e, UserMessage)]
        calls = [c for m in sample.messages if m.role == "assistant" for c in (m.tool_calls or [])]
        assert [(c.function, c.arguments) for c in calls] == [
            (e.name, e.arguments) for e in events if isinstance(e, ToolCall)
        ]
        tool_ids = [m.tool_call_id for m in sample.messages if m.role == "tool"]
        assert tool_ids == [c.id for c in calls]
        assert sample.output.completion == replies[-1]
        assert sample.error is None


def test_an_errored_session_carries_its_reason(run_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "run"
    copy.mkdir()
    for path in run_dir.rglob("*"):
        if path.is_file():
            target = copy / path.relative_to(run_dir)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    result_path = copy / "example" / "s02" / "result.json"
    result = json.loads(result_path.read_text())
    result.update(termination="agent_error", error="the agent program exited with status 3", proc=None, comp=None)
    result_path.write_text(json.dumps(result))
    log = inspect_log.read_eval_log(str(export(tmp_path, copy)[0]))
    assert log.samples is not None
    errored = {str(s.id): s for s in log.samples if s.error is not None}
    assert list(errored) == ["s02"]
    assert "agent_error: the agent program exited with status 3" in errored["s02"].error.message
    assert not errored["s02"].scores
    assert log.results.completed_samples == 2 and log.results.total_samples == 3
    proc = next(s for s in log.results.scores if s.name == "proc")
    assert proc.scored_samples == 2 and proc.unscored_samples == 1


def test_a_folder_without_runs_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["export", "inspect", str(tmp_path), "--out", str(tmp_path / "logs")])
    assert result.exit_code == 2 and "no run directory" in result.output
