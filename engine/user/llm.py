"""LLM user modes: `llm` (model judgments and model-written messages) and `strict` (verbatim reveals)."""

from __future__ import annotations

from typing import Any

from engine.models.structured import InvalidOutputError, ask_structured
from engine.ports import ChatModel, Message, ModelError, ModelUnavailableError
from engine.schema.session import HiddenIntent
from engine.user import prompts
from engine.user.base import SimulatedUser, UserError, UserObservation


class LLMUser(SimulatedUser):
    """Structured-output judgments for both stages; `verbatim` replaces the written message by reveals."""

    def __init__(self, model: ChatModel, *, verbatim: bool = False, attempts: int = 3) -> None:
        """`attempts` bounds the answers asked for one judgment (each rejected one goes back with feedback)."""
        self.model = model
        self.verbatim = verbatim
        self.attempts = attempts
        self._provide = ""

    def _ask(self, prompt: str, schema: dict[str, Any]) -> dict[str, Any]:
        """A judgment valid for `schema` (types, ids among the open intents), asked again with feedback when not.

        ModelUnavailableError propagates (the session ends infra_error); anything else unusable is a UserError.
        """
        messages = [Message("system", prompts.ROLE), Message("user", prompt)]
        try:
            return ask_structured(self.model, messages, schema, self.attempts)
        except InvalidOutputError as exc:
            raise UserError(f"user model gave no valid decision: {exc}") from exc
        except ModelUnavailableError:
            raise
        except ModelError as exc:
            raise UserError(f"user model failed: {exc}") from exc

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
