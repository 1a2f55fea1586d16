"""The local workspace's jails (bubblewrap's, and the namespace jail where bubblewrap is missing): what a command
sees, and what happens where no jail can be made."""

from __future__ import annotations

import functools
import threading
import time

import pytest

from engine.ports import WorkspaceError
from sandbox.workspace import jail
from sandbox.workspace.local import LocalWorkspace


@pytest.fixture(params=["bubblewrap", "namespaces"])
def jailed(request: pytest.FixtureRequest) -> LocalWorkspace:
    """A jailed local workspace, in bubblewrap's jail or (bubblewrap hidden) the namespace jail; skipped where that
    jail cannot be made, with the reason."""
    if request.param == "namespaces":
        request.getfixturevalue("namespace_jail")
    problem = jail.jail_problem()
    if problem is not None:
        pytest.skip(f"no jail can be made here: {problem}")
    if jail.jail_kind() != request.param:
        pytest.skip(f"bubblewrap cannot jail here; the {jail.jail_kind()} jail is used instead")
    return LocalWorkspace(jail=True)


def test_a_jailed_command_sees_only_the_workspace_as_uid_1000(jailed: LocalWorkspace) -> None:
    try:
        jailed.write_file("a.md", b"a")
        out = jailed.exec("id -u; hostname; pwd; ls; ls /; cat /etc/passwd; echo $HOME", timeout_s=20, output_cap=4000)
        lines = out.output.splitlines()
        assert lines[:4] == ["1000", "workspace", "/workspace", "a.md"], out.output
        assert "home" not in lines and "root" not in lines and "var" not in lines
        assert "agent:x:1000:1000::/tmp:/bin/bash" in lines and lines[-1] == "/tmp"
    finally:
        jailed.close()


def test_processes_a_command_started_end_with_it(jailed: LocalWorkspace) -> None:
    try:
        out = jailed.exec("(sleep 2; echo late > late.txt) & echo started", timeout_s=20, output_cap=100)
        assert out.output == "started\n" and out.exit_code == 0
        time.sleep(3)
        assert "late.txt" not in jailed.list_files()
    finally:
        jailed.close()


def test_without_a_jail_the_workspace_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jail, "_probe", lambda: ("bubblewrap (bwrap) is not installed", None, frozenset()))
    with pytest.raises(WorkspaceError, match="no jail can be made for the local workspace: bubblewrap"):
        LocalWorkspace(jail=True)
    ws = LocalWorkspace()
    try:
        assert ws.jailed is False
        assert ws.exec("echo unjailed", timeout_s=20, output_cap=100).output == "unjailed\n"
    finally:
        ws.close()


def test_a_probe_asked_for_while_the_warm_up_runs_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    probes: list[float] = []

    @functools.cache
    def slow_probe() -> tuple[str | None, None, frozenset[str]]:
        probes.append(time.monotonic())
        time.sleep(0.3)
        return "probed once", None, frozenset()

    monkeypatch.setattr(jail, "_probe_once", slow_probe)
    started = time.monotonic()
    warm = jail.warm_up_jail()
    assert jail.jail_problem() == "probed once"  # not a second probe beside the warm-up's
    assert len(probes) == 1 and time.monotonic() - started >= 0.3
    warm.join(timeout=5)
    assert not warm.is_alive() and warm.daemon


def test_a_warm_up_that_fails_leaves_the_failure_to_the_callers_own_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def failing_probe() -> tuple[str | None, None, frozenset[str]]:
        calls.append(1)
        raise OSError("no temporary folder can be made")

    monkeypatch.setattr(jail, "_probe_once", failing_probe)
    hooks: list[object] = []
    monkeypatch.setattr(threading, "excepthook", hooks.append)
    jail.warm_up_jail().join(timeout=5)
    assert hooks == [] and calls == [1]  # no thread traceback
    with pytest.raises(OSError, match="no temporary folder"):
        jail.jail_problem()
    assert calls == [1, 1]
