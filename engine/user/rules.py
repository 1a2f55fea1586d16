"""Rules mode: no model. Completed by evidence rules, inferred by questions about an intent's topic, provided = the
reveal of the open intent nearest what the agent last asked."""

from __future__ import annotations

from engine.nodes.open_session import render_opening
from engine.ports import WorkspaceError
from engine.schema.session import HiddenIntent
from engine.user.base import SimulatedUser, TurnView, UserObservation
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
        with its context (engine/user/questions.py; `question_about`). None once the agent has asked PATIENCE
        questions about nothing in this session (`stray_questions`): the user no longer reads its questions."""
        if stray_questions(obs) >= PATIENCE:
            return {}
        open_ids = {i.id for i in remaining}
        hits: dict[str, str] = {}
        for question in turn_questions(obs.latest):
            chosen = question_about(question, obs)
            if chosen is not None and chosen.id in open_ids and chosen.id not in hits:
                hits[chosen.id] = f"{QUESTION_EVIDENCE}{question.question}"
        return hits

    def confirmed(self, obs: UserObservation, done: list[HiddenIntent]) -> list[HiddenIntent]:
        """Intents completed this turn that a question of it is about: the agent asked whether to do what it did."""
        credited = self.targeted(obs, done) if done else {}
        return [i for i in done if i.id in credited]

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """The remaining intent nearest what the agent last asked (the largest share of its topic entries in the
        latest turn's question sentences, then in them with their context), else the first listed of those only the
        user knows (`source: ask`), else the first listed. What the agent said or did is not used: an intent it is
        working on, or could still find in the workspace, is left for it to finish."""
        asked = turn_questions(obs.latest)
        sentences = " ".join(a.question for a in asked)
        contexts = " ".join(a.context for a in asked)

        def closeness(intent: HiddenIntent) -> tuple[float, float]:
            topic = intent.question_topic or [""]
            share = len(topic)
            in_sentence = sum(entry_matches(e, sentences) for e in topic if e)
            return in_sentence / share, sum(entry_matches(e, contexts) for e in topic if e) / share

        best = max(remaining, key=closeness)  # max keeps the first of equals: the listed order breaks ties
        first, listed = _first_to_tell(remaining)
        if stray_questions(obs) >= PATIENCE:
            why = f"the agent asked {PATIENCE} questions about nothing this session, so its questions go unread"
            return first.id, f"no completion; {why}: {listed}"
        if not closeness(best)[1]:
            return first.id, f"no completion or targeted question, nothing asked near one: {listed}"
        return best.id, "no completion or targeted question; the intent nearest what the agent asked about"

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """The reveal lines, verbatim."""
        return " ".join(i.reveal for i in [*answered, *provided])


QUESTIONS_PER_TURN = 3
"""The questions of one turn the user reads for targeting: a person answers a few questions, not a questionnaire, so
an agent cannot earn credit by asking about everything in sight (the burden metrics count every question)."""

PATIENCE = 3
"""Questions about nothing the user is missing after which the user stops reading the agent's questions for the rest
of the session: a person who has been asked three questions that are not about anything they left out stops treating
the next ones as questions. A targeted agent asks few and to the point; an agent that sprays questions made of the
session's words gets three tries, not one per turn."""


def turn_questions(view: TurnView) -> list[Asked]:
    """The first QUESTIONS_PER_TURN questions of one turn: its `ask_user` calls', then its reply's, each with its
    context."""
    asked: list[Asked] = []
    for record in view.tool_records:
        text = str(record.arguments.get("question", "")) if record.name == "ask_user" else ""
        if text:
            asked += asked_in(text) or [Asked(text, text)]
    return [*asked, *asked_in(view.agent_text)][:QUESTIONS_PER_TURN]


def question_about(question: Asked, obs: UserObservation) -> HiddenIntent | None:
    """The session's intent `question` is about, settled ones included; None when it is about none or several
    (`_about`), names more than STRAY_WORDS specific words beyond that intent's topic, or is a bare list of terms
    with two or more of them (`bare_list`)."""
    opening = render_opening(obs.session)
    matched = [
        (intent, question)
        for intent in obs.session.hidden_intents
        if targeting(intent.question_topic, [question], opening) is not None
    ]
    chosen = _about(matched, opening) if matched else None
    if chosen is None:
        return None
    stray = len(stray_words(chosen.question_topic, question.question))
    return chosen if stray <= STRAY_WORDS and not (bare_list(question.question) and stray >= 2) else None


def stray_questions(obs: UserObservation) -> int:
    """How many questions of the agent's earlier turns in this session were about none of its intents."""
    return sum(question_about(q, obs) is None for view in obs.earlier for q in turn_questions(view))


def _first_to_tell(remaining: list[HiddenIntent]) -> tuple[HiddenIntent, str]:
    """The intent a user volunteers when nothing the agent asked points to one: the first listed that only the user
    knows, else the first listed; and how it was chosen."""
    ask_only = [i for i in remaining if i.source == "ask"]
    if ask_only:
        return ask_only[0], "the first listed that only the user knows"
    return remaining[0], "first listed (all could be found in the workspace or an earlier session)"


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
