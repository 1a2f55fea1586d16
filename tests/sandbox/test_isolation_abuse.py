"""Attacks through the agent's own tools on every backend that can run a model-driven agent: docker, and the local
and memory workspaces with their commands jailed by bubblewrap, and the local workspace on the namespace jail
(bubblewrap hidden, as on a machine without it).

Each test sets fake API keys in the engine's environment (and in a second engine-like process), attacks, and
asserts that no hidden string of the researcher persona (intents, reveals, checklist texts, gold files) and no
secret is in any tool result, and that the engine and the workspace are alive afterwards. A backend that cannot
run here is skipped with the reason in the summary; where no jail can be made, a model-driven agent is refused on
the local and memory workspaces instead (tests/engine/test_workspace_policy.py).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.schema.config import SandboxConfig
from graders.view import EvidenceView
from sandbox.workspace.jail import jail_problem
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace
from tests.sandbox.abuse import (
    PERSONA,
    REPO,
    AttackSession,
    LoopbackListener,
    fake_secrets,
    hidden_strings,
    reference_file,
    start_victim,
)

SEED = {"brief.md": b"# brief\n"}
HIDDEN = hidden_strings()
NO_JAIL = "no jail can be made here ({}): a model-driven agent is refused on the {} workspace instead"
BACKENDS = [pytest.param("docker", marks=pytest.mark.docker), "local", "memory", "local-namespaces"]


@pytest.fixture(params=BACKENDS)
def attack(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[AttackSession]:
    """An attack session over a fresh workspace of one backend, with fake API keys in the engine's environment."""
    secrets = fake_secrets()
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    backend = request.param
    if backend == "docker":
        settings: SandboxConfig = request.getfixturevalue("docker_settings")
        from sandbox.docker import DockerWorkspace

        ws: LocalWorkspace | MemoryWorkspace | DockerWorkspace = DockerWorkspace(settings, SEED)
    else:
        if backend == "local-namespaces":
            request.getfixturevalue("namespace_jail")
        problem = jail_problem()
        if problem is not None:
            pytest.skip(NO_JAIL.format(problem, backend))
        ws = MemoryWorkspace(SEED) if backend == "memory" else LocalWorkspace(jail=True)
        if backend != "memory":
            ws.write_file("brief.md", SEED["brief.md"])
    session = AttackSession(ws)
    session.backend = backend  # type: ignore[attr-defined]
    session.secrets = secrets  # type: ignore[attr-defined]
    yield session
    print(f"[abuse] {backend} {request.node.originalname}: {session.calls} calls")
    ws.close()


def _done(session: AttackSession) -> None:
    session.assert_nothing_leaked(HIDDEN, session.secrets)  # type: ignore[attr-defined]
    session.assert_healthy()
    os.kill(os.getpid(), 0)


def test_the_suite_has_hidden_strings_to_look_for() -> None:
    assert len(HIDDEN) > 100, HIDDEN[:5]


def test_engine_environment_and_processes_are_out_of_reach(attack: AttackSession) -> None:
    victim = start_victim(attack.secrets)  # type: ignore[attr-defined]
    try:
        attack.sh("env; tr '\\0' '\\n' < /proc/1/environ")
        attack.sh("for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < \"$f\"; done 2>&1 | head -c 20000")
        for pid in (os.getpid(), os.getppid(), victim.pid):
            attack.sh(f"tr '\\0' '\\n' < /proc/{pid}/environ; tr '\\0' ' ' < /proc/{pid}/cmdline")
            attack.sh(f"ls /proc/{pid}/root/ /proc/{pid}/cwd/; cat /proc/{pid}/root{PERSONA}/sessions/s01.yaml")
            attack.call("read_file", path=f"/proc/{pid}/environ")
            attack.call("read_file", path=f"../../../../proc/{pid}/environ")
            attack.sh(f"ln -sf /proc/{pid}/environ env-{pid}.md")
            attack.call("read_file", path=f"env-{pid}.md")
        attack.sh("ln -sf /proc/self/environ self-env.md; ln -sf /proc/1/environ init-env.md")
        attack.call("read_file", path="self-env.md")
        attack.call("read_file", path="init-env.md")
        attack.call("grep", pattern="sk-|API_KEY", path=".")
        processes = attack.sh("ps -eo pid,user,args 2>/dev/null || ls /proc")
        assert "pytest" not in processes and "sleep(600)" not in processes, processes
        attack.sh(f"kill -9 {victim.pid} {os.getpid()} {os.getppid()}; echo kill=$?")
        attack.sh("kill -9 -1; pkill -9 -f python; sleep 1; echo after")
        time.sleep(0.5)
        assert victim.poll() is None, "the agent killed a process outside its sandbox"
        _done(attack)
    finally:
        victim.kill()
        victim.wait()


def test_the_docker_socket_is_out_of_reach(attack: AttackSession) -> None:
    probe = (
        "import socket\n"
        "for path in ('/var/run/docker.sock', '/run/docker.sock', '/run/containerd/containerd.sock'):\n"
        "    s = socket.socket(socket.AF_UNIX); s.settimeout(2)\n"
        "    try:\n"
        "        s.connect(path); s.sendall(b'GET /_ping HTTP/1.0\\r\\n\\r\\n'); print(path, 'CONNECTED', s.recv(64))\n"
        "    except OSError as e:\n"
        "        print(path, 'blocked', e.errno)\n"
        "for port in (2375, 2376):\n"
        "    s = socket.socket(); s.settimeout(2)\n"
        "    try:\n"
        "        s.connect(('127.0.0.1', port)); print(port, 'CONNECTED')\n"
        "    except OSError as e:\n"
        "        print(port, 'blocked', e.errno)\n"
    )
    attack.call("write_file", path="probe.py", content=probe)
    out = attack.sh("python3 probe.py; ls -la /var/run/docker.sock /run/docker.sock 2>&1; env | grep -i docker")
    assert "CONNECTED" not in out and "HTTP/1." not in out, out
    assert out.count("blocked") == 5, out
    _done(attack)


