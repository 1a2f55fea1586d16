"""A FIFO (or socket, or oversized file) where the checklist or the agent reads a file: a clear error within the
timeout, on every backend that can hold one, and the engine goes on."""

from __future__ import annotations

import time

import pytest

from engine.schema.rules import RuleSpec
from engine.schema.session import ChecklistItem
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox
from graders.checklist import grade_checklist, probe_rules
from graders.view import EvidenceView
from tests.sandbox.conftest import Factory

ITEMS = [
    ChecklistItem(id="c1", text="The report exists.", rule=RuleSpec(kind="file_exists", args={"path": "report.md"})),
    ChecklistItem(
        id="c2",
        text="The report names the venue.",
        rule=RuleSpec(kind="file_matches", args={"path": "report.md", "pattern": "venue"}, when="anywhere"),
    ),
    ChecklistItem(id="c3", text="The notes exist.", rule=RuleSpec(kind="file_exists", args={"path": "notes.md"})),
]


def test_a_fifo_at_a_checklist_path_is_a_clear_grade_and_tool_error(
    make_ws: Factory, request: pytest.FixtureRequest
) -> None:
    if "memory" in request.node.name:
        pytest.skip("the memory workspace holds regular files only")
    ws = make_ws({"notes.md": b"notes\n"})
    ws.exec("mkfifo report.md", timeout_s=20, output_cap=1000)
    started = time.monotonic()
    events: list[object] = []
    box = ToolBox(tools_for(["general"]), ToolContext(ws, exec_timeout_s=10), events.append)
    outcome = box.call("read_file", {"path": "report.md"})
    assert outcome.error is not None and "FIFO (named pipe)" in outcome.error, outcome.error
    view = EvidenceView(ws)
    assert probe_rules(ITEMS, view) == {}
    grades = {g.item_id: g for g in grade_checklist(ITEMS, view, [], None)}
    assert time.monotonic() - started < 30
    for item_id in ("c1", "c2"):
        assert grades[item_id].score == 0.0
        assert "report.md: it is a FIFO (named pipe), not a regular file" in grades[item_id].reason, grades[item_id]
    assert grades["c3"].score == 1.0 and "FIFO" not in grades["c3"].reason
    assert ws.exec("echo alive", timeout_s=20, output_cap=100).output == "alive\n"
