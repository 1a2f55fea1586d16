"""The `endpoint` agent kind against a fake OpenAI-compatible agent server of ours on 127.0.0.1: the server runs its
own loop, replaying the gold solution of personas/example over the MCP URL it is given with the SDK's client, and
answers with the gold message. It completes the persona scoring what the reference agent scores, its calls are
the trajectory's tool records and its usage the agent role's; a failing or silent endpoint ends only its session."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from engine.loader import load_persona
from engine.runner import run
from engine.schema.config import AgentConfig, ExternalAgentConfig, ModelBinding, RunConfig
from engine.schema.events import ModelUsage, ToolCall, ToolResult
from engine.schema.results import SessionResult
from engine.trajectory import read_trajectory
from tests.conftest import REPO
from tests.models.example_roles import FINAL, ExampleRoles
from tests.models.fake_openai import Body, FakeOpenAI, no_faults

EXAMPLE = REPO / "personas" / "example"


class GoldEndpoint:
    """The agent behind the fake server: per request, the gold turn of the session over MCP, then its message."""

    def __init__(self) -> None:
        self.roles = ExampleRoles(load_persona(EXAMPLE))
        self.urls: set[str] = set()

    def answer(self, body: Body) -> dict[str, Any]:
        messages = body["messages"]
        url = re.match(r"MCP: (\S+)", str(messages[0]["content"]))
        assert url is not None and messages[0]["role"] == "system"
        self.urls.add(url.group(1))
        spec = self.roles._spec(messages)
        turn = sum(1 for m in messages if m["role"] == "user") - 1
        if turn >= len(spec.reference.turns):  # type: ignore[union-attr]
            return {"content": FINAL}
        gold = spec.reference.turns[turn]  # type: ignore[union-attr]
        asyncio.run(self._act(url.group(1), gold.actions))
        return {"content": gold.message}

    async def _act(self, url: str, actions: list[Any]) -> None:
        async with Client(url) as client:
            for action in actions:
                args = dict(action.args)
                args.update({k: (EXAMPLE / v).read_text() for k, v in action.args_from_files.items()})
                await client.call_tool(action.tool, args)


def run_endpoint(tmp_path: Path, server: FakeOpenAI, name: str, timeout_s: float = 30) -> list[SessionResult]:
    base = server.start()
    try:
        agent = AgentConfig(
            kind="endpoint",
            model=ModelBinding(model="openai/gold-agent", api_base=base),
            external=ExternalAgentConfig(turn_timeout_s=timeout_s),
        )
        config = RunConfig(
            personas=[str(EXAMPLE)], agent=agent, workspace="memory", runs_dir=str(tmp_path), run_id=name
        )
        return run(config, bundles=[load_persona(EXAMPLE)]).episodes[0].sessions
    finally:
        server.stop()


def test_an_endpoint_agent_completes_the_example_over_mcp(tmp_path: Path) -> None:
    endpoint = GoldEndpoint()
    results = run_endpoint(tmp_path, FakeOpenAI(endpoint.answer, no_faults), "ok")
    reference = (
        run(
            RunConfig(
                personas=[str(EXAMPLE)],
                agent=AgentConfig(kind="reference"),
                workspace="memory",
                runs_dir=str(tmp_path),
                run_id="ref",
            ),
            bundles=[load_persona(EXAMPLE)],
        )
        .episodes[0]
        .sessions
    )
    assert [(r.termination, r.statuses, r.comp) for r in results] == [
        (r.termination, r.statuses, r.comp) for r in reference
    ]
    assert len(endpoint.urls) == 1 and next(iter(endpoint.urls)).startswith("http://127.0.0.1:")
    events = read_trajectory(tmp_path / "ok" / "example" / "s01" / "trajectory.jsonl")
    assert [e.name for e in events if isinstance(e, ToolCall)] == ["read_file", "read_file", "write_file"]
    assert all(e.error is None for e in events if isinstance(e, ToolResult))
    usage = [e for e in events if isinstance(e, ModelUsage)]
    assert usage and all(u.role == "agent" and u.prompt_tokens == 10 for u in usage)


@pytest.mark.parametrize(("fault", "reason"), [("server", "HTTP 500"), ("timeout", "timed out")])
def test_a_failing_endpoint_ends_its_session_not_the_run(tmp_path: Path, fault: str, reason: str) -> None:
    endpoint = GoldEndpoint()
    first = endpoint.roles.openings[0][0]

    def pick(body: Body, digest: str, attempt: int) -> str | None:
        return fault if any(first in str(m["content"]) for m in body["messages"][1:2]) else None

    server = FakeOpenAI(endpoint.answer, pick, timeout_sleep_s=3.0)
    s01, s02, s03 = run_endpoint(tmp_path, server, fault, timeout_s=1.0)
    assert s01.termination == "agent_error" and s01.error is not None, s01.error
    assert s01.error.startswith("AgentFailure: the agent endpoint failed") and reason in s01.error, s01.error
    assert (s02.termination, s03.termination) == ("resolved", "resolved")
