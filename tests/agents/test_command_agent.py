"""The `command` agent kind: a program in the sandbox speaking the JSON-lines protocol, its tools over MCP on the same
channel. A plain-Python plan agent (tests/agents/plan_agent.py) completes personas/example jailed on the local
workspace and inside the Docker container, scoring what the in-process reference agent scores; one that crashes,
hangs or prints garbage ends its session agent_error with the reason, and the next session runs."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from engine.loader import PersonaBundle, load_persona
from engine.runner import run
from engine.schema.config import AgentConfig, ExternalAgentConfig, Limits, RunConfig
from engine.schema.events import ToolCall
from engine.schema.results import SessionResult
from engine.trajectory import read_trajectory
from sandbox.workspace.jail import jail_problem
from tests.conftest import REPO

EXAMPLE = REPO / "personas" / "example"
SCRIPT = (Path(__file__).parent / "plan_agent.py").read_text(encoding="utf-8")
needs_jail = pytest.mark.skipif(jail_problem() is not None, reason=f"no jail can be made here: {jail_problem()}")


def gold_plan(bundle: PersonaBundle) -> dict[str, Any]:
    """The gold turns of every session as a plan (file arguments read in)."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    for spec in bundle.sessions:
        assert spec.reference is not None
        sessions[spec.id] = [
            {
                "actions": [
                    {
                        "tool": a.tool,
                        "args": {**a.args, **{k: (bundle.root / v).read_text() for k, v in a.args_from_files.items()}},
                    }
                    for a in turn.actions
                ],
                "message": turn.message,
            }
            for turn in spec.reference.turns
        ]
    return {"sessions": sessions}


def plan_command(plan: dict[str, Any]) -> str:
    """The shell command running the plan agent with `plan`."""
    return f"python3 -c {shlex.quote(SCRIPT)} {shlex.quote(json.dumps(plan))}"


def run_example(tmp_path: Path, name: str, agent: AgentConfig, workspace: str, turns: int = 30) -> list[SessionResult]:
    config = RunConfig(
        personas=[str(EXAMPLE)],
        agent=agent,
        workspace=workspace,  # type: ignore[arg-type]
        runs_dir=str(tmp_path),
        run_id=name,
        limits=Limits(max_turns=turns),
    )
    return run(config, bundles=[load_persona(EXAMPLE)]).episodes[0].sessions


def scores(results: list[SessionResult]) -> list[tuple[str, str, dict[str, str | None], float]]:
    return [(r.session_id, r.termination, r.statuses, r.comp) for r in results]


def command(plan: dict[str, Any], **settings: Any) -> AgentConfig:
    return AgentConfig(kind="command", external=ExternalAgentConfig(command=plan_command(plan), **settings))


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[SessionResult]:
    return run_example(tmp_path_factory.mktemp("ref"), "ref", AgentConfig(kind="reference"), "memory")


@needs_jail
def test_a_jailed_command_agent_completes_the_example_like_the_reference(
    tmp_path: Path, reference: list[SessionResult]
) -> None:
    results = run_example(tmp_path, "cmd", command(gold_plan(load_persona(EXAMPLE))), "local")
    assert scores(results) == scores(reference)
    assert all(r.termination == "resolved" for r in results)
    calls = [
        e for e in read_trajectory(tmp_path / "cmd" / "example" / "s01" / "trajectory.jsonl") if isinstance(e, ToolCall)
    ]
    assert [c.name for c in calls] == ["read_file", "read_file", "write_file"]


@pytest.mark.docker
def test_a_command_agent_in_the_docker_container_completes_the_example(
    tmp_path: Path, reference: list[SessionResult], docker_settings: Any
) -> None:
    agent = command(gold_plan(load_persona(EXAMPLE)))
    config = RunConfig(
        personas=[str(EXAMPLE)],
        agent=agent,
        workspace="docker",
        sandbox=docker_settings,
        runs_dir=str(tmp_path),
        run_id="d",
    )
    results = run(config, bundles=[load_persona(EXAMPLE)]).episodes[0].sessions
    assert scores(results) == scores(reference)


@needs_jail
@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("crash", "the agent program exited (code 3); stderr: "),
        ("sigkill", "(SIGKILL: the memory limit, or in the Docker sandbox a command that timed out"),
        ("hang", "no reply within 2 s"),
        ("garbage", "protocol violation: not JSON"),
    ],
)
def test_a_failing_agent_ends_its_session_not_the_run(tmp_path: Path, how: str, reason: str) -> None:
    plan = {**gold_plan(load_persona(EXAMPLE)), "misbehave": {"s01:1": how}}
    results = run_example(tmp_path, how, command(plan, turn_timeout_s=2.0), "local")
    s01, s02, s03 = results
    assert s01.termination == "agent_error" and s01.error is not None and reason in s01.error, s01.error
    assert how != "crash" or s01.error.endswith("plan agent: crashing on purpose")
    assert s02.termination == "resolved" and s03.termination == "resolved"
