"""The registry: toolsets, names as in the original scaffold, argument schemas offered to models."""

from __future__ import annotations

import pytest

from engine.tools.base import tool_spec
from engine.tools.registry import all_tool_names, tools_for
from sandbox.apps.registry import app_tool_names
from tests.tools.helpers import OFFLINE_TOOLSETS, Bench, error_of

GENERAL = {
    "read_file", "write_file", "edit_file", "list_dir", "glob", "grep", "exec",
    "notebook_edit", "message", "cron", "spawn", "ask_user",
}  # fmt: skip
LOOKUPS = {
    "web": {"web_search", "web_fetch"},
    "literature": {"literature_search", "literature_fetch"},
    "finance": {"finance_search", "finance_series"},
    "news": {"news_search", "news_read"},
}


def test_toolsets_and_names() -> None:
    assert set(tools_for(["general"])) == GENERAL
    for toolset, names in LOOKUPS.items():
        assert set(tools_for([toolset])) == names
    assert all_tool_names() == GENERAL | set().union(*LOOKUPS.values()) | app_tool_names()
    with pytest.raises(KeyError, match="unknown toolset 'apps'"):
        tools_for(["apps"])


def test_every_tool_offers_a_documented_closed_schema() -> None:
    for tool in tools_for(list(OFFLINE_TOOLSETS)).values():
        spec = tool_spec(tool)
        assert spec.description and spec.parameters["type"] == "object"
        assert spec.parameters.get("additionalProperties") is False
        assert all(p.get("description") for p in spec.parameters["properties"].values()), tool.name


def test_unknown_tools_are_errors_the_agent_reads() -> None:
    assert "unknown tool 'teleport'; available:" in error_of(Bench().call("teleport"))
