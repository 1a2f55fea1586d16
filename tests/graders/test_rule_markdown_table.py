"""markdown_table: headers, row counts, required cells, headings, malformed tables."""

from __future__ import annotations

import pytest

from graders.markdown import parse_tables, split_row
from tests.graders.helpers import run

SCHEDULE = """# Repair café

Some prose with a | pipe in it.

## Saturday

| Slot | **Volunteer** | Station |
|:-----|---------------|--------:|
| 10:00-13:00 | Amira | electronics |
| 10:00-13:00 | Jonas (buddy: Lea) | bikes |
| 13:00-16:00 | Piet | Bikes |

## Sunday

| Day | Note |
|-----|------|
| sun | closed |
"""

BASE = {"path": "schedule.md", "headers": ["volunteer", "SLOT", "station"]}


def check(files: dict[str, str] | None = None, **args: object):  # type: ignore[no-untyped-def]
    return run("markdown_table", {**BASE, **args}, {"schedule.md": SCHEDULE} if files is None else files)


def test_headers_match_in_any_order_ignoring_case_and_emphasis() -> None:
    outcome = check(min_rows=3)
    assert outcome.passed, outcome.detail
    assert "line 7" in outcome.detail


def test_ordered_and_exact_headers() -> None:
    assert check(headers=["slot", "volunteer"], ordered=True).passed
    outcome = check(ordered=True)
    assert not outcome.passed
    assert "not in the order" in outcome.detail
    outcome = check(headers=["slot", "station"], exact=True)
    assert not outcome.passed
    assert "unexpected column(s) ['**Volunteer**']" in outcome.detail


def test_missing_column_names_the_column() -> None:
    outcome = check(headers=["Slot", "Role"])
    assert not outcome.passed
    assert "missing column(s) ['Role']" in outcome.detail


def test_too_few_rows() -> None:
    outcome = check(min_rows=4)
    assert not outcome.passed
    assert "3 data row(s), need 4" in outcome.detail


def test_required_rows_need_every_constraint_in_the_same_row() -> None:
    ok = check(
        required_rows=[{"equals": {"slot": "13:00-16:00", "station": "bikes"}, "matches": {"volunteer": "^piet"}}]
    )
    assert ok.passed, ok.detail
    outcome = check(required_rows=[{"equals": {"slot": "13:00-16:00", "volunteer": "Amira"}}])
    assert not outcome.passed
    assert "no row with slot = '13:00-16:00' and volunteer = 'Amira'" in outcome.detail
    assert check(required_rows=[{"matches": {"volunteer": r"jonas.*buddy"}}]).passed


def test_required_row_on_unknown_column_is_named() -> None:
    outcome = check(required_rows=[{"equals": {"Shift": "x"}}])
    assert not outcome.passed
    assert "unknown column(s) ['Shift']" in outcome.detail


def test_heading_scopes_the_search() -> None:
    assert check(heading="saturday").passed
    outcome = check(heading="sunday")
    assert not outcome.passed
    assert "line 15" in outcome.detail and "missing column(s)" in outcome.detail
    outcome = check(heading="monday")
    assert not outcome.passed
    assert "under a heading matching /monday/" in outcome.detail
    assert check(heading="repair", required_rows=[{"equals": {"station": "electronics"}}]).passed


def test_missing_and_empty_files() -> None:
    outcome = check(files={})
    assert not outcome.passed
    assert "schedule.md does not exist" in outcome.detail
    outcome = check(files={"schedule.md": "  \n"})
    assert not outcome.passed
    assert "schedule.md is empty" in outcome.detail


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        (
            "| Slot | Volunteer | Station |\n| 10:00 | Amira | bikes |\n",
            "line 1 looks like a table row but no delimiter",
        ),
        ("intro\n| Slot | Volunteer | Station |\n|---|---|\n| a | b | c |\n", "line 2: the header has 3 cells"),
        ("Just prose, no table.\n", ""),
    ],
)
def test_malformed_tables_are_not_tables_and_the_detail_says_why(text: str, hint: str) -> None:
    outcome = check(files={"schedule.md": text})
    assert not outcome.passed
    assert "no Markdown table in schedule.md" in outcome.detail
    assert hint in outcome.detail


def test_tables_in_code_fences_are_ignored() -> None:
    text = "```\n| Slot | Volunteer | Station |\n|---|---|---|\n| a | b | c |\n```\n"
    assert "no Markdown table" in check(files={"schedule.md": text}).detail


def test_wrong_argument_types_are_a_failed_outcome() -> None:
    outcome = check(min_rows="many")
    assert not outcome.passed
    assert "bad arguments for markdown_table" in outcome.detail and "min_rows" in outcome.detail
    outcome = check(required_rows=[{}])
    assert not outcome.passed
    assert "at least one 'equals' or 'matches'" in outcome.detail
    assert "bad regular expression" in check(heading="(").detail


def test_parser_pads_ragged_rows_and_keeps_escaped_pipes() -> None:
    assert split_row(r"| a \| b | c |") == ["a | b", "c"]
    table = parse_tables("a | b | c\n--|--|--\n1 | 2\n1|2|3|4\n\nafter | x\n").tables[0]
    assert table.headers == ["a", "b", "c"]
    assert table.rows == [["1", "2", ""], ["1", "2", "3"]]
