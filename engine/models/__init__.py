"""Model adapters behind engine.ports.ChatModel, bound per role."""

from __future__ import annotations

from engine.models.scripted import ScriptedModel
from engine.ports import ChatModel
from engine.schema.config import ModelBinding


def make_model(binding: ModelBinding) -> ChatModel:
    """Build the adapter for a binding: the embedded server for `local/...`, a direct HTTP client for a plain
    OpenAI-compatible binding (engine/models/openai_http.py), litellm for everything else."""
    from engine.models.local_model import LocalModel
    from engine.models.local_server import is_local
    from engine.models.openai_http import OpenAIHTTPModel, is_plain

    if is_local(binding.model):
        return LocalModel(binding)
    if is_plain(binding):
        return OpenAIHTTPModel(binding)
    from engine.models.litellm_model import LiteLLMModel

    return LiteLLMModel(binding)


def uses_litellm(binding: ModelBinding) -> bool:
    """True when make_model(binding) calls through litellm: neither the embedded server nor a plain binding."""
    from engine.models.local_server import is_local
    from engine.models.openai_http import is_plain

    return not is_local(binding.model) and not is_plain(binding)


__all__ = ["ScriptedModel", "make_model", "uses_litellm"]
