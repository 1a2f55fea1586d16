"""Every app tool rejects unknown, missing and mistyped arguments; every private tool of gmail, todoist
and file_system rejects a forged token with AppWorld's 401 text. Nothing changes in the apps either way."""

from __future__ import annotations

from typing import Any

import pytest

from engine.tools.base import tool_spec
from sandbox.apps.registry import toolsets
from tests.apps.gmail_fixture import FILE_SYSTEM, GMAIL
from tests.apps.harness import AppHarness, unauthorized
from tests.apps.todoist_fixture import TODOIST

TOOLS = {tool.name: tool for tools in toolsets().values() for tool in tools}
MINE = ("gmail", "todoist", "file_system")
DUMMY = {"integer": 1, "number": 1.0, "string": "x", "boolean": True, "array": ["x"]}


def schema(name: str) -> dict[str, Any]:
    return tool_spec(TOOLS[name]).parameters


def _type(prop: dict[str, Any]) -> str:
    options = [p for p in prop.get("anyOf", [prop]) if p.get("type") != "null"]
    return str(options[0].get("type", "string"))


def dummy_args(name: str) -> dict[str, Any]:
    """A value of the right type for each required argument."""
    props = schema(name)["properties"]
    return {
        k: props[k]["enum"][0] if "enum" in props[k] else DUMMY[_type(props[k])]
        for k in schema(name).get("required", [])
    }


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[AppHarness, bytes]:
    bench = AppHarness.from_files(
        tmp_path_factory.mktemp("apps"), {"gmail": GMAIL, "todoist": TODOIST, "file_system": FILE_SYSTEM}
    )
    return bench, bench.world.snapshot()


@pytest.fixture
def bench(seeded: tuple[AppHarness, bytes]) -> AppHarness:
    """The seeded apps, restored to their seed state for every test."""
    shared, seed = seeded
    shared.world.restore(seed)
    return shared


def states(bench: AppHarness) -> dict[str, Any]:
    return {name: state.model_dump() for name, state in bench.world.states.items()}


def test_every_tool_has_a_documented_closed_schema() -> None:
    assert {"gmail", "todoist", "file_system"} <= set(toolsets())
    assert (len(toolsets()["gmail"]), len(toolsets()["todoist"]), len(toolsets()["file_system"])) == (25, 36, 10)
    for name, tool in TOOLS.items():
        spec = schema(name)
        assert spec["additionalProperties"] is False, name
        assert tool.description and all(p.get("description") for p in spec["properties"].values()), name


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_unknown_argument(bench: AppHarness, name: str) -> None:
    before = states(bench)
    error = bench.call(name, **dummy_args(name), bogus=1).error
    assert error is not None and error.startswith(f"bad arguments for {name}: ")
    assert error.endswith("bogus: Extra inputs are not permitted")
    assert states(bench) == before


@pytest.mark.parametrize("name", sorted(n for n in TOOLS if schema(n).get("required")))
def test_missing_required_arguments(bench: AppHarness, name: str) -> None:
    error = bench.call(name).error
    assert error == f"bad arguments for {name}: " + "; ".join(f"{k}: Field required" for k in schema(name)["required"])


@pytest.mark.parametrize("name", sorted(n for n in TOOLS if schema(n)["properties"]))
def test_wrong_type(bench: AppHarness, name: str) -> None:
    props = schema(name)["properties"]
    field = (schema(name).get("required") or list(props))[0]
    wrong = 5 if _type(props[field]) == "array" else ["x"]
    error = bench.call(name, **{**dummy_args(name), field: wrong}).error
    assert error is not None and error.startswith(f"bad arguments for {name}: {field}")


@pytest.mark.parametrize(
    "name", sorted(n for n in TOOLS if n.partition("__")[0] in MINE and "access_token" in schema(n)["properties"])
)
def test_forged_token(bench: AppHarness, name: str) -> None:
    before = states(bench)
    assert bench.call(name, **{**dummy_args(name), "access_token": "forged"}).error == unauthorized(
        name.partition("__")[0]
    )
    assert states(bench) == before
