"""json_schema: JSON and YAML documents against an inline schema; the detail names the failing path."""

from __future__ import annotations

import json

import pytest

from tests.graders.helpers import run

SCHEMA = {
    "type": "object",
    "required": ["event", "items"],
    "properties": {
        "event": {"type": "string", "format": "date"},
        "items": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name", "price"],
                "properties": {"name": {"type": "string"}, "price": {"type": "number", "minimum": 0}},
            },
        },
    },
}


def check(path: str, text: str | None, **args: object):  # type: ignore[no-untyped-def]
    return run("json_schema", {"path": path, "schema": SCHEMA, **args}, {} if text is None else {path: text})


def doc(**over: object) -> str:
    return json.dumps({"event": "2026-12-05", "items": [{"name": "tea", "price": 1.5}], **over})


def test_a_valid_json_document_passes() -> None:
    outcome = check("order.json", doc())
    assert outcome.passed, outcome.detail


def test_a_valid_yaml_document_passes_with_dates_as_strings() -> None:
    text = "event: 2026-12-05\nitems:\n  - {name: tea, price: 1.5}\n"
    assert check("order.yaml", text).passed
    assert check("order.txt", text, format="yaml").passed


def test_the_first_failing_path_in_document_order_is_named() -> None:
    items = [{"name": "tea", "price": 1}, {"name": "cake", "price": "cheap"}, {"name": 3, "price": -1}]
    outcome = check("order.json", doc(items=items))
    assert not outcome.passed
    assert "order.json at $.items[1].price: 'cheap' is not of type 'number' (and 2 more error(s))" in outcome.detail


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (doc(event="5 Dec"), "at $.event: '5 Dec' is not a 'date'"),
        (json.dumps({"items": []}), "at $: 'event' is a required property"),
        (json.dumps([1, 2]), "at $: [1, 2] is not of type 'object'"),
    ],
)
def test_wrong_types_and_missing_keys(text: str, message: str) -> None:
    outcome = check("order.json", text)
    assert not outcome.passed
    assert message in outcome.detail


@pytest.mark.parametrize(
    ("path", "text", "message"),
    [
        ("order.json", None, "order.json does not exist"),
        ("order.json", " \n", "order.json is empty"),
        ("order.json", '{"event": "2026-12-05",', "order.json is not valid JSON: Expecting"),
        ("order.yml", "event: [unclosed\n", "order.yml is not valid YAML"),
    ],
)
def test_missing_empty_and_malformed_files(path: str, text: str | None, message: str) -> None:
    outcome = check(path, text)
    assert not outcome.passed
    assert message in outcome.detail


def test_long_messages_are_shortened() -> None:
    outcome = run(
        "json_schema", {"path": "a.json", "schema": {"type": "string"}}, {"a.json": json.dumps(list(range(300)))}
    )
    assert not outcome.passed
    assert outcome.detail.endswith("...")
    assert len(outcome.detail) < 260


def test_an_invalid_schema_or_unknown_argument_is_a_bad_argument() -> None:
    outcome = run("json_schema", {"path": "a.json", "schema": {"type": "bogus"}}, {"a.json": "1"})
    assert not outcome.passed
    assert "bad arguments for json_schema" in outcome.detail and "invalid JSON Schema at $.type" in outcome.detail
    outcome = run("json_schema", {"path": "a.json", "schema": {}, "strict": True}, {"a.json": "1"})
    assert "strict" in outcome.detail and "Extra inputs are not permitted" in outcome.detail
