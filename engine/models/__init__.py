"""Model adapters behind engine.ports.ChatModel, bound per role."""

from __future__ import annotations

from engine.models.scripted import ScriptedModel
from engine.ports import ChatModel
from engine.schema.config import ModelBinding


def make_model(binding: ModelBinding) -> ChatModel:
    """Build the adapter for a binding (litellm for every real model)."""
    from engine.models.litellm_model import LiteLLMModel

    return LiteLLMModel(binding)


__all__ = ["ScriptedModel", "make_model"]
