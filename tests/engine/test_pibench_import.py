"""`proact import pibench`: a fixture checkout of our own end to end (import, validate, run, grade, report), and the
shared π-Bench data folder where present."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from engine.agents.passive import PassiveAgent
from engine.apps import load_apps, services_with
from engine.cli import app
from engine.episode import EpisodeDeps, run_episode
from engine.loader import load_persona
from engine.models.scripted import ScriptedModel
from engine.pibench.importer import import_pibench
from engine.ports import Message
from engine.report.discover import RunInfo, SessionRow, load_rows
from engine.report.pibench import pibench_table, task_scores, weighted
from engine.schema.config import RunConfig, UserConfig
from engine.schema.results import SessionResult
from engine.user.llm import LLMUser
from engine.validate import validate_path
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.pibench_fixture import make_checkout, shared_pibench

runner = CliRunner()


def imported(tmp_path: Path) -> Path:
    """The fixture checkout imported into tmp_path/out."""
    out = tmp_path / "out"
    import_pibench(make_checkout(tmp_path / "src"), out)
    return out


def session(out: Path, task: str) -> dict[str, Any]:
    """An imported session file as data."""
    data: dict[str, Any] = yaml.safe_load((out / "personas" / "tester" / "sessions" / f"{task}.yaml").read_text())
    return data


def test_the_fixture_imports_every_field_with_warnings_naming_file_and_field(tmp_path: Path) -> None:
    result = import_pibench(make_checkout(tmp_path / "src"), tmp_path / "out")
    (stats,) = result.personas
    assert (stats.persona, stats.sessions, stats.intents, stats.criteria, stats.rule_checks) == ("tester", 4, 9, 3, 2)
    out = result.out
    episode = yaml.safe_load((out / "personas" / "tester" / "episode.yaml").read_text())
    assert episode["dependency_groups"] == [
        {"id": "g1", "sessions": ["Tester_task_001", "Tester_task_002", "Tester_task_003"]}
    ]
    first, third, fourth = (session(out, f"Tester_task_00{n}") for n in (1, 3, 4))
    assert first["hidden_intents"][0] == {
        "id": "i1",
        "content": "Keep it to one page.",
        "reveal": "Keep it to one page.",
    }
    assert first["workspace_additions"] == [{"source": "tasks/Tester_task_001/notes.md", "dest": "notes.md"}]
    assert fourth["trigger"] == {
        "kind": "webhook",
        "source": "paper_feed",
        "event": "new_papers",
        "payload": {"papers": [{"id": "p1"}]},
    }
    c1, _c2, t1, t2 = third["checklist"]
    assert (c1["weight"], c1["rubric"]["context"]["files"], third["user_files"]) == (
        2.0,
        ["summary.md"],
        ["summary.md"],
    )
    assert c1["rubric"]["context"]["tool_fields"] == [
        {"tool": "amazon__add_product_to_cart", "arguments": ["product_id"], "result": ["response.message"]}
    ]
    assert (t1["text"], t2["rule"]["args"]["check"]) == ("[tools] cart_untouched", "cart_shown")
    assert [(i["id"], i.get("rule", {}).get("args", {}).get("check")) for i in fourth["checklist"]] == [
        ("c1", None),
        ("t0", "*"),  # the missing script's placeholder: the task keeps its criteria, the item is a grader error
    ]
    assert stats.scripts_missing == 1
    account = yaml.safe_load((out / "personas" / "tester" / "apps" / "amazon.yaml").read_text())["account"]
    assert (account["email"], account["password"]) == ("tess@example.com", "Qx7-pass9")
    assert (out / "workspaces" / "tester" / "seed" / "skills" / "reader" / "SKILL.md").is_file()
    found = {(Path(p.file).name, p.field): p.message for p in result.problems}
    assert "invalid YAML" in found[("task.yaml", "")]
    assert "no readable task folder" in found[("episode.yaml", "tasks[4].task_id")]
    assert "not in the checkout" in found[("task.yaml", "objectives.tools_evaluation_path")]
    assert "copied unchanged" in found[("feed.yaml", "")]
    assert "'appendix.pdf'" in found[("task.yaml", "intent.initial_input")]
    assert all(p.level == "warning" for p in result.problems)
    assert json.loads((out / "import.json").read_text())["personas"][0]["intents"] == 9


def test_cli_import_validate_passive_run_and_pibench_report(tmp_path: Path) -> None:
    src, out, runs = make_checkout(tmp_path / "src"), tmp_path / "out", tmp_path / "runs"
    done = runner.invoke(app, ["import", "pibench", str(src), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "1 personas" in done.output and "warning(s)" in done.output
    checked = runner.invoke(app, ["validate", str(out)])
    assert checked.exit_code == 0, checked.output
    assert "skipped the dry run" in checked.output
    persona = out / "personas" / "tester"
    args = ["run", "--persona", str(persona), "--agent", "passive", "--workspace", "memory", "--run-id", "p"]
    ran = runner.invoke(app, [*args, "--set", f"runs_dir={runs}"])
    assert ran.exit_code == 0, ran.output
    graded = SessionResult.model_validate_json((runs / "p" / "tester" / "Tester_task_003" / "result.json").read_text())
    scores = {i.item_id: i.score for i in graded.items}
    assert scores == {"c1": None, "c2": None, "t1": 1.0, "t2": 0.0}  # no judge: rubric items are grader errors
    placeholder = SessionResult.model_validate_json(
        (runs / "p" / "tester" / "Tester_task_004" / "result.json").read_text()
    )
    assert [(i.item_id, i.score) for i in placeholder.items] == [("c1", None), ("t0", None)]
    report = runner.invoke(app, ["report", str(runs / "p"), "--aggregation", "pibench", "--resamples", "10"])
    assert report.exit_code == 0, report.output
    (overall, _persona) = json.loads((runs / "p" / "report" / "pibench_scores.json").read_text())["rows"]
    # rules user, passive agent: every intent provided; the only graded items are task 3's two script checks
    assert overall["Proc (π-Bench) mean"] == 0.0 and overall["Proc (proact) mean"] == 0.0
    assert overall["Comp (π-Bench) mean"] == pytest.approx(50.0)
    assert overall["Comp (proact) mean"] == pytest.approx(50.0)


def user_model(messages: list[Message], schema: dict[str, Any] | None) -> dict[str, Any]:
    """A scripted strict user: i1 is completed at the first turn; otherwise the first open intent is provided."""
    properties = (schema or {}).get("properties", {})
    if "completed" in properties:
        ids = properties["completed"]["items"]["properties"]["intent_id"]["enum"]
        return {"completed": [{"intent_id": "i1", "evidence": "scripted"}] if "i1" in ids else []}
    ids = properties["provide"]["enum"]
    return {"targeted": [], "provide": ids[0]}


def judge_model(messages: list[Message], schema: dict[str, Any] | None) -> dict[str, str]:
    """A scripted judge: YES exactly for criteria about a table."""
    criterion = messages[-1].content.split("\n", 1)[0]
    return {"verdict": "YES" if "table" in criterion else "NO", "reason": "scripted"}


def run_scripted(persona: Path, runs: Path) -> Path:
    """Run an imported persona with the passive agent, the scripted strict user and the scripted judge."""
    bundle = load_persona(persona)
    config = RunConfig(personas=[str(persona)], user=UserConfig(mode="strict"), run_id="strict")
    config.agent.kind = "passive"
    run_dir = runs / "strict"
    run_dir.mkdir(parents=True)
    (run_dir / "config.yaml").write_text(yaml.safe_dump(config.model_dump(mode="json")), encoding="utf-8")
    deps = EpisodeDeps(
        agent=PassiveAgent(),
        user=LLMUser(ScriptedModel(user_model), verbatim=True),
        workspace=MemoryWorkspace(bundle.seed_files()),
        judge=ScriptedModel(judge_model),
        services=services_with(load_apps(bundle)),
    )
    run_episode(bundle, config, deps, run_dir / bundle.persona.id)
    return run_dir


def test_strict_user_and_judge_give_the_hand_computed_pibench_numbers(tmp_path: Path) -> None:
    run_dir = run_scripted(imported(tmp_path) / "personas" / "tester", tmp_path / "runs")
    _, rows = load_rows([run_dir])
    overall = pibench_table(rows).records()[0]
    # covered/intents per task: 001 1/2, 002 1/1, 003 1/3, 004 1/3 (i1 completed, the rest provided)
    assert overall["Proc (proact) mean"] == pytest.approx(100 * (1 / 2 + 1 + 1 / 3 + 1 / 3) / 4)
    # π-Bench: task 3 pools task 2 (its direct dependency): 2/4, weight 3 (group 1-2-3); task 4: 1/3, weight 1
    assert overall["Proc (π-Bench) mean"] == pytest.approx(100 * (2 / 4 * 3 + 1 / 3) / 4)
    # task 3: c1 YES (w2), c2 NO (w1), t1 = 1, t2 = 0 -> mean 1/2, weighted 3/5; task 4: c1 YES -> 1
    assert overall["Comp (proact) mean"] == pytest.approx(100 * (1 / 2 + 1) / 2)
    assert overall["Comp (π-Bench) mean"] == pytest.approx(100 * (3 / 5 * 3 + 1) / 4)


SHARED = shared_pibench()
needs_shared = pytest.mark.skipif(
    SHARED is None, reason="the shared π-Bench data folder (../shared/pibench or $PROACT_PIBENCH_DATA) is absent"
)


@needs_shared
def test_the_shared_pibench_data_imports_to_the_papers_counts_and_validates(tmp_path: Path) -> None:
    assert SHARED is not None
    result = import_pibench(SHARED, tmp_path / "out")
    counts = [result.total(n) for n in ("sessions", "intents", "criteria")]
    assert (len(result.personas), *counts) == (5, 100, 524, 510)
    missing = [p for p in result.problems if p.field == "objectives" and p.message.startswith("missing")]
    assert len(missing) == 38
    invalid = [p for p in result.problems if "invalid YAML" in p.message]
    assert [Path(p.file).name for p in invalid] == ["pd_scorecard_model_spec.yaml"]
    assert not [p for p in validate_path(tmp_path / "out", dry_run=False) if p.level == "error"]


@needs_shared
def test_an_imported_pibench_persona_runs_with_a_strict_user_and_a_judge(tmp_path: Path) -> None:
    assert SHARED is not None
    import_pibench(SHARED, tmp_path / "out", scripts=False)
    started = time.perf_counter()
    run_dir = run_scripted(tmp_path / "out" / "personas" / "researcher", tmp_path / "runs")
    elapsed = time.perf_counter() - started
    results = [SessionResult.model_validate_json(p.read_text()) for p in run_dir.glob("researcher/*/result.json")]
    assert len(results) == 20 and all(r.termination == "resolved" for r in results)
    assert sum(len(r.statuses) for r in results) == 84
    judged = [i for r in results for i in r.items if i.grader == "rubric"]
    assert len(judged) == 125 and all(i.score is not None for i in judged)
    # no rule script in the shared folder: each of the 5 script tasks keeps one placeholder, a grader error
    assert sum(r.grader_errors for r in results) == 5
    assert elapsed < 120


def row(session: str, statuses: dict[str, str], comp: float | None) -> SessionRow:
    """A graded session of one run, with one checklist item when it has a Comp."""
    items = [{"item_id": "c1", "grader": "rubric", "score": comp, "weight": 1.0, "mandatory": False}]
    result = SessionResult.model_validate(
        {
            "persona": "p",
            "session_id": session,
            "category": "-",
            "termination": "resolved",
            "turns": 1,
            "statuses": statuses,
            "proc": None,
            "comp": comp,
            "comp_weighted": comp,
            "comp_gated": None,
            "rule_comp": None,
            "grader_errors": 0,
            "items": items if comp is not None else [],
        }
    )
    run = RunInfo(Path("r"), "a", "full", "none", 1)
    return SessionRow(run, "p", session, "-", None, comp, None, None, 1, "resolved", statuses, {}, result)


def test_pibench_pools_direct_dependencies_only_and_weights_by_transitive_group() -> None:
    rows = [
        row("s1", {"i1": "completed", "i2": "provided"}, None),
        row("s2", {"i1": "provided"}, 0.5),
        row("s3", {"i1": "completed", "i2": "inferred"}, 1.0),
    ]
    deps = {"s1": [], "s2": ["s1"], "s3": ["s2"]}
    s1, s2, s3 = task_scores(rows, deps)
    assert (s1.included, s2.proc, s2.weight) == (False, pytest.approx(1 / 3), 2)
    assert (s3.proc, s3.weight) == (pytest.approx(2 / 3), 3)  # s2's intents pooled, not s1's
    assert weighted([s1, s2, s3], "proc") == pytest.approx((1 / 3 * 2 + 2 / 3 * 3) / 5)
    assert weighted([s1, s2, s3], "comp") == pytest.approx((0.5 * 2 + 1.0 * 3) / 5)
    alone = task_scores(rows[1:], deps)  # s1 not run (a selection or --ablate no-deps): left out, as the original
    assert (alone[0].proc, alone[0].weight, alone[1].weight) == (0.0, 1, 2)


def test_an_import_never_replaces_an_authored_persona_and_reimports_over_its_own(tmp_path: Path) -> None:
    src = make_checkout(tmp_path / "src")
    (tmp_path / "repo" / "workspaces" / "tester").mkdir(parents=True)
    with pytest.raises(ValueError, match="not written by an import"):
        import_pibench(src, tmp_path / "repo")
    import_pibench(src, tmp_path / "out")
    again = import_pibench(src, tmp_path / "out")  # an import's own output is replaced
    assert again.total("sessions") == 4
