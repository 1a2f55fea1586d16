"""The on-disk call cache: keys, hits recorded as cached, per-role switches, judge/user temperature 0."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from engine.models.cache import CachedModel, CallCache, cache_key
from engine.models.litellm_model import LiteLLMModel
from engine.models.roles import bind_role, role_binding, same_model_warnings
from engine.models.scripted import ScriptedModel
from engine.ports import ChatModel, Completion, Message, ModelToolCall, ToolSpec, Usage
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import Event, ModelUsage

MSGS = [Message("system", "s"), Message("user", "hello")]


def test_the_key_changes_with_every_input_that_changes_the_answer() -> None:
    base = cache_key("m", {"temperature": 0}, MSGS, None, None)
    tool = ToolSpec("t", "d", {"type": "object"})
    variants = [
        cache_key("m2", {"temperature": 0}, MSGS, None, None),
        cache_key("m", {"temperature": 1}, MSGS, None, None),
        cache_key("m", {"temperature": 0}, [*MSGS, Message("user", "x")], None, None),
        cache_key("m", {"temperature": 0}, MSGS, [tool], None),
        cache_key("m", {"temperature": 0}, MSGS, None, {"type": "object"}),
    ]
    assert len({base, *variants}) == 6
    assert cache_key("m", {"temperature": 0}, list(MSGS), None, None) == base


def test_a_hit_returns_the_stored_answer_marked_cached_and_free(tmp_path: Path) -> None:
    calls = ModelToolCall("c1", "read_file", {"path": "a.md"})
    paid = Completion("hi", [calls], Usage(model="m", prompt_tokens=7, completion_tokens=2, cost_usd=0.5, latency_s=1))
    inner = ScriptedModel([paid], name="m")
    model = CachedModel(inner, CallCache(tmp_path), {"temperature": 0})
    first = model.complete(MSGS)
    second = model.complete(MSGS)
    assert len(inner.calls) == 1 and not first.usage.cached
    assert second.text == "hi" and second.tool_calls == [calls]
    assert second.usage == Usage(model="m", prompt_tokens=7, completion_tokens=2, cost_usd=0.0, cached=True)


def _writer(directory: str, worker: int) -> None:
    cache = CallCache(Path(directory))
    for n in range(40):
        cache.put(cache_key("m", {}, [Message("user", f"{worker}-{n}")], None, None), Completion(f"{worker}-{n}"))


def test_concurrent_processes_share_one_cache_file(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), w)) for w in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    cache = CallCache(tmp_path)
    assert len(cache) == 120
    hit = cache.get(cache_key("m", {}, [Message("user", "2-39")], None, None))
    assert hit is not None and hit.text == "2-39"


def test_judge_and_user_default_to_temperature_zero_and_the_adapter_sends_it() -> None:
    binding = ModelBinding(model="openai/x")
    assert role_binding(binding, "judge").temperature == 0.0
    assert role_binding(binding, "user").temperature == 0.0
    assert role_binding(binding, "agent").temperature is None
    assert role_binding(binding.model_copy(update={"temperature": 0.7}), "judge").temperature == 0.7
    seen: list[ModelBinding] = []

    def factory(b: ModelBinding) -> ChatModel:
        seen.append(b)
        return LiteLLMModel(b)

    bind_role(binding, "judge", CacheConfig(judge=False), factory)
    assert LiteLLMModel(seen[0])._params(None, None)["temperature"] == 0.0


def test_cache_switches_per_role_and_cached_calls_are_metered_as_cached(tmp_path: Path) -> None:
    inner = ScriptedModel(lambda messages, schema: "ok", name="m")
    events: list[Event] = []
    for role in ("judge", "user", "agent"):
        meter = bind_role(ModelBinding(model="m"), role, CacheConfig(dir=str(tmp_path)), lambda b: inner)
        meter.sink = events.append
        meter.complete([Message("user", role)])
        meter.complete([Message("user", role)])
    usage = [(e.role, e.cached) for e in events if isinstance(e, ModelUsage)]
    assert usage == [
        ("judge", False),
        ("judge", True),
        ("user", False),
        ("user", True),
        ("agent", False),
        ("agent", False),
    ]
    assert len(inner.calls) == 4


def test_same_model_for_judge_or_user_and_agent_is_warned() -> None:
    assert same_model_warnings("openai/a", "openai/b", "openai/c") == []
    warnings = same_model_warnings("openai/a", "openai/a", "openai/a")
    assert len(warnings) == 2 and all(w.startswith("WARNING") and "openai/a" in w for w in warnings)
