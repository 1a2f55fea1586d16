"""Our ReAct agent as a `command` agent: the conformance kit (engine/agents/external/README.md).

    python -m engine.agents.external.react_command [--protocol native|json] [--max-steps N] ...

It runs inside the sandbox with the workspace as its working directory: it reads and writes its memory there as
the in-process agent does through the engine's workspace, reaches every tool over MCP, and calls its model through
the engine (`external.model_relay`). With the settings the engine would give the in-process agent, a run scores
exactly what the in-process agent scores (tests/agents/test_command_conformance.py).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from engine.agents.external.mcp_client import serve
from engine.agents.react import ReactAgent, ReactSettings
from engine.agents.react.loop import LoopLimits
from engine.agents.react.protocol import make_protocol
from engine.ports import ChatModel, ExecResult, FileStat, WorkspaceError


class DirWorkspace:
    """The agent program's own view of the workspace: the files under its working directory (no shell: the agent's
    commands go through the `exec` tool)."""

    def __init__(self, root: Path) -> None:
        """Files under `root`."""
        self.root = root.resolve()

    def _path(self, path: str) -> Path:
        full = (self.root / path.strip().lstrip("/")).resolve()
        if not full.is_relative_to(self.root):
            raise WorkspaceError(f"path escapes the workspace: {path!r}")
        return full

    def read_file(self, path: str) -> bytes:
        """A file's bytes."""
        try:
            return self._path(path).read_bytes()
        except OSError as exc:
            raise WorkspaceError(f"no such file: {path}") from exc

    def write_file(self, path: str, data: bytes) -> None:
        """Create or replace a file."""
        full = self._path(path)
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_bytes(data)

    def delete(self, path: str) -> None:
        """Remove a file."""
        try:
            self._path(path).unlink()
        except OSError as exc:
            raise WorkspaceError(f"no such file: {path}") from exc

    def list_files(self) -> dict[str, FileStat]:
        """Every regular file with a (size, mtime) fingerprint."""
        out: dict[str, FileStat] = {}
        for folder, _dirs, names in os.walk(self.root):
            for name in names:
                full = Path(folder) / name
                st = full.lstat()
                if stat.S_ISREG(st.st_mode):
                    out[full.relative_to(self.root).as_posix()] = FileStat(st.st_size, str(st.st_mtime_ns))
        return out

    def exec(self, command: str, *, timeout_s: float, output_cap: int) -> ExecResult:
        """Not here: commands are the `exec` tool's."""
        raise WorkspaceError("the agent program runs commands through the exec tool")

    def snapshot(self) -> bytes:
        """Not here: snapshots are the engine's."""
        raise WorkspaceError("snapshots are taken by the engine")

    def restore(self, archive: bytes) -> None:
        """Not here: restores are the engine's."""
        raise WorkspaceError("restores are made by the engine")

    def use_clock(self, now: Callable[[], datetime]) -> None:
        """Nothing to do: the program already runs in the sandbox, whose commands see the episode clock."""

    def close(self) -> None:
        """Nothing to release."""


def main(argv: list[str] | None = None) -> int:
    """Parse the settings (those engine/agents/registry.py gives the in-process agent) and serve."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--protocol", choices=["native", "json"], default="native")
    parser.add_argument("--max-steps", type=int, default=40)
    parser.add_argument("--observation-chars", type=int, default=6_000)
    parser.add_argument("--context-chars", type=int, default=None)
    parser.add_argument("--subagent-steps", type=int, default=8)
    parser.add_argument("--argument-chars", type=int, default=None)
    args = parser.parse_args(argv)
    limits = LoopLimits(args.max_steps, args.observation_chars, args.context_chars)
    settings = ReactSettings(limits=limits, subagent_steps=args.subagent_steps)

    def make(model: ChatModel) -> ReactAgent:
        return ReactAgent(model, make_protocol(args.protocol, args.argument_chars), settings)

    return serve(make, DirWorkspace(Path.cwd()))


if __name__ == "__main__":
    sys.exit(main())
