"""Rules mode: no model. Completed by evidence rules, inferred by questions about an intent's topic, provided = the
reveal of the open intent closest to what the agent last asked or did."""

from __future__ import annotations

import json
from collections import Counter

from engine.nodes.open_session import render_opening
from engine.ports import WorkspaceError
from engine.schema.session import HiddenIntent
from engine.user.base import SimulatedUser, UserObservation
from engine.user.questions import QUESTION_EVIDENCE, Asked, asked_in, entry_matches, targeting
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
        """Intents one question of the latest turn (its reply or an `ask_user` call) is about, read with its
        context (engine/user/questions.py); a question about several open intents counts for none."""
        asked = latest_questions(obs)
        opening = render_opening(obs.session)
        matched = {i.id: targeting(i.question_topic, asked, opening) for i in remaining}
        shared = Counter(a.question for a in matched.values() if a is not None)
        hits: dict[str, str] = {}
        for intent in remaining:
            hit = matched.get(intent.id)
            if hit is not None and shared[hit.question] == 1:
                hits[intent.id] = f"{QUESTION_EVIDENCE}{hit.question}"
        return hits

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """The remaining intent closest to what the agent last asked (then said or did): the most of its topic
        entries in the latest turn's questions, then in its whole reply and tool calls; else the first listed."""
        asked = " ".join(a.context for a in latest_questions(obs))
        acted = " ".join(
            [obs.latest.agent_text, *(json.dumps(r.arguments, ensure_ascii=False) for r in obs.latest.tool_records)]
        )

        def closeness(intent: HiddenIntent) -> tuple[int, int]:
            topic = intent.question_topic
            return sum(entry_matches(e, asked) for e in topic), sum(entry_matches(e, acted) for e in topic)

        best = max(remaining, key=closeness)  # max keeps the first of equals: the listed order breaks ties
        near = closeness(best)
        if near == (0, 0):
            return remaining[0].id, "no completion or targeted question, nothing asked near one: first listed"
        where = "asked about" if near[0] else "said or did about"
        return (
            best.id,
            f"no completion or targeted question; nearest what the agent {where} ({near[0] or near[1]} topic entries)",
        )

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """The reveal lines, verbatim."""
        return " ".join(i.reveal for i in [*answered, *provided])


def latest_questions(obs: UserObservation) -> list[Asked]:
    """The questions of the latest turn: its reply's, with their context, and every `ask_user` call's."""
    tool_questions = [r.arguments.get("question", "") for r in obs.latest.tool_records if r.name == "ask_user"]
    asked = asked_in(obs.latest.agent_text)
    for text in tool_questions:
        if text:
            asked += asked_in(str(text)) or [Asked(str(text), str(text))]
    return asked
