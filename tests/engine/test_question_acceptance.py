"""Held-out questions of an acceptance suite: targeted ones must be credited to their intent, near-misses must not."""

from __future__ import annotations

from pathlib import Path

from engine.question_acceptance import check_questions, uncovered
from engine.schema.acceptance import AcceptanceSuite
from engine.validate_targeting import targeting_problems
from tests.engine.helpers import bundle, spec

LUNCH = {
    "id": "i1",
    "content": "Nina did not eat: split between the four who did.",
    "reveal": "Nina skipped lunch.",
    "topic": ["eat|ate|lunch|meal|absent|away", "who|which|anyone|everyone|someone|member"],
}
TIP = {
    "id": "i2",
    "content": "The tip is shared equally.",
    "reveal": "Share the tip equally.",
    "topic": ["tip|gratuity|service charge"],
}
SESSION = spec([LUNCH, TIP], id="s1", request="Please split the receipt in the group's expense app.")


def test_recall_and_precision_of_held_out_questions_are_counted_and_each_miss_named() -> None:
    suite = AcceptanceSuite.model_validate(
        {
            "session": "s1",
            "questions": [
                {
                    "intent": "i1",
                    "targeted": [
                        "The group has five members but the receipt lists four meals. Who didn't eat?",
                        "Was anyone away from lunch today?",
                        "Should I include the tip?",  # about the sibling: a recall miss to report
                    ],
                    "near_misses": ["How should the tip be handled?", "Any preferences?", "Who was there?"],
                }
            ],
        }
    )
    problems, score = check_questions(bundle(SESSION), SESSION, suite, "acceptance/s1.yaml")
    assert (score.targeted, score.credited, score.near_misses, score.quiet) == (3, 2, 3, 3)
    assert [(p.field, p.message.split(":")[0]) for p in problems] == [
        ("questions[0].targeted[2]", "does not infer i1 (credited to ['i2'])")
    ]
    assert uncovered(SESSION, suite) == ["i2"] and uncovered(SESSION, None) == ["i1", "i2"]


def test_validate_reports_a_topic_without_an_anchor() -> None:
    loose = spec(
        [
            {"id": "i1", "content": "c", "reveal": "r", "topic": ["where|save|folder"]},
            {"id": "i2", "content": "c", "reveal": "r", "topic": ["tip|gratuity"]},
            {"id": "i3", "content": "c", "reveal": "r", "keywords": ["booktabs"]},
        ],
        id="s1",
    )
    persona = bundle(loose)
    persona.files["s1"] = Path("sessions/s1.yaml")
    found = [(p.field, p.message[:30]) for p in targeting_problems(persona, loose)]
    assert found == [("hidden_intents[0].topic", "no anchor: every entry is a ge")]
