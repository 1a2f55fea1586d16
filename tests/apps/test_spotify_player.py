"""spotify playback: the queue, the current song, playback position moved on by the simulated clock."""

from __future__ import annotations

import copy

import pytest

from tests.apps.spotify_harness import FIXTURE, ME, NOT_YOURS, UNAUTHORIZED, Spotify, spotify


@pytest.fixture
def app() -> Spotify:
    return spotify()


@pytest.fixture
def token(app: Spotify) -> str:
    return app.login()


def _queue(app: Spotify, token: str) -> list[int]:
    return [s["song_id"] for s in app.ok("show_song_queue", access_token=token)]


def _current(app: Spotify, token: str) -> tuple[int, int, bool]:
    song = app.ok("show_current_song", access_token=token)
    return song["song_id"], song["played_seconds"], song["is_playing"]


def test_show_current_song_and_queue(app: Spotify, token: str) -> None:
    song = app.ok("show_current_song", access_token=token)
    assert song == {
        "song_id": 2,
        "title": "Late Train",
        "album_id": 1,
        "album_title": "Night Shift",
        "duration": 180,
        "artists": [{"id": 1, "name": "Nina Vale"}],
        "played_seconds": 32,
        "is_playing": True,
        "is_looping": False,
    }
    queue = app.ok("show_song_queue", access_token=token)
    assert [(s["position"], s["song_id"], s["is_current"], s["is_playing"]) for s in queue] == [
        (0, 1, False, False),
        (1, 2, True, True),
        (2, 3, False, False),
    ]
    assert app.err("show_song_queue", access_token=token + "x") == UNAUTHORIZED


def test_empty_queue() -> None:
    data = copy.deepcopy(FIXTURE)
    data["player"] = {}
    app = spotify(data)
    token = app.login()
    assert app.ok("show_song_queue", access_token=token) == []
    for api in ("show_current_song", "previous_song", "play_music"):
        assert app.err(api, access_token=token) == "The song queue is empty."


def test_time_moves_playback_through_the_queue_and_stops_at_the_end(app: Spotify, token: str) -> None:
    app.wait(100)
    assert _current(app, token) == (2, 132, True)
    app.wait(60)
    assert _current(app, token) == (3, 13, True)
    assert app.state.songs[3].play_count == 71
    app.wait(3600)
    assert _current(app, token) == (3, 240, False)
    assert app.state.songs[3].play_count == 71
    assert app.ok("play_music", access_token=token) == {"message": "Song (Quiet Street) is now playing.", "song_id": 3}
    assert _current(app, token) == (3, 1, True) and app.state.songs[3].play_count == 72


def test_looping_repeats_the_current_song() -> None:
    data = copy.deepcopy(FIXTURE)
    data["player"]["is_looping"] = True
    app = spotify(data)
    token = app.login()
    app.wait(180 * 3)
    assert _current(app, token) == (2, 32, True)
    assert app.state.songs[2].play_count == 903


def test_play_a_song_goes_in_at_the_current_position(app: Spotify, token: str) -> None:
    answer = app.ok("play_music", access_token=token, song_id=6)
    assert answer == {"message": "Song (Signal) is now playing.", "song_id": 6}
    assert _queue(app, token) == [1, 6, 2, 3]
    assert _current(app, token) == (6, 2, True)
    assert app.state.songs[6].play_count == 8001
    assert app.err("play_music", access_token=token, song_id=60) == "The song with id 60 does not exist."


def test_play_an_album_or_playlist_replaces_the_queue(app: Spotify, token: str) -> None:
    assert app.ok("play_music", access_token=token, album_id=2)["song_id"] == 4
    assert _queue(app, token) == [4, 5]
    assert app.ok("play_music", access_token=token, playlist_id=1) == {
        "message": "Song (Quiet Street) is now playing.",
        "song_id": 3,
    }
    assert _queue(app, token) == [3, 4]
    assert app.err("play_music", access_token=token, playlist_id=4) == NOT_YOURS
    app.ok("create_playlist", access_token=token, title="Empty")
    assert app.err("play_music", access_token=token, playlist_id=5) == "The playlist has no songs."
    assert _queue(app, token) == [3, 4]


def test_play_a_queue_position_and_resume(app: Spotify, token: str) -> None:
    assert app.ok("play_music", access_token=token, queue_position=0)["song_id"] == 1
    assert _current(app, token) == (1, 1, True)
    assert app.err("play_music", access_token=token) == "The song is already playing."
    assert app.err("play_music", access_token=token, queue_position=3) == (
        "There is no song at position 3 in the song queue."
    )
    assert app.err("play_music", access_token=token, song_id=1, album_id=1) == (
        "Give at most one of song_id, album_id, playlist_id and queue_position."
    )


def test_previous_song_wraps_around(app: Spotify, token: str) -> None:
    assert app.ok("previous_song", access_token=token) == {
        "message": "Moved to the previous song in the queue.",
        "song_id": 1,
    }
    assert _current(app, token) == (1, 1, True)
    assert app.ok("previous_song", access_token=token)["song_id"] == 3
    app.ok("play_music", access_token=token, song_id=4)
    app.ok("play_music", access_token=token, album_id=1)
    for position in (2, 1):
        app.ok("remove_song_from_queue", access_token=token, position=position)
    assert app.err("previous_song", access_token=token) == (
        "There is only one song in the queue, cannot move to the previous song."
    )


def test_add_to_queue_appends(app: Spotify, token: str) -> None:
    assert app.ok("add_to_queue", access_token=token, song_id=7) == {"message": "Song added to the queue."}
    assert app.ok("add_to_queue", access_token=token, album_id=2) == {"message": "Album added to the queue."}
    assert app.ok("add_to_queue", access_token=token, playlist_id=3) == {"message": "Playlist added to the queue."}
    assert _queue(app, token) == [1, 2, 3, 7, 4, 5, 6, 1]
    assert _current(app, token)[0] == 2
    message = "Exactly one of song_id, album_id and playlist_id must be given."
    assert app.err("add_to_queue", access_token=token) == message
    assert app.err("add_to_queue", access_token=token, song_id=1, playlist_id=3) == message
    assert app.err("add_to_queue", access_token=token, playlist_id=4) == NOT_YOURS
    assert app.err("add_to_queue", access_token=token, album_id=9) == "The album with id 9 does not exist."


def test_remove_song_from_queue(app: Spotify, token: str) -> None:
    assert app.ok("remove_song_from_queue", access_token=token, position=0) == {
        "message": "Removed song at position 0 from the song queue."
    }
    assert _queue(app, token) == [2, 3] and _current(app, token)[:2] == (2, 34)
    app.ok("remove_song_from_queue", access_token=token, position=0)
    assert _current(app, token) == (3, 1, True)
    assert app.err("remove_song_from_queue", access_token=token, position=1) == (
        "There is no song at position 1 in the song queue."
    )
    app.ok("remove_song_from_queue", access_token=token, position=0)
    assert app.ok("show_song_queue", access_token=token) == []
    assert app.state.library(ME).player.is_playing is False
    assert app.err("show_current_song", access_token=token) == "The song queue is empty."


def test_removing_the_last_current_song_stops_playback(app: Spotify, token: str) -> None:
    app.ok("play_music", access_token=token, queue_position=2)
    app.ok("remove_song_from_queue", access_token=token, position=2)
    assert _current(app, token) == (2, 180, False)
    assert app.ok("play_music", access_token=token, song_id=5)["song_id"] == 5
    assert _queue(app, token) == [1, 2, 5]
