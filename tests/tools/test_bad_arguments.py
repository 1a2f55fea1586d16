"""Every tool rejects an unknown argument, a missing required one and a wrong type, touching nothing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.tools.registry import all_tool_names
from sandbox.apps.registry import app_tool_names
from tests.tools.helpers import Bench, error_of

# tool -> (valid arguments, a required argument or None, (an argument, a value of the wrong type))
CASES: dict[str, tuple[dict[str, Any], str | None, tuple[str, Any]]] = {
    "read_file": ({"path": "a.md"}, "path", ("path", ["a.md"])),
    "write_file": ({"path": "b.md", "content": "x"}, "content", ("content", {"text": "x"})),
    "edit_file": ({"path": "a.md", "old_text": "x", "new_text": "y"}, "old_text", ("new_text", 7)),
    "list_dir": ({"path": "."}, None, ("recursive", "deep")),
    "glob": ({"pattern": "*.md"}, "pattern", ("path", 3)),
    "grep": ({"pattern": "x"}, "pattern", ("head_limit", "many")),
    "exec": ({"command": "true"}, "command", ("working_dir", ["data"])),
    "notebook_edit": ({"path": "n.ipynb", "cell": 0, "action": "insert_after", "source": "1"}, "cell", ("cell", "one")),
    "message": ({"content": "hi"}, "content", ("media", "a.md")),
    "cron": ({"action": "list"}, "action", ("every_seconds", "hourly")),
    "spawn": ({"task": "t"}, "task", ("label", 5)),
    "ask_user": ({"question": "q?"}, "question", ("question", 42)),
    "web_search": ({"query": "q"}, "query", ("count", "five")),
    "web_fetch": ({"url": "https://ex.org"}, "url", ("maxChars", "all")),
    "literature_search": ({"query": "q"}, "query", ("year_from", "recent")),
    "literature_fetch": ({"paper_id": "lit-001"}, "paper_id", ("paper_id", 3)),
    "finance_search": ({"query": "q"}, "query", ("kind", "bonds")),
    "finance_series": ({"series_id": "ACME.CLOSE"}, "series_id", ("start", "last spring")),
    "news_search": ({"query": "strike"}, None, ("since", "last week")),
    "news_read": ({"url": "https://news.example/a"}, "url", ("url", ["https://news.example/a"])),
}


def test_every_registered_tool_has_a_case() -> None:
    assert set(CASES) == all_tool_names() - app_tool_names()  # app tools: tests/apps/test_bad_arguments.py


def _bench() -> Bench:
    return Bench({"a.md": b"x"})


@pytest.mark.parametrize("tool", sorted(CASES))
def test_unknown_argument(tool: str) -> None:
    bench = _bench()
    valid, _, _ = CASES[tool]
    error = error_of(bench.call(tool, **valid, bogus=1))
    assert error.startswith(f"bad arguments for {tool}: bogus: Extra inputs are not permitted")
    assert bench.workspace.list_files().keys() == {"a.md"} and bench.text("a.md") == "x"


@pytest.mark.parametrize("tool", sorted(name for name, case in CASES.items() if case[1] is not None))
def test_missing_required_argument(tool: str) -> None:
    bench = _bench()
    valid, required, _ = CASES[tool]
    arguments = {k: v for k, v in valid.items() if k != required}
    assert error_of(bench.call(tool, **arguments)) == f"bad arguments for {tool}: {required}: Field required"
    assert bench.workspace.list_files().keys() == {"a.md"} and bench.text("a.md") == "x"


@pytest.mark.parametrize("tool", sorted(CASES))
def test_wrong_type(tool: str) -> None:
    bench = _bench()
    valid, _, (name, value) = CASES[tool]
    assert error_of(bench.call(tool, **{**valid, name: value})).startswith(f"bad arguments for {tool}: {name}")
    assert bench.workspace.list_files().keys() == {"a.md"} and bench.text("a.md") == "x"


def test_every_case_is_valid_as_given() -> None:
    """The valid arguments above pass validation, so each failure comes from the one change made."""
    for tool, (valid, _, _) in CASES.items():
        outcome = Bench({"a.md": b"x"}, services={"subagent": lambda task, label: "ok"}).call(tool, **valid)
        assert outcome.error is None or not outcome.error.startswith("bad arguments"), (tool, outcome.error)
