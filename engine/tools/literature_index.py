"""The offline literature index: paper records shipped with a persona, searched and fetched without any network.

The index is one file, either YAML (`papers:` followed by a list of records) or JSONL (one record per
line); the record fields are engine.schema.datasets.Paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.schema.datasets import LiteratureFile, Paper
from engine.tools.datafile import parse_jsonl, parse_yaml
from engine.tools.ranking import bm25


@dataclass(frozen=True)
class LiteratureFilter:
    """Restrictions applied before ranking: inclusive year bounds and a venue substring (any case)."""

    year_from: int | None = None
    year_to: int | None = None
    venue: str | None = None

    def admits(self, paper: Paper) -> bool:
        """Whether the paper passes every restriction that is set."""
        return (
            (self.year_from is None or paper.year >= self.year_from)
            and (self.year_to is None or paper.year <= self.year_to)
            and (self.venue is None or self.venue.strip().lower() in paper.venue.lower())
        )


@dataclass
class Literature:
    """Papers by id; ranking is BM25 over title (twice), keywords, authors, venue and abstract."""

    papers: dict[str, Paper] = field(default_factory=dict)

    def get(self, paper_id: str) -> Paper | None:
        """The paper with this id (surrounding spaces ignored)."""
        return self.papers.get(paper_id.strip())

    def search(self, query: str, count: int, where: LiteratureFilter) -> list[Paper]:
        """The `count` best papers for the query among those the filter admits."""
        docs = {
            pid: " ".join([p.title, p.title, *p.keywords, *p.authors, p.venue, p.abstract])
            for pid, p in self.papers.items()
            if where.admits(p)
        }
        return [self.papers[pid] for pid, _ in bm25(docs, query, count)]


def _records(path: Path) -> list[tuple[str, Paper]]:
    if path.suffix in (".yaml", ".yml"):
        return [(f"papers[{n}]", p) for n, p in enumerate(parse_yaml(path, LiteratureFile).papers)]
    if path.suffix == ".jsonl":
        return [(f"line {line}", p) for line, p in parse_jsonl(path, Paper)]
    raise ValueError(f"{path}: a literature index is a .yaml, .yml or .jsonl file")


def load_literature(path: Path) -> Literature:
    """Load and cross-check an index; ValueError names the file and the record's field (or line)."""
    records = _records(path)
    index = Literature()
    for where, paper in records:
        if paper.id in index.papers:
            raise ValueError(f"{path}: {where}.id: duplicate paper id {paper.id!r}")
        index.papers[paper.id] = paper
    for where, paper in records:
        for name, ids in (("references", paper.references), ("cited_by", paper.cited_by)):
            for n, ref in enumerate(ids):
                if ref not in index.papers:
                    raise ValueError(f"{path}: {where}.{name}[{n}]: {ref!r} is not a paper of the index")
    return index
