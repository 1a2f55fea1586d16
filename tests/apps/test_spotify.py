"""The spotify app: login, catalogue search and show, library, likes, follows, downloads, playlists, reviews."""

from __future__ import annotations

import pytest

from sandbox.apps.registry import APPS
from sandbox.apps.spotify import APP
from tests.apps.spotify_harness import ME, NOT_YOURS, SAM, UNAUTHORIZED, Spotify, spotify

TABLE_TOOLS = {
    "add_song_to_playlist", "add_to_queue", "create_playlist", "follow_artist", "login", "logout", "play_music",
    "previous_song", "remove_downloaded_song", "remove_song_from_playlist", "remove_song_from_queue",
    "review_song", "like_album", "add_album_to_library", "like_playlist", "like_song", "add_song_to_library",
    "search_albums", "search_artists", "search_playlists", "search_songs", "search_users", "update_song_review",
    "show_album", "show_album_library", "show_artist", "show_current_song", "show_artist_following", "show_genres",
    "show_liked_songs", "show_playlist", "show_playlist_library", "show_song_queue", "show_song",
    "show_song_library", "show_song_review", "show_song_reviews",
}  # fmt: skip


@pytest.fixture
def app() -> Spotify:
    return spotify()


@pytest.fixture
def token(app: Spotify) -> str:
    return app.login()


def test_registered_with_the_37_table_tools_plus_the_following_list() -> None:
    assert APPS["spotify"] is APP
    names = [api.name for api in APP.apis]
    assert len(TABLE_TOOLS) == 37 and len(names) == len(set(names))
    assert set(names) == TABLE_TOOLS | {"show_following_artists"}


def test_login_logout_and_401(app: Spotify) -> None:
    assert app.err("login", username=ME, password="wrong") == "Invalid credentials"
    assert app.err("login", username=SAM, password="") == "Invalid credentials"
    assert app.err("show_song_library", access_token="nope") == UNAUTHORIZED
    answer = app.ok("login", username=ME.upper(), password="pw-spotify")
    assert answer["token_type"] == "Bearer" and answer["access_token"].count(".") == 2
    token = answer["access_token"]
    assert app.ok("logout", access_token=token) == {"message": "Successfully logged out."}
    assert app.err("like_song", access_token=token, song_id=1) == UNAUTHORIZED
    assert app.state.library(ME).liked_songs.keys() == {2}


def test_tokens_expire_at_the_session_boundary(app: Spotify, token: str) -> None:
    app.world.end_session()
    assert app.err("show_liked_songs", access_token=token) == UNAUTHORIZED


def test_search_songs_query_filters_sort_and_pages(app: Spotify) -> None:
    assert [s["title"] for s in app.ok("search_songs", query="blue hour")] == ["Blue Hour"]
    by_harbor = app.ok("search_songs", artist_id=2)
    assert [s["song_id"] for s in by_harbor] == [4, 5]
    assert by_harbor[1]["artists"] == [{"id": 2, "name": "Harbor Lights"}, {"id": 1, "name": "Nina Vale"}]
    nina = app.ok("search_songs", query="nina", sort_by="-play_count", page_limit=20)
    assert [s["title"] for s in nina] == ["Blue Hour", "Late Train", "Quiet Street", "Lighthouse"]
    assert [s["title"] for s in app.ok("search_songs", genre="Electronic", sort_by="+play_count")] == [
        "Static",
        "Signal",
    ]
    recent = app.ok("search_songs", min_release_date="2021-01-01", max_duration=180, page_limit=20)
    assert [s["title"] for s in recent] == ["Signal", "Static"]
    assert [s["song_id"] for s in app.ok("search_songs", page_index=1, page_limit=3)] == [4, 5, 6]
    assert app.ok("search_songs", page_index=5) == []
    song = app.ok("search_songs", album_id=1, min_play_count=1000)[0]
    assert song["shareable_link"] == "https://spotify.com/song/1" and song["release_date"] == "2019-05-10"
    assert app.err("search_songs", sort_by="-title").startswith("Invalid sort_by value '-title'.")
    assert app.err("search_songs", min_duration=300, max_duration=200) == (
        "min_duration (300) must not be greater than max_duration (200)."
    )


