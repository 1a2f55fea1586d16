"""simple_note state (each user's notes and last login), its fixture, seed and query collection."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from sandbox.apps.base import AppState, SeedError, StateModel
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts
from sandbox.apps.query import iso


class Note(StateModel):
    """A note of one user."""

    note_id: int = Field(description="Note id.")
    owner: str = Field(description="Email of the note's user.")
    title: str = Field(description="Title.")
    content: str = Field(default="", description="Text content.")
    tags: list[str] = Field(default_factory=list, description="Tags, distinct.")
    pinned: bool = Field(default=False, description="Pinned to the top of the list.")
    created_at: datetime = Field(description="Creation time.")
    updated_at: datetime = Field(description="Last change.")


class SimpleNoteState(AppState):
    """Every user's notes and when each user last logged in."""

    notes: dict[int, Note] = Field(default_factory=dict, description="Notes by note_id.")
    last_logged_in: dict[str, datetime] = Field(default_factory=dict, description="Username -> time of last login.")


def distinct_tags(tags: list[str]) -> list[str]:
    """Tags stripped, without empties and case-insensitive duplicates (first spelling kept)."""
    out: list[str] = []
    for tag in (t.strip() for t in tags):
        if tag and tag.lower() not in {t.lower() for t in out}:
            out.append(tag)
    return out


class NoteFixture(FixtureModel):
    """A note the persona starts with."""

    title: str = Field(min_length=1, description="Title.")
    content: str = Field(default="", description="Text content.")
    tags: list[str] = Field(default_factory=list, description="Tags.")
    pinned: bool = Field(default=False, description="Pinned.")
    created_at: datetime | None = Field(default=None, description="Creation time (default: the clock's start).")
    updated_at: datetime | None = Field(default=None, description="Last change (default: created_at).")


class SimpleNoteFixture(FixtureModel):
    """personas/<id>/apps/simple_note.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="Other users of the app.")
    notes: list[NoteFixture] = Field(default_factory=list, description="The persona's notes (ids in file order).")


def seed(fixture: SimpleNoteFixture, start: datetime) -> SimpleNoteState:
    """The first state: accounts, then the persona's notes."""
    state = SimpleNoteState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=fixture.account.email)
    for n, spec in enumerate(fixture.notes):
        created = spec.created_at or start
        updated = spec.updated_at or created
        if updated < created:
            raise SeedError(f"notes[{n}].updated_at", "updated_at is before created_at")
        note_id = state.next_id("note")
        state.notes[note_id] = Note(
            note_id=note_id,
            owner=state.owner,
            title=spec.title,
            content=spec.content,
            tags=distinct_tags(spec.tags),
            pinned=spec.pinned,
            created_at=created,
            updated_at=updated,
        )
    return state


class NoteRow(BaseModel):
    """A row of the `notes` collection: one of the persona's notes."""

    note_id: int = Field(description="Note id.")
    title: str = Field(description="Title.")
    content: str = Field(description="Text content.")
    tags: list[str] = Field(description="Tags.")
    pinned: bool = Field(description="Pinned.")
    created_at: str = Field(description="Creation time (ISO).")
    updated_at: str = Field(description="Last change (ISO).")


def note_rows(state: SimpleNoteState) -> list[BaseModel]:
    """The persona's notes by id."""
    mine = sorted((n for n in state.notes.values() if n.owner == state.owner), key=lambda n: n.note_id)
    return [
        NoteRow(
            **n.model_dump(include={"note_id", "title", "content", "tags", "pinned"}),
            created_at=iso(n.created_at) or "",
            updated_at=iso(n.updated_at) or "",
        )
        for n in mine
    ]
