"""web_search and web_fetch over an offline corpus; loading errors name file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tools.web_corpus import load_web_corpus
from tests.tools.helpers import Bench, error_of

PAGES = {
    "sparse.md": "---\nurl: https://ex.org/sparse\ntitle: Sparse attention survey\n---\n"
    "# Sparse attention\n\nA **survey** of [sparse attention](https://ex.org/x) methods for long context.\n",
    "cafe.md": "---\nurl: https://ex.org/cafe/\ntitle: Repair cafe guide\n---\nHow to run a repair cafe.\n",
    "misc.md": "---\nurl: https://ex.org/misc\ntitle: Misc\n---\nNothing about attention here, only attention once.\n",
}


def corpus_bench(tmp_path: Path) -> Bench:
    for name, text in PAGES.items():
        (tmp_path / name).write_text(text)
    return Bench(services={"web": load_web_corpus(tmp_path)})


def test_search_ranks_offline_pages(tmp_path: Path) -> None:
    bench = corpus_bench(tmp_path)
    out = bench.call("web_search", query="sparse attention", count=2).output
    assert [r["url"] for r in out["results"]] == ["https://ex.org/sparse", "https://ex.org/misc"]
    assert "sparse attention" in out["results"][0]["snippet"].lower()
    assert bench.call("web_search", query="quantum").output["results"] == []
    assert "bad arguments for web_search: count" in error_of(bench.call("web_search", query="x", count=11))


def test_fetch_markdown_text_and_caps(tmp_path: Path) -> None:
    bench = corpus_bench(tmp_path)
    page = bench.call("web_fetch", url="https://ex.org/sparse").output
    assert page["title"] == "Sparse attention survey" and page["content"].startswith("# Sparse attention")
    text = bench.call("web_fetch", url="https://ex.org/sparse", extractMode="text").output["content"]
    assert text.startswith("Sparse attention") and "**" not in text and "](" not in text and "survey of sparse" in text
    assert bench.call("web_fetch", url="https://ex.org/cafe").output["url"] == "https://ex.org/cafe/"
    capped = bench.call("web_fetch", url="https://ex.org/sparse", maxChars=10).output
    assert len(capped["content"]) == 10 and capped["truncated"] is True
    assert "not in the offline web corpus" in error_of(bench.call("web_fetch", url="https://elsewhere.com"))
    assert "bad arguments for web_fetch: extractMode" in error_of(
        bench.call("web_fetch", url="https://ex.org/sparse", extractMode="html")
    )


def test_without_a_corpus_the_web_is_unavailable() -> None:
    bench = Bench()
    assert error_of(bench.call("web_search", query="x")) == "web access is not available in this session"
    assert (
        error_of(bench.call("web_fetch", url="https://ex.org/sparse")) == "web access is not available in this session"
    )


def test_text_mode_removes_markup_but_keeps_words(tmp_path: Path) -> None:
    (tmp_path / "code.md").write_text(
        "---\nurl: https://ex.org/code\ntitle: Code\n---\n## Setup\n\nSet `max_len` to 2 * 3 and _really_ "
        "see [docs](https://ex.org/d).\n\n```python\nmax_len = 6\n```\n- done\n"
    )
    bench = Bench(services={"web": load_web_corpus(tmp_path)})
    text = bench.call("web_fetch", url="https://ex.org/code", extractMode="text").output["content"]
    assert text == "Setup\n\nSet max_len to 2 * 3 and really see docs.\n\nmax_len = 6\ndone\n"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("no front matter\n", "missing front matter"),
        ("---\ntitle: T\n---\nbody\n", "field 'url' is missing"),
        ("---\nurl: https://ex.org/new\n---\nbody\n", "field 'title' is missing"),
        ("---\nurl: https://ex.org/sparse\ntitle: Copy\n---\nbody\n", "duplicate url"),
    ],
)
def test_bad_pages_are_named(tmp_path: Path, text: str, problem: str) -> None:
    for name, page in PAGES.items():
        (tmp_path / name).write_text(page)
    (tmp_path / "zz-bad.md").write_text(text)
    with pytest.raises(ValueError, match=problem) as raised:
        load_web_corpus(tmp_path)
    assert "zz-bad.md" in str(raised.value)