def test_search_albums_and_artists(app: Spotify) -> None:
    albums = app.ok("search_albums", sort_by="-release_date")
    assert [a["title"] for a in albums] == ["Pulse", "Open Water", "Night Shift"]
    assert albums[2]["song_ids"] == [1, 2, 3] and albums[2]["like_count"] == 300
    assert [a["album_id"] for a in app.ok("search_albums", min_rating=4)] == [1]
    assert [a["title"] for a in app.ok("search_albums", query="harbor")] == ["Open Water"]
    assert app.err("search_albums", min_release_date="May 2020") == (
        "Invalid min_release_date 'May 2020': expected YYYY-MM-DD."
    )
    artists = app.ok("search_artists", sort_by="-follower_count")
    assert [(a["name"], a["follower_count"]) for a in artists] == [
        ("DJ Kora", 5000),
        ("Nina Vale", 1201),
        ("Harbor Lights", 800),
    ]
    assert [a["artist_id"] for a in app.ok("search_artists", genre="jazz")] == [1]
    assert [a["artist_id"] for a in app.ok("search_artists", max_follower_count=1000)] == [2]
    assert app.err("search_artists", sort_by="name").startswith("Invalid sort_by value 'name'.")


def test_search_playlists_shows_private_ones_only_to_their_owner(app: Spotify, token: str) -> None:
    assert [p["title"] for p in app.ok("search_playlists")] == ["Sam's Mix", "Road Trip"]
    mine = app.ok("search_playlists", access_token=token, sort_by="+created_at")
    assert [p["playlist_id"] for p in mine] == [1, 2, 3]
    assert [p["playlist_id"] for p in app.ok("search_playlists", owner_email=SAM)] == [3]
    assert app.ok("search_playlists", query="road")[0]["owner"] == {"name": "Noor Haddad", "email": ME}
    assert app.err("search_playlists", access_token="nope") == UNAUTHORIZED


def test_search_users(app: Spotify) -> None:
    assert [u["email"] for u in app.ok("search_users", query="sam")] == [SAM]
    users = app.ok("search_users", page_limit=2)
    assert [u["first_name"] for u in users] == ["Noor", "Sam"]
    assert users[0] == {
        "first_name": "Noor",
        "last_name": "Haddad",
        "email": ME,
        "registered_at": "2026-01-05T09:00:00",
    }


def test_show_song_album_artist_and_genres(app: Spotify) -> None:
    song = app.ok("show_song", song_id=5)
    assert song["title"] == "Lighthouse" and song["album_title"] == "Open Water"
    assert song["artists"][1] == {"id": 1, "name": "Nina Vale", "genre": "jazz", "follower_count": 1201}
    assert app.err("show_song", song_id=99) == "The song with id 99 does not exist."
    album = app.ok("show_album", album_id=2)
    assert [s["id"] for s in album["songs"]] == [4, 5] and album["shareable_link"] == "https://spotify.com/album/2"
    assert app.err("show_album", album_id=0) == "The album with id 0 does not exist."
    artist = app.ok("show_artist", artist_id=3)
    assert artist == {
        "artist_id": 3,
        "name": "DJ Kora",
        "genre": "electronic",
        "follower_count": 5000,
        "created_at": "2026-01-05T09:00:00",
    }
    assert app.err("show_artist", artist_id=4) == "The artist with id 4 does not exist."
    assert app.ok("show_genres") == ["electronic", "indie", "jazz"]


def test_show_playlist_needs_a_token_for_private_ones(app: Spotify, token: str) -> None:
    public = app.ok("show_playlist", playlist_id=3)
    assert [s["title"] for s in public["songs"]] == ["Signal", "Blue Hour"] and public["like_count"] == 41
    assert app.err("show_playlist", playlist_id=1) == NOT_YOURS
    assert app.err("show_playlist", playlist_id=4, access_token=token) == NOT_YOURS
    mine = app.ok("show_playlist", playlist_id=1, access_token=token)
    assert mine["is_public"] is False and [s["id"] for s in mine["songs"]] == [3, 4]
    assert app.err("show_playlist", playlist_id=9) == "The playlist with id 9 does not exist."


def test_like_song_once(app: Spotify, token: str) -> None:
    assert app.ok("like_song", access_token=token, song_id=6) == {"message": "Song liked."}
    assert app.state.songs[6].like_count == 1 and 6 in app.state.library(ME).liked_songs
    assert app.err("like_song", access_token=token, song_id=6) == "You have already liked this song in the past."
    assert app.err("like_song", access_token=token, song_id=2) == "You have already liked this song in the past."
    assert app.err("like_song", access_token=token, song_id=42) == "The song with id 42 does not exist."
    assert app.state.songs[6].like_count == 1


