"""Rules mode: no model. Completed by evidence rules, inferred by questions about an intent's topic, provided = the
reveal of the open intent nearest what the agent last asked."""

from __future__ import annotations

from engine.nodes.open_session import render_opening
from engine.ports import WorkspaceError
from engine.schema.session import HiddenIntent
from engine.user.base import SimulatedUser, UserObservation
from engine.user.questions import (
    QUESTION_EVIDENCE,
    STRAY_WORDS,
    Asked,
    asked_in,
    bare_list,
    entry_matches,
    stray_words,
    strength,
    targeting,
)
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
        """Intents of `remaining` one question of the latest turn (its reply or an `ask_user` call) is about, read
        with its context (engine/user/questions.py). Every intent of the session is matched, settled ones too: a
        question several match goes to the one it is clearly about (`_about`), else to none; and one naming more
        than STRAY_WORDS specific words beyond that intent's topic, or a bare list of terms with two or more of them
        (`bare_list`), is not a question about it."""
        asked = latest_questions(obs)
        opening = render_opening(obs.session)
        open_ids = {i.id for i in remaining}
        hits: dict[str, str] = {}
        for question in asked:
            matched = [
                (intent, question)
                for intent in obs.session.hidden_intents
                if targeting(intent.question_topic, [question], opening) is not None
            ]
            chosen = _about(matched, opening) if matched else None
            if chosen is None or chosen.id not in open_ids or chosen.id in hits:
                continue
            stray = len(stray_words(chosen.question_topic, question.question))
            if stray <= STRAY_WORDS and not (bare_list(question.question) and stray >= 2):
                hits[chosen.id] = f"{QUESTION_EVIDENCE}{question.question}"
        return hits

    def confirmed(self, obs: UserObservation, done: list[HiddenIntent]) -> list[HiddenIntent]:
        """Intents completed this turn that a question of it is about: the agent asked whether to do what it did."""
        credited = self.targeted(obs, done) if done else {}
        return [i for i in done if i.id in credited]

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """The remaining intent nearest what the agent last asked (the largest share of its topic entries in the
        latest turn's question sentences, then in them with their context), else the first listed. What the agent
        said or did is not used: an intent it is working on is left for it to finish."""
        asked = latest_questions(obs)
        sentences = " ".join(a.question for a in asked)
        contexts = " ".join(a.context for a in asked)

        def closeness(intent: HiddenIntent) -> tuple[float, float]:
            topic = intent.question_topic or [""]
            share = len(topic)
            in_sentence = sum(entry_matches(e, sentences) for e in topic if e)
            return in_sentence / share, sum(entry_matches(e, contexts) for e in topic if e) / share

        best = max(remaining, key=closeness)  # max keeps the first of equals: the listed order breaks ties
        if not closeness(best)[1]:
            return remaining[0].id, "no completion or targeted question, nothing asked near one: first listed"
        return best.id, "no completion or targeted question; the intent nearest what the agent asked about"

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """The reveal lines, verbatim."""
        return " ".join(i.reveal for i in [*answered, *provided])


QUESTIONS_PER_TURN = 3
"""The questions of one turn the user reads for targeting: a person answers a few questions, not a questionnaire, so
an agent cannot earn credit by asking about everything in sight (the burden metrics count every question)."""


def latest_questions(obs: UserObservation) -> list[Asked]:
    """The first QUESTIONS_PER_TURN questions of the latest turn: its `ask_user` calls', then its reply's, each with
    its context."""
    asked: list[Asked] = []
    for record in obs.latest.tool_records:
        text = str(record.arguments.get("question", "")) if record.name == "ask_user" else ""
        if text:
            asked += asked_in(text) or [Asked(text, text)]
    return [*asked, *asked_in(obs.latest.agent_text)][:QUESTIONS_PER_TURN]


def _about(matched: list[tuple[HiddenIntent, Asked]], opening: str) -> HiddenIntent | None:
    """The intent a question several intents match is about. Intents named in the question sentence itself outrank
    those named only in the sentence it refers back to; among the rest, the only one whose whole topic is there, else
    the only one naming at least two specific words of its topic there while each other names at most one (an
    incidental word); None when the question is about several."""
    if len(matched) == 1:
        return matched[0][0]
    asked = matched[0][1]
    direct = [i for i, _ in matched if strength(i.question_topic, asked.question, opening)]
    candidates, focus = (direct, asked.question) if direct else ([i for i, _ in matched], asked.focus())
    if len(candidates) == 1:
        return candidates[0]
    whole = [i for i in candidates if all(entry_matches(e, focus) for e in i.question_topic)]
    if len(whole) == 1:
        return whole[0]
    ranked = sorted(((strength(i.question_topic, focus, opening), n) for n, i in enumerate(candidates)), reverse=True)
    (best, index), (runner_up, _) = ranked[0], ranked[1]
    return candidates[index] if best >= 2 and runner_up <= 1 else None
