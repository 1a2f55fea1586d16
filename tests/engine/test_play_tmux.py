"""`proact play` driven like a person would, in a real terminal: tmux runs the command, the test types with send-keys
(Tab included) and reads the screen with capture-pane. Both seats play session s01 of personas/example to its end;
the run directory then holds the session recorded and graded like any other. Skipped without tmux (.ci/run
installs it)."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO

PROACT = Path(sys.executable).parent / "proact"
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)")


class Tmux:
    """One detached tmux session on a private server socket, running `command` in a 200x60 window."""

    def __init__(self, command: str) -> None:
        self.socket = f"proact-test-{uuid.uuid4().hex[:8]}"
        script = f"{command}; echo EXITED $?; sleep 120"
        self._tmux("new-session", "-d", "-s", "play", "-x", "200", "-y", "60", f"bash -c {shlex.quote(script)}")

    def _tmux(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True)
        return out.stdout

    def type(self, text: str, enter: bool = True) -> None:
        """Type `text` literally, then Enter."""
        if text:
            self._tmux("send-keys", "-t", "play", "-l", text)
        if enter:
            self._tmux("send-keys", "-t", "play", "Enter")

    def tab(self) -> None:
        self._tmux("send-keys", "-t", "play", "Tab")

    def screen(self) -> str:
        """Everything the window showed (scroll-back included), blank lines dropped."""
        text = self._tmux("capture-pane", "-p", "-J", "-t", "play", "-S", "-5000")
        return "\n".join(line for line in text.splitlines() if line.strip())

    def wait(self, text: str, count: int = 1, timeout_s: float = 60) -> str:
        """The screen once `text` shows `count` times (AssertionError with the screen after `timeout_s`)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            screen = self.screen()
            if screen.count(text) >= count:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not show {count} time(s); the screen:\n{self.screen()[-3000:]}")

    def prompt(self, prompt: str, timeout_s: float = 60) -> str:
        """The screen once its last line is `prompt` waiting for input."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            screen = self.screen()
            if [line.rstrip() for line in screen.splitlines()[-1:]] == [prompt.rstrip()]:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"no {prompt!r} prompt; the screen:\n{self.screen()[-3000:]}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)


def play(tmp_path: Path, run_id: str, *args: str) -> Iterator[Tmux]:
    options = ["--session", "s01", "--workspace", "memory", "--run-id", run_id, "--set", f"runs_dir={tmp_path}"]
    options += ["--set", "sandbox.allow_unjailed=true"]  # a person, not a model, types the commands here
    command = " ".join(shlex.quote(a) for a in [str(PROACT), "play", "personas/example", *args, *options])
    term = Tmux(f"cd {shlex.quote(str(REPO))} && {command}")
    try:
        yield term
    finally:
        term.close()


@pytest.fixture
def agent_seat(tmp_path: Path) -> Iterator[Tmux]:
    yield from play(tmp_path, "agent", "--seat", "agent")


@pytest.fixture
def user_seat(tmp_path: Path) -> Iterator[Tmux]:
    yield from play(tmp_path, "user", "--seat", "user", "--agent", "reference")


def result(tmp_path: Path, run_id: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((tmp_path / run_id / "example" / "s01" / "result.json").read_text())
    return data


def test_the_agent_seat_plays_a_session_to_its_grade(agent_seat: Tmux, tmp_path: Path) -> None:
    term = agent_seat
    term.prompt("agent> ")
    term.type("/help")
    assert "/call TOOL" in term.wait("Tab completes")
    term.prompt("agent> ")
    term.type("/call read_f", enter=False)
    term.tab()
    term.wait("/call read_file ")
    term.type('{"path": "signups.csv"}')
    assert "Jonas,minor" in term.prompt("agent> ")
    term.type("/call read_file path=notes/conventions.md")
    term.wait("schedule/")
    term.prompt("agent> ")
    term.type("Should every slot have somebody at electronics, textiles and bikes?")
    assert "Every slot has to have somebody" in term.wait("message (turn 2)")
    term.prompt("agent> ")
    schedule = (REPO / "personas" / "example" / "reference" / "s01" / "schedule.md").read_text()
    term.type("/call write_file " + json.dumps({"path": "schedule/2026-12-05.md", "content": schedule}))
    term.wait('"bytes"')
    term.prompt("agent> ")
    term.type("The schedule is in schedule/2026-12-05.md; Jonas works at bikes with Lea as his buddy.")
    screen = term.wait("EXITED 0")
    assert "s01 resolved: Proc 100.0%, Comp 100.0%" in screen, screen[-2000:]
    saved = result(tmp_path, "agent")
    assert saved["statuses"] == {"i1": "completed", "i2": "inferred", "i3": "completed"}
    config = (tmp_path / "agent" / "config.yaml").read_text()
    assert "kind: human" in config


def test_the_user_seat_assigns_statuses_and_writes_replies(user_seat: Tmux, tmp_path: Path) -> None:
    term = user_seat
    screen = term.prompt("completed> ")
    assert "[i3] Volunteers marked as minors" in screen and "Must electronics, textiles and bikes" in screen
    term.type("/help")
    term.wait("stage 2")
    term.prompt("completed> ")
    term.type("")
    term.prompt("inferred> ")
    term.type("i7")
    term.wait("not open here: i7")
    term.prompt("inferred> ")
    term.type("i2")
    term.prompt("reply> ")
    term.type("Yes, every slot needs all three stations covered.")
    term.wait("agent (turn 2)")
    screen = term.prompt("completed> ")
    assert "file schedule/2026-12-05.md (added)" in screen
    term.type("i1 i3")
    screen = term.wait("EXITED 0")
    assert "s01 resolved: Proc 100.0%, Comp 100.0%; i1=completed, i2=inferred, i3=completed" in screen
    saved = result(tmp_path, "user")
    assert saved["statuses"] == {"i1": "completed", "i2": "inferred", "i3": "completed"}
    events = (tmp_path / "user" / "example" / "s01" / "trajectory.jsonl").read_text()
    assert "Yes, every slot needs all three stations covered." in events


def test_quit_stops_the_run_and_says_where_it_is(agent_seat: Tmux, tmp_path: Path) -> None:
    agent_seat.prompt("agent> ")
    agent_seat.type("/quit")
    screen = agent_seat.wait("EXITED 0")
    assert f"stopped at your request; the sessions you finished are recorded in {tmp_path / 'agent'}" in screen
