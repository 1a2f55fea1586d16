"""literature_search and literature_fetch: the persona's offline literature index (no network)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.schema.datasets import Paper
from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError
from engine.tools.literature_index import Literature, LiteratureFilter
from engine.tools.ranking import snippet

LITERATURE_SERVICE = "literature"


class LiteratureSearchArgs(ToolArgs):
    """Arguments of literature_search."""

    query: str = Field(min_length=1, description="Search words (topic, method, author, ...).")
    count: int = Field(default=5, ge=1, le=10, description="How many papers (1-10).")
    year_from: int | None = Field(default=None, description="Only papers published in or after this year.")
    year_to: int | None = Field(default=None, description="Only papers published in or before this year.")
    venue: str | None = Field(default=None, min_length=1, description="Only papers whose venue contains this text.")


class LiteratureFetchArgs(ToolArgs):
    """Arguments of literature_fetch."""

    paper_id: str = Field(min_length=1, description="A paper_id returned by literature_search.")


def literature_of(ctx: ToolContext) -> Literature:
    """The session's literature index, or a ToolError when the session has none."""
    index = ctx.services.get(LITERATURE_SERVICE)
    if not isinstance(index, Literature):
        raise ToolError("literature search is not available in this session")
    return index


def _search(args: LiteratureSearchArgs, ctx: ToolContext) -> dict[str, Any]:
    if args.year_from is not None and args.year_to is not None and args.year_from > args.year_to:
        raise ToolError(f"year_from {args.year_from} is after year_to {args.year_to}")
    where = LiteratureFilter(args.year_from, args.year_to, args.venue)
    results = [
        {
            "paper_id": p.id,
            "title": p.title,
            "authors": p.authors,
            "year": p.year,
            "venue": p.venue,
            "snippet": snippet(p.abstract, args.query),
        }
        for p in literature_of(ctx).search(args.query, args.count, where)
    ]
    return {"query": args.query, "results": results}


def record(paper: Paper) -> dict[str, Any]:
    """The full record of a paper as literature_fetch returns it (`id` named `paper_id`)."""
    data = paper.model_dump(mode="json")
    return {"paper_id": data.pop("id"), **data}


def _fetch(args: LiteratureFetchArgs, ctx: ToolContext) -> dict[str, Any]:
    paper = literature_of(ctx).get(args.paper_id)
    if paper is None:
        raise ToolError(f"no paper {args.paper_id!r} in the literature index (find papers with literature_search)")
    return record(paper)


LITERATURE_SEARCH = Tool(
    "literature_search",
    "Search the scientific literature index; returns ranked papers with ids, authors, year, venue "
    "and a snippet of the abstract. Filter by year range or venue.",
    LiteratureSearchArgs,
    _search,
)
LITERATURE_FETCH = Tool(
    "literature_fetch",
    "Fetch one paper's full record by paper_id: abstract, keywords, url, and the ids of papers it cites "
    "and that cite it.",
    LiteratureFetchArgs,
    _fetch,
)
