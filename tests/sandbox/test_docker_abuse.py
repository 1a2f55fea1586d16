"""Hostile commands in the docker workspace: each is contained, the engine goes on, the trajectory says what happened.

Every command goes through the agent's `exec` tool, so what is asserted is what a session records.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from engine.ports import Workspace
from engine.schema.events import Event, ToolResult
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox

pytestmark = pytest.mark.docker


class Session:
    """The exec tool over one docker workspace, keeping the recorded events."""

    def __init__(self, ws: Workspace, timeout_s: float = 5, output_cap: int = 4_000) -> None:
        self.ws = ws
        self.events: list[Event] = []
        ctx = ToolContext(ws, exec_timeout_s=timeout_s, output_cap=output_cap)
        self.box = ToolBox(tools_for(["general"]), ctx, self.events.append)

    def run(self, command: str) -> ToolResult:
        """Run `command` through the exec tool and return the recorded result event."""
        self.box.call("exec", {"command": command})
        result = self.events[-1]
        assert isinstance(result, ToolResult)
        return result

    def healthy(self) -> None:
        """The workspace still answers and still holds its files."""
        started = time.monotonic()
        result = self.run("cat brief.md && echo ok")
        assert result.error is None and result.output["output"] == "# brief\nok\n", result
        assert time.monotonic() - started < 10


def output_of(result: ToolResult) -> dict[str, Any]:
    """The result of a call that did not fail."""
    assert result.error is None, result.error
    assert isinstance(result.output, dict)
    return result.output


def test_fork_bomb_is_contained(docker_ws: Workspace) -> None:
    session = Session(docker_ws, timeout_s=5)
    started = time.monotonic()
    result = session.run("bomb() { bomb | bomb & }; bomb; sleep 30")
    assert time.monotonic() - started < 30
    assert result.error is not None and result.error.startswith("command timed out after 5 s")
    session.healthy()
    survivors = output_of(session.run("ps -eo args --no-headers"))["output"]
    assert "bomb" not in survivors and "sleep" not in survivors, survivors


def test_disk_fill_stops_at_the_workspace_size(docker_ws: Workspace) -> None:
    session = Session(docker_ws, timeout_s=60)
    out = output_of(session.run("head -c 200M /dev/zero > big.bin; echo exit=$?; du -m big.bin | cut -f1"))
    assert "No space left on device" in out["output"] and "exit=1" in out["output"]
    assert int(out["output"].split()[-1]) <= 64
    tmp = output_of(session.run("head -c 100M /dev/zero > /tmp/big; echo exit=$?"))["output"]
    assert "No space left on device" in tmp and "exit=1" in tmp
    output_of(session.run("rm big.bin /tmp/big"))
    session.healthy()


def test_a_gigabyte_of_output_is_capped_inside_the_container(docker_ws: Workspace) -> None:
    session = Session(docker_ws, timeout_s=60, output_cap=4_000)
    started = time.monotonic()
    out = output_of(session.run("head -c 1G /dev/zero | tr '\\0' 'a'; echo tail"))
    assert out["truncated"] is True and out["output"] == "a" * 4_000 and out["exit_code"] == 0
    assert time.monotonic() - started < 60
    session.healthy()


def test_an_infinite_loop_is_killed_at_the_timeout(docker_ws: Workspace) -> None:
    session = Session(docker_ws, timeout_s=2)
    started = time.monotonic()
    result = session.run("echo spinning; while :; do :; done")
    assert time.monotonic() - started < 15
    assert result.error is not None and "timed out after 2 s" in result.error and result.error.endswith("spinning\n")
    session.healthy()


def test_no_network_reaches_the_outside(docker_ws: Workspace) -> None:
    session = Session(docker_ws)
    probe = (
        "import socket\n"
        "for host in ('1.1.1.1', '172.17.0.1', '10.0.2.2'):\n"
        "    s = socket.socket(); s.settimeout(2)\n"
        "    try:\n"
        "        s.connect((host, 80)); print(host, 'CONNECTED')\n"
        "    except OSError as e:\n"
        "        print(host, 'blocked', e.errno)\n"
    )
    out = output_of(session.run(f'python3 -c "{probe}"; ls /sys/class/net; command -v curl wget || true'))
    assert "CONNECTED" not in out["output"]
    assert out["output"].count("blocked") == 3
    assert out["output"].split("\n")[3] == "lo"


def test_proc_1_environ_holds_no_secret_and_pid_1_cannot_be_killed(
    docker_ws: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-never-in-the-container")
    session = Session(docker_ws)
    environ = output_of(session.run("tr '\\0' '\\n' < /proc/1/environ"))["output"]
    assert "sk-never" not in environ and "API_KEY" not in environ
    assert "PYTHONPATH=/opt/proact/site" in environ
    output_of(session.run("kill -9 1; kill -9 -1; sleep 1"))
    session.healthy()


def test_writes_outside_the_workspace_fail(docker_ws: Workspace) -> None:
    session = Session(docker_ws)
    for target in ("/etc/passwd", "/usr/bin/evil", "/evil", "/opt/proact/init.py", "/home/x"):
        out = output_of(session.run(f"echo x >> {target}; echo exit=$?"))
        assert "exit=1" in out["output"], (target, out)
        assert "Read-only file system" in out["output"] or "Permission denied" in out["output"], (target, out)
    whoami = output_of(session.run("id -u; grep Cap[EP][fr][fm] /proc/self/status; grep NoNewPrivs /proc/self/status"))
    lines = whoami["output"].split()
    assert lines[0] == "1000"
    assert "0000000000000000" in lines and lines[-1] == "1"
    session.healthy()


def test_memory_hog_is_killed_and_the_container_survives(docker_ws: Workspace) -> None:
    session = Session(docker_ws, timeout_s=30)
    out = output_of(session.run("python3 -c 'x = bytearray(2 << 30); print(len(x))'; echo exit=$?"))
    assert "exit=0" not in out["output"] and ("MemoryError" in out["output"] or "exit=137" in out["output"])
    session.healthy()
