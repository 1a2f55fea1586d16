"""Loader errors name file and field; validate cross-checks, leakage and the gold dry run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from engine.leakage import leak_score
from engine.loader import DataError, load_persona
from engine.validate import validate_path


def copy_example(tmp_path: Path, example_persona: Path) -> Path:
    shutil.copytree(example_persona, tmp_path / "personas" / "example")
    shutil.copytree(example_persona.parent.parent / "workspaces" / "example", tmp_path / "workspaces" / "example")
    return tmp_path / "personas" / "example"


def edit(path: Path, fn) -> None:  # type: ignore[no-untyped-def]
    data = yaml.safe_load(path.read_text())
    fn(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def test_every_persona_in_the_repo_validates_clean(repo: Path) -> None:
    assert [str(p) for p in validate_path(repo / "personas")] == []


def test_schema_error_names_the_file_and_the_field(tmp_path: Path, example_persona: Path) -> None:
    root = copy_example(tmp_path, example_persona)
    edit(root / "sessions" / "s02.yaml", lambda d: d["hidden_intents"][1].update(scope="forever", colour="red"))
    with pytest.raises(DataError) as info:
        load_persona(root)
    text = str(info.value)
    assert "s02.yaml: hidden_intents[1].scope" in text
    assert "s02.yaml: hidden_intents[1].colour" in text


def test_cross_checks_report_bad_references(tmp_path: Path, example_persona: Path) -> None:
    root = copy_example(tmp_path, example_persona)
    edit(root / "episode.yaml", lambda d: d["sessions"][0].update(depends_on=["s03"]))

    def break_session(d: dict) -> None:  # type: ignore[type-arg]
        d["checklist"][0]["rule"]["kind"] = "file_teleports"
        d["hidden_intents"][0]["source"] = "ask"
        d["hidden_intents"][2]["reveal"] = d["request"]

    edit(root / "sessions" / "s01.yaml", break_session)
    problems = [str(p) for p in validate_path(root)]
    assert any("episode.yaml: sessions[0].depends_on: 's03' is not an earlier session" in p for p in problems)
    assert any("s01.yaml: checklist[0].rule.kind: unknown rule kind 'file_teleports'" in p for p in problems)
    assert any("s01.yaml: hidden_intents[0].source: a persistent intent must cite" in p for p in problems)
    assert any("s01.yaml: hidden_intents[2].reveal: leaks into the opening" in p for p in problems)


def test_dry_run_flags_items_the_reference_fails_or_a_do_nothing_agent_passes(
    tmp_path: Path, example_persona: Path
) -> None:
    root = copy_example(tmp_path, example_persona)

    def weaken(d: dict) -> None:  # type: ignore[type-arg]
        d["checklist"][1]["rule"] = {"kind": "file_matches", "args": {"path": "signups.csv", "pattern": "age_group"}}
        d["checklist"][2]["rule"] = {"kind": "text", "args": {"artifact": "schedule", "patterns": ["nobody"]}}

    edit(root / "sessions" / "s01.yaml", weaken)
    problems = [str(p) for p in validate_path(root)]
    assert any("checklist[1]: a do-nothing agent passes rule item c2" in p for p in problems)
    assert any("checklist[2]: reference fails rule item c3" in p for p in problems)


def test_items_that_hold_only_because_earlier_sessions_did_nothing_are_flagged(
    tmp_path: Path, example_persona: Path
) -> None:
    root = copy_example(tmp_path, example_persona)
    shutil.rmtree(root / "acceptance")  # the variants were not written for the added item
    original = (tmp_path / "workspaces" / "example" / "seed" / "notes" / "conventions.md").read_text()
    marked = {"tool": "write_file", "args": {"path": "notes/conventions.md", "content": original + "\nTODO tidy\n"}}
    restored = {"tool": "write_file", "args": {"path": "notes/conventions.md", "content": original}}
    edit(root / "sessions" / "s01.yaml", lambda d: d["reference"]["turns"][-1]["actions"].append(marked))

    def check_cleanup(d: dict) -> None:  # type: ignore[type-arg]
        d["reference"]["turns"][-1]["actions"].append(restored)
        rule = {"kind": "file_matches", "args": {"path": "notes/conventions.md", "pattern": "TODO", "absent": True}}
        d["checklist"].append({"id": "c9", "text": "The TODO left in the conventions is cleaned up.", "rule": rule})

    edit(root / "sessions" / "s02.yaml", check_cleanup)
    problems = validate_path(root)
    assert [(p.level, p.field, p.message) for p in problems] == [
        ("warning", "checklist[5]", "a do-nothing agent passes rule item c9 over the whole episode from the seed")
    ]


def test_leak_score_is_the_share_of_intent_trigrams_in_the_opening() -> None:
    assert leak_score("use a markdown table please", "Please use a markdown table please") == 1.0
    assert leak_score("use a markdown table please", "Summarise the results") == 0.0
    assert leak_score("one two three four", "zero one two three") == pytest.approx(0.5)
