"""Rules mode: no model. Completed by evidence rules, inferred by keyword questions, provided = reveal."""

from __future__ import annotations

from engine.schema.session import HiddenIntent
from engine.user.base import SimulatedUser, UserObservation
from engine.user.questions import QUESTION_EVIDENCE, targeting_question
from graders.rules import evaluate


class RulesUser(SimulatedUser):
    """Deterministic user used for offline runs and task validation."""

    def completed(self, obs: UserObservation) -> dict[str, str]:
        """An intent is completed when it has evidence rules and all of them pass."""
        done: dict[str, str] = {}
        for intent in obs.open_intents:
            if not intent.evidence:
                continue
            outcomes = [evaluate(rule, obs.evidence) for rule in intent.evidence]
            if all(o.passed for o in outcomes):
                done[intent.id] = "; ".join(o.detail for o in outcomes)
        return done

    def targeted(self, obs: UserObservation, remaining: list[HiddenIntent]) -> dict[str, str]:
        """Intents whose keywords all occur in one question of the latest reply."""
        hits: dict[str, str] = {}
        for intent in remaining:
            question = targeting_question(intent.keywords, obs.latest.agent_text)
            if question is not None:
                hits[intent.id] = f"{QUESTION_EVIDENCE}{question}"
        return hits

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """The first remaining intent in the order the session lists them."""
        return remaining[0].id, "no completion or targeted question; next intent in listed order"

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """The reveal lines, verbatim."""
        return " ".join(i.reveal for i in [*answered, *provided])
