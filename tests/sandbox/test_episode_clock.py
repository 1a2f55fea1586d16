"""The episode clock inside the workspace: `date`, Python's clock and the times of new files and folders read the
session's simulated time on the jailed local workspace and on Docker, across two sessions with different clocks;
the host's is untouched.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.agents.base import SessionBrief
from engine.episode import EpisodeDeps, run_episode
from engine.loader import PersonaBundle
from engine.ports import Workspace
from engine.schema.config import RunConfig, SandboxConfig
from engine.schema.episode import Episode, EpisodeEntry
from engine.tools.toolbox import ToolBox
from engine.user.rules import RulesUser
from sandbox.workspace.jail import jail_problem
from sandbox.workspace.local import LocalWorkspace
from tests.engine.helpers import PERSONA, spec

CLOCKS = {"s1": datetime(2026, 11, 10, 9, 30), "s2": datetime(2027, 1, 12, 14, 5)}
PROBE = (
    "date +%F; python3 -c 'import datetime, time; print(datetime.datetime.now().isoformat()); print(time.time())'; "
    "echo made > made-$SESSION.txt"
)


class ClockProbe:
    """Asks the shell for the time in every session, writes a file by a command and one in a new folder by the
    write_file tool, then reads the times of the file, the new folder and the workspace's root back."""

    def __init__(self) -> None:
        self.session = ""
        self.briefs: dict[str, datetime | None] = {}
        self.seen: dict[str, list[str]] = {}
        self.folders: dict[str, list[float]] = {}

    def start_session(self, brief: SessionBrief) -> None:
        self.session = brief.session_id
        self.briefs[brief.session_id] = brief.now

    def respond(self, message: str, tools: ToolBox) -> str:
        first = tools.call("exec", {"command": PROBE.replace("$SESSION", self.session)})
        second = tools.call("exec", {"command": f"stat -c %Y made-{self.session}.txt"})
        wrote = tools.call("write_file", {"path": f"notes-{self.session}/a.md", "content": "x"})
        folders = tools.call("exec", {"command": f"stat -c %Y . notes-{self.session}"})
        assert None is first.error is second.error is wrote.error is folders.error, (first.error, second.error)
        self.seen[self.session] = [*first.output["output"].split(), second.output["output"].strip()]
        self.folders[self.session] = [float(t) for t in folders.output["output"].split()]
        return "Done."

    def end_session(self) -> None:
        pass


def two_sessions(root: Path) -> PersonaBundle:
    sessions = [spec([], id=sid, request="Note the time.", clock=at) for sid, at in CLOCKS.items()]
    episode = Episode(persona="tester", sessions=[EpisodeEntry(session=s.id) for s in sessions])
    return PersonaBundle(root=root, persona=PERSONA, episode=episode, sessions=sessions, data_root=root)


@pytest.fixture(params=["local", "local-namespaces", "docker"])
def workspace(request: pytest.FixtureRequest) -> Iterator[Workspace]:
    """The jailed local workspace (bubblewrap's jail, or the namespace jail with bubblewrap hidden), or a Docker one
    (each skipped with its reason where it cannot run)."""
    if request.param.startswith("local"):
        if request.param == "local-namespaces":
            request.getfixturevalue("namespace_jail")
        problem = jail_problem()
        if problem is not None:
            pytest.skip(f"the jailed local workspace cannot run here: {problem}")
        ws: Workspace = LocalWorkspace(jail=True)
    else:
        settings: SandboxConfig = request.getfixturevalue("docker_settings")
        from sandbox.docker import DockerWorkspace

        ws = DockerWorkspace(settings, {"seed.md": b"seed\n"})
    yield ws
    ws.close()


def _host_clock() -> float:
    return float(subprocess.run(["date", "+%s"], capture_output=True, text=True, check=True).stdout)


def test_the_shell_python_and_new_files_read_each_sessions_clock(workspace: Workspace, tmp_path: Path) -> None:
    agent = ClockProbe()
    episode = run_episode(two_sessions(tmp_path), RunConfig(), EpisodeDeps(agent, RulesUser(), workspace))
    assert [s.termination for s in episode.sessions] == ["resolved", "resolved"]
    for sid, at in CLOCKS.items():
        day, iso, epoch, mtime = agent.seen[sid]
        simulated = at.replace(tzinfo=UTC).timestamp()
        assert day == at.date().isoformat()
        assert abs((datetime.fromisoformat(iso) - at).total_seconds()) < 60
        assert abs(float(epoch) - simulated) < 60
        assert abs(float(mtime) - simulated) < 60, f"{sid}: the new file is dated {mtime}, the clock {simulated}"
        assert all(abs(t - simulated) < 60 for t in agent.folders[sid]), f"{sid}: folders {agent.folders[sid]}"
        assert agent.briefs[sid] == at
        result = next(s for s in episode.sessions if s.session_id == sid)
        assert result.opened_at == at and result.closed_at is not None and result.closed_at >= at
    assert abs(_host_clock() - time.time()) < 5, "the host's clock moved"
    assert abs(time.time() - datetime.now(UTC).timestamp()) < 5
