"""What serving tools over MCP costs per call: `read_file`, N calls in one turn, through (1) the in-process ToolBox
(per workspace adapter: the workspace's own cost), (2) the SDK's client over streamable HTTP on 127.0.0.1 (the
endpoint kind's path), (3) a command agent's stdio channel (plan agent, plain-Python JSON-RPC; the jailed local
workspace, and the Docker container when a daemon answers). Prints the median per call over several turns.

    python bench/mcp_overhead.py [--calls 200] [--turns 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shlex
import statistics
import sys
import threading
import time
from pathlib import Path

from mcp import Client  # noqa: TID251 - the bench is an MCP client, as an external agent is

from engine.agents.base import SessionBrief
from engine.agents.external.command import CommandAgent
from engine.agents.external.desk import TurnDesk
from engine.agents.external.mcp_server import McpService
from engine.ports import Workspace
from engine.schema.config import ExternalAgentConfig, SandboxConfig
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace

PLAN_AGENT = Path(__file__).resolve().parent.parent / "tests" / "agents" / "plan_agent.py"
FILES = {"notes/a.md": b"# a\n" + b"line\n" * 50}


def box(workspace: Workspace) -> ToolBox:
    return ToolBox(tools_for(["general"]), ToolContext(workspace), lambda _event: None)


def in_process(calls: int, workspace: Workspace) -> float:
    for path, data in FILES.items():
        workspace.write_file(path, data)
    tools = box(workspace)
    started = time.perf_counter()
    for _ in range(calls):
        tools.call("read_file", {"path": "notes/a.md"})
    workspace.close()
    return (time.perf_counter() - started) / calls


def over_http(calls: int) -> float:
    desk = TurnDesk()
    desk.set_toolsets(("general",))
    service = McpService(desk)
    url = service.http()
    spent: list[float] = []

    async def turn() -> None:
        async with Client(url) as client:
            started = time.perf_counter()
            for _ in range(calls):
                await client.call_tool("read_file", {"path": "notes/a.md"})
            spent.append(time.perf_counter() - started)

    def begin(token: int) -> None:
        def run() -> None:
            asyncio.run(turn())
            desk.end(token, "reply", "")

        threading.Thread(target=run, daemon=True).start()

    try:
        desk.serve(box(MemoryWorkspace(FILES)), begin, "reply", 600)
    finally:
        service.close()
    return spent[0] / calls


def over_stdio(calls: int, workspace: Workspace) -> float:
    for path, data in FILES.items():
        workspace.write_file(path, data)
    turn = {"actions": [{"tool": "read_file", "args": {"path": "notes/a.md"}}] * calls, "message": "done"}
    plan = {"sessions": {"s": [{"actions": [], "message": "warm"}, turn]}}  # start-up and handshake: not timed
    script = PLAN_AGENT.read_text(encoding="utf-8")
    command = f"python3 -c {shlex.quote(script)} {shlex.quote(json.dumps(plan))}"
    agent = CommandAgent(ExternalAgentConfig(command=command, turn_timeout_s=600))
    tools = box(workspace)
    try:
        agent.start_session(SessionBrief("s", "user", ("general",)))
        tools.turn = 1
        agent.respond("warm up", tools)
        tools.turn = 2
        started = time.perf_counter()
        agent.respond("go", tools)
        return (time.perf_counter() - started) / calls
    finally:
        agent.close()
        workspace.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--turns", type=int, default=5)
    args = parser.parse_args()
    paths = {
        "in-process ToolBox, memory": lambda: in_process(args.calls, MemoryWorkspace()),
        "MCP streamable HTTP": lambda: over_http(args.calls),
        "in-process ToolBox, jailed local": lambda: in_process(args.calls, LocalWorkspace(jail=True)),
        "command agent, jailed local": lambda: over_stdio(args.calls, LocalWorkspace(jail=True)),
    }
    from sandbox import docker as dk

    if dk.daemon_answers():
        from sandbox.docker import DockerWorkspace

        paths["in-process ToolBox, docker"] = lambda: in_process(args.calls, DockerWorkspace(SandboxConfig()))
        paths["command agent, docker"] = lambda: over_stdio(args.calls, DockerWorkspace(SandboxConfig()))
    for name, measure in paths.items():
        figures = [measure() * 1000 for _ in range(args.turns)]
        low, high = min(figures), max(figures)
        print(f"{name}: median {statistics.median(figures):.3f} ms/call (min {low:.3f}, max {high:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
