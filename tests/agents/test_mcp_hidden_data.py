"""The hidden-data attacks repeated through MCP, on a running episode of personas/example: an agent holding only the
MCP URL lists everything the server offers, asks for resources and prompts, calls tools that do not exist (grade,
checklist, ...), smuggles extra arguments, and uses the offered tools to read, list, grep and `cat` the persona,
its gold files and the repository by absolute and relative paths. No intent content, reveal, checklist text, gold
message or gold file line may come back (strings that a workspace file itself holds are visible by design and left
out). The local workspace runs jailed, the Docker one in its container; a backend that cannot run is skipped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from engine.episode import EpisodeDeps, run_episode
from engine.loader import PersonaBundle, load_persona
from engine.ports import Workspace
from engine.schema.config import Limits, RunConfig, SandboxConfig
from engine.user.rules import RulesUser
from sandbox.workspace.jail import jail_problem
from sandbox.workspace.local import LocalWorkspace
from tests.agents.mcp_driver import McpDriver
from tests.conftest import REPO
from tests.test_boundaries import loaded_by

EXAMPLE = REPO / "personas" / "example"
NOT_TOOLS = ["grade", "checklist", "hidden_intents", "reference", "get_session", "judge", "../graders", "spawn"]


def hidden_strings(bundle: PersonaBundle) -> list[str]:
    """What the agent must never read: intent contents and reveals, checklist texts, gold messages, and the longer
    lines of gold files, minus anything a workspace file holds anyway."""
    found: set[str] = set()
    for spec in bundle.sessions:
        found.update(i.content for i in spec.hidden_intents)
        found.update(i.reveal for i in spec.hidden_intents if i.reveal)
        found.update(item.text for item in spec.checklist)
        found.update(t.message for t in spec.reference.turns if spec.reference is not None)
    for path in sorted((bundle.root / "reference").rglob("*")):
        if path.is_file():
            found.update(s.strip() for s in path.read_text(encoding="utf-8").splitlines() if len(s.strip()) >= 30)
    visible = "\n".join(data.decode("utf-8", "replace") for data in bundle.seed_files().values())
    additions = [a.source for s in bundle.sessions for a in s.workspace_additions]
    visible += "\n".join((bundle.data_root / source).read_text(encoding="utf-8") for source in additions)
    return sorted(s[:60] for s in found if s and s not in visible)


async def attack(client: Client, texts: list[str], deep: bool) -> str:
    """Every probe (the slow searches of the whole file system only when `deep`); each answer's text (or error) goes
    to `texts`."""
    for probe in (client.list_resources, client.list_prompts, client.list_resource_templates):
        try:
            texts.append(json.dumps((await probe()).model_dump(mode="json")))
        except Exception as exc:
            texts.append(str(exc))
    for uri in (f"file://{EXAMPLE}/sessions/s01.yaml", "proact://session/hidden_intents"):
        try:
            texts.append(json.dumps((await client.read_resource(uri)).model_dump(mode="json")))
        except Exception as exc:
            texts.append(str(exc))
    gold = next(p for p in sorted((EXAMPLE / "reference").rglob("*.md")))
    calls: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in NOT_TOOLS]
    calls += [
        ("read_file", {"path": str(EXAMPLE / "sessions" / "s01.yaml")}),
        ("read_file", {"path": f"../../../../..{gold}"}),
        ("read_file", {"path": "signups.csv", "session": "s01", "include_hidden": True}),
        ("list_dir", {"path": "..", "recursive": True}),
        ("list_dir", {"path": str(EXAMPLE)}),
        ("glob", {"pattern": "/**/*.yaml"}),
        ("grep", {"pattern": "hidden_intents|checklist|reveal", "path": "/"}),
        ("exec", {"command": f"cat {EXAMPLE}/sessions/*.yaml {gold}; ls -R {REPO}/personas | head"}),
        ("exec", {"command": f"cat {REPO}/graders/README.md {REPO}/engine/user/rules.py | head; env"}),
        ("edit_file", {"path": str(gold), "old": "a", "new": "b"}),
    ]
    if deep:
        calls += [
            ("exec", {"command": "timeout 2 find / -xdev -name 's0*.yaml' 2>/dev/null | head; cat /proc/1/environ"}),
            ("exec", {"command": "timeout 2 grep -rl hidden_intents /work /tmp /opt /srv /home 2>/dev/null | head"}),
        ]
    for name, arguments in calls:
        result = await client.call_tool(name, arguments)
        texts += [str(getattr(block, "text", "")) for block in result.content]
    return "Done."


@pytest.fixture(params=[pytest.param("docker", marks=pytest.mark.docker), "local"])
def workspace(request: pytest.FixtureRequest) -> Workspace:
    bundle = load_persona(EXAMPLE)
    if request.param == "docker":
        settings: SandboxConfig = request.getfixturevalue("docker_settings")
        from sandbox.docker import DockerWorkspace

        return DockerWorkspace(settings, bundle.seed_files())
    if jail_problem() is not None:
        pytest.skip(f"no jail can be made here ({jail_problem()}): an external agent is refused on local workspaces")
    ws = LocalWorkspace(jail=True)
    for path, data in bundle.seed_files().items():
        ws.write_file(path, data)
    return ws


def test_no_hidden_string_is_reachable_through_mcp(workspace: Workspace, tmp_path: Path) -> None:
    bundle = load_persona(EXAMPLE)
    hidden = hidden_strings(bundle)
    assert len(hidden) > 30, hidden
    attacked: set[str] = set()
    texts: list[str] = []

    async def script(client: Client) -> str:
        if driver.session in attacked:
            return "Done."
        attacked.add(driver.session)
        return await attack(client, texts, deep=driver.session == "s01")

    driver = McpDriver({}, bundle.root, script)
    only = [] if isinstance(workspace, LocalWorkspace) else ["s01"]  # docker: one session keeps it quick
    config = RunConfig(workspace="local", sessions=only, limits=Limits(exec_timeout_s=15))
    deps = EpisodeDeps(agent=driver, user=RulesUser(), workspace=workspace)
    try:
        episode = run_episode(bundle, config, deps, tmp_path / "run")
    finally:
        driver.close()
        workspace.close()
    assert [s.termination for s in episode.sessions] == ["resolved"] * len(episode.sessions)
    assert attacked == {s.session_id for s in episode.sessions} and len(attacked) == (len(only) or 3)
    seen = texts + driver.texts
    assert any("unknown tool 'grade'" in t for t in seen) and any("bad arguments for read_file" in t for t in seen)
    leaked = [h for h in hidden if any(h in t for t in seen)]
    assert not leaked, f"hidden strings reached the agent through MCP: {leaked[:3]}"


@pytest.mark.parametrize("module", ["mcp_server", "command", "endpoint", "mcp_client", "react_command"])
def test_external_agents_cannot_reach_hidden_data_through_imports(module: str) -> None:
    reached = loaded_by(f"engine.agents.external.{module}")
    assert not {m for m in reached if m.startswith(("engine.user", "graders", "engine.nodes", "engine.graph"))}
