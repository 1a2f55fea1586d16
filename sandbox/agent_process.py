"""Start a long-running program (an external agent under test) inside an episode's sandbox, with pipes to its stdin,
stdout and stderr, as the agent's own shell commands run there.

- Docker workspace: `docker exec -i` as the agent user in /workspace of the episode's container (needs the Docker
  CLI). Stopping it kills every process of the container, as a timed-out command does; the files stay.
- Local workspace: in the bubblewrap jail of its commands (only the workspace, no network, no engine environment),
  or where no jail can be made and the engine allowed that, unjailed as the engine's user with a minimal environment.
  Stopping it kills its process group (the jail's whole pid namespace).
- Memory workspace: refused (nothing on disk to run in).

The program sees the episode clock as it stood when it started, ticking on in real time from there.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

from engine.ports import Workspace, WorkspaceError
from sandbox.workspace.jail import BWRAP_ENV, jail_argv
from sandbox.workspace.local import LocalWorkspace

_HOST_ENV_KEYS = ("PATH", "LANG", "LC_ALL", "TZ")
_STOP_WAIT_S = 10.0


@dataclass
class AgentProcess:
    """A started program: its pipes (`popen`) and how to stop it with everything it started."""

    popen: subprocess.Popen[bytes]
    kill_rest: Callable[[], None]

    def stop(self) -> None:
        """Kill the program and every process it started (idempotent); its output pipes stay open to be drained."""
        self.kill_rest()
        if self.popen.poll() is None:
            self.popen.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=_STOP_WAIT_S)

    def close(self) -> None:
        """Close the pipes (after `stop` and after reading what is left)."""
        for pipe in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


def _popen(argv: list[str], cwd: str | None, env: dict[str, str]) -> subprocess.Popen[bytes]:
    try:
        return subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as exc:
        raise WorkspaceError(f"cannot start the agent program: {exc}") from exc


def _local(workspace: LocalWorkspace, command: str) -> AgentProcess:
    if workspace.jailed:
        popen = _popen(jail_argv(workspace.root, command, workspace.now()), str(workspace.root), dict(BWRAP_ENV))
    else:
        line, folder, env = workspace.host_command(command, workspace.now())
        popen = _popen(["bash", "-c", line], str(folder), env)

    def kill_group() -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(popen.pid, signal.SIGKILL)

    return AgentProcess(popen, kill_group)


def _docker(container: str, command: str, clock: dict[str, str]) -> AgentProcess:
    cli = shutil.which("docker")
    if cli is None:
        raise WorkspaceError("a command agent in the Docker sandbox needs the docker command-line client on PATH")
    from sandbox.docker import AGENT_UID, ROOT

    variables = [arg for key, value in clock.items() for arg in ("-e", f"{key}={value}")]
    argv = [
        cli,
        "exec",
        "-i",
        "-u",
        f"{AGENT_UID}:{AGENT_UID}",
        "-w",
        ROOT,
        *variables,
        container,
        "bash",
        "-c",
        command,
    ]
    env = {k: os.environ[k] for k in (*_HOST_ENV_KEYS, "DOCKER_HOST", "DOCKER_CONFIG", "HOME") if k in os.environ}
    popen = _popen(argv, None, env)

    def kill_container_processes() -> None:  # PID 1 of the image kills every other process on SIGUSR1
        subprocess.run([cli, "kill", "--signal", "SIGUSR1", container], capture_output=True, check=False, env=env)

    return AgentProcess(popen, kill_container_processes)


def start_agent_process(workspace: Workspace, command: str) -> AgentProcess:
    """Run bash `command` in the workspace root inside `workspace`'s sandbox; WorkspaceError when it cannot run."""
    if isinstance(workspace, LocalWorkspace):
        return _local(workspace, command)
    container = getattr(workspace, "container_name", None)
    clock_env = getattr(workspace, "clock_env", None)
    if isinstance(container, str) and callable(clock_env):
        return _docker(container, command, clock_env())
    raise WorkspaceError(
        f"a command agent runs in a Docker or local workspace, not in {type(workspace).__name__} (set workspace)"
    )
