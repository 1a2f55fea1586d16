"""Proc and Comp against hand-computed values (seed 001 eqs. 3–4, gated and weighted Comp)."""

from __future__ import annotations

import pytest

from engine.metrics import episode_result, proactivity, session_result
from engine.schema.events import Grade
from tests.engine.helpers import spec

RULE = {"kind": "file_exists", "args": {"path": "x"}}


def test_proactivity_counts_completed_and_inferred_equally() -> None:
    assert proactivity({"a": "completed", "b": "inferred", "c": "provided", "d": "provided"}) == 0.5
    assert proactivity({"a": "completed", "b": None}) == 0.5
    assert proactivity({}) is None


def test_session_comp_plain_weighted_gated_and_error_exclusion() -> None:
    s = spec(
        [],
        [
            {"id": "c1", "text": "a", "rule": RULE, "weight": 3, "mandatory": True},
            {"id": "c2", "text": "b", "rule": RULE},
            {"id": "c3", "text": "c", "rubric": {}},
            {"id": "c4", "text": "d", "rubric": {}},
        ],
    )
    grades = [
        Grade(item_id="c1", grader="rule", score=1.0),
        Grade(item_id="c2", grader="rule", score=0.0),
        Grade(item_id="c3", grader="rubric", score=1.0),
        Grade(item_id="c4", grader="rubric", score=None, error="unparseable"),
    ]
    r = session_result("p", s, {"i1": "completed", "i2": "provided", "i3": "inferred"}, grades, "resolved", 3)
    assert r.proc == pytest.approx(2 / 3)
    assert r.comp == pytest.approx(2 / 3)
    assert r.comp_weighted == pytest.approx((3 + 0 + 1) / 5)
    assert r.comp_gated == pytest.approx(2 / 3)
    assert r.rule_comp == pytest.approx(0.5)
    assert r.grader_errors == 1


def test_failed_mandatory_item_gates_comp_to_zero() -> None:
    s = spec([], [{"id": "c1", "text": "a", "rule": RULE, "mandatory": True}, {"id": "c2", "text": "b", "rule": RULE}])
    grades = [Grade(item_id="c1", grader="rule", score=0.0), Grade(item_id="c2", grader="rule", score=1.0)]
    r = session_result("p", s, {}, grades, "resolved", 1)
    assert (r.comp, r.comp_gated, r.proc) == (0.5, 0.0, None)


def test_episode_means_and_status_counts() -> None:
    s = spec([], [{"id": "c1", "text": "a", "rule": RULE}])
    r1 = session_result(
        "p", s, {"i1": "completed", "i2": "provided"}, [Grade(item_id="c1", grader="rule", score=1.0)], "resolved", 2
    )
    r2 = session_result("p", s, {"i1": "inferred"}, [Grade(item_id="c1", grader="rule", score=0.0)], "turn_cap", 4)
    ep = episode_result("p", [r1, r2])
    assert ep.proc == pytest.approx((0.5 + 1.0) / 2)
    assert ep.comp == pytest.approx(0.5)
    assert ep.status_counts == {"completed": 1, "inferred": 1, "provided": 1, "open": 0}
    assert ep.mean_turns == 3.0


def test_usage_is_summed_per_role() -> None:
    from engine.metrics import usage_by_role
    from engine.schema.events import ModelUsage

    events = [
        ModelUsage(role="user", model="m", prompt_tokens=10, completion_tokens=2, cost_usd=0.5),
        ModelUsage(role="user", model="m", prompt_tokens=5, completion_tokens=1, cached=True),
        ModelUsage(role="judge", model="j", prompt_tokens=7),
    ]
    totals = usage_by_role(events)  # type: ignore[arg-type]
    assert (totals["user"].calls, totals["user"].cached_calls, totals["user"].prompt_tokens) == (2, 1, 15)
    assert totals["user"].cost_usd == 0.5 and totals["judge"].prompt_tokens == 7
