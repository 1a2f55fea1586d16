"""Model adapters behind engine.ports.ChatModel, bound per role."""

from __future__ import annotations

from engine.models.scripted import ScriptedModel
from engine.ports import ChatModel
from engine.schema.config import ModelBinding


def make_model(binding: ModelBinding) -> ChatModel:
    """Build the adapter for a binding: the embedded server for `local/...`, litellm for everything else."""
    from engine.models.litellm_model import LiteLLMModel
    from engine.models.local_model import LocalModel
    from engine.models.local_server import is_local

    if is_local(binding.model):
        return LocalModel(binding)
    return LiteLLMModel(binding)


__all__ = ["ScriptedModel", "make_model"]
