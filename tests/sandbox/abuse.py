"""What the isolation abuse suite needs: a persona's hidden strings, fake secrets, a victim process, a session.

The attacks go through the agent's own tools (a ToolBox over the workspace under test), exactly as a
scripted or model-driven agent would call them, and every tool result is kept so a test can assert
that no hidden string and no secret reached the agent.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.ports import Workspace
from engine.schema.events import Event, ToolResult
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox

REPO = Path(__file__).resolve().parents[2]
PERSONA = REPO / "personas" / "researcher"
_FIELD = re.compile(r"^\s*(?:-\s+)?(?:content|reveal|text|request):\s*[\"']?(.{24,}?)[\"']?\s*$")
_TEXT_SUFFIXES = {".md", ".csv", ".txt", ".json", ".yaml", ".tex", ".bib", ".py"}


def hidden_strings(persona: Path = PERSONA) -> list[str]:
    """Distinctive text the agent must never see: intent contents and reveals, checklist texts of the session
    YAMLs, and the longest lines of every reference (gold) file (raw lines, so a `cat` of the file shows them)."""
    found: set[str] = set()
    for path in sorted((persona / "sessions").glob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = _FIELD.match(line)
            if match:
                found.add(match.group(1)[:48])
    for path in sorted((persona / "reference").rglob("*")):
        if path.is_file() and path.suffix in _TEXT_SUFFIXES:
            lines = sorted(
                (s.strip() for s in path.read_text(encoding="utf-8", errors="replace").splitlines()), key=len
            )
            found.update(line[:48] for line in lines[-2:] if len(line) >= 30)
    return sorted(found)


def reference_file(persona: Path = PERSONA) -> Path:
    """One gold file of the persona (read by absolute path in the attacks)."""
    return next(p for p in sorted((persona / "reference").rglob("*.md")) if p.is_file())


def fake_secrets() -> dict[str, str]:
    """Fake API keys as a provider's would look, unique per call."""
    token = uuid.uuid4().hex
    return {
        "OPENAI_API_KEY": f"sk-proact-abuse-{token}",
        "ANTHROPIC_API_KEY": f"sk-ant-proact-abuse-{token[:16]}",
        "PROACT_TEST_SECRET": f"proact-secret-{token[16:]}",
    }


def start_victim(secrets: dict[str, str]) -> subprocess.Popen[bytes]:
    """A process of the engine's user holding the secrets in its environment (a second engine, say)."""
    env = {**os.environ, **secrets}
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], env=env)


class LoopbackListener:
    """A TCP server on the host's 127.0.0.1 that counts connections (nothing in a jail or container may reach it)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = int(self.sock.getsockname()[1])
        self.accepted = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.accepted += 1
            conn.close()

    def close(self) -> None:
        """Stop serving."""
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


class AttackSession:
    """The agent's general tools over one workspace; every result is kept."""

    def __init__(self, ws: Workspace, timeout_s: float = 20, output_cap: int = 16_000) -> None:
        self.ws = ws
        self.events: list[Event] = []
        ctx = ToolContext(ws, exec_timeout_s=timeout_s, output_cap=output_cap)
        self.box = ToolBox(tools_for(["general"]), ctx, self.events.append)
        self.calls = 0

    def call(self, name: str, **arguments: Any) -> ToolResult:
        """One tool call; its recorded result."""
        self.calls += 1
        self.box.call(name, arguments)
        result = self.events[-1]
        assert isinstance(result, ToolResult)
        return result

    def sh(self, command: str) -> str:
        """An exec call's output (or its error text)."""
        result = self.call("exec", command=command)
        if result.error is not None:
            return result.error
        assert isinstance(result.output, dict)
        return str(result.output["output"])

    def seen(self) -> Iterator[str]:
        """Every text the agent got back."""
        for event in self.events:
            if isinstance(event, ToolResult):
                if event.error:
                    yield event.error
                yield from _strings(event.output)

    def assert_nothing_leaked(self, hidden: list[str], secrets: dict[str, str]) -> None:
        """No hidden string and no secret (nor a secret's variable name) in any tool result."""
        texts = list(self.seen())
        for secret in secrets.values():
            assert not any(secret in t for t in texts), f"secret {secret[:12]}... reached the agent"
        for name in secrets:
            assert not any(f"{name}=" in t for t in texts), f"{name} reached the agent"
        leaked = [h for h in hidden if any(h in t for t in texts)]
        assert not leaked, f"hidden strings reached the agent: {leaked[:3]}"

    def assert_healthy(self) -> None:
        """The workspace still answers within seconds."""
        started = time.monotonic()
        out = self.sh("echo alive")
        assert out == "alive\n", out
        assert time.monotonic() - started < 10


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
