"""The litellm adapter against a local OpenAI-compatible stub server (loopback only, no network)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from engine.models.litellm_model import LiteLLMModel, token_prices
from engine.models.metered import MeteredModel
from engine.ports import ContextOverflowError, Message, ModelError
from engine.schema.config import ModelBinding
from engine.schema.events import Event, ModelUsage
from tests.models.fake_openai import refusing, send_json

SEEN: list[dict] = []  # type: ignore[type-arg]
HI = [Message("user", "hi")]


class Stub(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        SEEN.append({"body": body, "auth": self.headers.get("Authorization")})
        reply = {
            "id": "x",
            "object": "chat.completion",
            "created": 0,
            "model": body["model"],
            "choices": [
                {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": '{"ok": true}'}}
            ],
            "usage": {"prompt_tokens": 11, "completion_tokens": 3, "total_tokens": 14},
        }
        send_json(self, 200, reply)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = HTTPServer(("127.0.0.1", 0), Stub)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/v1"
    httpd.shutdown()


def test_completion_schema_usage_and_key_from_env(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROACT_TEST_KEY", "sk-test-123")
    binding = ModelBinding(
        model="openai/stub", api_base=server, api_key_env="PROACT_TEST_KEY", temperature=0, retries=0
    )
    events: list[Event] = []
    model = MeteredModel(LiteLLMModel(binding), "judge")
    model.sink = events.append
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    out = model.complete([Message("user", "hi")], response_schema=schema)
    assert json.loads(out.text) == {"ok": True}
    request = SEEN[-1]
    assert request["auth"] == "Bearer sk-test-123"
    assert request["body"]["response_format"]["json_schema"]["schema"] == schema
    assert request["body"]["temperature"] == 0
    usage = events[0]
    assert isinstance(usage, ModelUsage)
    assert (usage.role, usage.prompt_tokens, usage.completion_tokens) == ("judge", 11, 3)
    assert "sk-test-123" not in usage.model_dump_json()


@pytest.mark.parametrize("name", ["openai/gpt-4o-mini", "openai/stub"])
def test_cost_is_the_price_maps_for_the_tokens_and_zero_without_a_price(server: str, name: str) -> None:
    out = LiteLLMModel(ModelBinding(model=name, api_base=server, retries=0)).complete([Message("user", "hi")])
    prices = token_prices(name)
    expected = 0.0 if prices is None else 11 * prices[0] + 3 * prices[1]
    assert (prices is None) == (name == "openai/stub")
    assert out.usage.cost_usd == pytest.approx(expected, rel=1e-9, abs=0.0)


def test_calls_on_a_worker_thread_share_one_event_loop(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []
    original = asyncio.new_event_loop

    def counted() -> asyncio.AbstractEventLoop:
        loop = original()
        made.append(loop)
        return loop

    monkeypatch.setattr(asyncio, "new_event_loop", counted)
    monkeypatch.setattr(asyncio.events, "new_event_loop", counted)
    model = LiteLLMModel(ModelBinding(model="openai/stub", api_base=server, retries=0))
    texts: list[str] = []
    worker = threading.Thread(target=lambda: texts.extend(model.complete(HI).text for _ in range(3)))
    worker.start()
    worker.join()
    assert texts == ['{"ok": true}'] * 3
    assert len(made) == 1  # litellm's per-call service hook runs on the thread's loop, not a new one per call


def test_after_the_warm_up_a_first_call_imports_almost_nothing(server: str) -> None:
    code = f"""
import sys
import engine.models.litellm_model as lm
from engine.ports import Message
from engine.schema.config import ModelBinding
lm._import_then_freeze()
before = set(sys.modules)
lm.LiteLLMModel(ModelBinding(model="openai/stub", api_base="{server}", retries=0)).complete([Message("user", "hi")])
print(len(set(sys.modules) - before))
"""
    seen = len(SEEN)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert len(SEEN) == seen + 1  # the warm-up's mocked call sent nothing
    assert int(out.stdout.split()[-1]) < 10  # about 45 modules without the warm-up's mocked call


def test_missing_key_variable_is_a_clear_error() -> None:
    model = LiteLLMModel(ModelBinding(model="openai/stub", api_key_env="PROACT_UNSET_KEY_VAR", retries=0))
    with pytest.raises(ModelError, match="PROACT_UNSET_KEY_VAR"):
        model.complete([Message("user", "hi")])


def test_unreachable_server_raises_model_error_after_retries() -> None:
    binding = ModelBinding(
        model="openai/stub", api_base="http://127.0.0.1:9/v1", api_key_env=None, retries=1, timeout_s=2
    )
    with pytest.raises(ModelError):
        LiteLLMModel(binding).complete([Message("user", "hi")])


@pytest.mark.parametrize(
    ("message", "error"),
    [
        (
            "request (8224 tokens) exceeds the available context size (8192 tokens), try increasing it",
            ContextOverflowError,
        ),
        ("unknown parameter: frobnicate", ModelError),
    ],
)
def test_permanent_errors_are_not_retried(message: str, error: type[ModelError]) -> None:
    with refusing(message) as (base, hits):
        binding = ModelBinding(model="openai/stub", api_base=base, retries=2, extra={"api_key": "none"})
        with pytest.raises(error) as raised:
            LiteLLMModel(binding).complete([Message("user", "hi")])
    assert len(hits) == 1
    assert isinstance(raised.value, ContextOverflowError) == (error is ContextOverflowError)
