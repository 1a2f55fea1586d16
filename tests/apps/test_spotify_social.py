"""spotify playlists and song reviews; bad arguments; query collections; fixtures and snapshots."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from sandbox.apps.fixtures import FixtureError, load_world
from sandbox.apps.spotify import APP
from tests.apps.spotify_harness import FIXTURE, ME, NOT_YOURS, SAM, Spotify, spotify


@pytest.fixture
def app() -> Spotify:
    return spotify()


@pytest.fixture
def token(app: Spotify) -> str:
    return app.login()


def test_create_playlist_and_list_your_playlists(app: Spotify, token: str) -> None:
    answer = app.ok("create_playlist", access_token=token, title="Gym")
    assert answer == {"message": "Playlist created.", "playlist_id": 5}
    created = app.state.playlists[5]
    assert created.owner == ME and created.is_public is False and created.song_ids == []
    library = app.ok("show_playlist_library", access_token=token)
    assert [p["title"] for p in library] == ["Gym", "Road Trip", "Morning Focus"]
    assert [p["playlist_id"] for p in app.ok("show_playlist_library", access_token=token, is_public=True)] == [2]
    assert [p["title"] for p in app.ok("show_playlist_library", access_token=token, sort_by="+title")] == [
        "Gym",
        "Morning Focus",
        "Road Trip",
    ]
    assert app.ok("show_playlist_library", access_token=token, query="focus")[0]["song_ids"] == [3, 4]
    assert app.err("show_playlist_library", access_token=token, sort_by="+like_count").startswith("Invalid sort_by")
    assert app.err("create_playlist", access_token=token, title="").startswith(
        "bad arguments for spotify__create_playlist: title"
    )
    assert len(app.state.playlists) == 5


def test_add_and_remove_playlist_songs_keep_the_order(app: Spotify, token: str) -> None:
    assert app.ok("add_song_to_playlist", access_token=token, playlist_id=1, song_id=1) == {
        "message": "Song added to the playlist."
    }
    assert app.state.playlists[1].song_ids == [3, 4, 1]
    assert app.err("add_song_to_playlist", access_token=token, playlist_id=1, song_id=4) == (
        "The song is already in the playlist."
    )
    assert app.err("add_song_to_playlist", access_token=token, playlist_id=3, song_id=2) == NOT_YOURS
    assert app.err("add_song_to_playlist", access_token=token, playlist_id=1, song_id=77) == (
        "The song with id 77 does not exist."
    )
    assert app.ok("remove_song_from_playlist", access_token=token, playlist_id=1, song_id=4) == {
        "message": "Song removed from playlist."
    }
    assert app.state.playlists[1].song_ids == [3, 1]
    assert app.err("remove_song_from_playlist", access_token=token, playlist_id=1, song_id=4) == (
        "The song is not in the playlist."
    )
    assert app.err("remove_song_from_playlist", access_token=token, playlist_id=3, song_id=6) == NOT_YOURS
    assert app.state.playlists[3].song_ids == [6, 1]


def test_review_song_once_and_the_rating_follows(app: Spotify, token: str) -> None:
    answer = app.ok("review_song", access_token=token, song_id=4, rating=5, title="Waves", text="Sunny")
    assert answer == {"message": "Added a new song review.", "song_review_id": 2}
    song = app.state.songs[4]
    assert song.review_count == 3 and song.rating == pytest.approx(4.0)
    assert app.err("review_song", access_token=token, song_id=4, rating=1) == (
        "You have already reviewed this song. Use update_song_review to change your review."
    )
    assert app.err("review_song", access_token=token, song_id=50, rating=3) == "The song with id 50 does not exist."
    review = app.ok("show_song_review", review_id=2)
    assert review == {
        "song_review_id": 2,
        "song_id": 4,
        "rating": 5,
        "title": "Waves",
        "text": "Sunny",
        "created_at": "2026-01-05T09:00:02",
        "user": {"name": "Noor Haddad", "email": ME},
    }
    assert app.err("show_song_review", review_id=3) == "The song review with id 3 does not exist."


def test_update_song_review(app: Spotify, token: str) -> None:
    app.ok("review_song", access_token=token, song_id=4, rating=5)
    assert app.ok("update_song_review", access_token=token, review_id=2, rating=2, text="Grew tired of it") == {
        "message": "Updated the song review."
    }
    review = app.state.reviews[2]
    assert (review.rating, review.title, review.text) == (2, "", "Grew tired of it")
    assert app.state.songs[4].rating == pytest.approx(3.0) and app.state.songs[4].review_count == 3
    assert app.err("update_song_review", access_token=token, review_id=2, rating=2) == (
        "No changes to the song review were given."
    )
    assert app.err("update_song_review", access_token=token, review_id=1, title="Meh") == (
        "The given song review does not belong to you, so you cannot access it."
    )
    assert app.err("update_song_review", access_token=token, review_id=9, rating=1) == (
        "The song review with id 9 does not exist."
    )


def test_show_song_reviews_filters_and_sorts(app: Spotify, token: str) -> None:
    app.ok("review_song", access_token=token, song_id=1, rating=3, title="Fine", text="A bit slow")
    reviews = app.ok("show_song_reviews", song_id=1)
    assert [r["song_review_id"] for r in reviews] == [2, 1]
    assert [r["rating"] for r in app.ok("show_song_reviews", song_id=1, sort_by="-rating")] == [5, 3]
    assert [r["user"]["email"] for r in app.ok("show_song_reviews", song_id=1, user_email=SAM)] == [SAM]
    assert [r["song_review_id"] for r in app.ok("show_song_reviews", song_id=1, max_rating=4)] == [2]
    assert [r["song_review_id"] for r in app.ok("show_song_reviews", song_id=1, query="slow")] == [2]
    assert app.ok("show_song_reviews", song_id=2) == []
    assert app.err("show_song_reviews", song_id=99) == "The song with id 99 does not exist."


@pytest.mark.parametrize(
    ("api", "arguments", "field"),
    [
        ("search_songs", {"page_limit": 21}, "page_limit"),
        ("search_songs", {"page_limit": 0}, "page_limit"),
        ("search_albums", {"page_index": -1}, "page_index"),
        ("search_songs", {"max_rating": 6}, "max_rating"),
        ("search_users", {"sort_by": "+email"}, "sort_by"),
        ("review_song", {"access_token": "t", "song_id": 1, "rating": 0}, "rating"),
        ("update_song_review", {"access_token": "t", "review_id": 1, "rating": 6}, "rating"),
        ("remove_song_from_queue", {"access_token": "t", "position": -1}, "position"),
        ("play_music", {"access_token": "t", "queue_position": -2}, "queue_position"),
        ("like_song", {"access_token": "t"}, "song_id"),
        ("like_song", {"song_id": 1}, "access_token"),
        ("show_song", {"song_id": "one"}, "song_id"),
        ("show_genres", {"genre": "jazz"}, "genre"),
    ],
)
def test_bad_arguments_are_refused_before_the_api_runs(
    app: Spotify, api: str, arguments: dict[str, Any], field: str
) -> None:
    app.bad_arguments(api, field, **arguments)


def test_collections(app: Spotify, token: str) -> None:
    app.ok("like_song", access_token=token, song_id=6)
    app.ok("review_song", access_token=token, song_id=6, rating=4, title="Tight")
    rows = app.world.rows
    assert [r["song_id"] for r in rows("spotify", "liked_songs")] == [2, 6]
    assert rows("spotify", "songs")[5] == {
        "song_id": 6,
        "title": "Signal",
        "album_title": "Pulse",
        "artists": ["DJ Kora"],
        "genre": "electronic",
        "play_count": 8000,
        "like_count": 1,
        "rating": 4.0,
        "review_count": 1,
    }
    assert rows("spotify", "library_songs")[0]["title"] == "Blue Hour"
    assert [r["album_id"] for r in rows("spotify", "library_albums")] == [1]
    assert rows("spotify", "liked_albums") == []
    assert [r["name"] for r in rows("spotify", "following_artists")] == ["Nina Vale"]
    assert [r["song_id"] for r in rows("spotify", "downloaded_songs")] == [6]
    assert rows("spotify", "playlists")[0]["song_titles"] == ["Quiet Street", "Tidal"]
    assert [r["title"] for r in rows("spotify", "song_reviews")] == ["Tight"]
    assert [(r["position"], r["is_current"]) for r in rows("spotify", "queue")] == [(0, False), (1, True), (2, False)]
    assert rows("spotify", "player")[0]["current_title"] == "Late Train"
    with pytest.raises(KeyError):
        rows("spotify", "albums")


def test_snapshot_restore_keeps_order_and_ids(app: Spotify, token: str) -> None:
    for song_id in (7, 3, 1):
        app.ok("add_song_to_playlist", access_token=token, playlist_id=2, song_id=song_id)
    for song_id in range(10, 13):
        app.state.songs[song_id] = app.state.songs[1].model_copy(update={"song_id": song_id})
    snapshot = app.world.snapshot()
    other = spotify()
    other.world.restore(snapshot)
    assert other.state.playlists[2].song_ids == [5, 7, 3, 1]
    assert [s["song_id"] for s in other.ok("search_songs", page_limit=20)] == [*range(1, 8), 10, 11, 12]
    assert other.ok("create_playlist", access_token=token, title="After restore")["playlist_id"] == 5


def _write(folder: Path, data: dict[str, Any]) -> Path:
    (folder / "spotify.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return folder


def test_fixture_loads_from_yaml(tmp_path: Path) -> None:
    world = load_world(_write(tmp_path, FIXTURE), {"spotify": APP})
    assert [r["title"] for r in world.rows("spotify", "playlists")] == ["Morning Focus", "Road Trip"]
    assert world.rows("spotify", "player")[0]["queue_length"] == 3


def _duplicate_tidal(data: dict[str, Any]) -> None:
    data["albums"][1]["songs"].append({"title": "tidal", "duration": 9})


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (lambda d: d["playlists"][0].update(songs=["Nope"]), "playlists[0].songs[0]", "no song named 'Nope'"),
        (_duplicate_tidal, "playlists[0].songs[1]", "'Tidal' is ambiguous (ids [4, 6]); use the id"),
        (lambda d: d["library"].update(following=["Nina Vale", "nina vale"]), "library.following[1]", "twice"),
        (lambda d: d["reviews"][0].update(user="who@example.com"), "reviews[0].user", "neither"),
        (lambda d: d["albums"][0].update(artists=["Unknown"]), "albums[0].artists[0]", "no artist"),
        (lambda d: d["player"].update(current=3), "player.current", "outside the queue"),
        (lambda d: d["artists"][0].update(label="x"), "artists[0].label", "Extra inputs"),
    ],
)
def test_fixture_problems_name_the_field(tmp_path: Path, change: Any, field: str, message: str) -> None:
    data = copy.deepcopy(FIXTURE)
    change(data)
    with pytest.raises(FixtureError) as caught:
        load_world(_write(tmp_path, data), {"spotify": APP})
    problem = caught.value.problems[0]
    assert problem.field == field and message in problem.message
