"""Your library: saved songs and albums, likes, followed artists, downloads, and their lists."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, PageArgs, TokenArgs
from sandbox.apps.spotify.state import Library, SpotifyState
from sandbox.apps.spotify.views import (
    Item,
    album_item,
    artist_item,
    dated,
    listing,
    oldest_first,
    song_brief,
    visible_playlist,
)
from sandbox.apps.world import Call


def mine(call: Call, token: str) -> tuple[SpotifyState, Library]:
    """The state and the logged-in user's library (401 without a valid token)."""
    user = call.user(token)
    state = call.state(SpotifyState)
    return state, state.library(user.username)


def _add(bucket: dict[int, datetime], ident: int, now: datetime, duplicate: str) -> None:
    if ident in bucket:
        raise AppError(duplicate)
    bucket[ident] = now


class SongIdArgs(TokenArgs):
    """Arguments of an API acting on one song."""

    song_id: int = Field(description="The song.")


class AlbumIdArgs(TokenArgs):
    """Arguments of an API acting on one album."""

    album_id: int = Field(description="The album.")


class PlaylistIdArgs(TokenArgs):
    """Arguments of an API acting on one playlist."""

    playlist_id: int = Field(description="The playlist.")


class ArtistIdArgs(TokenArgs):
    """Arguments of an API acting on one artist."""

    artist_id: int = Field(description="The artist.")


def like_song(args: SongIdArgs, call: Call) -> dict[str, Any]:
    """Like a song (once)."""
    state, library = mine(call, args.access_token)
    song = state.song(args.song_id)
    _add(library.liked_songs, song.song_id, call.now, "You have already liked this song in the past.")
    song.like_count += 1
    return {"message": "Song liked."}


def like_album(args: AlbumIdArgs, call: Call) -> dict[str, Any]:
    """Like an album (once)."""
    state, library = mine(call, args.access_token)
    album = state.album(args.album_id)
    _add(library.liked_albums, album.album_id, call.now, "You have already liked this album in the past.")
    album.like_count += 1
    return {"message": "Album liked."}


def like_playlist(args: PlaylistIdArgs, call: Call) -> dict[str, Any]:
    """Like a public playlist or one of yours (once)."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    library = state.library(user.username)
    playlist = visible_playlist(state, args.playlist_id, user)
    _add(library.liked_playlists, playlist.playlist_id, call.now, "You have already liked this playlist in the past.")
    playlist.like_count += 1
    return {"message": "Playlist liked."}


def add_song_to_library(args: SongIdArgs, call: Call) -> dict[str, Any]:
    """Save a song to your library."""
    state, library = mine(call, args.access_token)
    song = state.song(args.song_id)
    _add(library.songs, song.song_id, call.now, "The song is already in your library.")
    return {"message": "Song added to library."}


def add_album_to_library(args: AlbumIdArgs, call: Call) -> dict[str, Any]:
    """Save an album to your library."""
    state, library = mine(call, args.access_token)
    album = state.album(args.album_id)
    _add(library.albums, album.album_id, call.now, "The album is already in your library.")
    return {"message": "Album added to library."}


def follow_artist(args: ArtistIdArgs, call: Call) -> dict[str, Any]:
    """Follow an artist."""
    state, library = mine(call, args.access_token)
    artist = state.artist(args.artist_id)
    _add(library.following, artist.artist_id, call.now, "You are already following this artist.")
    artist.follower_count += 1
    return {"message": "Artist followed."}


def show_artist_following(args: ArtistIdArgs, call: Call) -> dict[str, bool]:
    """Whether you follow one artist."""
    state, library = mine(call, args.access_token)
    return {"following": state.artist(args.artist_id).artist_id in library.following}


def remove_downloaded_song(args: SongIdArgs, call: Call) -> dict[str, Any]:
    """Delete a downloaded song from your device."""
    state, library = mine(call, args.access_token)
    song = state.song(args.song_id)
    if song.song_id not in library.downloads:
        raise AppError("The song is not downloaded.")
    del library.downloads[song.song_id]
    return {"message": "Song removed from downloads."}


class LibraryListArgs(TokenArgs, PageArgs):
    """Arguments of show_song_library and show_album_library."""

    query: str = Field(default="", description="Full-text search over titles and artist names.")
    sort_by: str | None = Field(default=None, description="'+added_at', '-added_at' (default), '+title' or '-title'.")


def _titles(item: Item) -> str:
    return f"{item['title']} {' '.join(a['name'] for a in item['artists'])}"


def show_song_library(args: LibraryListArgs, call: Call) -> list[Item]:
    """The songs saved to your library."""
    state, library = mine(call, args.access_token)
    items = dated(
        [song_brief(state, state.songs[i]) for i in oldest_first(library.songs)], library.songs, "song_id", "added_at"
    )
    return listing(items, _titles, args, "-added_at", ("added_at", "title"))


def show_album_library(args: LibraryListArgs, call: Call) -> list[Item]:
    """The albums saved to your library."""
    state, library = mine(call, args.access_token)
    items = dated(
        [album_item(state, state.albums[i]) for i in oldest_first(library.albums)],
        library.albums,
        "album_id",
        "added_at",
    )
    return listing(items, _titles, args, "-added_at", ("added_at", "title"))


class LikedSongsArgs(TokenArgs, PageArgs):
    """Arguments of show_liked_songs."""

    sort_by: str = Field(default="-liked_at", description="'+liked_at', '-liked_at' (default), '+title' or '-title'.")


def show_liked_songs(args: LikedSongsArgs, call: Call) -> list[Item]:
    """The songs you liked."""
    state, library = mine(call, args.access_token)
    liked = library.liked_songs
    items = dated([song_brief(state, state.songs[i]) for i in oldest_first(liked)], liked, "song_id", "liked_at")
    return listing(items, _titles, args, "-liked_at", ("liked_at", "title"))


class FollowingArgs(TokenArgs, PageArgs):
    """Arguments of show_following_artists."""

    query: str = Field(default="", description="Full-text search over names and genres.")
    sort_by: str | None = Field(
        default=None, description="'+followed_at', '-followed_at' (default), '+name' or '-name'."
    )


def show_following_artists(args: FollowingArgs, call: Call) -> list[Item]:
    """The artists you follow."""
    state, library = mine(call, args.access_token)
    follows = library.following
    items = dated([artist_item(state.artists[i]) for i in oldest_first(follows)], follows, "artist_id", "followed_at")
    return listing(items, lambda i: f"{i['name']} {i['genre']}", args, "-followed_at", ("followed_at", "name"))
