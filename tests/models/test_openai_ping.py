"""The preflight ping over httpx (engine/models/openai_ping.py) against our fake server on 127.0.0.1: it sends
what litellm sends, fails as litellm's adapter fails for the same HTTP outcome, and needs no litellm import."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from engine.models.litellm_model import DUMMY_KEY, LiteLLMModel
from engine.models.openai_ping import OpenAIPing, pingable
from engine.models.preflight import PING, PING_SCHEMA, PreflightError, RoleBinding, require_models
from engine.ports import ModelConfigError, ModelError
from engine.schema.config import ModelBinding
from tests.conftest import REPO
from tests.models.fake_openai import FAILURE_CLASSES, Body, FakeOpenAI


def ok(body: Body) -> dict[str, object]:
    return {"content": '{"ok": true}'}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI(ok)
    server.base = server.start()  # type: ignore[attr-defined]
    yield server
    server.stop()


def binding(fake: FakeOpenAI, **fields: object) -> ModelBinding:
    return ModelBinding(model="openai/fake", api_base=fake.base, timeout_s=0.5, **fields)  # type: ignore[attr-defined,arg-type]


def test_only_plain_openai_compatible_bindings_with_a_readable_key_are_pinged_without_litellm() -> None:
    base = "http://127.0.0.1:9/v1"
    assert pingable(ModelBinding(model="openai/m", api_base=base))
    assert pingable(ModelBinding(model="openai/m", api_base="https://example.org/v1", api_key_env="K"))
    assert not pingable(ModelBinding(model="openai/m", api_base="https://example.org/v1"))  # OPENAI_API_KEY: litellm
    assert not pingable(ModelBinding(model="openai/m"))
    assert not pingable(ModelBinding(model="anthropic/m", api_base=base))
    assert not pingable(ModelBinding(model="openai/m", api_base=base, extra={"extra_headers": {"X": "1"}}))


def test_the_ping_sends_the_request_litellm_sends(fake: FakeOpenAI) -> None:
    bound = binding(fake, temperature=0.0, max_tokens=7)
    OpenAIPing(bound).complete(PING, response_schema=PING_SCHEMA)
    LiteLLMModel(bound).complete(PING, response_schema=PING_SCHEMA)
    ping, through_litellm = fake.requests
    assert ping == {key: through_litellm[key] for key in ping}
    assert set(ping) == {"model", "messages", "temperature", "max_tokens", "response_format"}
    assert fake.auth == [f"Bearer {DUMMY_KEY}"] * 2


@pytest.mark.parametrize(
    ("kind", "error", "label"),
    FAILURE_CLASSES,
)
def test_a_failed_ping_is_classified_as_the_litellm_adapter_classifies_it(
    fake: FakeOpenAI, kind: str, error: type[ModelError], label: str | None
) -> None:
    fake.fault = lambda body, digest, attempt: kind
    raised = []
    for adapter in (OpenAIPing(binding(fake)), LiteLLMModel(binding(fake))):
        with pytest.raises(error) as info:
            adapter.complete(PING, response_schema=PING_SCHEMA)
        raised.append(info.value)
    assert [type(e) for e in raised] == [error, error]
    if label is not None:
        assert [getattr(e, "kind", None) for e in raised] == [label, label]


def test_the_key_comes_from_api_key_env_and_a_missing_one_sends_nothing(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PROACT_TEST_KEY", raising=False)
    with pytest.raises(ModelConfigError, match="PROACT_TEST_KEY"):
        OpenAIPing(binding(fake, api_key_env="PROACT_TEST_KEY")).complete(PING)
    assert fake.requests == []
    monkeypatch.setenv("PROACT_TEST_KEY", "sk-test")
    assert OpenAIPing(binding(fake, api_key_env="PROACT_TEST_KEY")).complete(PING).text == '{"ok": true}'
    assert fake.auth == ["Bearer sk-test"]


def test_an_unreachable_server_fails_the_preflight_as_unreachable() -> None:
    dead = ModelBinding(model="openai/fake", api_base="http://127.0.0.1:9/v1", timeout_s=0.5, retries=0)
    with pytest.raises(PreflightError, match="agent model openai/fake: unreachable"):
        require_models([RoleBinding("agent", dead)])


def test_the_preflight_of_a_plain_binding_does_not_import_litellm(fake: FakeOpenAI) -> None:
    script = (
        "import sys\n"
        "from engine.models.preflight import RoleBinding, require_models\n"
        "from engine.schema.config import ModelBinding\n"
        f"require_models([RoleBinding('agent', ModelBinding(model='openai/fake', api_base={fake.base!r}))])\n"  # type: ignore[attr-defined]
        "print('litellm' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert len(fake.requests) == 1
