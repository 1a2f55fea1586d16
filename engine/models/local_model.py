"""ChatModel for `local/...` models: starts the embedded server on first use, then talks to it via litellm."""

from __future__ import annotations

from typing import Any

from engine.models.litellm_model import LiteLLMModel
from engine.models.local_server import ensure_server
from engine.ports import Completion, Message, ToolSpec
from engine.schema.config import ModelBinding

LOCAL_MAX_TOKENS = 1024
LOCAL_SEED = 0
LOCAL_TEMPERATURE = 0.0
LOCAL_FREQUENCY_PENALTY = 1.0


class LocalModel:
    """The embedded llama.cpp model behind the ChatModel port; usage is recorded under the `local/...` name.

    Unless the binding says otherwise, a call is capped at LOCAL_MAX_TOKENS (a small model under a JSON
    schema can otherwise generate until the context is full) and decoded greedily with a fixed seed and a
    frequency penalty: repeatable runs, and (measured on the example persona's first step) the 135M
    model's action shrank from 1024 truncated tokens to a 124-token valid one.
    """

    def __init__(self, binding: ModelBinding) -> None:
        """Nothing starts until the first call."""
        self.binding = binding
        self._inner: LiteLLMModel | None = None

    @property
    def name(self) -> str:
        """The `local/...` model string."""
        return self.binding.model

    def _model(self) -> LiteLLMModel:
        if self._inner is None:
            base_url, alias = ensure_server(self.binding.model)
            defaults = {"api_key": "local", "seed": LOCAL_SEED, "frequency_penalty": LOCAL_FREQUENCY_PENALTY}
            extra = {**defaults, **self.binding.extra}
            update: dict[str, object] = {"model": f"openai/{alias}", "api_base": base_url, "extra": extra}
            update["max_tokens"] = self.binding.max_tokens or LOCAL_MAX_TOKENS
            update["temperature"] = LOCAL_TEMPERATURE if self.binding.temperature is None else self.binding.temperature
            wire = self.binding.model_copy(update=update)
            self._inner = LiteLLMModel(wire, name=self.binding.model)
        return self._inner

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """One completion from the embedded server (started now if this is the first call)."""
        return self._model().complete(messages, response_schema=response_schema, tools=tools)
