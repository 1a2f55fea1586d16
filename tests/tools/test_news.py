"""news_search and news_read over an invented feed; bad articles name file and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.tools.news import load_news
from tests.tools.helpers import Bench, error_of

DATA = Path(__file__).parent / "data" / "news"
BASE = "https://news.example/2024/"


def bench() -> Bench:
    return Bench(services={"news": load_news(DATA)})


def urls(bench: Bench, **arguments: object) -> list[str]:
    return [r["url"].removeprefix(BASE) for r in bench.call("news_search", **arguments).output["results"]]


def test_query_ranks_matching_articles_within_the_filters() -> None:
    b = bench()
    assert urls(b, query="harbour strike") == ["03/20/copper", "03/14/crane-strike", "03/20/night-clinics"]
    assert urls(b, query="harbour strike", since="2024-03-15") == ["03/20/copper", "03/20/night-clinics"]
    assert set(urls(b, query="night")) == {"03/14/crane-strike", "03/20/night-clinics"}
    assert urls(b, query="night", topic="health") == ["03/20/night-clinics"]
    assert urls(b, query="harbour strike", count=1) == ["03/20/copper"]
    assert urls(b, query="election") == []
    first = b.call("news_search", query="crane operators").output["results"][0]
    assert first["title"] == "Harbour crane operators vote to strike"
    assert (first["date"], first["topic"]) == ("2024-03-14", "labour") and "Crane operators" in first["snippet"]


def test_without_a_query_the_newest_come_first() -> None:
    b = bench()
    assert urls(b) == ["03/20/copper", "03/20/night-clinics", "03/14/crane-strike", "02/02/clinic-hours"]
    assert urls(b, topic="HEALTH") == ["03/20/night-clinics", "02/02/clinic-hours"]  # topics match in any case
    assert urls(b, topic="health", since="2024-03-01") == ["03/20/night-clinics"]
    assert urls(b, since="2024-04-01") == []


def test_read_returns_the_article_and_unknown_urls_are_errors() -> None:
    b = bench()
    article = b.call("news_read", url=BASE + "03/20/copper/").output
    assert article["title"] == "Copper settles higher as harbour strike drags on" and article["date"] == "2024-03-20"
    assert article["content"].startswith("Front-month copper futures closed up")
    assert "is not in the news feed" in error_of(b.call("news_read", url=BASE + "01/01/none"))
    empty = Bench()
    assert error_of(empty.call("news_search", query="strike")) == "news is not available in this session"
    assert error_of(empty.call("news_read", url=BASE + "03/20/copper")) == "news is not available in this session"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("---\nurl: https://news.example/x\ntitle: X\n---\nbody\n", "front matter field 'date' is missing"),
        ("---\nurl: https://news.example/x\ntitle: X\ndate: 14 March\n---\nbody\n",
         "front matter field 'date': '14 March' is not YYYY-MM-DD"),
        ("---\nurl: https://news.example/2024/03/20/copper/\ntitle: X\ndate: 2024-03-01\n---\nb\n", "duplicate url"),
        ("no front matter\n", "missing front matter"),
    ],
)  # fmt: skip
def test_bad_articles_are_named(tmp_path: Path, text: str, problem: str) -> None:
    folder = tmp_path / "news"
    shutil.copytree(DATA, folder)
    (folder / "zz-bad.md").write_text(text)
    with pytest.raises(ValueError) as raised:
        load_news(folder)
    assert str(raised.value).startswith(str(folder / "zz-bad.md")) and problem in str(raised.value)