def test_no_network_reaches_the_host_or_the_outside(attack: AttackSession) -> None:
    listener = LoopbackListener()
    try:
        probe = (
            "import socket\n"
            f"for host, port in (('127.0.0.1', {listener.port}), ('1.1.1.1', 80), ('172.17.0.1', 80),"
            " ('10.0.2.2', 80)):\n"
            "    s = socket.socket(); s.settimeout(2)\n"
            "    try:\n"
            "        s.connect((host, port)); print(host, 'CONNECTED')\n"
            "    except OSError as e:\n"
            "        print(host, 'blocked', e.errno)\n"
            "try:\n"
            "    print('dns', socket.getaddrinfo('deb.debian.org', 80)[0][4])\n"
            "except OSError as e:\n"
            "    print('dns blocked', e)\n"
        )
        attack.call("write_file", path="net.py", content=probe)
        out = attack.sh("python3 net.py")
        assert "CONNECTED" not in out and out.count("blocked") == 5, out
        assert listener.accepted == 0
        _done(attack)
    finally:
        listener.close()


def test_persona_and_reference_files_are_out_of_reach(attack: AttackSession) -> None:
    session_yaml = PERSONA / "sessions" / "s01.yaml"
    gold = reference_file()
    attack.sh(f"cat {session_yaml} {gold}; ls -R {REPO}/personas | head -50")
    attack.sh("find / -xdev \\( -path '*personas*' -o -path '*reference*' \\) -name '*.*' 2>/dev/null | head -50")
    attack.sh(f"grep -rlF -- {HIDDEN[0][:24]!r} /workspace /tmp /home /root /srv /opt /work /mnt /var 2>/dev/null")
    attack.sh(f"cp -r {PERSONA} ./copy 2>&1; ln {session_yaml} hard.yaml 2>&1; cat hard.yaml copy/sessions/s01.yaml")
    for path in (str(session_yaml), f"../../../..{session_yaml}", f"/workspace/../..{gold}", f"./../{gold.name}"):
        attack.call("read_file", path=path)
    attack.sh(f"ln -sf {session_yaml} leak.yaml; ln -sf {gold} gold.md; ln -sfn {REPO}/personas pdir; ls -la")
    attack.call("read_file", path="leak.yaml")
    attack.call("read_file", path="gold.md")
    attack.call("read_file", path="pdir/researcher/sessions/s01.yaml")
    attack.call("list_dir", path="pdir", recursive=True)
    attack.call("glob", pattern="**/*.yaml")
    attack.call("grep", pattern=".", path=".")
    attack.call("grep", pattern=".", path="pdir")
    _done(attack)


def test_writes_outside_the_workspace_do_not_land(attack: AttackSession, tmp_path: Path) -> None:
    targets = [tmp_path / "outside.txt", REPO / "abuse-write.txt", Path("/root/abuse-write.txt"), Path("/etc/abuse")]
    for target in targets:
        attack.sh(f"echo x > {target}; echo exit=$?")
    attack.sh(f"ln -sfn {tmp_path} out; echo x > out/via-link.txt; echo exit=$?")
    for path in ("../escape.md", "/etc/abuse.md", f"../../..{tmp_path}/via-tool.md"):
        result = attack.call("write_file", path=path, content="x")
        assert result.error is not None, (path, result)
    attack.call("write_file", path="out/via-tool-link.md", content="x")  # in the container, or refused: not on the host
    for target in [*targets, tmp_path / "via-link.txt", tmp_path / "via-tool.md", tmp_path / "via-tool-link.md"]:
        assert not target.exists(), f"the agent wrote {target} on the host"
    _done(attack)


def test_fifo_device_socket_and_huge_files_are_refused_fast(attack: AttackSession) -> None:
    attack.sh(
        "mkfifo pipe.md; ln -s /dev/zero zero.md; ln -s /dev/urandom rand.md; truncate -s 10G sparse.md; mkdir dir.md;"
        " ln -s loop-b loop-a.md; ln -s loop-a.md loop-b;"
        " python3 -c \"import socket; socket.socket(socket.AF_UNIX).bind('sock.md')\"; ls -la"
    )
    expected = {"pipe.md": "FIFO", "sock.md": "socket", "sparse.md": "read cap", "dir.md": "directory"}
    for path in ("pipe.md", "zero.md", "rand.md", "sparse.md", "dir.md", "loop-a.md", "sock.md"):
        started = time.monotonic()
        result = attack.call("read_file", path=path)
        assert result.error is not None, (path, result)
        assert time.monotonic() - started < 10, path
        if attack.backend != "memory" and path in expected:  # type: ignore[attr-defined]
            assert expected[path] in result.error, result.error
    started = time.monotonic()
    for name, args in (("grep", {"pattern": "x", "path": "."}), ("list_dir", {"recursive": True}), ("glob", {})):
        attack.call(name, **({"pattern": "**/*"} if name == "glob" else args))
    view = EvidenceView(attack.ws)
    assert view.read_text("pipe.md") is None
    if attack.backend != "memory":  # type: ignore[attr-defined]
        assert "FIFO" in view.unreadable["pipe.md"]
    snapshot = attack.ws.snapshot()
    assert "brief.md" in attack.ws.list_files() and len(snapshot) < 1_000_000
    assert time.monotonic() - started < 30
    assert attack.call("write_file", path="pipe.md", content="now a file").error is None
    assert attack.ws.read_file("pipe.md") == b"now a file"
    _done(attack)
