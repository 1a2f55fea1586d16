"""A run killed with SIGKILL mid-episode resumes from its checkpoint without redoing finished sessions, its clock where
the story was."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

from engine.cli import app
from tests.conftest import REPO

# Runs `proact run` with the reference agent, but hangs inside session s02 after touching a marker file.
KILLED_RUN = """
import sys, time
from pathlib import Path
from engine.agents.reference import ReferenceAgent
from engine.cli import app

marker = Path(sys.argv[1])
original_start, original = ReferenceAgent.start_session, ReferenceAgent.respond

def start_session(self, brief):
    self.current = brief.session_id
    original_start(self, brief)

def respond(self, message, tools):
    if self.current == "s02":
        tools.call("write_file", {"path": "half-done.txt", "content": "partial"})
        marker.write_text("in s02")
        time.sleep(600)
    return original(self, message, tools)

ReferenceAgent.start_session, ReferenceAgent.respond = start_session, respond
app(sys.argv[2:])
"""


def test_sigkill_mid_episode_then_resume_finishes_without_redoing_sessions(tmp_path: Path) -> None:
    runs, marker = tmp_path / "runs", tmp_path / "marker"
    args = ["run", "--persona", str(REPO / "personas" / "example"), "--agent", "reference", "--run-id", "k"]
    args += ["--set", f"runs_dir={runs}"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(marker), *args], cwd=REPO, env=env)
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            assert proc.poll() is None, "the run ended before reaching s02"
            assert time.monotonic() < deadline, "the run never reached s02"
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    episode = runs / "k" / "example"
    assert (episode / "s01" / "result.json").is_file()
    assert not (episode / "s02" / "result.json").exists()
    s01_log = (episode / "s01" / "trajectory.jsonl").stat().st_mtime_ns

    out = CliRunner().invoke(app, ["run", "--resume", str(runs / "k")])
    assert out.exit_code == 0, out.output
    assert (episode / "s01" / "trajectory.jsonl").stat().st_mtime_ns == s01_log
    results = json.loads((runs / "k" / "results.json").read_text())
    sessions = results[0]["sessions"]
    assert [s["session_id"] for s in sessions] == ["s01", "s02", "s03"]
    assert results[0]["proc"] == 1.0 and all(s["rule_comp"] == 1.0 for s in sessions)
    s02_tools = (episode / "s02" / "trajectory.jsonl").read_text()
    assert "half-done.txt" not in s02_tools
    opened, closed = datetime.fromisoformat(sessions[1]["opened_at"]), datetime.fromisoformat(sessions[0]["closed_at"])
    assert opened == closed + timedelta(hours=24), "the resumed episode's clock went back to its start"
