"""Lookup data a persona ships for its offline tools: loaded into the session services, checked by validate.

Each source is an optional `episode.yaml` field naming a file or folder relative to
`workspaces/<persona>/`; it is read by the engine and never copied into the workspace. A session
that enables the source's toolset needs the field set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.loader import PersonaBundle, Problem
from engine.tools.finance import FINANCE_SERVICE
from engine.tools.finance_data import load_finance
from engine.tools.literature import LITERATURE_SERVICE
from engine.tools.literature_index import load_literature
from engine.tools.news import NEWS_SERVICE, load_news
from engine.tools.web_corpus import load_web_corpus
from engine.tools.web_search import WEB_SERVICE


@dataclass(frozen=True)
class DataSource:
    """One kind of lookup data: its episode.yaml field, the toolset needing it, its service name and loader."""

    field: str
    toolset: str
    service: str
    load: Callable[[Path], Any]


SOURCES = (
    DataSource("web_corpus", "web", WEB_SERVICE, load_web_corpus),
    DataSource("literature_index", "literature", LITERATURE_SERVICE, load_literature),
    DataSource("finance_data", "finance", FINANCE_SERVICE, load_finance),
    DataSource("news_feed", "news", NEWS_SERVICE, load_news),
)


def _location(bundle: PersonaBundle, source: DataSource) -> Path | None:
    rel: str | None = getattr(bundle.episode, source.field)
    return None if rel is None else bundle.data_root / rel


def load_data_services(bundle: PersonaBundle) -> dict[str, Any]:
    """The loaded lookup data of every configured source, by service name (ValueError on bad data)."""
    return {source.service: source.load(path) for source in SOURCES if (path := _location(bundle, source)) is not None}


def check_data_services(bundle: PersonaBundle) -> list[Problem]:
    """Each configured source loads, and every session enabling a source's toolset has that source."""
    episode_file = str(bundle.root / "episode.yaml")
    out: list[Problem] = []
    for source in SOURCES:
        path = _location(bundle, source)
        if path is None:
            out += [
                Problem(
                    str(bundle.files.get(spec.id, episode_file)),
                    "toolsets",
                    f"uses {source.toolset!r} but episode.yaml has no {source.field}",
                )
                for spec in bundle.sessions
                if source.toolset in spec.toolsets
            ]
            continue
        try:
            source.load(path)
        except (ValueError, OSError) as exc:
            out.append(Problem(episode_file, source.field, str(exc)))
    return out
