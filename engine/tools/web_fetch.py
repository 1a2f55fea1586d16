"""web_fetch: read one page of the persona's offline web corpus (no network)."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError
from engine.tools.web_search import corpus_of

_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~).*\n?", re.MULTILINE)
_LINE_MARK = re.compile(r"^[ \t]{0,3}(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+)", re.MULTILINE)
_STARS = re.compile(r"(\*{1,3})(?=\S)(.+?)(?<=\S)\1")
_UNDERSCORES = re.compile(r"(?<!\w)(_{1,3})(?=\S)(.+?)(?<=\S)\1(?!\w)")
_CODE = re.compile(r"`([^`\n]*)`")


class FetchArgs(ToolArgs):
    """Arguments of web_fetch."""

    url: str = Field(min_length=1, description="The page URL.")
    extractMode: Literal["markdown", "text"] = Field(
        default="markdown", description="markdown as published, or plain text with the markup removed."
    )
    maxChars: int = Field(default=50_000, ge=1, description="Cap on the returned characters.")


def plain_text(markdown: str) -> str:
    """Markdown without headings, emphasis, inline code and fence marks, quotes, bullets and link targets.

    Only markup is removed: `snake_case` words and a lone `*` keep their characters.
    """
    text = _LINE_MARK.sub("", _FENCE.sub("", _LINK.sub(r"\1", markdown)))
    return _CODE.sub(r"\1", _UNDERSCORES.sub(r"\2", _STARS.sub(r"\2", text)))


def _fetch(args: FetchArgs, ctx: ToolContext) -> dict[str, Any]:
    page = corpus_of(ctx).get(args.url)
    if page is None:
        raise ToolError(f"{args.url} is not in the offline web corpus (find pages with web_search)")
    text = page.text if args.extractMode == "markdown" else plain_text(page.text)
    return {
        "url": page.url,
        "title": page.title,
        "content": text[: args.maxChars],
        "truncated": len(text) > args.maxChars,
    }


WEB_FETCH = Tool("web_fetch", "Fetch a web page's readable content.", FetchArgs, _fetch)
