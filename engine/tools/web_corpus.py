"""The offline web: pages shipped with a persona's data, searched and fetched without any network.

A corpus is a folder of Markdown files, each opening with a front-matter block:

    ---
    url: https://example.org/some/page
    title: Some page
    ---
    page body in Markdown
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.tools.ranking import bm25

_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n?", re.DOTALL)


@dataclass(frozen=True)
class WebPage:
    """One offline page: its URL, title and Markdown text."""

    url: str
    title: str
    text: str


def url_key(url: str) -> str:
    """A URL as looked up: surrounding spaces and a trailing slash do not matter."""
    return url.strip().rstrip("/")


@dataclass
class WebCorpus:
    """Pages by URL with a term index; ranking is BM25 over title and body, ties broken by URL."""

    pages: dict[str, WebPage] = field(default_factory=dict)

    def add(self, page: WebPage) -> None:
        """Add a page; a URL seen before is a ValueError."""
        if url_key(page.url) in self.pages:
            raise ValueError(f"duplicate url {page.url}")
        self.pages[url_key(page.url)] = page

    def get(self, url: str) -> WebPage | None:
        """The page at a URL (a trailing slash does not matter)."""
        return self.pages.get(url_key(url))

    def search(self, query: str, count: int) -> list[tuple[WebPage, float]]:
        """The `count` best pages for the query (only pages sharing at least one term)."""
        docs = {url: f"{p.title} {p.title} {p.text}" for url, p in self.pages.items()}
        return [(self.pages[url], score) for url, score in bm25(docs, query, count)]


def read_page(path: Path, required: tuple[str, ...]) -> tuple[dict[str, str], str]:
    """A Markdown file's front-matter fields and body; ValueError names the file and a missing field."""
    text = path.read_text(encoding="utf-8")
    front = _FRONT.match(text)
    if front is None:
        raise ValueError(f"{path}: missing front matter (--- {': ... '.join(required)}: ... ---)")
    pairs = (line.split(":", 1) for line in front.group(1).splitlines() if ":" in line)
    meta = {k.strip(): v.strip().strip("\"'") for k, v in pairs}
    for name in required:
        if not meta.get(name):
            raise ValueError(f"{path}: front matter field '{name}' is missing")
    return meta, text[front.end() :]


def load_web_corpus(folder: Path) -> WebCorpus:
    """Load every `*.md` page below `folder`; ValueError names the file and the missing or bad field."""
    if not folder.is_dir():
        raise ValueError(f"{folder}: web corpus folder not found")
    corpus = WebCorpus()
    for path in sorted(folder.rglob("*.md")):
        meta, body = read_page(path, ("url", "title"))
        try:
            corpus.add(WebPage(url=meta["url"], title=meta["title"], text=body))
        except ValueError as exc:
            raise ValueError(f"{path}: url: {exc}") from exc
    return corpus
