"""`proact validate` checks the arguments of the new rule kinds and names file and field."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.validate import validate_path
from tests.engine.test_validate_and_loader import copy_example, edit


def test_validate_names_the_file_and_the_argument_field(tmp_path: Path, example_persona: Path) -> None:
    root = copy_example(tmp_path, example_persona)

    def break_rules(d: dict) -> None:  # type: ignore[type-arg]
        d["checklist"][1]["rule"] = {
            "kind": "csv_schema",
            "args": {"path": "signups.csv", "types": {"age_group": "integer"}, "min_rows": -1},
        }
        d["checklist"][2]["rule"] = {"kind": "function", "args": {"name": "grade_everything"}}
        d["hidden_intents"][0]["evidence"][0] = {
            "kind": "markdown_table",
            "args": {"path": "schedule/2026-12-05.md", "headers": "Slot"},
        }

    edit(root / "sessions" / "s01.yaml", break_rules)
    problems = [str(p) for p in validate_path(root)]
    assert any(
        "s01.yaml: checklist[1].rule.args.types: Value error, column 'age_group': unknown type 'integer'" in p
        for p in problems
    ), problems
    assert any(
        "s01.yaml: checklist[1].rule.args.min_rows: Input should be greater than or equal to 0" in p for p in problems
    )
    assert any("s01.yaml: checklist[2].rule.args: Value error, unknown grader function" in p for p in problems)
    assert any(
        "s01.yaml: hidden_intents[0].evidence[0].args.headers: Input should be a valid list" in p for p in problems
    )


def test_validate_runs_the_new_kinds_in_the_gold_dry_run(tmp_path: Path, example_persona: Path) -> None:
    root = copy_example(tmp_path, example_persona)
    shutil.rmtree(root / "acceptance")  # the function below reads the gold's path, which the variants leave free

    def use_new_kinds(d: dict) -> None:  # type: ignore[type-arg]
        d["checklist"][1]["rule"] = {
            "kind": "markdown_table",
            "args": {"artifact": "schedule", "headers": ["Slot", "Volunteer", "Station"], "min_rows": 6},
        }
        d["checklist"][2]["rule"] = {
            "kind": "function",
            "args": {
                "name": "table_coverage",
                "params": {
                    "path": "schedule/2026-12-05.md",
                    "group_by": "Slot",
                    "column": "Station",
                    "required": ["electronics", "textiles", "bikes"],
                },
            },
        }

    edit(root / "sessions" / "s01.yaml", use_new_kinds)
    assert [str(p) for p in validate_path(root)] == []
