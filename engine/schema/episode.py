"""An episode: the ordered sessions of one persona and how they depend on each other."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from engine.schema.base import Strict

DEFAULT_CLOCK_START = datetime(2026, 1, 5, 9, 0, 0)


class EpisodeEntry(Strict):
    """A session's place in the episode."""

    session: str = Field(description="Session id; the file sessions/<id>.yaml must exist.")
    depends_on: list[str] = Field(default_factory=list, description="Earlier sessions this one needs.")


class DependencyGroup(Strict):
    """Sessions that share essential carry-over information (seed 001 §3.2)."""

    id: str = Field(description="Unique group id, e.g. 'g1'.")
    sessions: list[str] = Field(min_length=2, description="Member sessions in episode order; the last is final.")
    note: str = Field(default="", description="What information the group carries forward.")


class EpisodeClockSpec(Strict):
    """Where the episode clock starts and how far it moves between sessions (episodes without apps; with apps, the
    fixture `apps/clock.yaml` says the same)."""

    start: datetime = Field(default=DEFAULT_CLOCK_START, description="Simulated time when the first session opens.")
    session_gap_hours: float = Field(
        default=24.0, ge=0, description="Hours the clock moves on between the end of a session and the next opening."
    )


class Episode(Strict):
    """The persona's ordered sessions over one persistent workspace."""

    persona: str = Field(description="Persona id this episode belongs to.")
    workspace_seed: str = Field(
        default="seed", description="Folder (relative to workspaces/<persona>/) copied into the fresh workspace."
    )
    web_corpus: str | None = Field(
        default=None,
        description="Folder (relative to workspaces/<persona>/) of offline web pages for web_search/web_fetch; "
        "read by the engine, never copied into the workspace.",
    )
    literature_index: str | None = Field(
        default=None,
        description="YAML or JSONL file (relative to workspaces/<persona>/) of paper records for "
        "literature_search/literature_fetch; read by the engine, never copied into the workspace.",
    )
    finance_data: str | None = Field(
        default=None,
        description="Folder (relative to workspaces/<persona>/) holding catalogue.yaml and one date,value CSV per "
        "series for finance_search/finance_series; read by the engine, never copied into the workspace.",
    )
    news_feed: str | None = Field(
        default=None,
        description="Folder (relative to workspaces/<persona>/) of dated news articles (Markdown with url, title, "
        "date and topic front matter) for news_search/news_read; read by the engine, never copied into the workspace.",
    )
    imported_from: str | None = Field(
        default=None,
        description="Where an imported episode came from (e.g. 'pibench: <checkout>'); None for authored personas. "
        "Only imported sessions may lack a gold solution, and `proact validate` reports the authoring checks "
        "(leakage, keyword targeting) of imported data as warnings: the data is the original's, unchanged.",
    )
    clock: EpisodeClockSpec | None = Field(
        default=None,
        description="The episode clock of a persona without app fixtures (unset: it starts on 2026-01-05 09:00 with a "
        "24 h gap); a persona with apps sets it in apps/clock.yaml instead, one clock for both.",
    )
    sessions: list[EpisodeEntry] = Field(min_length=1, description="Sessions in the order they run.")
    dependency_groups: list[DependencyGroup] = Field(default_factory=list, description="Strong dependency groups.")
