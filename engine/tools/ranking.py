"""One ranker for every offline lookup tool: BM25 over short documents, ties broken by key."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping

_WORD = re.compile(r"[a-z0-9]+")
SNIPPET_CHARS = 200


def words(text: str) -> list[str]:
    """Lower-case word tokens."""
    return _WORD.findall(text.lower())


def bm25(docs: Mapping[str, str], query: str, count: int) -> list[tuple[str, float]]:
    """The keys of the `count` best documents for the query, with scores, best first.

    Only documents sharing at least one query term are returned; equal scores are ordered by key.
    """
    terms = set(words(query))
    counts = {key: Counter(words(text)) for key, text in docs.items()}
    if not terms or not counts:
        return []
    average = sum(sum(c.values()) for c in counts.values()) / len(counts) or 1.0
    scored = []
    for key, tf_of in counts.items():
        length = sum(tf_of.values())
        score = 0.0
        for term in terms & tf_of.keys():
            with_term = sum(1 for c in counts.values() if term in c)
            idf = math.log(1 + (len(counts) - with_term + 0.5) / (with_term + 0.5))
            tf = tf_of[term]
            score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
        if score > 0:
            scored.append((-score, key))
    return [(key, -neg) for neg, key in sorted(scored)[:count]]


def snippet(text: str, query: str) -> str:
    """About SNIPPET_CHARS of the text around the first query term it contains (whitespace collapsed)."""
    text = " ".join(text.split())
    lower = text.lower()
    hits = [lower.find(term) for term in words(query) if term in lower]
    start = max(0, min(hits) - SNIPPET_CHARS // 4) if hits else 0
    return text[start : start + SNIPPET_CHARS]
