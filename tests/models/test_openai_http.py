"""The direct OpenAI-compatible client (engine/models/openai_http.py) against our fake server on 127.0.0.1, held to
the litellm adapter: the same request body, the same completion (text, tool calls, usage, cost), the same error for
the same HTTP outcome, and no litellm import on its path."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from engine.models import make_model, uses_litellm
from engine.models.litellm_model import LiteLLMModel
from engine.models.openai_http import OpenAIHTTPModel, cost_usd, is_plain
from engine.models.openai_wire import DUMMY_KEY
from engine.models.preflight import PING, PING_SCHEMA, PreflightError, RoleBinding, require_models
from engine.ports import ContextOverflowError, Message, ModelConfigError, ModelError, ToolSpec, TransientModelError
from engine.schema.config import ModelBinding
from tests.conftest import REPO
from tests.models.fake_openai import FAILURE_CLASSES, Body, FakeOpenAI, refusing, running, tool_call

LIST = ToolSpec("list_dir", "List a directory.", {"type": "object", "properties": {"path": {"type": "string"}}})
READ = ToolSpec("read_file", "Read a file.", {"type": "object", "properties": {"path": {"type": "string"}}})
CONVERSATION = [
    Message("system", "You are careful."),
    Message("user", "What is in the notes folder?"),
    Message("assistant", "", tool_calls=[tool_call("c1", "list_dir", {"path": "notes"})]),
    Message("tool", '["a.md"]', tool_call_id="c1", name="list_dir"),
]


def answer(body: Body) -> dict[str, object]:
    """Two tool calls (one with arguments cut short) when tools are offered, else a JSON reply."""
    if body.get("tools"):
        broken = {"id": "c3", "type": "function", "function": {"name": "read_file", "arguments": '{"path": "no'}}
        return {"content": "reading", "tool_calls": [tool_call("c2", "read_file", {"path": "notes/a.md"}), broken]}
    return {"content": '{"ok": true}'}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with running(answer, keep_alive=True) as server:
        yield server


def binding(fake: FakeOpenAI, **fields: object) -> ModelBinding:
    fields = {"model": "openai/fake", "timeout_s": 0.5, **fields}
    return ModelBinding(api_base=fake.base, **fields)


def test_only_plain_openai_compatible_bindings_with_a_readable_key_skip_litellm() -> None:
    base = "http://127.0.0.1:9/v1"
    assert is_plain(ModelBinding(model="openai/m", api_base=base))
    assert is_plain(ModelBinding(model="openai/m", api_base="https://example.org/v1", api_key_env="K"))
    assert not is_plain(ModelBinding(model="openai/m", api_base="https://example.org/v1"))  # OPENAI_API_KEY: litellm
    assert not is_plain(ModelBinding(model="openai/m"))
    assert not is_plain(ModelBinding(model="anthropic/m", api_base=base))
    assert not is_plain(ModelBinding(model="openai/m", api_base=base, extra={"extra_headers": {"X": "1"}}))
    assert not is_plain(ModelBinding(model="openai/m", api_base=base, client="litellm"))
    assert isinstance(make_model(ModelBinding(model="openai/m", api_base=base)), OpenAIHTTPModel)
    assert isinstance(make_model(ModelBinding(model="openai/m", api_base=base, client="litellm")), LiteLLMModel)
    assert not uses_litellm(ModelBinding(model="local/smollm2-135m"))
    assert uses_litellm(ModelBinding(model="openai/gpt-4o-mini"))


@pytest.mark.parametrize("schema", [None, PING_SCHEMA])
def test_the_request_body_is_the_one_litellm_sends(fake: FakeOpenAI, schema: dict[str, Any] | None) -> None:
    bound = binding(fake, temperature=0.0, max_tokens=7)
    tools = None if schema else [LIST, READ]
    OpenAIHTTPModel(bound).complete(CONVERSATION, response_schema=schema, tools=tools)
    LiteLLMModel(bound).complete(CONVERSATION, response_schema=schema, tools=tools)
    direct, through_litellm = fake.requests
    assert direct == {key: through_litellm[key] for key in direct}
    assert set(through_litellm) - set(direct) <= {"stream"}  # litellm may name the default explicitly
    assert {"model", "messages", "temperature", "max_tokens"} <= set(direct)
    assert ("tools" in direct) == (tools is not None) and ("response_format" in direct) == (schema is not None)
    assert fake.auth == [f"Bearer {DUMMY_KEY}"] * 2


def test_the_completion_is_the_one_litellm_reads(fake: FakeOpenAI) -> None:
    bound = binding(fake, model="openai/gpt-4o-mini")
    direct = OpenAIHTTPModel(bound).complete(CONVERSATION, tools=[READ])
    through_litellm = LiteLLMModel(bound).complete(CONVERSATION, tools=[READ])
    assert direct.text == through_litellm.text == "reading"
    assert direct.tool_calls == through_litellm.tool_calls
    assert direct.tool_calls[0].arguments == {"path": "notes/a.md"} and direct.tool_calls[1].error
    for field in ("model", "prompt_tokens", "completion_tokens"):
        assert getattr(direct.usage, field) == getattr(through_litellm.usage, field)
    assert direct.usage.cost_usd > 0
    assert direct.usage.cost_usd == pytest.approx(through_litellm.usage.cost_usd)


def test_a_model_the_price_map_does_not_know_costs_nothing() -> None:
    assert cost_usd("openai/no-such-model-anywhere", 1000, 1000) == 0.0
    assert cost_usd("openai/gpt-4o-mini", 1000, 0) > 0


@pytest.mark.parametrize(("kind", "error", "label"), FAILURE_CLASSES)
def test_a_failure_is_classified_as_the_litellm_adapter_classifies_it(
    fake: FakeOpenAI, kind: str, error: type[ModelError], label: str | None
) -> None:
    fake.fault = lambda body, digest, attempt: kind
    fake.retry_after = "3"
    raised = []
    for adapter in (OpenAIHTTPModel(binding(fake)), LiteLLMModel(binding(fake))):
        with pytest.raises(error) as info:
            adapter.complete(PING, response_schema=PING_SCHEMA)
        raised.append(info.value)
    assert [type(e) for e in raised] == [error, error]
    assert len(fake.requests) == 2  # one request per attempt
    if label is not None:
        assert [getattr(e, "kind", None) for e in raised] == [label, label]
    if kind == "rate_limit":
        assert [getattr(e, "retry_after", None) for e in raised] == [3.0, 3.0]


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("request (8224 tokens) exceeds the available context size (8192 tokens), try increasing it", True),
        ("This model's maximum context length is 8192 tokens. However, you requested 9000 tokens.", True),
        ("unknown parameter: frobnicate", False),
    ],
)
def test_a_context_overflow_is_told_from_another_refusal_as_litellm_tells_it(message: str, error: bool) -> None:
    with refusing(message) as (base, hits):
        bound = ModelBinding(model="openai/stub", api_base=base)
        for adapter in (OpenAIHTTPModel(bound), LiteLLMModel(bound)):
            with pytest.raises(ModelError) as raised:
                adapter.complete(PING)
            assert isinstance(raised.value, ContextOverflowError) is error
            assert not isinstance(raised.value, TransientModelError)
    assert len(hits) == 2


def test_the_key_comes_from_api_key_env_and_a_missing_one_sends_nothing(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PROACT_TEST_KEY", raising=False)
    with pytest.raises(ModelConfigError, match="PROACT_TEST_KEY"):
        OpenAIHTTPModel(binding(fake, api_key_env="PROACT_TEST_KEY")).complete(PING)
    assert fake.requests == []
    monkeypatch.setenv("PROACT_TEST_KEY", "sk-test")
    assert OpenAIHTTPModel(binding(fake, api_key_env="PROACT_TEST_KEY")).complete(PING).text == '{"ok": true}'
    assert fake.auth == ["Bearer sk-test"]


def test_threads_calling_at_once_each_get_their_own_answer(fake: FakeOpenAI) -> None:
    model = OpenAIHTTPModel(binding(fake, timeout_s=5.0))
    texts: list[str] = []

    def call(i: int) -> None:
        texts.append(model.complete([Message("user", f"call {i}")], tools=[READ]).tool_calls[0].name)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert texts == ["read_file"] * 8 and len(fake.requests) == 8


def test_an_unreachable_server_fails_the_preflight_as_unreachable() -> None:
    dead = ModelBinding(model="openai/fake", api_base="http://127.0.0.1:9/v1", timeout_s=0.5, retries=0)
    with pytest.raises(PreflightError, match="agent model openai/fake: unreachable"):
        require_models([RoleBinding("agent", dead)])


def test_a_plain_binding_is_pinged_and_called_without_importing_litellm(fake: FakeOpenAI) -> None:
    script = (
        "import sys\n"
        "from engine.models import make_model\n"
        "from engine.models.preflight import RoleBinding, require_models\n"
        "from engine.ports import Message, ToolSpec\n"
        "from engine.schema.config import ModelBinding\n"
        f"bound = ModelBinding(model='openai/fake', api_base={fake.base!r})\n"
        "require_models([RoleBinding('agent', bound)])\n"
        "tool = ToolSpec('read_file', 'Read.', {'type': 'object'})\n"
        "print(make_model(bound).complete([Message('user', 'hi')], tools=[tool]).tool_calls[0].name)\n"
        "print('litellm' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["read_file", "False"]
    assert len(fake.requests) == 2
