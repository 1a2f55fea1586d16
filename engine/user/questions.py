"""Deterministic targeted-question matching for rules mode: is a question about *that* intent?

A question is a sentence of the agent's reply that ends with '?' once its Markdown is stripped (sentences end at
'.', '!' or '?' followed by white space, so "room B2.14", "3.5 hours" or "e.g. a call" stay inside their sentence; a
paragraph, list item, heading or table row ends one too, a hard-wrapped line does not), or the text of an `ask_user`
call. It is read with its context: the sentences before it in the same
paragraph or list item (a careful assistant states what it found, then asks).

An intent declares its `topic` (else its `keywords`): entries naming what a question that targets it is about, each
listing alternatives separated by '|'. The intent is targeted when every entry occurs in the question read with its
context and one *anchor* occurs in the question sentence itself. Words are compared folded: case, Markdown,
plural and tense endings and common irregular forms ("ate" ~ "eat"), negations and auxiliaries dropped, so "who
didn't eat" reads like "who ate"; an alternative matches at a word start ("attend" matches "attendance"), and the
words of a several-word alternative occur in order with at most two words between them.

The anchor is a *specific* alternative of an entry: not made of generic task words (engine/user/generic.py) and not
already in the session's opening message, so parroting the request or stuffing a question with task words earns
nothing. An intent
without an anchor is never inferred (`proact validate` reports it), and a question sentence credited to several open
intents counts for none of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.user.generic import GENERIC_WORDS

QUESTION_EVIDENCE = "question: "
MAX_GAP = 2
"""Words allowed between two words of a several-word alternative ("who ate" in "who of you ate")."""

_ABBREVIATIONS = r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bcf\.)(?<!\bno\.)(?<!\bapprox\.)"
_BOUNDARY = re.compile(r"(?<=[.!?])" + _ABBREVIATIONS + r"\s+|\n", re.IGNORECASE)
_BLOCK = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*+•]|\d+[.)])\s)")
_OWN_LINE = re.compile(r"(?m)^(\s{0,3}#.*|\s*\|.*)$")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MARKUP = re.compile(r"(?m)^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+•]\s+|\d+[.)]\s+)|[*`~]+|(?<![a-z0-9])_+|_+(?![a-z0-9])", re.I)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_SUFFIXES = ("", "s", "es", "ed", "ing", "d")
_NEGATIONS = frozenset({"not", "no", "never", "none", "nobody", "nothing", "without"})
_AUXILIARIES = frozenset(
    [
        "do",
        "does",
        "did",
        "be",
        "is",
        "are",
        "was",
        "were",
        "am",
        "been",
        "being",
        "will",
        "would",
        "shall",
        "should",
        "can",
        "could",
        "may",
        "might",
        "must",
        "have",
        "has",
        "had",
        "get",
        "got",
    ]
)
_REFERRING = frozenset(
    [
        "it",
        "its",
        "them",
        "they",
        "their",
        "that",
        "those",
        "this",
        "these",
        "he",
        "him",
        "his",
        "she",
        "her",
        "one",
        "ones",
        "there",
        "such",
    ]
)
"""Words by which a question refers back to the sentence before it."""
_IRREGULAR = {
    "ate": "eat", "eaten": "eat", "paid": "pay", "sent": "send", "bought": "buy", "went": "go", "gone": "go",
    "made": "make", "took": "take", "taken": "take", "gave": "give", "given": "give", "left": "leave",
    "met": "meet", "spent": "spend", "told": "tell", "sold": "sell", "wrote": "write", "written": "write",
    "chose": "choose", "chosen": "choose", "began": "begin", "begun": "begin", "kept": "keep", "held": "hold",
    "brought": "bring", "thought": "think", "found": "find", "came": "come", "won": "win", "lost": "lose",
    "ran": "run", "sat": "sit", "saw": "see", "seen": "see", "knew": "know", "known": "know", "flew": "fly",
    "flown": "fly", "drove": "drive", "driven": "drive", "rode": "ride", "ridden": "ride", "felt": "feel",
    "meant": "mean", "said": "say", "stood": "stand", "taught": "teach", "caught": "catch", "fell": "fall",
    "fallen": "fall", "grew": "grow", "grown": "grow", "drew": "draw", "drawn": "draw", "children": "child",
    "people": "person", "women": "woman", "men": "man",
}  # fmt: skip


@dataclass(frozen=True)
class Asked:
    """One question the agent asked: the sentence itself, the sentence read with its context, and the sentence just
    before it in its paragraph or list item ("" when none)."""

    question: str
    context: str
    lead: str = ""

    def focus(self) -> str:
        """Where the question's subject must be named: the question sentence, with the sentence before it when the
        question refers back to it ("Some rows are staff test purchases. Leave them out?")."""
        refers = any(word in _REFERRING for word in _WORD.findall(self.question.lower()))
        return f"{self.lead} {self.question}" if self.lead and refers else self.question


def strip_markdown(text: str) -> str:
    """Text without Markdown emphasis, code ticks, heading, quote and list markers; links keep their text."""
    return _MARKUP.sub("", _LINK.sub(r"\1", text))


def _sentences(block: str) -> list[str]:
    """The sentences of a paragraph or list item, its hard-wrapped lines read as one."""
    return [part.strip() for part in _BOUNDARY.split(" ".join(block.split("\n"))) if part.strip()]


def asked_in(text: str) -> list[Asked]:
    """Every question of a reply with its context (the sentences before it in its paragraph or list item)."""
    out: list[Asked] = []
    for block in _BLOCK.split(_OWN_LINE.sub(r"\n\1\n", text)):
        before: list[str] = []
        for sentence in _sentences(strip_markdown(block)):
            if sentence.endswith("?") and sentence.strip(" ?"):
                out.append(Asked(sentence, " ".join([*before, sentence]), before[-1] if before else ""))
            before.append(sentence)
    return out


def questions(text: str) -> list[str]:
    """Question sentences of a reply, Markdown stripped."""
    return [a.question for a in asked_in(text)]


@lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """One word folded: lower case, possessive and n't dropped, irregular forms mapped, plural and tense endings cut."""
    word = word.lower().removesuffix("'s").removesuffix("n't").replace("'", "")
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    for suffix, keep, stem in (("ies", "y", 3), ("ing", "", 4), ("ed", "", 4), ("es", "", 4), ("s", "", 3)):
        if word.endswith(suffix) and len(word) - len(suffix) >= stem and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word[:-1] if word.endswith("e") and len(word) >= 5 else word  # share, shared, sharing: "shar"


