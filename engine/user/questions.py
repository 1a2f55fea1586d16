"""Deterministic targeted-question matching for rules mode.

A question is a sentence of the agent's reply that ends with '?' (sentences end at '.', '!' or '?' followed by
white space, or at a line break, so "room B2.14", "3.5 hours" or "e.g. a call" stay inside their sentence), or
the text of an `ask_user` call. An intent is targeted when one question contains every keyword entry of the
intent; an entry lists alternatives separated by '|' and each alternative matches at a word start,
case-insensitively ("deadline|due" matches "due date" and "Deadlines").

A question must be about *that* intent: one of its entries has to be an *anchor* — no alternative of it a
generic task word (engine/user/generic.py) and none already in the session's opening message, so parroting the
request or stuffing a question with task words earns nothing. An intent without an anchor is never inferred
(`proact validate` reports it), and a question that matches several open intents counts for none of them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.user.generic import GENERIC_WORDS

QUESTION_EVIDENCE = "question: "
_ABBREVIATIONS = r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bcf\.)(?<!\bno\.)(?<!\bapprox\.)"
_BOUNDARY = re.compile(r"(?<=[.!?])" + _ABBREVIATIONS + r"\s+|\n", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")
_SUFFIXES = ("", "s", "es", "ed", "ing", "d")


def questions(text: str) -> list[str]:
    """Question sentences of a reply, stripped."""
    found = [part.strip() for part in _BOUNDARY.split(text) if part.strip().endswith("?")]
    return [q for q in found if q.strip(" ?")]


def _alternatives(entry: str) -> list[str]:
    return [alt.strip() for alt in entry.split("|") if alt.strip()]


def _occurs(alt: str, text: str) -> bool:
    return re.search(r"\b" + re.escape(alt), text, re.IGNORECASE) is not None


def entry_matches(entry: str, question: str) -> bool:
    """True when one alternative of a keyword entry occurs at a word start in the question."""
    return any(_occurs(alt, question) for alt in _alternatives(entry))


@lru_cache(maxsize=8192)
def generic_word(word: str) -> bool:
    """A generic task word, or a prefix of one (it would match one at a word start), or one with a suffix."""
    word = word.lower()
    if any(g.startswith(word) for g in GENERIC_WORDS):
        return True
    return any(word == g + suffix for g in GENERIC_WORDS for suffix in _SUFFIXES)


def generic_alternative(alt: str) -> bool:
    """An alternative made of generic words only."""
    words = _WORD.findall(alt.lower())
    return not words or all(generic_word(w) for w in words)


def is_anchor(entry: str, opening: str) -> bool:
    """An entry every alternative of which is specific: not generic and not already in the opening."""
    alts = _alternatives(entry)
    return bool(alts) and not any(generic_alternative(a) or _occurs(a, opening) for a in alts)


def anchored(keywords: list[str], opening: str) -> bool:
    """Whether an intent's keywords include an anchor entry."""
    return any(is_anchor(entry, opening) for entry in keywords)


def targeting_question(keywords: list[str], candidates: list[str], opening: str = "") -> str | None:
    """The first question among `candidates` that contains every keyword entry, when the keywords are anchored."""
    if not keywords or not anchored(keywords, opening):
        return None
    for question in candidates:
        if all(entry_matches(entry, question) for entry in keywords):
            return question
    return None
