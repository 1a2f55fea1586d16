"""Every registered rule kind and grader function documents and locks its arguments."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from graders.functions import FUNCTIONS
from graders.rules import REGISTRY
from graders.rules.base import RuleKind

ENTRIES: list[RuleKind[Any]] = [*REGISTRY.values(), *FUNCTIONS.values()]


def nested(annotation: Any) -> Iterator[type[BaseModel]]:
    """Models inside a type annotation (through unions, lists, dicts)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in get_args(annotation):
        yield from nested(arg)


def models(model: type[BaseModel]) -> list[type[BaseModel]]:
    """The model and every model nested in its fields."""
    found = [model]
    for field in model.model_fields.values():
        for inner in nested(field.annotation):
            found += models(inner)
    return found


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_every_argument_field_has_a_description_and_unknown_keys_are_errors(entry: RuleKind[Any]) -> None:
    for model in models(entry.args_model):
        assert model.model_config.get("extra") == "forbid", model
        assert model.__doc__, model
        for name, field in model.model_fields.items():
            assert field.description, f"{entry.name}: {model.__name__}.{name}"
    assert entry.args_model.model_json_schema()["type"] == "object"


def test_new_kinds_are_registered_under_their_names() -> None:
    assert {"markdown_table", "csv_schema", "json_schema", "document_text", "plan_dag", "function"} <= set(REGISTRY)
    assert all(name == kind.name for name, kind in REGISTRY.items())
    names = {
        m.__name__ for m in models(REGISTRY["markdown_table"].args_model) + models(REGISTRY["csv_schema"].args_model)
    }
    assert {"RowSpec", "OneOf"} <= names