Word = tuple[str, str]
"""A word of a text: folded, and as written (lower case)."""


@lru_cache(maxsize=8192)
def folded(text: str) -> tuple[Word, ...]:
    """The words of a text, folded and as written, negations and auxiliaries dropped."""
    out = []
    for raw in _WORD.findall(text.lower().replace("\u2019", "'")):
        if raw in _NEGATIONS or raw.endswith("n't") or raw in _AUXILIARIES:
            continue
        out.append((fold(raw), raw.replace("'", "")))
    return tuple(out)


def _alternatives(entry: str) -> list[str]:
    return [alt.strip() for alt in entry.split("|") if alt.strip()]


def _word_matches(word: Word, part: Word) -> bool:
    """A word of the text against one word of an alternative: the same folded word ("shared" is "sharing"); at a word
    start when the author wrote a base form ("attend" matches "attendance") or a prefix of four letters or more as
    written ("reimburs" matches "reimbursement"); never by prefix when folding cut an ending ("marked" is not
    "markdown") or the word is one or two letters ("d" in "grade d" is not "defaults")."""
    (text_fold, text_raw), (stem, raw) = word, part
    if text_fold == stem:
        return True
    if len(stem) <= 2:
        return False
    return (stem == raw and text_fold.startswith(stem)) or (len(raw) >= 4 and text_raw.startswith(raw))


def _phrase_at(words: tuple[Word, ...], phrase: tuple[Word, ...], start: int) -> bool:
    at = start
    for n, part in enumerate(phrase):
        limit = at + 1 if n == 0 else min(len(words), at + MAX_GAP + 1)
        hit = next((i for i in range(at, limit) if _word_matches(words[i], part)), None)
        if hit is None:
            return False
        at = hit + 1
    return True


def alternative_occurs(alt: str, words: tuple[Word, ...]) -> bool:
    """Whether an alternative (one or several words) occurs in folded words, each at a word start."""
    phrase = folded(alt)
    if not phrase:
        return False
    return any(_phrase_at(words, phrase, i) for i in range(len(words)))


def entry_matches(entry: str, text: str) -> bool:
    """True when one alternative of an entry occurs in the text (words folded)."""
    words = folded(text)
    return any(alternative_occurs(alt, words) for alt in _alternatives(entry))


