"""Mandatory gate, conditional Comp and the KWBench 3-tier score, checked against hand-computed values."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from engine.metrics import episode_result, session_result
from engine.schema.events import Grade
from engine.schema.results import SessionResult
from engine.schema.session import ChecklistItem
from tests.engine.helpers import spec

RULE = {"kind": "file_exists", "args": {"path": "x"}}


def scored(session_id: str, items: list[tuple[str, dict[str, Any], float | None]]) -> SessionResult:
    """A session whose checklist items (id, extra fields, score) were graded as given."""
    checklist = [{"id": i, "text": f"item {i}", "rule": RULE, **extra} for i, extra, _ in items]
    grades = [Grade(item_id=i, grader="rule", score=s, error=None if s is not None else "boom") for i, _, s in items]
    return session_result("p", spec([], checklist, id=session_id), {}, grades, "resolved", 1)


MAND: dict[str, Any] = {"mandatory": True}


def test_gate_gated_and_conditional_comp_by_hand() -> None:
    a = scored("a", [("m", MAND, 1.0), ("x", {}, 0.0), ("y", {}, 1.0)])
    b = scored("b", [("m", MAND, 0.0), ("x", {}, 1.0), ("y", {}, 1.0)])
    c = scored("c", [("x", {}, 1.0), ("y", {}, 0.0), ("z", {}, None)])
    d = scored("d", [("m", MAND, None), ("x", {}, 1.0)])
    assert (a.comp, a.gate_passed, a.comp_gated, a.comp_conditional) == pytest.approx((2 / 3, True, 2 / 3, 2 / 3))
    assert (b.comp, b.gate_passed, b.comp_gated, b.comp_conditional) == pytest.approx((2 / 3, False, 0.0, None))
    assert (c.comp, c.gate_passed, c.comp_gated, c.grader_errors) == pytest.approx((0.5, True, 0.5, 1))
    assert (d.comp, d.gate_passed, d.comp_gated, d.comp_conditional) == (1.0, None, None, None)
    ep = episode_result("p", [a, b, c, d])
    assert ep.comp == pytest.approx((2 / 3 + 2 / 3 + 0.5 + 1.0) / 4)
    assert ep.comp_gated == pytest.approx((2 / 3 + 0 + 0.5) / 3)
    assert ep.gate_pass_rate == pytest.approx(2 / 3)
    assert ep.comp_conditional == pytest.approx((2 / 3 + 0.5) / 2)
    assert ep.comp_gated == pytest.approx(ep.gate_pass_rate * ep.comp_conditional)  # type: ignore[operator]


def test_three_tier_score_by_hand() -> None:
    t1 = scored(
        "t1",
        [
            ("m", {"tier": "mandatory"}, 1.0),
            ("g1", {"tier": "good"}, 1.0),
            ("g2", {"tier": "good"}, 0.0),
            ("g3", {"tier": "good"}, 1.0),
            ("g4", {"tier": "good"}, None),
            ("i1", {"tier": "ideal"}, 0.0),
            ("i2", {"tier": "ideal"}, 1.0),
        ],
    )
    t2 = scored("t2", [("m", {"tier": "mandatory"}, 0.0), ("g", {"tier": "good"}, 1.0)])
    t3 = scored("t3", [("m", MAND, 1.0), ("g", {"tier": "good"}, 1.0)])
    plain = scored("u", [("x", {}, 1.0)])
    assert t1.tier_score == pytest.approx(0.40 + 0.35 * 2 / 3 + 0.25 * 0.5)
    assert t1.gate_passed and [i.mandatory for i in t1.items][:2] == [True, False]
    assert t2.tier_score == 0.0 and t2.comp_gated == 0.0
    assert t3.tier_score == pytest.approx(1.0)
    assert plain.tier_score is None
    ep = episode_result("p", [t1, t2, t3, plain])
    assert ep.tier_score == pytest.approx((0.758333333 + 0 + 1.0) / 3)
    assert ep.tier_conditional == pytest.approx((0.758333333 + 1.0) / 2)


def test_a_mandatory_item_cannot_sit_in_another_tier() -> None:
    with pytest.raises(ValidationError, match="mandatory item cannot have tier 'good'"):
        ChecklistItem.model_validate({"id": "c", "text": "t", "rule": RULE, "mandatory": True, "tier": "good"})
