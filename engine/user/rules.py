"""Rules mode: no model. Completed by evidence rules, inferred by keyword questions, provided = reveal."""

from __future__ import annotations

from collections import Counter

from engine.nodes.open_session import render_opening
from engine.ports import WorkspaceError
from engine.schema.session import HiddenIntent
from engine.user.base import SimulatedUser, UserObservation
from engine.user.questions import QUESTION_EVIDENCE, questions, targeting_question
from graders.rules import evaluate


class RulesUser(SimulatedUser):
    """Deterministic user used for offline runs and task validation."""

    def completed(self, obs: UserObservation) -> dict[str, str]:
        """An intent is completed when it has evidence rules and all of them pass."""
        done: dict[str, str] = {}
        for intent in obs.open_intents:
            if not intent.evidence:
                continue
            obs.evidence.failed_reads.clear()
            outcomes = [evaluate(rule, obs.evidence) for rule in intent.evidence]
            failure = obs.evidence.read_failure()
            if not all(o.passed for o in outcomes) and failure is not None:
                raise WorkspaceError(f"cannot check intent {intent.id}: {failure}")
            if all(o.passed for o in outcomes):
                done[intent.id] = "; ".join(o.detail for o in outcomes)
        return done

    def targeted(self, obs: UserObservation, remaining: list[HiddenIntent]) -> dict[str, str]:
        """Intents whose anchored keywords all occur in one question of the latest turn (its reply or an
        `ask_user` call) that matches no other intent still open after stage 1."""
        tool_questions = [r.arguments.get("question", "") for r in obs.latest.tool_records if r.name == "ask_user"]
        asked = questions(obs.latest.agent_text) + [str(q) for q in tool_questions if q]
        opening = render_opening(obs.session)
        matched = {i.id: targeting_question(i.keywords, asked, opening) for i in remaining}
        shared = Counter(q for q in matched.values() if q is not None)
        hits: dict[str, str] = {}
        for intent in remaining:
            question = matched.get(intent.id)
            if question is not None and shared[question] == 1:
                hits[intent.id] = f"{QUESTION_EVIDENCE}{question}"
        return hits

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """The first remaining intent in the order the session lists them."""
        return remaining[0].id, "no completion or targeted question; next intent in listed order"

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """The reveal lines, verbatim."""
        return " ".join(i.reveal for i in [*answered, *provided])
