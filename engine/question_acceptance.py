"""Question acceptance: the held-out questions of a session's acceptance suite put to the rules user.

Each question is the agent's whole first reply, every intent of the session still open, as a careful assistant would
ask before it knows anything: a targeted question must be credited to its intent (recall), a near-miss must not
(precision). `proact validate` reports each one that is not, and the robustness table gives recall and precision per
session.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.loader import PersonaBundle, Problem
from engine.nodes.open_session import render_opening
from engine.schema.acceptance import AcceptanceSuite
from engine.schema.session import SessionSpec
from engine.user.base import TurnView, UserObservation
from engine.user.rules import RulesUser
from graders.view import EvidenceView
from sandbox.workspace.memory import MemoryWorkspace


@dataclass
class QuestionScore:
    """Held-out questions of one session: how many were put and how many behaved."""

    targeted: int = 0
    credited: int = 0
    near_misses: int = 0
    quiet: int = 0


def credited(bundle: PersonaBundle, spec: SessionSpec, reply: str) -> set[str]:
    """The intents the rules user credits a first reply's questions to, every intent of the session open."""
    opening = render_opening(spec)
    observation = UserObservation(
        persona=bundle.persona,
        session=spec,
        opening=opening,
        open_intents=list(spec.hidden_intents),
        conversation=[("user", opening)],
        latest=TurnView(1, reply, [], []),
        evidence=EvidenceView(workspace=MemoryWorkspace()),
    )
    return set(RulesUser().targeted(observation, list(spec.hidden_intents)))


def check_questions(
    bundle: PersonaBundle, spec: SessionSpec, suite: AcceptanceSuite, file: str
) -> tuple[list[Problem], QuestionScore]:
    """Problems for every held-out question the rules user misjudges, and the session's score."""
    known = {i.id for i in spec.hidden_intents}
    score = QuestionScore()
    out: list[Problem] = []
    for n, entry in enumerate(suite.questions):
        where = f"questions[{n}]"
        if entry.intent not in known:
            out.append(Problem(file, f"{where}.intent", f"{entry.intent!r} is not an intent of {spec.id}"))
            continue
        for k, reply in enumerate(entry.targeted):
            hits = credited(bundle, spec, reply)
            score.targeted += 1
            score.credited += entry.intent in hits
            if entry.intent not in hits:
                got = f"credited to {sorted(hits)}" if hits else "credited to no intent"
                out.append(Problem(file, f"{where}.targeted[{k}]", f"does not infer {entry.intent} ({got}): {reply!r}"))
        for k, reply in enumerate(entry.targeted_open):
            hits = credited(bundle, spec, reply)
            score.targeted += 1
            score.credited += entry.intent in hits
            note = "is credited now: move it to targeted" if entry.intent in hits else "a known miss"
            out.append(Problem(file, f"{where}.targeted_open[{k}]", f"{note} ({entry.intent}): {reply!r}", "warning"))
        for k, reply in enumerate(entry.near_misses):
            hits = credited(bundle, spec, reply)
            score.near_misses += 1
            score.quiet += entry.intent not in hits
            if entry.intent in hits:
                out.append(Problem(file, f"{where}.near_misses[{k}]", f"infers {entry.intent}: {reply!r}"))
    return out, score


def uncovered(spec: SessionSpec, suite: AcceptanceSuite | None) -> list[str]:
    """Intents that can be inferred (they declare a topic or keywords) and have no held-out questions."""
    covered = set() if suite is None else {q.intent for q in suite.questions}
    return [i.id for i in spec.hidden_intents if i.question_topic and i.id not in covered]
