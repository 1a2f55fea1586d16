"""literature_search and literature_fetch over an invented index; bad index files name file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tools.literature_index import load_literature
from tests.tools.helpers import Bench, error_of

DATA = Path(__file__).parent / "data" / "literature"


def bench() -> Bench:
    return Bench(services={"literature": load_literature(DATA / "papers.yaml")})


def ids(outcome_output: dict) -> list[str]:  # type: ignore[type-arg]
    return [r["paper_id"] for r in outcome_output["results"]]


def test_search_ranks_papers_sharing_the_query_terms() -> None:
    b = bench()
    out = b.call("literature_search", query="shift work glucose").output
    assert ids(out) == ["lit-001", "lit-004", "lit-002"]  # both topics, then shift work only, then glucose only
    first = out["results"][0]
    assert first["title"].startswith("Night-shift sleep timing") and first["year"] == 2019
    assert first["authors"] == ["Mara Okonjo", "Tilde Brandvold", "Ines Achterberg"]
    assert first["venue"] == "Journal of Occupational Metabolism" and "glucose tolerance" in first["snippet"]
    assert ids(b.call("literature_search", query="shift work glucose", count=1).output) == ["lit-001"]
    assert ids(b.call("literature_search", query="Okonjo").output) == ["lit-002", "lit-001"]  # authors are searched
    assert b.call("literature_search", query="quantum chromodynamics").output["results"] == []


def test_year_and_venue_filters_apply_before_ranking() -> None:
    b = bench()
    assert ids(b.call("literature_search", query="shift work glucose", year_from=2021).output) == ["lit-004", "lit-002"]
    assert ids(b.call("literature_search", query="shift glucose", year_to=2019).output) == ["lit-001"]
    assert ids(b.call("literature_search", query="shift glucose", year_from=2019, year_to=2019).output) == ["lit-001"]
    venue = b.call("literature_search", query="glucose shift", venue="occupational METABOLISM").output
    assert ids(venue) == ["lit-001", "lit-004"]
    assert b.call("literature_search", query="glucose", venue="Nature").output["results"] == []
    assert error_of(b.call("literature_search", query="x", year_from=2022, year_to=2020)) == (
        "year_from 2022 is after year_to 2020"
    )


def test_fetch_returns_the_full_record_and_unknown_ids_are_errors() -> None:
    b = bench()
    paper = b.call("literature_fetch", paper_id="lit-004").output
    assert paper["paper_id"] == "lit-004" and paper["references"] == ["lit-001"] and paper["cited_by"] == []
    assert paper["keywords"] == ["shift work", "hypertension", "cohort"] and paper["url"].endswith("/lit-004")
    assert paper["abstract"].startswith("A five-year cohort of 1,480 bus and tram drivers")
    assert b.call("literature_fetch", paper_id=" lit-005 ").output["url"] is None
    assert "no paper 'lit-999' in the literature index" in error_of(b.call("literature_fetch", paper_id="lit-999"))


def test_jsonl_index_loads_with_blank_lines() -> None:
    index = load_literature(DATA / "papers.jsonl")
    assert sorted(index.papers) == ["j-1", "j-2"] and index.papers["j-2"].cited_by == ["j-1"]


def test_without_an_index_literature_is_unavailable() -> None:
    b = Bench()
    expected = "literature search is not available in this session"
    assert error_of(b.call("literature_search", query="glucose")) == expected
    assert error_of(b.call("literature_fetch", paper_id="lit-001")) == expected


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        ("bad.yaml", "papers:\n  - id: a\n    title: T\n    authors: [A]\n    year: soon\n    venue: V\n",
         "bad.yaml: papers[0].year: Input should be a valid integer"),
        ("bad.yaml", "papers:\n  - id: a\n    title: T\n    authors: [A]\n    year: 2000\n    venue: V\n    doi: x\n",
         "bad.yaml: papers[0].doi: Extra inputs are not permitted"),
        ("bad.yml", "papers: [{id: a, title: T, authors: [A], year: 2000, venue: V},"
         " {id: a, title: U, authors: [B], year: 2001, venue: V}]\n",
         "bad.yml: papers[1].id: duplicate paper id 'a'"),
        ("bad.yaml", "papers:\n  - {id: a, title: T, authors: [A], year: 2000, venue: V, references: [zz]}\n",
         "bad.yaml: papers[0].references[0]: 'zz' is not a paper of the index"),
        ("bad.jsonl", '{"id": "a", "title": "T", "authors": ["A"], "year": 2000, "venue": "V"}\n\n{"id": "b"}\n',
         "bad.jsonl: line 3: title: Field required"),
        ("bad.jsonl", '{"id": "a",\n', "bad.jsonl: line 1: not valid JSON"),
        ("bad.csv", "id,title\n", "bad.csv: a literature index is a .yaml, .yml or .jsonl file"),
        ("bad.yaml", "papers: [\n", "bad.yaml: not valid YAML"),
    ],
)  # fmt: skip
def test_bad_index_files_name_file_and_field(tmp_path: Path, name: str, text: str, problem: str) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(ValueError) as raised:
        load_literature(tmp_path / name)
    assert f"{tmp_path / name}: " in str(raised.value) and problem in str(raised.value)
