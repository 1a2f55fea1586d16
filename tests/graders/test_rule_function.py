"""function: the escape hatch calls a registered grader function; table_coverage is the shipped example."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.functions import FUNCTIONS
from tests.graders.helpers import run

PARAMS = {
    "path": "schedule.md",
    "group_by": "slot",
    "column": "Station",
    "required": ["electronics", "textiles", "bikes"],
}


@pytest.fixture
def schedule(example_persona: Path) -> str:
    """The example persona's gold schedule (two slots, three stations each)."""
    return (example_persona / "reference" / "s01" / "schedule.md").read_text()


def check(text: str | None, **params: object):  # type: ignore[no-untyped-def]
    files = {} if text is None else {"schedule.md": text}
    return run("function", {"name": "table_coverage", "params": {**PARAMS, **params}}, files)


def test_registry_lists_the_example() -> None:
    assert "table_coverage" in FUNCTIONS


def test_the_gold_schedule_covers_every_station_in_every_slot(schedule: str) -> None:
    outcome = check(schedule)
    assert outcome.passed, outcome.detail
    assert outcome.detail.startswith("table_coverage: every slot of ['10:00-13:00', '13:00-16:00']")


def test_a_slot_missing_a_station_is_named(schedule: str) -> None:
    text = schedule.replace("| 13:00-16:00 | Piet | bikes |\n", "")
    outcome = check(text)
    assert not outcome.passed
    assert "'13:00-16:00' lacks ['bikes']" in outcome.detail
    assert "10:00-13:00" not in outcome.detail


def test_required_groups_must_be_present(schedule: str) -> None:
    outcome = check(schedule, groups=["10:00-13:00", "16:00-19:00"])
    assert not outcome.passed
    assert "'16:00-19:00' lacks ['electronics', 'textiles', 'bikes']" in outcome.detail


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "table_coverage: schedule.md does not exist"),
        (" \n", "table_coverage: schedule.md is empty"),
        ("prose\n", "no table in schedule.md with columns 'slot' and 'Station'"),
        ("| Slot | Volunteer |\n|---|---|\n| 10:00 | Amira |\n", "no table in schedule.md with columns"),
        ("| Slot | Station |\n| 10:00 | bikes |\n", "no table in schedule.md with columns"),
        ("| Slot | Station |\n|---|---|\n", "has no rows"),
    ],
)
def test_missing_empty_and_malformed_files(text: str | None, message: str) -> None:
    outcome = check(text)
    assert not outcome.passed
    assert message in outcome.detail


def test_unknown_function_names_the_known_ones() -> None:
    outcome = run("function", {"name": "grade_everything", "params": {}})
    assert not outcome.passed
    assert "unknown grader function 'grade_everything'; known: ['table_coverage']" in outcome.detail


def test_bad_params_name_the_parameter() -> None:
    outcome = check("", required="bikes", colour="red")
    assert not outcome.passed
    assert "bad params for table_coverage" in outcome.detail
    assert "params.required: Input should be a valid list" in outcome.detail
    assert "params.colour: Extra inputs are not permitted" in outcome.detail
    assert "bad regular expression" in check("", heading="(").detail
