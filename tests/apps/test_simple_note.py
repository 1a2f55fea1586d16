"""The simple_note app: notes with tags and pinned, full-text search, account and profile, errors, bad arguments."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from sandbox.apps.fixtures import FixtureError, load_world
from sandbox.apps.registry import APPS
from sandbox.apps.simple_note import APP
from sandbox.apps.simple_note.state import Note, SimpleNoteState
from sandbox.apps.world import DEFAULT_START
from tests.apps.harness import AppHarness, unauthorized

ME = "noor@example.com"
UNAUTHORIZED = unauthorized("simple_note")
FIXTURE: dict[str, Any] = {
    "account": {"first_name": "Noor", "last_name": "Haddad", "email": ME, "password": "pw-notes"},
    "users": [{"first_name": "Sam", "last_name": "Lee", "email": "sam@example.com"}],
    "notes": [
        {
            "title": "Grocery list",
            "content": "oat milk\nlentils\ncoriander",
            "tags": ["home", "shopping"],
            "created_at": "2026-01-01T10:00:00",
        },
        {
            "title": "Quarterly review prep",
            "content": "Collect the churn numbers and the hiring plan.",
            "tags": ["work"],
            "pinned": True,
            "created_at": "2026-01-02T10:00:00",
        },
        {
            "title": "Book ideas",
            "content": "A novel about a lighthouse keeper.",
            "tags": ["ideas", "Home"],
            "created_at": "2026-01-03T10:00:00",
            "updated_at": "2026-01-04T12:00:00",
        },
    ],
}


Notes = AppHarness[SimpleNoteState]


@pytest.fixture
def notes() -> Notes:
    return AppHarness.seeded(APP, FIXTURE)


@pytest.fixture
def token(notes: Notes) -> str:
    return notes.login()


def ids(items: list[dict[str, Any]]) -> list[int]:
    return [item["note_id"] for item in items]


def test_registered_with_the_ten_table_tools() -> None:
    assert APPS["simple_note"] is APP
    assert {api.name for api in APP.apis} == {
        "add_content_to_note",
        "create_note",
        "delete_note",
        "login",
        "logout",
        "search_notes",
        "update_note",
        "show_account",
        "show_note",
        "show_profile",
    }


def test_login_logout_and_401(notes: Notes) -> None:
    assert notes.err("login", username=ME, password="nope") == "Invalid credentials"
    assert notes.err("login", username="sam@example.com", password="") == "Invalid credentials"
    assert notes.err("search_notes", access_token="forged") == UNAUTHORIZED
    token = notes.ok("login", username=ME.upper(), password="pw-notes")["access_token"]
    assert len(notes.ok("search_notes", access_token=token)) == 3
    assert notes.ok("logout", access_token=token) == {"message": "Successfully logged out."}
    assert notes.err("show_note", access_token=token, note_id=1) == UNAUTHORIZED


def test_show_account_records_the_last_login(notes: Notes, token: str) -> None:
    assert notes.ok("show_account", access_token=token) == {
        "first_name": "Noor",
        "last_name": "Haddad",
        "email": ME,
        "registered_at": "2026-01-05T09:00:00",
        "last_logged_in": "2026-01-05T09:00:01",
        "verified": True,
    }
    notes.world.end_session()
    assert notes.err("show_account", access_token=token) == UNAUTHORIZED
    again = notes.ok("login", username=ME, password="pw-notes")["access_token"]
    assert notes.ok("show_account", access_token=again)["last_logged_in"] == "2026-01-06T09:00:04"


def test_show_profile_is_public(notes: Notes) -> None:
    assert notes.ok("show_profile", email="sam@example.com") == {
        "first_name": "Sam",
        "last_name": "Lee",
        "email": "sam@example.com",
        "registered_at": "2026-01-05T09:00:00",
    }
    assert notes.err("show_profile", email="ghost@example.com") == (
        "The user with email ghost@example.com does not exist."
    )
    assert notes.err("show_profile") == "Give the email of the user whose profile to show."


def test_create_and_show_note(notes: Notes, token: str) -> None:
    answer = notes.ok(
        "create_note", access_token=token, title="Trip", content="Pack boots", tags=["travel", "Travel", " "]
    )
    assert answer == {"message": "Note created.", "note_id": 4}
    assert notes.ok("show_note", access_token=token, note_id=4) == {
        "note_id": 4,
        "title": "Trip",
        "tags": ["travel"],
        "created_at": "2026-01-05T09:00:02",
        "updated_at": "2026-01-05T09:00:02",
        "pinned": False,
        "content": "Pack boots",
    }
    assert notes.state.notes[4].owner == ME
    assert notes.err("show_note", access_token=token, note_id=40) == "The note with id 40 does not exist."


def test_someone_elses_note_is_not_yours(notes: Notes, token: str) -> None:
    notes.state.notes[9] = Note(
        note_id=9, owner="sam@example.com", title="Sam's", created_at=DEFAULT_START, updated_at=DEFAULT_START
    )
    assert notes.err("show_note", access_token=token, note_id=9) == (
        "The given note does not belong to you, so you cannot access it."
    )
    assert notes.err("delete_note", access_token=token, note_id=9) == (
        "The given note does not belong to you, so you cannot access it."
    )
    assert 9 in notes.state.notes and ids(notes.ok("search_notes", access_token=token, page_limit=20)) == [2, 3, 1]


def test_update_note(notes: Notes, token: str) -> None:
    answer = notes.ok("update_note", access_token=token, note_id=1, title="Groceries", tags=[], pinned=True)
    assert answer == {"message": "Note updated."}
    note = notes.state.notes[1]
    assert (note.title, note.tags, note.pinned, note.content) == ("Groceries", [], True, "oat milk\nlentils\ncoriander")
    assert note.updated_at == datetime(2026, 1, 5, 9, 0, 2) and note.created_at == datetime(2026, 1, 1, 10)
    assert notes.err("update_note", access_token=token, note_id=1) == (
        "Nothing to update: give at least one field to change."
    )
    assert notes.err("update_note", access_token=token, note_id=7, title="x") == "The note with id 7 does not exist."


def test_add_content_appends_and_prepends_with_a_newline(notes: Notes, token: str) -> None:
    appended = notes.ok(
        "add_content_to_note", access_token=token, note_id=1, append_or_prepend="append", added_content="rice"
    )
    assert appended == {"message": "Content appended to note."}
    prepended = notes.ok(
        "add_content_to_note", access_token=token, note_id=1, append_or_prepend="prepend", added_content="# Shop"
    )
    assert prepended == {"message": "Content prepended to note."}
    assert notes.state.notes[1].content == "# Shop\noat milk\nlentils\ncoriander\nrice"
    assert notes.state.notes[1].updated_at == datetime(2026, 1, 5, 9, 0, 3)
    assert notes.err(
        "add_content_to_note", access_token=token, note_id=5, append_or_prepend="append", added_content="x"
    ) == ("The note with id 5 does not exist.")


def test_delete_note(notes: Notes, token: str) -> None:
    assert notes.ok("delete_note", access_token=token, note_id=3) == {"message": "Note deleted."}
    assert 3 not in notes.state.notes and [r["note_id"] for r in APP.rows(notes.state, "notes")] == [1, 2]
    assert notes.err("delete_note", access_token=token, note_id=3) == "The note with id 3 does not exist."


def test_search_order_pinned_first_and_sorting(notes: Notes, token: str) -> None:
    listed = notes.ok("search_notes", access_token=token)
    assert ids(listed) == [2, 3, 1]
    assert "content" not in listed[0] and listed[0]["pinned"] is True
    assert ids(notes.ok("search_notes", access_token=token, dont_reorder_pinned=True)) == [3, 2, 1]
    assert ids(notes.ok("search_notes", access_token=token, sort_by="+created_at", dont_reorder_pinned=True)) == [
        1,
        2,
        3,
    ]
    assert ids(notes.ok("search_notes", access_token=token, pinned=False)) == [3, 1]
    assert notes.err("search_notes", access_token=token, sort_by="title") == (
        "Invalid sort_by value 'title'. Allowed values: +created_at, -created_at, +updated_at, -updated_at, "
        "+pinned, -pinned."
    )


def test_full_text_search_and_tags(notes: Notes, token: str) -> None:
    assert ids(notes.ok("search_notes", access_token=token, query="lentils")) == [1]
    assert ids(notes.ok("search_notes", access_token=token, query="LIGHTHOUSE keeper")) == [3]
    assert ids(notes.ok("search_notes", access_token=token, query="hiring numbers novel")) == [2, 3]
    assert notes.ok("search_notes", access_token=token, query="bicycle") == []
    assert ids(notes.ok("search_notes", access_token=token, tags=["home"])) == [3, 1]
    assert ids(notes.ok("search_notes", access_token=token, tags=["work", "shopping"])) == [2, 1]
    notes.ok("create_note", access_token=token, title="New lentils recipe", content="soak overnight")
    assert ids(notes.ok("search_notes", access_token=token, query="lentils", sort_by="-created_at")) == [4, 1]


def test_pagination(notes: Notes, token: str) -> None:
    assert ids(notes.ok("search_notes", access_token=token, page_limit=2)) == [2, 3]
    assert ids(notes.ok("search_notes", access_token=token, page_limit=2, page_index=1)) == [1]
    assert notes.ok("search_notes", access_token=token, page_limit=2, page_index=2) == []


@pytest.mark.parametrize(
    ("api", "arguments", "problem"),
    [
        ("search_notes", {"page_limit": 21}, "page_limit: Input should be less than or equal to 20"),
        ("search_notes", {"page_index": -1}, "page_index: Input should be greater than or equal to 0"),
        ("search_notes", {"tags": "work"}, "tags: Input should be a valid list"),
        ("create_note", {"title": "", "content": "x"}, "title: String should have at least 1 character"),
        ("create_note", {"title": "x"}, "content: Field required"),
        ("add_content_to_note", {"note_id": 1, "append_or_prepend": "insert", "added_content": "x"}, "append_or"),
        ("update_note", {"note_id": "one", "title": "x"}, "note_id: Input should be a valid integer"),
        ("delete_note", {"note_id": 1, "force": True}, "force: Extra inputs are not permitted"),
    ],
)
def test_bad_arguments_change_nothing(
    notes: Notes, token: str, api: str, arguments: dict[str, Any], problem: str
) -> None:
    notes.bad_arguments(api, problem, access_token=token, **arguments)


def test_fixture_loads_and_problems_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "simple_note.yaml"
    path.write_text(yaml.safe_dump(FIXTURE), encoding="utf-8")
    rows = load_world(tmp_path, {"simple_note": APP}).rows("simple_note", "notes")
    assert rows[2] == {
        "note_id": 3,
        "title": "Book ideas",
        "content": "A novel about a lighthouse keeper.",
        "tags": ["ideas", "Home"],
        "pinned": False,
        "created_at": "2026-01-03T10:00:00",
        "updated_at": "2026-01-04T12:00:00",
    }
    bad = {
        **FIXTURE,
        "notes": [{"title": "x", "created_at": "2026-01-02T00:00:00", "updated_at": "2026-01-01T00:00:00"}],
    }
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    with pytest.raises(FixtureError, match=r"notes\[0\]\.updated_at: updated_at is before created_at"):
        load_world(tmp_path, {"simple_note": APP})
    path.write_text(yaml.safe_dump({**FIXTURE, "notes": [{"title": ""}]}), encoding="utf-8")
    with pytest.raises(FixtureError, match=r"notes\[0\]\.title: String should have at least 1 character"):
        load_world(tmp_path, {"simple_note": APP})
