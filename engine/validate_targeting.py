"""Validate checks of rules-mode question targeting: every intent's topic (else keywords) is anchored, and no generic
question of the battery (engine/user/generic.py) infers any intent."""

from __future__ import annotations

from engine.loader import PersonaBundle, Problem
from engine.nodes.open_session import render_opening
from engine.schema.session import SessionSpec
from engine.user.generic import GENERIC_QUESTIONS
from engine.user.questions import anchored, targeting_question


def targeting_problems(bundle: PersonaBundle, spec: SessionSpec) -> list[Problem]:
    """Unanchored topics and intents a generic question would infer."""
    file = str(bundle.files[spec.id])
    opening = render_opening(spec)
    out: list[Problem] = []
    for n, intent in enumerate(spec.hidden_intents):
        topic = intent.question_topic
        if not topic:
            continue
        where = f"hidden_intents[{n}].{'topic' if intent.topic else 'keywords'}"
        if not anchored(topic, opening):
            out.append(
                Problem(
                    file,
                    where,
                    "no anchor: every entry is a generic task word or already in the opening, so no question can be "
                    "about this intent; add an entry of its own names, numbers or domain terms",
                )
            )
            continue
        for question in GENERIC_QUESTIONS:
            if targeting_question(topic, [question], opening) is not None:
                out.append(Problem(file, where, f"the generic question {question!r} infers it"))
                break
    return out
