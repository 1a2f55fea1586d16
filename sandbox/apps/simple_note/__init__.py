"""The simple_note app: each user's notes with tags and a pinned flag, full-text search."""

from __future__ import annotations

from typing import Any

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import Api, AppSpec
from sandbox.apps.simple_note.apis import APIS
from sandbox.apps.simple_note.state import NoteRow, SimpleNoteFixture, SimpleNoteState, note_rows, seed
from sandbox.apps.world import Call


def _recording_login(login: Api[Any]) -> Api[Any]:
    """The framework's login that also records when the user last logged in (show_account's last_logged_in)."""

    def run(args: Any, call: Call) -> Any:
        answer = login.fn(args, call)
        state = call.state(SimpleNoteState)
        state.last_logged_in[state.tokens[answer["access_token"]]] = call.now
        return answer

    return Api(login.name, login.description, login.args_model, run)


_LOGIN, _LOGOUT = auth_apis("simple_note")

APP = AppSpec(
    name="simple_note",
    state_model=SimpleNoteState,
    fixture_model=SimpleNoteFixture,
    seed=seed,
    apis=[_recording_login(_LOGIN), _LOGOUT, *APIS],
    collections={"notes": (NoteRow, note_rows)},
)
