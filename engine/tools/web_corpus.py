"""The offline web: pages shipped with a persona's data, searched and fetched without any network.

A corpus is a folder of Markdown files, each opening with a front-matter block:

    ---
    url: https://example.org/some/page
    title: Some page
    ---
    page body in Markdown
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n?", re.DOTALL)
_WORD = re.compile(r"[a-z0-9]+")
SNIPPET_CHARS = 200


@dataclass(frozen=True)
class WebPage:
    """One offline page: its URL, title and Markdown text."""

    url: str
    title: str
    text: str


def words(text: str) -> list[str]:
    """Lower-case word tokens."""
    return _WORD.findall(text.lower())


def _key(url: str) -> str:
    return url.strip().rstrip("/")


@dataclass
class WebCorpus:
    """Pages by URL with a term index; ranking is BM25 over title and body, ties broken by URL."""

    pages: dict[str, WebPage] = field(default_factory=dict)

    def add(self, page: WebPage) -> None:
        """Add a page; a URL seen before is a ValueError."""
        if _key(page.url) in self.pages:
            raise ValueError(f"duplicate url {page.url}")
        self.pages[_key(page.url)] = page

    def get(self, url: str) -> WebPage | None:
        """The page at a URL (a trailing slash does not matter)."""
        return self.pages.get(_key(url))

    def search(self, query: str, count: int) -> list[tuple[WebPage, float]]:
        """The `count` best pages for the query (only pages sharing at least one term)."""
        terms = set(words(query))
        docs = {url: Counter(words(f"{p.title} {p.title} {p.text}")) for url, p in self.pages.items()}
        if not terms or not docs:
            return []
        average = sum(sum(c.values()) for c in docs.values()) / len(docs)
        scored = []
        for url, counts in docs.items():
            length = sum(counts.values())
            score = 0.0
            for term in terms & counts.keys():
                with_term = sum(1 for c in docs.values() if term in c)
                idf = math.log(1 + (len(docs) - with_term + 0.5) / (with_term + 0.5))
                tf = counts[term]
                score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
            if score > 0:
                scored.append((-score, url))
        return [(self.pages[url], -neg) for neg, url in sorted(scored)[:count]]


def snippet(page: WebPage, query: str) -> str:
    """About SNIPPET_CHARS of the page around the first query term it contains."""
    text = " ".join(page.text.split())
    lower = text.lower()
    hits = [lower.find(term) for term in words(query) if term in lower]
    start = max(0, min(hits) - SNIPPET_CHARS // 4) if hits else 0
    return text[start : start + SNIPPET_CHARS]


def load_web_corpus(folder: Path) -> WebCorpus:
    """Load every `*.md` page below `folder`; ValueError names the file and the missing or bad field."""
    if not folder.is_dir():
        raise ValueError(f"{folder}: web corpus folder not found")
    corpus = WebCorpus()
    for path in sorted(folder.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        front = _FRONT.match(text)
        if front is None:
            raise ValueError(f"{path}: missing front matter (--- url: ... title: ... ---)")
        meta = dict(line.split(":", 1) for line in front.group(1).splitlines() if ":" in line)
        meta = {k.strip(): v.strip().strip("\"'") for k, v in meta.items()}
        for name in ("url", "title"):
            if not meta.get(name):
                raise ValueError(f"{path}: front matter field '{name}' is missing")
        try:
            corpus.add(WebPage(url=meta["url"], title=meta["title"], text=text[front.end() :]))
        except ValueError as exc:
            raise ValueError(f"{path}: url: {exc}") from exc
    return corpus
