"""Tools over MCP for a running episode: the SDK's own client lists and calls the session's tools over streamable
HTTP on 127.0.0.1, and every call is a tool record in the trajectory and lands in the app state, graded exactly
as the built-in agent's calls are."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from mcp import Client

from engine.apps import load_apps
from engine.episode import EpisodeDeps, run_episode
from engine.loader import load_persona
from engine.schema.config import RunConfig
from engine.schema.events import ToolCall, ToolResult
from engine.trajectory import read_trajectory
from engine.user.rules import RulesUser
from sandbox.apps.tools import APPS_SERVICE
from sandbox.workspace.memory import MemoryWorkspace
from tests.agents.mcp_driver import McpDriver
from tests.apps.persona import write_persona


def test_an_mcp_client_drives_an_episode_into_the_trajectory_and_the_apps(tmp_path: Path) -> None:
    persona = write_persona(tmp_path)
    bundle = load_persona(persona)
    driver = McpDriver({s.id: s.reference for s in bundle.sessions}, bundle.root)
    deps = EpisodeDeps(
        agent=driver,
        user=RulesUser(),
        workspace=MemoryWorkspace(bundle.seed_files()),
        services={APPS_SERVICE: load_apps(bundle)},
    )
    try:
        episode = run_episode(bundle, RunConfig(workspace="memory"), deps, tmp_path / "run")
    finally:
        driver.close()
    s01, s02 = episode.sessions
    assert {i.item_id: i.score for i in s01.items} == {"c1": 1.0, "c2": 1.0, "c3": 1.0}
    assert {i.item_id: i.score for i in s02.items} == {"c1": 1.0, "c2": 1.0}
    assert s01.statuses == {"i1": "completed"} and s01.termination == "resolved"
    assert "spawn" not in driver.listed["s01"] and {"read_file", "gmail__send_email_from_draft"} <= set(
        driver.listed["s01"]
    )
    events = read_trajectory(tmp_path / "run" / "s01" / "trajectory.jsonl")
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert [c.name for c in calls] == [a.tool for a in bundle.sessions[0].reference.turns[0].actions]  # type: ignore[union-attr]
    assert all(c.turn == 1 and c.call_id.startswith("t1-") for c in calls)
    results = [e for e in events if isinstance(e, ToolResult)]
    assert [r.error for r in results] == [None] * len(calls)
    apps = json.loads((tmp_path / "run" / "s01" / "apps.json").read_text())
    assert [e["subject"] for e in apps["apps"]["gmail"]["emails"].values()] == ["Hall keys"]
    assert [t["title"] for t in apps["apps"]["todoist"]["tasks"].values()] == ["Collect keys from Amira"]
    after = json.loads((tmp_path / "run" / "s02" / "apps.json").read_text())
    assert after["apps"]["todoist"]["tasks"] == {}


def test_tools_answer_only_during_a_turn(tmp_path: Path) -> None:
    driver = McpDriver({}, tmp_path)
    driver.desk.set_toolsets(("general",))

    async def call() -> tuple[str, bool]:
        async with Client(driver.url) as client:
            result = await client.call_tool("list_dir", {"path": "."})
            return str(getattr(result.content[0], "text", "")), result.is_error

    try:
        text, is_error = asyncio.run(call())
    finally:
        driver.close()
    assert is_error and "no turn is in progress" in text
