"""simple_note APIs: notes (create, show, search, update, add content, delete), account and profile."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from sandbox.apps.base import Account, Api, ApiArgs, AppError, PageArgs, TokenArgs, not_found, owned
from sandbox.apps.query import iso, page, parse_sort, search
from sandbox.apps.simple_note.state import Note, SimpleNoteState, distinct_tags
from sandbox.apps.world import Call

SORT_FIELDS = ("created_at", "updated_at", "pinned")


def _own(call: Call, token: str, note_id: int) -> tuple[SimpleNoteState, Note]:
    user = call.user(token)
    state = call.state(SimpleNoteState)
    return state, owned(state.notes, "note", note_id, user.username)


def _item(note: Note) -> dict[str, Any]:
    return {
        "note_id": note.note_id,
        "title": note.title,
        "tags": list(note.tags),
        "created_at": iso(note.created_at),
        "updated_at": iso(note.updated_at),
        "pinned": note.pinned,
    }


class CreateNoteArgs(TokenArgs):
    """Arguments of create_note."""

    title: str = Field(min_length=1, description="Title.")
    content: str = Field(description="Text content.")
    tags: list[str] | None = Field(default=None, description="Tags, e.g. ['work', 'ideas'].")
    pinned: bool = Field(default=False, description="Pin the note to the top of the list.")


def create_note(args: CreateNoteArgs, call: Call) -> dict[str, Any]:
    """Create a note."""
    user = call.user(args.access_token)
    state = call.state(SimpleNoteState)
    note_id = state.next_id("note")
    state.notes[note_id] = Note(
        note_id=note_id,
        owner=user.username,
        title=args.title,
        content=args.content,
        tags=distinct_tags(args.tags or []),
        pinned=args.pinned,
        created_at=call.now,
        updated_at=call.now,
    )
    return {"message": "Note created.", "note_id": note_id}


class NoteIdArgs(TokenArgs):
    """Arguments of show_note and delete_note."""

    note_id: int = Field(description="Id of the note.")


def show_note(args: NoteIdArgs, call: Call) -> dict[str, Any]:
    """A note with its content."""
    _, note = _own(call, args.access_token, args.note_id)
    return {**_item(note), "content": note.content}


def delete_note(args: NoteIdArgs, call: Call) -> dict[str, str]:
    """Delete a note for good."""
    state, note = _own(call, args.access_token, args.note_id)
    del state.notes[note.note_id]
    return {"message": "Note deleted."}


class UpdateNoteArgs(TokenArgs):
    """Arguments of update_note (None leaves a field unchanged)."""

    note_id: int = Field(description="Id of the note.")
    title: str | None = Field(default=None, min_length=1, description="New title.")
    content: str | None = Field(default=None, description="New content (replaces the old).")
    tags: list[str] | None = Field(default=None, description="New tags (replace the old; [] removes all).")
    pinned: bool | None = Field(default=None, description="Pin (true) or unpin (false).")


def update_note(args: UpdateNoteArgs, call: Call) -> dict[str, str]:
    """Change a note's title, content, tags or pinned flag."""
    state, note = _own(call, args.access_token, args.note_id)
    values = args.model_dump(exclude={"access_token", "note_id"}, exclude_none=True)
    if not values:
        raise AppError("Nothing to update: give at least one field to change.")
    if args.tags is not None:
        values["tags"] = distinct_tags(args.tags)
    state.notes[note.note_id] = note.model_copy(update={**values, "updated_at": call.now})
    return {"message": "Note updated."}


class AddContentArgs(TokenArgs):
    """Arguments of add_content_to_note."""

    note_id: int = Field(description="Id of the note.")
    append_or_prepend: Literal["append", "prepend"] = Field(description="Add at the end or at the beginning.")
    added_content: str = Field(description="Text to add; joined to the content with a newline.")


def add_content_to_note(args: AddContentArgs, call: Call) -> dict[str, str]:
    """Append or prepend text to a note's content (joined with a newline)."""
    _, note = _own(call, args.access_token, args.note_id)
    if not note.content:
        note.content = args.added_content
    elif args.append_or_prepend == "append":
        note.content = f"{note.content}\n{args.added_content}"
    else:
        note.content = f"{args.added_content}\n{note.content}"
    note.updated_at = call.now
    return {"message": f"Content {args.append_or_prepend}ed to note."}


