"""Lookup data shipped with a persona: a literature index and a finance catalogue (read by tools, no network)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.schema.base import Strict

SeriesKind = Literal["stock", "fund", "futures", "macro"]
Frequency = Literal["daily", "weekly", "monthly", "quarterly", "yearly"]


class Paper(Strict):
    """One record of the literature index."""

    id: str = Field(min_length=1, description="Unique paper id the agent fetches by, e.g. 'pm-0001'.")
    title: str = Field(min_length=1, description="Paper title.")
    authors: list[str] = Field(min_length=1, description="Author names in byline order.")
    year: int = Field(ge=1800, le=2100, description="Publication year.")
    venue: str = Field(min_length=1, description="Journal or conference.")
    abstract: str = Field(default="", description="Abstract text; searched and shown in snippets.")
    keywords: list[str] = Field(default_factory=list, description="Subject keywords; searched.")
    url: str | None = Field(default=None, description="Where the paper would be read (never fetched).")
    references: list[str] = Field(default_factory=list, description="Ids of indexed papers this one cites.")
    cited_by: list[str] = Field(default_factory=list, description="Ids of indexed papers citing this one.")


class LiteratureFile(Strict):
    """A YAML literature index: the papers under one key."""

    papers: list[Paper] = Field(min_length=1, description="Every indexed paper.")


class SeriesInfo(Strict):
    """Metadata of one finance series; its points live in a `date,value` CSV beside the catalogue."""

    id: str = Field(min_length=1, description="Unique series id the agent asks for, e.g. 'ACME.CLOSE'.")
    name: str = Field(min_length=1, description="Human-readable series name; searched.")
    kind: SeriesKind = Field(description="stock, fund, futures or macro.")
    unit: str = Field(min_length=1, description="Unit of the values, e.g. 'USD' or '% y/y'.")
    frequency: Frequency = Field(description="How often the series has a point.")
    file: str | None = Field(default=None, description="CSV file relative to the catalogue; default '<id>.csv'.")
    description: str = Field(default="", description="What the series measures; searched.")


class FinanceCatalogue(Strict):
    """The `catalogue.yaml` of a finance data folder."""

    series: list[SeriesInfo] = Field(min_length=1, description="Every series of the folder.")
