"""The conformance kit: our ReAct agent wrapped as a `command` agent (engine/agents/external/react_command.py, its
tools over MCP, its model relayed) scores exactly what it scores in-process on personas/example with the same
scripted model: the same statuses, Comp and item scores, the same tool calls, the same memory.

The wrapped agent is the repository's Python, so its program runs on the unjailed local workspace here (the
jail and the container hold the image's Python without proact); the plan-agent tests run jailed and in Docker."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.agents.external.command import CommandAgent
from engine.agents.external.wire import message_to_wire
from engine.agents.registry import make_agent
from engine.episode import EpisodeDeps, run_episode
from engine.loader import load_persona
from engine.models.scripted import ScriptedModel
from engine.ports import Completion, Message, ModelToolCall, Usage
from engine.schema.config import AgentConfig, ExternalAgentConfig, Limits, ModelBinding, RunConfig
from engine.schema.events import ToolCall
from engine.schema.results import EpisodeResult
from engine.trajectory import read_trajectory
from engine.user.rules import RulesUser
from sandbox.workspace.local import LocalWorkspace
from tests.conftest import REPO
from tests.models.example_roles import ExampleRoles

EXAMPLE = REPO / "personas" / "example"
KIT = [sys.executable, "-m", "engine.agents.external.react_command"]
KIT_SETTINGS = ["--protocol", "native", "--max-steps", "40", "--observation-chars", "6000", "--subagent-steps", "8"]


def gold_model(lazy: bool) -> ScriptedModel:
    """The example persona's gold solution as native tool calls, read off the conversation (stateless); `lazy` only
    reads and never writes, so it scores well below 1."""
    roles = ExampleRoles(load_persona(EXAMPLE))

    def respond(messages: list[Message], schema: dict[str, Any] | None) -> Completion:
        if schema is not None:
            return Completion(text=json.dumps({"memory": "- Saturday schedules live in schedule/."}))
        answer = roles.agent([message_to_wire(m) for m in messages])
        calls = [
            ModelToolCall(c["id"], c["function"]["name"], json.loads(c["function"]["arguments"]))
            for c in answer.get("tool_calls") or []
        ]
        if lazy and any(c.name != "read_file" for c in calls):
            return Completion(text="I looked at it; tell me what you need.", usage=Usage(model="gold"))
        return Completion(text=answer.get("content") or "", tool_calls=calls, usage=Usage(model="gold"))

    return ScriptedModel(respond)


def run_with(agent_kind: str, out: Path, lazy: bool) -> tuple[EpisodeResult, LocalWorkspace]:
    bundle = load_persona(EXAMPLE)
    model = gold_model(lazy)
    if agent_kind == "in-process":
        config = AgentConfig(kind="react", model=ModelBinding(model="openai/gold"), protocol="native")
        agent = make_agent(config, {}, bundle.root, Limits(), model)
    else:
        command = " ".join([*KIT, *KIT_SETTINGS])
        agent = CommandAgent(ExternalAgentConfig(command=command, model_relay=True, turn_timeout_s=60), model)
    workspace = LocalWorkspace(jail=False)
    for path, data in bundle.seed_files().items():
        workspace.write_file(path, data)
    deps = EpisodeDeps(agent=agent, user=RulesUser(), workspace=workspace)
    try:
        return run_episode(bundle, RunConfig(workspace="local"), deps, out), workspace
    finally:
        if isinstance(agent, CommandAgent):
            agent.close()


def calls(out: Path, session: str) -> list[tuple[int, str, dict[str, Any]]]:
    events = read_trajectory(out / session / "trajectory.jsonl")
    return [(e.turn, e.name, e.arguments) for e in events if isinstance(e, ToolCall)]


@pytest.mark.parametrize("lazy", [False, True], ids=["gold", "lazy"])
def test_the_react_agent_as_a_command_agent_scores_what_it_scores_in_process(tmp_path: Path, lazy: bool) -> None:
    inside, inside_ws = run_with("in-process", tmp_path / "inside", lazy)
    outside, outside_ws = run_with("command", tmp_path / "outside", lazy)
    try:
        assert [s.statuses for s in outside.sessions] == [s.statuses for s in inside.sessions]
        assert [s.comp for s in outside.sessions] == [s.comp for s in inside.sessions]
        assert [[i.score for i in s.items] for s in outside.sessions] == [
            [i.score for i in s.items] for s in inside.sessions
        ]
        assert [s.termination for s in outside.sessions] == ["resolved"] * 3
        assert inside.comp is not None and ((inside.comp < 0.5) if lazy else (inside.comp == 1.0)), inside.comp
        for session in ("s01", "s02", "s03"):
            assert calls(tmp_path / "outside", session) == calls(tmp_path / "inside", session)
        assert outside_ws.read_file("memory/MEMORY.md") == inside_ws.read_file("memory/MEMORY.md")
        assert outside_ws.read_file("memory/history/s03.md") == inside_ws.read_file("memory/history/s03.md")
    finally:
        inside_ws.close()
        outside_ws.close()
