"""Your playlists: create, add and remove songs (order kept), and list them."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, PageArgs, TokenArgs
from sandbox.apps.spotify.state import Playlist, SpotifyState
from sandbox.apps.spotify.views import Item, by_id, listing, own_playlist, playlist_item
from sandbox.apps.world import Call


class CreatePlaylistArgs(TokenArgs):
    """Arguments of create_playlist."""

    title: str = Field(min_length=1, description="Title of the new playlist.")
    is_public: bool = Field(default=False, description="Make it visible to everyone.")


def create_playlist(args: CreatePlaylistArgs, call: Call) -> dict[str, Any]:
    """Create an empty playlist you own."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    playlist_id = state.next_id("playlist")
    state.playlists[playlist_id] = Playlist(
        playlist_id=playlist_id, title=args.title, owner=user.username, is_public=args.is_public, created_at=call.now
    )
    return {"message": "Playlist created.", "playlist_id": playlist_id}


class PlaylistSongArgs(TokenArgs):
    """Arguments of add_song_to_playlist and remove_song_from_playlist."""

    playlist_id: int = Field(description="One of your playlists.")
    song_id: int = Field(description="The song.")


def add_song_to_playlist(args: PlaylistSongArgs, call: Call) -> dict[str, Any]:
    """Append a song to the end of one of your playlists."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    playlist = own_playlist(state, args.playlist_id, user)
    song = state.song(args.song_id)
    if song.song_id in playlist.song_ids:
        raise AppError("The song is already in the playlist.")
    playlist.song_ids.append(song.song_id)
    return {"message": "Song added to the playlist."}


def remove_song_from_playlist(args: PlaylistSongArgs, call: Call) -> dict[str, Any]:
    """Remove a song from one of your playlists; the others keep their order."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    playlist = own_playlist(state, args.playlist_id, user)
    song = state.song(args.song_id)
    if song.song_id not in playlist.song_ids:
        raise AppError("The song is not in the playlist.")
    playlist.song_ids.remove(song.song_id)
    return {"message": "Song removed from playlist."}


class PlaylistLibraryArgs(TokenArgs, PageArgs):
    """Arguments of show_playlist_library."""

    query: str = Field(default="", description="Full-text search over playlist titles.")
    is_public: bool | None = Field(default=None, description="Only public (True) or private (False) playlists.")
    sort_by: str | None = Field(
        default=None, description="'+created_at', '-created_at' (default), '+title' or '-title'."
    )


def show_playlist_library(args: PlaylistLibraryArgs, call: Call) -> list[Item]:
    """The playlists you own."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    items = [
        playlist_item(state, p)
        for p in by_id(state.playlists)
        if p.owner == user.username and (args.is_public is None or p.is_public == args.is_public)
    ]
    return listing(items, lambda i: str(i["title"]), args, "-created_at", ("created_at", "title"))
