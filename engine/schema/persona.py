"""The simulated user's stable profile (seed 001 §3.2)."""

from __future__ import annotations

from pydantic import Field

from engine.schema.base import Strict


class Persona(Strict):
    """A user role: who the simulated user is, independent of any one session."""

    id: str = Field(description="Stable identifier, equal to the persona's folder name.", pattern=r"^[a-z0-9_]+$")
    name: str = Field(description="The user's display name, used in the simulated user's voice.")
    role: str = Field(description="Short role label, e.g. 'researcher' or 'law trainee'.")
    occupation: str = Field(description="What the user does for a living, in one or two sentences.")
    routines: list[str] = Field(default_factory=list, description="Recurring habits and schedules.")
    preferences: list[str] = Field(default_factory=list, description="Stable likes and dislikes that shape outputs.")
    working_style: str = Field(default="", description="How the user writes, reviews and communicates.")
    goals: list[str] = Field(default_factory=list, description="Long-term goals the sessions serve.")
