"""The `pibench_script` rule kind: original rule scripts run in a child process over our tool records."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.schema.rules import RuleSpec
from engine.schema.session import ChecklistItem
from graders.checklist import grade_checklist
from graders.pibench import ScriptError, discover, turn_histories
from graders.rules import evaluate
from graders.view import EvidenceView, ToolRecord
from sandbox.workspace.memory import MemoryWorkspace

CART = """
def score(tools_history):
    out = {"added_one": 0, "cart_shown": 0}
    for item in tools_history:
        name = item["tool_name"]
        if name == "mcp_appworld_amazon__add_product_to_cart" and item["call"].get("quantity") == 1:
            out["added_one"] = 1
        if name.endswith("amazon__show_cart") and not item["result"].get("is_error"):
            out["cart_shown"] = 1
    return out
"""
FILE_CHECK = """
from pathlib import Path
import yaml

def score(tools_history):
    root = Path(yaml.safe_load(Path("config/nanobot.yaml").read_text())["nanobot"]["workspace_dir"])
    path = root / "pipeline.py"
    return {"uses_zipfile": int(path.is_file() and "import zipfile" in path.read_text())}
"""


def record(name: str, turn: int, error: str | None = None, **arguments: object) -> ToolRecord:
    """A tool record of our trajectory."""
    return ToolRecord(name, dict(arguments), None if error else {"response": {"ok": True}}, error, turn)


def write(tmp_path: Path, name: str, text: str) -> Path:
    """A rule script of our own in tmp_path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def rule(script: Path, check: str, **extra: object) -> RuleSpec:
    """A pibench_script rule spec."""
    return RuleSpec(kind="pibench_script", args={"script": str(script), "check": check, **extra})


def test_histories_keep_the_latest_call_per_listed_tool_after_each_turn() -> None:
    records = [
        record("amazon__add_product_to_cart", 2, product_id=1, quantity=3),
        record("read_file", 2, path="notes.md"),
        record("amazon__add_product_to_cart", 3, product_id=1, quantity=1),
        record("amazon__show_cart", 3, error="You are either not authorized"),
    ]
    turns = turn_histories(records, ["mcp_appworld_amazon__add_product_to_cart", "amazon__show_cart"])
    assert [t for t, _ in turns] == [0, 2, 3]
    assert turns[0][1] == []
    assert [(h["tool_name"], h["call"].get("quantity")) for h in turns[2][1]] == [
        ("mcp_appworld_amazon__add_product_to_cart", 1),
        ("mcp_appworld_amazon__show_cart", None),
    ]
    assert turns[2][1][1]["result"] == {"response": {"message": "You are either not authorized"}, "is_error": True}
    assert len(turn_histories(records, [])[-1][1]) == 3  # no filter: every tool, read_file unprefixed


def test_a_check_passes_when_it_scored_one_after_some_turn(tmp_path: Path) -> None:
    script = write(tmp_path, "cart.py", CART)
    assert discover(script) == ["added_one", "cart_shown"]
    view = EvidenceView(
        MemoryWorkspace(),
        tool_records=[
            record("amazon__add_product_to_cart", 1, product_id=7, quantity=1),
            record("amazon__add_product_to_cart", 2, product_id=7, quantity=2),
        ],
    )
    tools = ["mcp_appworld_amazon__add_product_to_cart", "mcp_appworld_amazon__show_cart"]
    added = evaluate(rule(script, "added_one", tools=tools), view)
    assert added.passed and "after turn 1" in added.detail
    shown = evaluate(rule(script, "cart_shown", tools=tools), view)
    assert not shown.passed and shown.error is None


def test_scripts_read_agent_files_through_the_nanobot_config(tmp_path: Path) -> None:
    script = write(tmp_path, "files.py", FILE_CHECK)
    done = EvidenceView(MemoryWorkspace({"pipeline.py": b"import zipfile\n"}))
    assert evaluate(rule(script, "uses_zipfile"), done).passed
    assert not evaluate(rule(script, "uses_zipfile"), EvidenceView(MemoryWorkspace())).passed


def test_a_raising_script_scores_zero_with_the_error_and_a_hanging_one_is_a_grader_error(tmp_path: Path) -> None:
    raising = write(
        tmp_path, "raising.py", "def score(h):\n    if h:\n        raise KeyError('call')\n    return {'a': 0}\n"
    )
    view = EvidenceView(MemoryWorkspace(), tool_records=[record("gmail__send_email", 1)])
    outcome = evaluate(rule(raising, "a"), view)
    assert not outcome.passed and outcome.error is None and "KeyError" in outcome.detail
    hanging = write(tmp_path, "hang.py", "def score(h):\n    while True:\n        pass\n")
    items = [ChecklistItem(id="t1", text="[tools] a", rule=rule(hanging, "a", timeout_s=1))]
    (grade,) = grade_checklist(items, EvidenceView(MemoryWorkspace()), [], None)
    assert grade.score is None and grade.error is not None and "did not finish within 1 s" in grade.error


def test_missing_scripts_bad_discovery_and_no_network(tmp_path: Path) -> None:
    gone = evaluate(rule(tmp_path / "gone.py", "a"), EvidenceView(MemoryWorkspace()))
    assert gone.error is not None and "not found" in gone.error
    with pytest.raises(ScriptError, match="non-empty dict"):
        discover(write(tmp_path, "empty.py", "def score(h):\n    return {}\n"))
    net = write(
        tmp_path,
        "net.py",
        "import socket\ndef score(h):\n    socket.create_connection(('127.0.0.1', 9))\n    return {'a': 1}\n",
    )
    with pytest.raises(ScriptError, match="network access is disabled"):
        discover(net)
