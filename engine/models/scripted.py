"""Scripted fake ChatModel: replays a list of outputs or calls a function. Used by tests and demos."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.ports import Completion, Message, ModelError, ToolSpec, Usage

Output = str | dict[str, Any] | Completion
Responder = Callable[[list[Message], dict[str, Any] | None], Output]


class ScriptedModel:
    """Returns scripted outputs in order (dicts are JSON-encoded), or whatever `responder` returns."""

    def __init__(self, outputs: list[Output] | Responder, name: str = "scripted") -> None:
        """A list is consumed in order; running past its end raises ModelError."""
        self._name = name
        self._outputs = outputs
        self._index = 0
        self.calls: list[list[Message]] = []

    @property
    def name(self) -> str:
        """Model identifier."""
        return self._name

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """Return the next scripted output."""
        self.calls.append(list(messages))
        if callable(self._outputs):
            out = self._outputs(messages, response_schema)
        else:
            if self._index >= len(self._outputs):
                raise ModelError(f"scripted model {self._name!r} ran out of outputs after {self._index} calls")
            out = self._outputs[self._index]
            self._index += 1
        if isinstance(out, Completion):
            return out
        text = out if isinstance(out, str) else json.dumps(out)
        return Completion(text=text, usage=Usage(model=self._name, prompt_tokens=0, completion_tokens=0))