class SearchNotesArgs(TokenArgs, PageArgs):
    """Arguments of search_notes."""

    query: str = Field(default="", description="Full-text search over title, content and tags.")
    tags: list[str] | None = Field(default=None, description="Only notes with any of these tags.")
    pinned: bool | None = Field(default=None, description="Only pinned (true) or only unpinned (false) notes.")
    dont_reorder_pinned: bool | None = Field(default=None, description="Do not list pinned notes first.")
    sort_by: str | None = Field(
        default=None, description="'+' or '-' with created_at, updated_at or pinned (default: -updated_at)."
    )


def _sort_key(note: Note, name: str) -> tuple[Any, int]:
    return getattr(note, name), note.note_id


def _pinned_first(notes: list[Note], keep_order: bool | None) -> list[Note]:
    return notes if keep_order else sorted(notes, key=lambda n: not n.pinned)


def search_notes(args: SearchNotesArgs, call: Call) -> list[dict[str, Any]]:
    """The user's notes (without content) filtered by query, tags and pinned; pinned first by default."""
    user = call.user(args.access_token)
    notes = [n for n in call.state(SimpleNoteState).notes.values() if n.owner == user.username]
    if args.tags is not None:
        wanted = {t.strip().lower() for t in args.tags}
        notes = [n for n in notes if wanted & {t.lower() for t in n.tags}]
    if args.pinned is not None:
        notes = [n for n in notes if n.pinned == args.pinned]
    if args.query.strip():
        base = sorted(notes, key=lambda n: _sort_key(n, "updated_at"), reverse=True)
        ranked = search(base, args.query, lambda n: f"{n.title} {n.content} {' '.join(n.tags)}")
        chosen = page(_pinned_first(ranked, args.dont_reorder_pinned), args.page_index, args.page_limit)
        if args.sort_by is not None:
            name, descending = parse_sort(args.sort_by, SORT_FIELDS)
            chosen.sort(key=lambda n: _sort_key(n, name), reverse=descending)
    else:
        name, descending = parse_sort(args.sort_by or "-updated_at", SORT_FIELDS)
        ordered = sorted(notes, key=lambda n: _sort_key(n, name), reverse=descending)
        chosen = page(_pinned_first(ordered, args.dont_reorder_pinned), args.page_index, args.page_limit)
    return [_item(n) for n in chosen]


def show_account(args: TokenArgs, call: Call) -> dict[str, Any]:
    """The logged-in user's account."""
    user = call.user(args.access_token)
    state = call.state(SimpleNoteState)
    return {**_profile(user), "last_logged_in": iso(state.last_logged_in.get(user.username)), "verified": True}


class ShowProfileArgs(ApiArgs):
    """Arguments of show_profile."""

    email: str | None = Field(default=None, description="Email of the user whose public profile to show.")


def _profile(user: Account) -> dict[str, Any]:
    return {
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "registered_at": iso(user.registered_at),
    }


def show_profile(args: ShowProfileArgs, call: Call) -> dict[str, Any]:
    """A user's public profile (no login needed)."""
    if args.email is None:
        raise AppError("Give the email of the user whose profile to show.")
    user = call.state(SimpleNoteState).by_email(args.email)
    if user is None:
        raise not_found("user", args.email, "email")
    return _profile(user)


APIS: list[Api[Any]] = [
    Api("create_note", "Create a note.", CreateNoteArgs, create_note),
    Api("show_note", "Show a note with its content.", NoteIdArgs, show_note),
    Api(
        "search_notes",
        "Search your notes (full text over title, content and tags); pinned notes first unless told otherwise.",
        SearchNotesArgs,
        search_notes,
    ),
    Api("update_note", "Change a note's title, content, tags or pinned flag.", UpdateNoteArgs, update_note),
    Api("add_content_to_note", "Append or prepend text to a note.", AddContentArgs, add_content_to_note),
    Api("delete_note", "Delete a note.", NoteIdArgs, delete_note),
    Api("show_account", "Show your simple_note account.", TokenArgs, show_account),
    Api("show_profile", "Show a user's public profile by email (no login needed).", ShowProfileArgs, show_profile),
]