@lru_cache(maxsize=8192)
def generic_word(word: str) -> bool:
    """A generic task word, or a prefix of one (it would match one at a word start), or one with a suffix."""
    word = word.lower()
    if any(g.startswith(word) for g in GENERIC_WORDS):
        return True
    return any(word == g + suffix for g in GENERIC_WORDS for suffix in _SUFFIXES) or fold(word) in GENERIC_WORDS


def generic_alternative(alt: str) -> bool:
    """An alternative made of generic words only, once folded (negations and auxiliaries count as generic)."""
    return all(generic_word(folded_word) for folded_word, _ in folded(alt))


def specific_alternatives(entry: str, opening: str) -> list[str]:
    """The alternatives of an entry that can anchor a question: not generic and not already in the opening."""
    opening_words = folded(opening)
    return [a for a in _alternatives(entry) if not generic_alternative(a) and not alternative_occurs(a, opening_words)]


def is_anchor(entry: str, opening: str) -> bool:
    """An entry with a specific alternative (only those anchor a question: "how much" or a word of the request
    never does)."""
    return bool(specific_alternatives(entry, opening))


def anchored(keywords: list[str], opening: str) -> bool:
    """Whether an intent's topic (or keywords) include an anchor entry."""
    return any(is_anchor(entry, opening) for entry in keywords)


def targeting(topic: list[str], asked: list[Asked], opening: str = "") -> Asked | None:
    """The first question about `topic`: every entry in the question with its context, an anchor in the question."""
    anchors = [alt for entry in topic for alt in specific_alternatives(entry, opening)]
    if not topic or not anchors:
        return None
    for candidate in asked:
        words = folded(candidate.focus())
        if any(alternative_occurs(a, words) for a in anchors) and all(
            entry_matches(entry, candidate.context) for entry in topic
        ):
            return candidate
    return None


def strength(topic: list[str], text: str, opening: str = "") -> int:
    """How many specific alternatives of a topic occur in a text: how much the text is about it."""
    words = folded(text)
    return sum(alternative_occurs(a, words) for entry in topic for a in specific_alternatives(entry, opening))


STRAY_WORDS = 9
"""Specific words a question sentence may carry beyond its intent's topic (a name, a file, a figure it found);
one naming more reads as a list of the workspace's terms, not a question about one thing."""


_FUNCTION_WORDS = frozenset(
    """
    and but nor yet for with without into onto upon from over under than then like each same other others such only
    just also too very more most less least some any both either neither here now still already again out off down
    rather instead since because while whether though although per via use used using take taken put get make made
    going need see look seem keep let give tell say think mean way ways thing things one ones two three fine okay ok
    right well much many few own sure happy prefer please thanks thank whom whose why how yes anyone anything someone
    something everyone everything nothing none all not can could might shall must may
    """.split()  # noqa: SIM905 - a word list reads best as text
)


def stray_words(topic: list[str], question: str) -> list[str]:
    """The specific words of a question's own clause (`question_clause`) that belong to no alternative of the topic
    (generic and function words, words referring back, numbers and words of two letters or fewer left out)."""
    parts = [part for entry in topic for alt in _alternatives(entry) for part in folded(alt)]
    return [
        word[1]
        for word in folded(question_clause(question))
        if len(word[0]) > 2
        and not word[0].isdigit()
        and _specific(word)
        and not any(_word_matches(word, part) for part in parts)
    ]


def question_clause(question: str) -> str:
    """The part of a question sentence that asks: asides in parentheses dropped, and a lead-in ending in a colon
    ("One open point I can't resolve from the file: do we know ...?") read as context, as the sentence before is."""
    clause = re.sub(r"\([^)]*\)", " ", question)
    return clause.rsplit(": ", 1)[1] if ": " in clause else clause


def _specific(word: Word) -> bool:
    return (
        word[1] not in _REFERRING
        and word[1] not in _FUNCTION_WORDS
        and word[0] not in _FUNCTION_WORDS
        and not (generic_word(word[0]))
    )


def bare_list(question: str) -> bool:
    """Whether a question sentence is a list of bare terms: three or more items of one or two words between commas
    or semicolons ("What about risk, owner, treasury, backtest?"); an enumeration in parentheses is an aside."""
    items = [item.split() for item in re.split(r"[,;]", re.sub(r"\([^)]*\)", " ", question))]
    return sum(1 for words in items if 0 < len(words) <= 2) >= 3


def targeting_question(keywords: list[str], candidates: list[str], opening: str = "") -> str | None:
    """The first of `candidates` (each read alone, without context) that is about the topic `keywords`."""
    hit = targeting(keywords, [Asked(q, q) for q in candidates], opening)
    return None if hit is None else hit.question
