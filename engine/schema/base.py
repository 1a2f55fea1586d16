"""Shared base for every proact data model: strict, documented, immutable-by-convention."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Base model that rejects unknown fields, so a typo in a YAML key is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
