"""news_search and news_read: the persona's offline news feed, dated Markdown articles (no network).

A feed is a folder of Markdown files with the web corpus's front matter plus a date and an
optional topic:

    ---
    url: https://news.example/2024/03/port-strike
    title: Port workers vote to strike
    date: 2024-03-14
    topic: labour
    ---
    article body in Markdown
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError
from engine.tools.ranking import bm25, snippet
from engine.tools.web_corpus import read_page, url_key

NEWS_SERVICE = "news"


@dataclass(frozen=True)
class Article:
    """One dated article."""

    url: str
    title: str
    date: dt.date
    topic: str
    text: str


@dataclass
class NewsFeed:
    """Articles by URL; with a query ranked by BM25 over title (twice) and body, without one newest first."""

    articles: dict[str, Article] = field(default_factory=dict)

    def get(self, url: str) -> Article | None:
        """The article at a URL (a trailing slash does not matter)."""
        return self.articles.get(url_key(url))

    def search(self, query: str, count: int, since: dt.date | None, topic: str | None) -> list[Article]:
        """The `count` best articles dated on or after `since` with the given topic (any case)."""
        pool = {
            key: a
            for key, a in self.articles.items()
            if (since is None or a.date >= since) and (topic is None or a.topic.lower() == topic.strip().lower())
        }
        if not query.strip():
            return sorted(pool.values(), key=lambda a: (-a.date.toordinal(), a.url))[:count]
        docs = {key: f"{a.title} {a.title} {a.text}" for key, a in pool.items()}
        return [pool[key] for key, _ in bm25(docs, query, count)]


def load_news(folder: Path) -> NewsFeed:
    """Load every `*.md` article below `folder`; ValueError names the file and the missing or bad field."""
    if not folder.is_dir():
        raise ValueError(f"{folder}: news folder not found")
    feed = NewsFeed()
    for path in sorted(folder.rglob("*.md")):
        meta, body = read_page(path, ("url", "title", "date"))
        try:
            day = dt.date.fromisoformat(meta["date"])
        except ValueError as exc:
            raise ValueError(f"{path}: front matter field 'date': {meta['date']!r} is not YYYY-MM-DD") from exc
        if url_key(meta["url"]) in feed.articles:
            raise ValueError(f"{path}: url: duplicate url {meta['url']}")
        feed.articles[url_key(meta["url"])] = Article(meta["url"], meta["title"], day, meta.get("topic", ""), body)
    return feed


class NewsSearchArgs(ToolArgs):
    """Arguments of news_search."""

    query: str = Field(default="", description="Search words; empty lists the newest articles.")
    since: dt.date | None = Field(default=None, description="Only articles dated on or after this day (YYYY-MM-DD).")
    topic: str | None = Field(default=None, min_length=1, description="Only articles with this topic.")
    count: int = Field(default=5, ge=1, le=20, description="How many articles (1-20).")


class NewsReadArgs(ToolArgs):
    """Arguments of news_read."""

    url: str = Field(min_length=1, description="An article URL returned by news_search.")


def feed_of(ctx: ToolContext) -> NewsFeed:
    """The session's news feed, or a ToolError when the session has none."""
    feed = ctx.services.get(NEWS_SERVICE)
    if not isinstance(feed, NewsFeed):
        raise ToolError("news is not available in this session")
    return feed


def _heading(article: Article) -> dict[str, Any]:
    return {"url": article.url, "title": article.title, "date": article.date.isoformat(), "topic": article.topic}


def _search(args: NewsSearchArgs, ctx: ToolContext) -> dict[str, Any]:
    hits = feed_of(ctx).search(args.query, args.count, args.since, args.topic)
    return {"query": args.query, "results": [{**_heading(a), "snippet": snippet(a.text, args.query)} for a in hits]}


def _read(args: NewsReadArgs, ctx: ToolContext) -> dict[str, Any]:
    article = feed_of(ctx).get(args.url)
    if article is None:
        raise ToolError(f"{args.url} is not in the news feed (find articles with news_search)")
    return {**_heading(article), "content": article.text}


NEWS_SEARCH = Tool(
    "news_search",
    "Search recent news articles, optionally since a date and within a topic; without a query, lists the "
    "newest. Returns titles, URLs, dates, topics and snippets.",
    NewsSearchArgs,
    _search,
)
NEWS_READ = Tool("news_read", "Read one news article in full by its URL.", NewsReadArgs, _read)
