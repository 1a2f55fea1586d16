"""LLM user modes: `llm` (model judgments and model-written messages) and `strict` (verbatim reveals)."""

from __future__ import annotations

import json
from typing import Any

from engine.ports import ChatModel, Message, ModelError
from engine.schema.session import HiddenIntent
from engine.user import prompts
from engine.user.base import SimulatedUser, UserError, UserObservation


class LLMUser(SimulatedUser):
    """Structured-output judgments for both stages; `verbatim` replaces the written message by reveals."""

    def __init__(self, model: ChatModel, *, verbatim: bool = False, attempts: int = 3) -> None:
        """`attempts` bounds retries on unparseable or schema-violating output."""
        self.model = model
        self.verbatim = verbatim
        self.attempts = attempts
        self._provide = ""

    def _ask(self, prompt: str, schema: dict[str, Any]) -> dict[str, Any]:
        messages = [Message("system", prompts.ROLE), Message("user", prompt)]
        problem = ""
        for _ in range(self.attempts):
            try:
                text = self.model.complete(messages, response_schema=schema).text
            except ModelError as exc:
                raise UserError(f"user model failed: {exc}") from exc
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                problem = f"not JSON: {exc}: {text[:200]!r}"
                continue
            if isinstance(data, dict) and all(key in data for key in schema["required"]):
                return data
            problem = f"missing keys {schema['required']}: {text[:200]!r}"
        raise UserError(f"user model gave no valid decision after {self.attempts} attempts ({problem})")

    def completed(self, obs: UserObservation) -> dict[str, str]:
        """Stage 1 by the model."""
        ids = [i.id for i in obs.open_intents]
        data = self._ask(prompts.completion_prompt(obs), prompts.completion_schema(ids))
        return _pairs(data.get("completed"), "intent_id", "evidence", ids)

    def targeted(self, obs: UserObservation, remaining: list[HiddenIntent]) -> dict[str, str]:
        """Stage 2 by the model; the provide choice of the same call is kept for choose_provided."""
        ids = [i.id for i in remaining]
        data = self._ask(prompts.targeting_prompt(obs, remaining), prompts.targeting_schema(ids))
        self._provide = str(data.get("provide", ""))
        return {k: f"question: {v}" for k, v in _pairs(data.get("targeted"), "intent_id", "question", ids).items()}

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """The model's pick from stage 2 (first remaining when it picked nothing valid)."""
        ids = [i.id for i in remaining]
        if self._provide in ids:
            return self._provide, "chosen by the user model as most relevant now"
        return ids[0], "user model picked no valid intent; first remaining"

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """Verbatim reveals (strict) or a message written by the model in the persona's voice (llm)."""
        if self.verbatim:
            return " ".join(i.reveal for i in [*answered, *provided])
        data = self._ask(prompts.message_prompt(obs, answered, provided), prompts.MESSAGE_SCHEMA)
        text = str(data.get("message", "")).strip()
        return text or " ".join(i.reveal for i in [*answered, *provided])


def _pairs(items: Any, key: str, value: str, allowed: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get(key) in allowed:
            out[str(item[key])] = str(item.get(value, ""))
    return out
