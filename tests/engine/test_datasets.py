"""Lookup data in episode.yaml: loaded into the session services, checked by `proact validate`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from engine.datasets import SOURCES, load_data_services
from engine.loader import load_persona
from engine.validate import validate_path

TOOL_DATA = Path(__file__).parent.parent / "tools" / "data"

# episode.yaml field -> (toolset, shipped test data, relative path it is copied to, a bad file and its text, problem)
CASES = {
    "literature_index": (
        "literature",
        TOOL_DATA / "literature" / "papers.yaml",
        "data/papers.yaml",
        ("data/papers.yaml", "papers:\n  - {id: a, title: T, authors: [A], year: 2000}\n"),
        "data/papers.yaml: papers[0].venue: Field required",
    ),
    "finance_data": (
        "finance",
        TOOL_DATA / "finance",
        "data/finance",
        ("data/finance/copper.csv", "date,value\n2023-10-31,8000\n2023-11-30,n/a\n"),
        "data/finance/copper.csv: line 3: value 'n/a' is not a number",
    ),
    "news_feed": (
        "news",
        TOOL_DATA / "news",
        "data/news",
        ("data/news/copper.md", "---\nurl: https://news.example/c\ntitle: Copper\n---\nbody\n"),
        "data/news/copper.md: front matter field 'date' is missing",
    ),
}


def persona(tmp_path: Path, example_persona: Path) -> Path:
    """A copy of the example persona and its workspace data under tmp_path."""
    shutil.copytree(example_persona, tmp_path / "personas" / "example")
    shutil.copytree(example_persona.parent.parent / "workspaces" / "example", tmp_path / "workspaces" / "example")
    return tmp_path / "personas" / "example"


def configure(root: Path, field: str | None, toolset: str) -> None:
    """Point episode.yaml's `field` at the data (None: leave it unset) and enable `toolset` in session s03."""
    episode = yaml.safe_load((root / "episode.yaml").read_text())
    if field is not None:
        episode[field] = CASES[field][2]
    (root / "episode.yaml").write_text(yaml.safe_dump(episode, sort_keys=False))
    session = yaml.safe_load((root / "sessions" / "s03.yaml").read_text())
    session["toolsets"] = ["general", toolset]
    (root / "sessions" / "s03.yaml").write_text(yaml.safe_dump(session, sort_keys=False))


def place(root: Path, field: str) -> Path:
    """Copy the field's shipped test data into the persona's workspace data; return its path."""
    source, rel = CASES[field][1], CASES[field][2]
    target = root.parent.parent / "workspaces" / "example" / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    (shutil.copytree if source.is_dir() else shutil.copyfile)(source, target)
    return target


def test_every_source_has_a_case() -> None:
    assert {s.field for s in SOURCES} - {"web_corpus"} == set(CASES)


@pytest.mark.parametrize("field", sorted(CASES))
def test_configured_data_validates_and_becomes_a_service(tmp_path: Path, example_persona: Path, field: str) -> None:
    root = persona(tmp_path, example_persona)
    configure(root, field, CASES[field][0])
    place(root, field)
    assert [str(p) for p in validate_path(root)] == []
    source = next(s for s in SOURCES if s.field == field)
    assert set(load_data_services(load_persona(root))) == {source.service}


@pytest.mark.parametrize("field", sorted(CASES))
def test_a_toolset_without_its_data_is_a_validate_error(tmp_path: Path, example_persona: Path, field: str) -> None:
    root = persona(tmp_path, example_persona)
    toolset = CASES[field][0]
    configure(root, None, toolset)
    expected = f"error: {root / 'sessions' / 's03.yaml'}: toolsets: uses {toolset!r} but episode.yaml has no {field}"
    assert [str(p) for p in validate_path(root)] == [expected]


@pytest.mark.parametrize("field", sorted(CASES))
def test_bad_data_is_a_validate_error_naming_file_and_field(tmp_path: Path, example_persona: Path, field: str) -> None:
    root = persona(tmp_path, example_persona)
    toolset, _, _, (bad_rel, bad_text), problem = CASES[field]
    configure(root, field, toolset)
    place(root, field)
    (root.parent.parent / "workspaces" / "example" / bad_rel).write_text(bad_text)
    problems = [str(p) for p in validate_path(root)]
    assert len(problems) == 1 and problems[0].startswith(f"error: {root / 'episode.yaml'}: {field}: ")
    assert problem in problems[0]
