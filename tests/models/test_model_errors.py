"""The litellm adapter's failures against our fake server on 127.0.0.1: one HTTP request per attempt (SDK
retries off), classified errors, fail-fast keys, loopback without a key, and broken tool-call arguments."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.models.litellm_model import LiteLLMModel
from engine.models.openai_wire import DUMMY_KEY
from engine.models.roles import bind_role
from engine.ports import Message, ModelConfigError, ModelError, ModelUnavailableError, TransientModelError
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import Event, ModelAttemptFailed
from tests.models.fake_openai import FAILURE_CLASSES, Body, FakeOpenAI, tool_call

HI = [Message("user", "hi")]


def always(kind: str | None):  # type: ignore[no-untyped-def]
    return lambda body, digest, attempt: kind


def first(kind: str):  # type: ignore[no-untyped-def]
    return lambda body, digest, attempt: kind if attempt == 0 else None


def hello(body: Body) -> dict[str, object]:
    return {"content": "hello"}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI(hello)
    server.base = server.start()  # type: ignore[attr-defined]
    yield server
    server.stop()


def model(fake: FakeOpenAI, **extra: object) -> LiteLLMModel:
    return LiteLLMModel(ModelBinding(model="openai/fake", api_base=fake.base, timeout_s=0.5, **extra))  # type: ignore[attr-defined,arg-type]


@pytest.mark.parametrize(
    ("kind", "error", "label"),
    FAILURE_CLASSES,
)
def test_one_attempt_is_one_http_request_and_its_failure_is_classified(
    fake: FakeOpenAI, kind: str, error: type[ModelError], label: str | None
) -> None:
    fake.fault = always(kind)
    fake.retry_after = "3"
    with pytest.raises(error) as raised:
        model(fake).complete(HI)
    assert len(fake.requests) == 1  # the SDK's own retries are off
    assert type(raised.value) is error
    if label is not None:
        assert isinstance(raised.value, TransientModelError) and raised.value.kind == label
    if kind == "rate_limit":
        assert isinstance(raised.value, TransientModelError) and raised.value.retry_after == 3.0


def test_a_bound_role_makes_exactly_one_request_per_attempt(fake: FakeOpenAI) -> None:
    fake.fault = always("server")
    sleeps: list[float] = []
    binding = ModelBinding(model="openai/fake", api_base=fake.base, retries=2, retry_base_s=0.01)  # type: ignore[attr-defined]
    meter = bind_role(binding, "judge", CacheConfig(judge=False), sleep=sleeps.append)
    events: list[Event] = []
    meter.sink = events.append
    with pytest.raises(ModelUnavailableError):
        meter.complete(HI)
    assert len(fake.requests) == 3 and sleeps == [0.01, 0.02]
    assert [e.attempt for e in events if isinstance(e, ModelAttemptFailed)] == [1, 2, 3]


def test_unauthorized_is_never_retried_by_a_bound_role(fake: FakeOpenAI) -> None:
    fake.fault = always("unauthorized")
    binding = ModelBinding(model="openai/fake", api_base=fake.base, retries=4)  # type: ignore[attr-defined]
    with pytest.raises(ModelConfigError):
        bind_role(binding, "judge", CacheConfig(judge=False)).complete(HI)
    assert len(fake.requests) == 1


def test_a_loopback_server_needs_no_key_and_a_missing_key_variable_sends_nothing(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert model(fake).complete(HI).text == "hello"
    assert fake.auth[-1] == f"Bearer {DUMMY_KEY}"
    with pytest.raises(ModelConfigError, match="PROACT_NO_SUCH_KEY"):
        model(fake, api_key_env="PROACT_NO_SUCH_KEY").complete(HI)
    assert len(fake.requests) == 1
    remote = LiteLLMModel(ModelBinding(model="openai/gpt-4o"))
    with pytest.raises(ModelConfigError, match="OPENAI_API_KEY"):
        remote.complete(HI)  # no key anywhere: a configuration error before any request, never a retried 500


def test_tool_call_arguments_that_are_not_json_come_back_as_an_error_not_as_arguments(fake: FakeOpenAI) -> None:
    def broken(body: Body) -> dict[str, object]:
        good = tool_call("c1", "read_file", {"path": "a.md"})
        bad = {**tool_call("c2", "write_file", {}), "function": {"name": "write_file", "arguments": '{"path": "x'}}
        listed = {**tool_call("c3", "glob", {}), "function": {"name": "glob", "arguments": "[1, 2]"}}
        return {"content": "", "tool_calls": [good, bad, listed]}

    fake.answer = broken
    calls = model(fake).complete(HI).tool_calls
    assert (calls[0].arguments, calls[0].error) == ({"path": "a.md"}, None)
    assert calls[1].arguments == {} and calls[1].raw_arguments == '{"path": "x'
    assert calls[1].error is not None and calls[1].error.startswith("arguments are not valid JSON: ")
    assert calls[2].error is not None and calls[2].error.startswith("arguments are not a JSON object")
