"""plan_dag: plan structure, DAG checks (unknown ids, self-loops, cycles), reference scoring and tiers."""

from __future__ import annotations

import json

import pytest

from graders.plans import Step, agreeing, match_steps, similarity, tier
from tests.graders.helpers import run

PLAN = [
    {"id": "fetch", "depends_on": [], "text": "Fetch interaction ids of unresolved calls"},
    {"id": "rag", "depends_on": ["fetch"], "text": "Find calls whose sentiment turned from negative to positive"},
    {"id": "qa", "depends_on": ["rag"], "text": "Retrieve QA scores for resolution procedures in these calls"},
    {"id": "sum", "depends_on": ["qa", "rag"], "text": "Write up what the numbers show"},
]
REFERENCE = [
    {"id": 1, "text": "Fetch the interaction_ids of unresolved calls"},
    {"id": 2, "depends_on": [1], "text": "Fetch calls where sentiment transitioned from negative to positive"},
    {"id": 3, "depends_on": [2], "text": "Retrieve QA scores for resolution procedure in those calls"},
    {"id": 4, "depends_on": [2], "text": "Retrieve QA scores for professionalism in those calls"},
    {"id": 5, "depends_on": [3, 4], "text": "Compare QA scores of resolution versus professionalism and summarise"},
]


def check(text: str | None = None, path: str = "plan.json", **args: object):  # type: ignore[no-untyped-def]
    files = {} if text is None else {path: text}
    return run("plan_dag", {"path": path, **args}, files)


def plan_with(**changes: dict[str, object]) -> str:
    return json.dumps([{**step, **changes.get(str(step["id"]), {})} for step in PLAN])


def test_a_valid_plan_passes() -> None:
    outcome = check(json.dumps(PLAN))
    assert outcome.passed, outcome.detail
    assert "4 steps form a valid DAG" in outcome.detail


def test_the_seed_format_in_yaml_with_integer_ids() -> None:
    text = (
        "plan:\n  '1': {query: 'T2S: fetch calls', depends_on: []}\n  '2': {query: 'RAG over (1)', depends_on: [1]}\n"
    )
    assert check(text, path="plan.yaml", steps_at="plan", ordered=True).passed
    assert "'steps' not found in plan.yaml" in check(text, path="plan.yaml", steps_at="steps").detail


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (plan_with(fetch={"depends_on": ["sum"]}), "dependency cycle: fetch -> sum -> qa -> rag -> fetch"),
        (plan_with(rag={"depends_on": ["rag"]}), "step 'rag' depends on itself"),
        (plan_with(qa={"depends_on": ["rag", "lookup"]}), "step 'qa' depends on unknown step 'lookup'"),
        (plan_with(rag={"depends_on": "fetch"}), "step 'rag': depends_on must be a list of step ids, got str"),
        (plan_with(rag={"depends_on": ""}), "step 'rag': depends_on must be a list of step ids, got str"),
        (plan_with(rag={"depends_on": [1.5]}), "step 'rag' depends_on: a step id must be a string or an integer"),
        (plan_with(qa={"text": ""}), "step 'qa' has no text (looked for"),
        (plan_with(qa={"id": "fetch"}), "duplicate step id(s) ['fetch']"),
        (json.dumps([*PLAN, "write the report"]), "step 5 has no 'id'"),
        (json.dumps({"a": "do it"}), "step 'a' is a str, expected a mapping"),
        (json.dumps("do everything"), "the plan is a str, expected a list of steps or a mapping"),
        (json.dumps([]), "0 step(s), need 1"),
        ('[{"id": "a",', "plan.json is not valid JSON"),
        ("", "plan.json is empty"),
        (None, "plan.json does not exist"),
    ],
)
def test_broken_plans_fail_naming_the_problem(text: str | None, message: str) -> None:
    outcome = check(text)
    assert not outcome.passed
    assert message in outcome.detail


