"""Leakage check: does a hidden intent's wording already appear in the opening the agent sees?

Score = the share of the intent text's word trigrams (lower-cased alphanumeric tokens) that also occur
in the opening (request + trigger payload). A score of LEAK_THRESHOLD (0.5) or more is an error:
half of the intent would be stated verbatim. Texts shorter than three tokens are compared as sets of
tokens instead.
"""

from __future__ import annotations

import re

LEAK_N = 3
LEAK_THRESHOLD = 0.5


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _grams(tokens: list[str], n: int) -> set[tuple[str, ...]]:
    if len(tokens) < n:
        return {tuple(tokens)} if tokens else set()
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def leak_score(intent_text: str, opening: str) -> float:
    """Fraction of the intent's word trigrams found in the opening (0.0 when the intent is empty)."""
    intent = _grams(_tokens(intent_text), LEAK_N)
    if not intent:
        return 0.0
    return len(intent & _grams(_tokens(opening), LEAK_N)) / len(intent)