def test_show_liked_songs_newest_first(app: Spotify, token: str) -> None:
    app.ok("like_song", access_token=token, song_id=4)
    liked = app.ok("show_liked_songs", access_token=token)
    assert [s["song_id"] for s in liked] == [4, 2]
    assert liked[0]["liked_at"] == "2026-01-05T09:00:02" and liked[1]["liked_at"] == "2026-01-05T08:59:00"
    assert [s["title"] for s in app.ok("show_liked_songs", access_token=token, sort_by="+title")] == [
        "Late Train",
        "Tidal",
    ]
    assert app.ok("show_liked_songs", access_token=token, page_index=1, page_limit=1)[0]["song_id"] == 2
    assert app.err("show_liked_songs", access_token=token, sort_by="-rating").startswith("Invalid sort_by")


def test_like_album_and_playlist(app: Spotify, token: str) -> None:
    assert app.ok("like_album", access_token=token, album_id=1) == {"message": "Album liked."}
    assert app.state.albums[1].like_count == 301
    assert app.err("like_album", access_token=token, album_id=1) == "You have already liked this album in the past."
    assert app.ok("like_playlist", access_token=token, playlist_id=2) == {"message": "Playlist liked."}
    assert app.state.playlists[2].like_count == 4
    assert app.err("like_playlist", access_token=token, playlist_id=3) == (
        "You have already liked this playlist in the past."
    )
    assert app.err("like_playlist", access_token=token, playlist_id=4) == NOT_YOURS
    assert [r["playlist_id"] for r in app.world.rows("spotify", "liked_playlists")] == [3, 2]


def test_song_library(app: Spotify, token: str) -> None:
    assert app.ok("add_song_to_library", access_token=token, song_id=7) == {"message": "Song added to library."}
    assert app.err("add_song_to_library", access_token=token, song_id=7) == "The song is already in your library."
    songs = app.ok("show_song_library", access_token=token)
    assert [s["song_id"] for s in songs] == [7, 4, 1] and songs[0]["added_at"] == "2026-01-05T09:00:02"
    assert [s["title"] for s in app.ok("show_song_library", access_token=token, sort_by="+title")] == [
        "Blue Hour",
        "Static",
        "Tidal",
    ]
    assert [s["song_id"] for s in app.ok("show_song_library", access_token=token, query="harbor")] == [4]
    assert app.err("show_song_library", access_token=token, sort_by="-liked_at").startswith("Invalid sort_by")


def test_album_library(app: Spotify, token: str) -> None:
    assert app.ok("add_album_to_library", access_token=token, album_id=3) == {"message": "Album added to library."}
    assert app.err("add_album_to_library", access_token=token, album_id=1) == "The album is already in your library."
    albums = app.ok("show_album_library", access_token=token)
    assert [a["album_id"] for a in albums] == [3, 1] and albums[0]["song_ids"] == [6, 7]
    assert "added_at" in albums[1]
    assert app.err("show_album_library", access_token="expired") == UNAUTHORIZED
    assert app.err("add_album_to_library", access_token=token, album_id=8) == "The album with id 8 does not exist."


def test_follow_artists(app: Spotify, token: str) -> None:
    assert app.ok("show_artist_following", access_token=token, artist_id=3) == {"following": False}
    assert app.ok("follow_artist", access_token=token, artist_id=3) == {"message": "Artist followed."}
    assert app.state.artists[3].follower_count == 5001
    assert app.ok("show_artist_following", access_token=token, artist_id=3) == {"following": True}
    assert app.err("follow_artist", access_token=token, artist_id=1) == "You are already following this artist."
    assert app.err("show_artist_following", access_token=token, artist_id=5) == "The artist with id 5 does not exist."
    following = app.ok("show_following_artists", access_token=token)
    assert [a["name"] for a in following] == ["DJ Kora", "Nina Vale"] and "followed_at" in following[0]
    assert [a["name"] for a in app.ok("show_following_artists", access_token=token, sort_by="-name")] == [
        "Nina Vale",
        "DJ Kora",
    ]
    assert app.err("show_following_artists", access_token=token, sort_by="-added_at").startswith("Invalid sort_by")


def test_remove_downloaded_song(app: Spotify, token: str) -> None:
    assert app.err("remove_downloaded_song", access_token=token, song_id=1) == "The song is not downloaded."
    assert app.ok("remove_downloaded_song", access_token=token, song_id=6) == {
        "message": "Song removed from downloads."
    }
    assert app.state.library(ME).downloads == {}
    assert app.err("remove_downloaded_song", access_token=token, song_id=6) == "The song is not downloaded."
