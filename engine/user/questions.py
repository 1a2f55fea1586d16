"""Deterministic targeted-question matching for rules mode.

A question is a sentence of the agent's reply that ends with '?'; sentences end at '.', '!' or '?'
followed by white space, or at a line break, so "room B2.14" or "3.5 hours" stay inside their sentence.
An intent is targeted when one question contains every keyword entry of the intent; an entry lists
alternatives separated by '|' and each alternative matches at a word start, case-insensitively ("deadline|due" matches
"due date" and "Deadlines"). Generic questions ("anything else?") match nothing because intents
carry specific keywords; an intent without keywords is never inferred in rules mode.
"""

from __future__ import annotations

import re

QUESTION_EVIDENCE = "question: "
_BOUNDARY = re.compile(r"(?<=[.!?])\s+|\n")


def questions(text: str) -> list[str]:
    """Question sentences of a reply, stripped."""
    found = [part.strip() for part in _BOUNDARY.split(text) if part.strip().endswith("?")]
    return [q for q in found if q.strip(" ?")]


def entry_matches(entry: str, question: str) -> bool:
    """True when one alternative of a keyword entry occurs at a word start in the question."""
    return any(
        re.search(r"\b" + re.escape(alt.strip()), question, re.IGNORECASE) for alt in entry.split("|") if alt.strip()
    )


def targeting_question(keywords: list[str], text: str) -> str | None:
    """The first question of `text` that contains every keyword entry, or None."""
    if not keywords:
        return None
    for question in questions(text):
        if all(entry_matches(entry, question) for entry in keywords):
            return question
    return None
