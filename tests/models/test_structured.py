"""Structured answers: validated against their schema, retried with feedback, never cached when invalid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.models.cache import CachedModel, CallCache, cache_key
from engine.models.roles import bind_role
from engine.models.scripted import ScriptedModel
from engine.models.structured import InvalidOutputError, ask_structured, output_problem
from engine.ports import Completion, Message, ModelToolCall
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import Event, ModelAttemptFailed
from engine.user.prompts import completion_schema

ASK = [Message("system", "s"), Message("user", "which intents are done?")]
SCHEMA = completion_schema(["i1", "i2"])


def test_problems_name_the_path_and_what_is_wrong() -> None:
    assert output_problem('{"completed": []}', SCHEMA) is None
    assert output_problem("nope", SCHEMA) == "not valid JSON (Expecting value at character 0)"
    assert output_problem('{"completed": "i1"}', SCHEMA) == "completed: 'i1' is not of type 'array'"
    unknown = output_problem('{"completed": [{"intent_id": "zzz", "evidence": "?"}]}', SCHEMA)
    assert unknown == "completed/0/intent_id: 'zzz' is not one of ['i1', 'i2']"
    extra = output_problem('{"completed": [], "also": 1}', SCHEMA)
    assert extra is not None and "Additional properties are not allowed ('also' was unexpected)" in extra


def test_a_bad_answer_goes_back_with_feedback_so_the_retry_is_a_new_request() -> None:
    model = ScriptedModel(['{"completed": "i1"}', {"completed": [{"intent_id": "i2", "evidence": "table"}]}])
    events: list[Event] = []
    meter = bind_role(ModelBinding(model="u"), "user", CacheConfig(user=False), lambda b: model)
    meter.sink = events.append
    assert ask_structured(meter, ASK, SCHEMA) == {"completed": [{"intent_id": "i2", "evidence": "table"}]}
    retry = model.calls[1]
    assert retry[:2] == ASK and retry[2] == Message("assistant", '{"completed": "i1"}')
    assert (
        "completed: 'i1' is not of type 'array'" in retry[3].content and '\'{"completed": "i1"}\'' in retry[3].content
    )
    failed = [e for e in events if isinstance(e, ModelAttemptFailed)]
    assert [(e.role, e.kind, e.attempt, e.retry_in_s) for e in failed] == [("user", "invalid_output", 1, 0.0)]


def test_no_valid_answer_after_the_attempts_is_an_invalid_output_error() -> None:
    model = ScriptedModel(["x", "y", '{"completed": 1}'])
    with pytest.raises(InvalidOutputError, match="after 3 attempts; last: completed: 1 is not of type 'array'"):
        ask_structured(model, ASK, SCHEMA)


def test_the_cache_never_stores_an_invalid_answer_and_replaces_an_old_one(tmp_path: Path) -> None:
    cache = CallCache(tmp_path)
    model = ScriptedModel(['{"completed": "i1"}', '{"completed": []}', '{"completed": []}'], name="u")
    cached = CachedModel(model, cache)
    assert cached.complete(ASK, response_schema=SCHEMA).text == '{"completed": "i1"}'
    assert len(cache) == 0  # invalid: not stored, so a later run cannot replay it
    assert cached.complete(ASK, response_schema=SCHEMA).text == '{"completed": []}'
    assert cached.complete(ASK, response_schema=SCHEMA).usage.cached and len(model.calls) == 2

    key = cache_key("v", {}, ASK, None, SCHEMA)
    cache.put(key, Completion('{"completed": "stale"}'))  # written before answers were validated
    fresh = ScriptedModel(['{"completed": []}'], name="v")
    assert CachedModel(fresh, cache).complete(ASK, response_schema=SCHEMA).text == '{"completed": []}'
    assert json.loads(dict(cache.items())[key].text) == {"completed": []}


def test_a_completion_with_broken_tool_arguments_is_not_cached(tmp_path: Path) -> None:
    broken = ModelToolCall("c1", "read_file", {}, error="arguments are not valid JSON: ...", raw_arguments='{"pa')
    model = ScriptedModel([Completion("", [broken]), Completion("ok")], name="a")
    cached = CachedModel(model, CallCache(tmp_path))
    cached.complete(ASK)
    assert len(CallCache(tmp_path)) == 0
    cached.complete(ASK)
    assert len(CallCache(tmp_path)) == 1
