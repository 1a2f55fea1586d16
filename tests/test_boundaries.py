"""The import boundaries of DESIGN.md, checked on what a fresh interpreter actually loads (transitively)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import REPO

PROBE = "import importlib, json, sys; importlib.import_module(sys.argv[1]); print(json.dumps(sorted(sys.modules)))"


def loaded_by(module: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, module], cwd=REPO, capture_output=True, text=True, check=True)
    return {name for name in json.loads(out.stdout) if name.split(".")[0] in {"engine", "graders", "sandbox"}}


@pytest.mark.parametrize(
    "module",
    ["engine.agents.registry", "engine.agents.react", "engine.tools.registry", "engine.tools.toolbox"],
)
def test_the_agent_side_cannot_reach_hidden_data(module: str) -> None:
    reached = loaded_by(module)
    assert not {m for m in reached if m.startswith(("engine.user", "graders", "engine.nodes", "engine.graph"))}


@pytest.mark.parametrize("module", ["engine.schema", "engine.ports"])
def test_schema_and_ports_import_nothing_else_of_the_project(module: str) -> None:
    assert {m for m in loaded_by(module) if not m.startswith(("engine.schema", "engine.ports"))} <= {"engine"}


def test_sandbox_knows_nothing_of_the_graph_user_or_graders() -> None:
    reached = loaded_by("sandbox.workspace.local")
    assert not {m for m in reached if m.startswith(("engine.graph", "engine.nodes", "engine.user", "graders"))}
