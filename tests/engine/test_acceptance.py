"""Acceptance suites, pinned paths and intents' facts in `proact validate`; state dumps; task versions."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from engine.cli import app
from engine.loader import load_persona
from engine.report.discover import load_rows, version_warnings
from engine.validate import validate_report
from tests.engine.test_validate_and_loader import copy_example, edit


def suite(root: Path, session: str) -> dict:  # type: ignore[type-arg]
    return yaml.safe_load((root / "acceptance" / f"{session}.yaml").read_text())


def save_suite(root: Path, session: str, data: dict) -> None:  # type: ignore[type-arg]
    (root / "acceptance" / f"{session}.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def test_the_example_suites_pass_and_fill_the_robustness_table(example_persona: Path) -> None:
    problems, rows = validate_report(example_persona)
    assert [str(p) for p in problems] == []
    table = {r.session: (r.variants_passed, r.variants, r.near_misses_caught, r.near_misses) for r in rows["example"]}
    assert table == {"s01": (2, 2, 3, 3), "s02": (2, 2, 2, 2), "s03": (2, 2, 3, 3)}
    assert next(r for r in rows["example"] if r.session == "s01").unexercised == ["c5"]


def test_a_failing_variant_and_a_near_miss_that_fails_the_wrong_items_are_errors(
    tmp_path: Path, example_persona: Path
) -> None:
    root = copy_example(tmp_path, example_persona)
    data = suite(root, "s03")
    data["variants"][0]["turns"][0]["actions"][1]["args_from_files"]["content"] = "acceptance/s03/n3/reorder.md"
    data["near_misses"][2]["fails"] = ["c2"]
    save_suite(root, "s03", data)
    problems, rows = validate_report(root)
    found = {(Path(p.file).name, p.field, p.message.split(":")[0]) for p in problems if p.level == "error"}
    assert ("s03.yaml", "variants[0]", "v1 fails rule item c6") in found
    assert ("s03.yaml", "near_misses[2]", "n3 passes ['c2']") in found
    assert ("s03.yaml", "near_misses[2]", "n3 also fails c6") in found
    s03 = next(r for r in rows["example"] if r.session == "s03")
    assert (s03.variants_passed, s03.near_misses_caught) == (1, 2)


def test_fewer_than_two_variants_or_near_misses_is_a_warning(tmp_path: Path, example_persona: Path) -> None:
    root = copy_example(tmp_path, example_persona)
    data = suite(root, "s02")
    data["near_misses"] = data["near_misses"][:1]
    save_suite(root, "s02", data)
    problems, _ = validate_report(root)
    assert [(p.level, p.field) for p in problems] == [("warning", "acceptance")]
    assert "2 passing variant(s) and 1 caught near-miss(es)" in problems[0].message


def test_a_rule_that_pins_a_free_path_is_reported(tmp_path: Path, example_persona: Path) -> None:
    root = copy_example(tmp_path, example_persona)
    rule = {"kind": "file_exists", "args": {"path": "schedule/2026-12-05.md"}}
    edit(root / "sessions" / "s01.yaml", lambda d: d["checklist"][0].update(rule=rule))
    problems, _ = validate_report(root, dry_run=False)
    assert [(p.field, p.message.split(",")[0]) for p in problems] == [
        ("checklist[0].rule.args.path", "pins 'schedule/2026-12-05.md'")
    ]


def test_a_pinned_path_needs_a_source_that_states_it_and_facts_must_be_in_their_source(
    tmp_path: Path, example_persona: Path
) -> None:
    root = copy_example(tmp_path, example_persona)

    def pin(d: dict) -> None:  # type: ignore[type-arg]
        d["artifacts"][0].update(paths=["schedule/saturday.md"], pinned_by={"workspace": "notes/conventions.md"})
        d["hidden_intents"][2]["facts"].append("Jonas,adult")

    edit(root / "sessions" / "s01.yaml", pin)
    problems, _ = validate_report(root)
    messages = {(p.field, p.message) for p in problems}
    assert ("artifacts[0].pinned_by", "notes/conventions.md does not state schedule/saturday.md") in messages
    assert ("hidden_intents[2].facts[2]", "'Jonas,adult' does not occur in its source signups.csv") in messages


def test_state_before_writes_the_workspace_the_session_opens_on(tmp_path: Path, example_persona: Path) -> None:
    out = tmp_path / "state"
    result = CliRunner().invoke(app, ["validate", str(example_persona), "--state-before", "s03", "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = {p.relative_to(out / "workspace").as_posix() for p in (out / "workspace").rglob("*") if p.is_file()}
    assert {"schedule/2026-12-05.md", "messages/reminder-2026-12-05.md", "parts.csv"} <= written
    bad = CliRunner().invoke(app, ["validate", str(example_persona), "--state-before", "s09", "--out", str(out)])
    assert bad.exit_code == 1 and "unknown session 's09'" in bad.output


def test_results_carry_the_task_version_and_reports_warn_when_pooling_versions(
    tmp_path: Path, example_persona: Path
) -> None:
    root = copy_example(tmp_path, example_persona)
    bundle = load_persona(root)
    before = bundle.session("s03").version()
    edit(root / "sessions" / "s03.yaml", lambda d: d["checklist"][1].update(text="Fuses are on the list."))
    assert load_persona(root).session("s03").version() != before
    runs = []
    for n, persona in enumerate((example_persona, root)):
        args = ["run", "--persona", str(persona), "--agent", "reference", "--run-id", f"v{n}"]
        result = CliRunner().invoke(app, [*args, "--set", "workspace=memory", "--set", f"runs_dir={tmp_path}/runs"])
        assert result.exit_code == 0, result.output
        runs.append(tmp_path / "runs" / f"v{n}")
    _, rows = load_rows(runs)
    assert {r.result.task_version for r in rows if r.session == "s03" and r.result} == {
        before,
        load_persona(root).session("s03").version(),
    }
    assert [w.split(" was")[0] for w in version_warnings(rows)] == ["example/s03"]