def test_ordered_rejects_dependencies_on_later_steps() -> None:
    text = json.dumps([PLAN[1], PLAN[0]])
    assert check(text).passed
    outcome = check(text, ordered=True)
    assert not outcome.passed
    assert "step 'rag' depends on later step(s) ['fetch']" in outcome.detail


def test_reference_scoring_reports_precision_recall_f1_and_the_unmatched_steps() -> None:
    outcome = check(json.dumps(PLAN), reference=REFERENCE, min_f1=0.85)
    assert not outcome.passed
    assert "P=0.75 R=0.60 F1=0.67 (acceptable; need F1 >= 0.85)" in outcome.detail
    assert "unmatched reference steps ['4', '5'], unmatched plan steps ['sum']" in outcome.detail
    assert check(json.dumps(PLAN), reference=REFERENCE, min_tier="acceptable").passed
    assert not check(json.dumps(PLAN), reference=REFERENCE, min_tier="good").passed


def test_keywords_replace_the_similarity_threshold() -> None:
    reference = [*REFERENCE[:4], {**REFERENCE[4], "keywords": ["write", "numbers?"]}]
    outcome = check(json.dumps(PLAN), reference=reference, min_f1=0.8)
    assert outcome.passed, outcome.detail
    assert "P=1.00 R=0.80 F1=0.89 (very_good" in outcome.detail


def test_a_perfect_plan_scores_extremely_good_and_dependencies_can_be_required() -> None:
    plan = [{"id": f"s{r['id']}", "text": r["text"], "depends_on": [f"s{d}" for d in r.get("depends_on", [])]}
            for r in REFERENCE]  # fmt: skip
    outcome = check(json.dumps(plan), reference=REFERENCE, min_tier="extremely_good", match_dependencies=True)
    assert outcome.passed, outcome.detail
    plan[4]["depends_on"] = ["s3"]
    outcome = check(json.dumps(plan), reference=REFERENCE, min_tier="extremely_good", match_dependencies=True)
    assert not outcome.passed
    assert "F1=0.80 (good" in outcome.detail and "unmatched reference steps ['5']" in outcome.detail


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"reference": REFERENCE}, "exactly one of min_f1, min_tier"),
        ({"reference": REFERENCE, "min_f1": 0.5, "min_tier": "good"}, "exactly one of min_f1, min_tier"),
        ({"min_f1": 0.5}, "min_f1/min_tier need a reference plan"),
        ({"reference": [{"id": 1, "text": "a", "depends_on": [1]}], "min_f1": 1}, "depends on itself"),
        ({"reference": [{"id": 1, "text": "a"}, {"id": "1", "text": "b"}], "min_f1": 1}, "duplicate step ids"),
        ({"reference": REFERENCE, "min_tier": "superb"}, "min_tier"),
        ({"similarity": 0}, "similarity"),
    ],
)
def test_bad_arguments_are_named(args: dict[str, object], message: str) -> None:
    outcome = check(json.dumps(PLAN), **args)
    assert not outcome.passed
    assert "bad arguments for plan_dag" in outcome.detail and message in outcome.detail


def test_similarity_tiers_and_matching_units() -> None:
    assert similarity("Fetch the calls", "fetch calls") == 1.0
    assert similarity("Retrieve QA scores", "retrieve qa score") == 1.0
    assert similarity("a the of", "") == 0.0
    assert [tier(x) for x in (1.0, 0.95, 0.9, 0.8, 0.7, 0.5, 0.4, 0.3)] == [
        "extremely_good", "very_good", "very_good", "good", "acceptable", "bad", "very_bad", "extremely_bad",
    ]  # fmt: skip
    refs = [Step("r1", (), "fetch calls"), Step("r2", ("r1",), "summarise calls")]
    cands = [Step("c1", (), "summarise calls"), Step("c2", (), "fetch calls")]
    matched = match_steps(cands, refs, 0.9)
    assert matched == {"r1": "c2", "r2": "c1"}
    assert agreeing(matched, cands, refs) == {"r1": "c2"}
