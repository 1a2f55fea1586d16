"""A scripted agent model with usage like a hosted one: tokens counted from the request (4 characters a token, the
estimate's own rule of thumb) and a fixed price per call, for the --estimate and --max-cost tests."""

from __future__ import annotations

import json
from typing import Any

from engine.ports import Completion, Message, Usage
from engine.schema.config import ModelBinding

CHARS_PER_TOKEN = 4


def tokens(text: str) -> int:
    """The stand-in tokenizer."""
    return max(1, len(text) // CHARS_PER_TOKEN)


class PricedAgent:
    """Reads one workspace file on the first step of every turn, then replies; fills its memory with one line.
    Each call costs `cost_per_call` USD and reports the tokens of its request and answer."""

    def __init__(self, binding: ModelBinding, cost_per_call: float = 0.01) -> None:
        """The binding's model string is the name recorded in usage."""
        self.name = binding.model
        self.cost_per_call = cost_per_call
        self.calls = 0

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: Any = None,
    ) -> Completion:
        """The next action for this conversation."""
        self.calls += 1
        if response_schema is not None and "memory" in response_schema.get("properties", {}):
            answer: dict[str, Any] = {"memory": "The user runs a repair café; sessions so far were planning."}
        elif messages[-1].content.startswith("[result of"):
            answer = {"thought": "I have read it.", "action": "reply", "message": "I looked at the files; noted."}
        else:
            answer = {"thought": "Look first.", "action": "list_dir", "arguments": {"path": "."}}
        text = json.dumps(answer)
        prompt = sum(tokens(m.content) for m in messages)
        usage = Usage(self.name, prompt_tokens=prompt, completion_tokens=tokens(text), cost_usd=self.cost_per_call)
        return Completion(text=text, usage=usage)
