"""csv_schema: columns, row bounds, cell types, key uniqueness, malformed CSV."""

from __future__ import annotations

import pytest

from graders.rules.csv_schema import OneOf, type_error
from tests.graders.helpers import run

GOOD = "\ufeffid,Name,age,score,joined,tier\n1,Amira,34,4.5,2026-01-03,gold\n2,Piet,51,-3e2,2025-12-31,Silver\n\n"
TYPES = {
    "id": "int",
    "name": "string",
    "age": "int",
    "score": "float",
    "joined": "date",
    "tier": {"one_of": ["gold", "silver"]},
}


def check(text: str | None = GOOD, **args: object):  # type: ignore[no-untyped-def]
    return run("csv_schema", {"path": "people.csv", **args}, {} if text is None else {"people.csv": text})


def test_a_conforming_file_passes() -> None:
    outcome = check(columns=["ID", "name"], types=TYPES, unique=["id"], min_rows=2, max_rows=2)
    assert outcome.passed, outcome.detail
    assert "2 row(s)" in outcome.detail


def test_exact_header_order() -> None:
    assert check(columns=["id", "name", "age", "score", "joined", "tier"], exact=True).passed
    outcome = check(columns=["name", "id", "age", "score", "joined", "tier"], exact=True)
    assert not outcome.passed
    assert "expected exactly" in outcome.detail


def test_missing_columns_are_named_wherever_they_are_used() -> None:
    outcome = check(columns=["email"], types={"phone": "string"}, unique=["email"])
    assert not outcome.passed
    assert "lacks column(s) ['email', 'phone']" in outcome.detail


@pytest.mark.parametrize(("bounds", "text"), [({"min_rows": 3}, "need 3.."), ({"max_rows": 1}, "need 1..1")])
def test_row_bounds(bounds: dict[str, int], text: str) -> None:
    if "max_rows" in bounds:
        bounds = {**bounds, "min_rows": 1}
    outcome = check(**bounds)
    assert not outcome.passed
    assert "has 2 data row(s)" in outcome.detail and text in outcome.detail


@pytest.mark.parametrize(
    ("column", "kind", "cell", "message"),
    [
        ("age", "int", "3.5", "'3.5' is not an int"),
        ("score", "float", "high", "'high' is not a number"),
        ("joined", "date", "03/01/2026", "is not a date (YYYY-MM-DD)"),
        ("joined", "date", "2026-02-30", "is not a valid calendar date"),
        ("tier", {"one_of": ["gold", "silver"]}, "bronze", "is not one of ['gold', 'silver']"),
        ("name", "string", " ", "is empty"),
    ],
)
def test_bad_cells_name_line_column_and_value(column: str, kind: object, cell: str, message: str) -> None:
    header = "id,name,age,score,joined,tier"
    values = dict(zip(header.split(","), ["1", "Amira", "34", "4.5", "2026-01-03", "gold"], strict=True))
    values[column] = cell
    text = f"{header}\n{','.join(values.values())}\n"
    outcome = check(text, types={column: kind})
    assert not outcome.passed
    assert f"line 2, column {column!r}" in outcome.detail and message in outcome.detail


def test_empty_cells_allowed_when_listed_and_further_errors_counted() -> None:
    text = "id,note\n1,\nx,\ny,ok\n"
    assert check(text, types={"note": "string"}, allow_empty=["note"], unique=["note"]).detail.startswith(
        "people.csv: ['note'] value ('',) repeats"
    )
    outcome = check(text, types={"id": "int"})
    assert "line 3, column 'id': 'x' is not an int (and 1 more bad cell(s))" in outcome.detail


def test_duplicate_key_is_named() -> None:
    outcome = check("id,name\n1,a\n2,b\n1,c\n", unique=["id"])
    assert not outcome.passed
    assert "['id'] value ('1',) repeats on lines 2 and 4" in outcome.detail
    assert check("id,name\n1,a\n1,b\n", unique=["id", "name"]).passed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('id,name\n1,"unterminated\n', "malformed CSV at line"),
        ("id,name\n1,a,extra\n", "line 2 has 3 fields, the header has 2"),
        ("id,ID\n1,2\n", "duplicate column(s) ['ID', 'id']"),
        ("", "people.csv is empty"),
        ("\n \n", "people.csv is empty"),
        (None, "people.csv does not exist"),
    ],
)
def test_missing_empty_and_malformed_files_fail_with_a_clear_detail(text: str | None, message: str) -> None:
    outcome = check(text)
    assert not outcome.passed
    assert message in outcome.detail


def test_other_delimiters_and_quoted_newlines() -> None:
    text = 'id;note\n1;"two\nlines"\n2;x\n'
    assert check(text, delimiter=";", types={"id": "int"}, min_rows=2).passed
    assert "line 5, column 'id'" in check(text + "z;y\n", delimiter=";", types={"id": "int"}).detail
    assert "line 2, column 'id'" in check('id;note\nq;"two\nlines"\n', delimiter=";", types={"id": "int"}).detail


def test_wrong_argument_types_are_rejected() -> None:
    outcome = check(types={"age": "integer"})
    assert not outcome.passed
    assert "bad arguments for csv_schema: types: Value error, column 'age': unknown type 'integer'" in outcome.detail
    assert "max_rows is below min_rows" in check(min_rows=3, max_rows=2).detail
    assert "exact needs the list of columns" in check(exact=True).detail


def test_type_error_is_none_for_valid_values() -> None:
    assert type_error("+12", "int") is None
    assert type_error(".5", "float") is None
    assert type_error(" Gold ", OneOf(one_of=["gold"])) is None
    assert type_error("nan", "float") == "is not a number"
