"""web_search: search the persona's offline web corpus (no network)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError
from engine.tools.ranking import snippet
from engine.tools.web_corpus import WebCorpus

WEB_SERVICE = "web"


class SearchArgs(ToolArgs):
    """Arguments of web_search."""

    query: str = Field(min_length=1, description="Search words.")
    count: int = Field(default=5, ge=1, le=10, description="How many results (1-10).")


def corpus_of(ctx: ToolContext) -> WebCorpus:
    """The session's offline web, or a ToolError when the session has none."""
    corpus = ctx.services.get(WEB_SERVICE)
    if not isinstance(corpus, WebCorpus):
        raise ToolError("web access is not available in this session")
    return corpus


def _search(args: SearchArgs, ctx: ToolContext) -> dict[str, Any]:
    hits = corpus_of(ctx).search(args.query, args.count)
    results = [{"title": p.title, "url": p.url, "snippet": snippet(p.text, args.query)} for p, _ in hits]
    return {"query": args.query, "results": results}


WEB_SEARCH = Tool("web_search", "Search the web; returns titles, URLs and snippets.", SearchArgs, _search)
