"""Artifacts: rules grade whichever file the agent produced, located by place, content and the reply."""

from __future__ import annotations

from typing import Any

from engine.schema.rules import RuleSpec
from engine.schema.session import Artifact
from graders.locate import glob_match, locate
from graders.rules import evaluate
from graders.view import EvidenceView
from sandbox.workspace.memory import MemoryWorkspace

TABLE = Artifact(id="table", description="the ablation table", globs=["paper/**/*.tex"], signature=["\\\\toprule"])
TEX = "\\begin{tabular}{ll}\\toprule a & b \\\\ \\bottomrule\\end{tabular}"


def view(files: dict[str, str], changed: list[str], replies: list[str] | None = None, **more: Any) -> EvidenceView:
    ws = MemoryWorkspace({p: t.encode() for p, t in files.items()})
    arts = {a.id: a for a in more.pop("artifacts", [TABLE])}
    return EvidenceView(workspace=ws, changed=changed, agent_messages=replies or [], artifacts=arts, **more)


def test_globs_cross_folders_and_stars_stay_in_one() -> None:
    assert glob_match("paper/tables/ablation.tex", "paper/**/*.tex")
    assert glob_match("paper/x.tex", "paper/**/*.tex")
    assert not glob_match("paper/tables/x.tex", "paper/*.tex")
    assert glob_match("goals/review-2026-11-21.md", "goals/review-2026-11-2[0-9].md")
    assert not glob_match("goals/review-2026-11-30.md", "goals/review-2026-11-2[0-9].md")


def test_any_file_name_the_workspace_leaves_free_is_found() -> None:
    for name in ("paper/tables/ablation.tex", "paper/tables/tab-ablations.tex", "paper/ablation_table.tex"):
        found = locate(TABLE, view({name: TEX}, [name]))
        assert found.path == name, found.detail


def test_only_files_changed_this_session_and_matching_the_signature_qualify() -> None:
    files = {"paper/tables/main.tex": TEX, "paper/sections/results.tex": "\\input{tables/x}"}
    found = locate(TABLE, view(files, ["paper/sections/results.tex"]))
    assert found.path is None and "changed this session" in found.detail
    existing = TABLE.model_copy(update={"existing": True})
    assert locate(existing, view(files, [])).path == "paper/tables/main.tex"


def test_among_several_the_reply_decides_else_the_last_changed() -> None:
    files = {"paper/a.tex": TEX, "paper/b.tex": TEX}
    assert locate(TABLE, view(files, ["paper/a.tex", "paper/b.tex"])).path == "paper/b.tex"
    named = view(files, ["paper/a.tex", "paper/b.tex"], ["The table is in `paper/a.tex`."])
    assert locate(TABLE, named).path == "paper/a.tex"


def test_the_reply_locates_an_artifact_only_when_no_place_is_given() -> None:
    files = {"drafts/ablation.tex": TEX, "notes/todo.md": "x"}
    reply = ["Saved to drafts/ablation.tex; notes/todo.md updated."]
    assert locate(TABLE, view(files, list(files), reply)).path is None
    anywhere = Artifact(id="table", description="the ablation table", signature=["\\\\toprule"])
    assert locate(anywhere, view(files, list(files), reply)).path == "drafts/ablation.tex"


def test_every_path_kind_takes_an_artifact_and_says_which_file_it_graded() -> None:
    spec = RuleSpec(kind="file_matches", args={"artifact": "table", "pattern": "bottomrule"})
    outcome = evaluate(spec, view({"paper/t/abl.tex": TEX}, ["paper/t/abl.tex"]))
    assert outcome.passed and outcome.detail.startswith("the ablation table = paper/t/abl.tex")
    missing = evaluate(spec, view({}, []))
    assert not missing.passed and "no the ablation table" in missing.detail
    unknown = evaluate(RuleSpec(kind="text", args={"artifact": "nope", "patterns": ["x"]}), view({}, []))
    assert not unknown.passed and "declares no artifact 'nope'" in unknown.detail


def test_an_artifact_that_must_not_exist() -> None:
    spec = RuleSpec(kind="file_exists", args={"artifact": "table", "absent": True})
    assert evaluate(spec, view({"notes.md": "x"}, ["notes.md"])).passed
    assert not evaluate(spec, view({"paper/t.tex": TEX}, ["paper/t.tex"])).passed


def test_a_heading_is_its_own_item_and_latex_comments_are_not_text() -> None:
    doc = "## Reproducibility\nCode: no.\n"
    rule = RuleSpec(kind="text", args={"path": "n.md", "patterns": ["^code: no"], "within": "item"})
    assert evaluate(rule, view({"n.md": doc}, [])).passed
    tex = "% the old claim: reranker hurts most\nThe small retriever hurts most.\n"
    claim = RuleSpec(kind="text", args={"path": "r.tex", "patterns": ["reranker hurts most"], "absent": True})
    assert evaluate(claim, view({"r.tex": tex}, [])).passed


def test_hedged_sentences_inside_a_larger_unit_do_not_hide_the_rest() -> None:
    doc = "The balance is £1,234.50. If it had gone out, it would be £900.\n"
    rule = RuleSpec(kind="text", args={"path": "l.md", "patterns": ["£1234.50"], "within": "paragraph"})
    assert evaluate(rule, view({"l.md": doc}, [])).passed
    hedge = RuleSpec(kind="text", args={"path": "l.md", "patterns": ["£900"], "within": "paragraph"})
    assert not evaluate(hedge, view({"l.md": doc}, [])).passed


CURVE = Artifact(id="curve", description="the curve comparison", globs=["validation/ALM/*"])


def test_a_claim_holds_when_one_of_the_files_an_artifact_spreads_over_makes_it() -> None:
    files = {
        "validation/ALM/decision.md": "Keep the champion curve; see the comparison.",
        "validation/ALM/comparison.md": "| tenor | diff (bp) |\n|---|---|\n| 7y | -6.40 |\n",
    }
    changed = list(files)
    reply = ["Decision in validation/ALM/decision.md, table in validation/ALM/comparison.md."]
    table = {"artifact": "curve", "patterns": ["7y", "-6\\.40"], "within": "row"}
    outcome = evaluate(RuleSpec(kind="text", args=table), view(files, changed, reply, artifacts=[CURVE]))
    assert outcome.passed and "comparison.md (candidate 2 of 2)" in outcome.detail
    said = {"artifact": "curve", "patterns": ["champion"], "absent": True}
    assert not evaluate(RuleSpec(kind="text", args=said), view(files, changed, reply, artifacts=[CURVE])).passed
    wrong = {"artifact": "curve", "patterns": ["7y", "-9\\.99"], "within": "row"}
    missed = evaluate(RuleSpec(kind="text", args=wrong), view(files, changed, reply, artifacts=[CURVE]))
    assert not missed.passed and "decision.md (candidate 1 of 2)" in missed.detail
