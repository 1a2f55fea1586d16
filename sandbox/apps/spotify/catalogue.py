"""Public catalogue APIs: search and show songs, albums, artists, playlists and users; genres."""

from __future__ import annotations

import sys

from pydantic import Field

from sandbox.apps.base import ApiArgs, PageArgs
from sandbox.apps.query import MAX_DATE, MIN_DATE, in_date_range, iso
from sandbox.apps.spotify.state import SpotifyState
from sandbox.apps.spotify.views import (
    Item,
    OptionalTokenArgs,
    album_item,
    artist_item,
    by_id,
    in_range,
    listing,
    optional_user,
    playlist_item,
    song_brief,
    song_item,
    visible_playlist,
)
from sandbox.apps.world import Call

MAXSIZE = sys.maxsize


def _names(item: Item) -> str:
    return " ".join(a["name"] for a in item["artists"])


class RatedArgs(PageArgs):
    """Query, rating and like-count filters shared by song, album and playlist search."""

    query: str = Field(default="", description="Full-text search over titles, artist names and genre.")
    min_rating: float = Field(default=0, ge=0, le=5, description="Lowest mean rating.")
    max_rating: float = Field(default=5, ge=0, le=5, description="Highest mean rating.")
    min_like_count: int = Field(default=0, ge=0, description="Fewest likes.")
    max_like_count: int = Field(default=MAXSIZE, ge=0, description="Most likes.")


def _rated(item: Item, args: RatedArgs) -> bool:
    return in_range(item["rating"], args.min_rating, args.max_rating, ("min_rating", "max_rating")) and in_range(
        item["like_count"], args.min_like_count, args.max_like_count, ("min_like_count", "max_like_count")
    )


class SearchSongsArgs(RatedArgs):
    """Arguments of search_songs."""

    artist_id: int | None = Field(default=None, description="Only songs by this artist.")
    album_id: int | None = Field(default=None, description="Only songs of this album.")
    genre: str | None = Field(default=None, description="Only songs of this genre.")
    min_release_date: str = Field(default=MIN_DATE, description="Earliest release date, YYYY-MM-DD.")
    max_release_date: str = Field(default=MAX_DATE, description="Latest release date, YYYY-MM-DD.")
    min_duration: int = Field(default=0, ge=0, description="Shortest length in seconds.")
    max_duration: int = Field(default=MAXSIZE, ge=0, description="Longest length in seconds.")
    min_play_count: int = Field(default=0, ge=0, description="Fewest plays.")
    max_play_count: int = Field(default=MAXSIZE, ge=0, description="Most plays.")
    sort_by: str | None = Field(
        default=None, description="'+rating', '-rating', '+like_count', '-like_count', '+play_count' or '-play_count'."
    )


def search_songs(args: SearchSongsArgs, call: Call) -> list[Item]:
    """Songs matching the query and filters."""
    state = call.state(SpotifyState)
    items = [song_item(state, s) for s in by_id(state.songs)]
    kept = [
        i
        for i in items
        if _rated(i, args)
        and (args.artist_id is None or args.artist_id in [a["id"] for a in i["artists"]])
        and (args.album_id is None or i["album_id"] == args.album_id)
        and (args.genre is None or i["genre"].lower() == args.genre.lower())
        and in_date_range(
            state.songs[i["song_id"]].release_date,
            args.min_release_date,
            args.max_release_date,
            ("min_release_date", "max_release_date"),
        )
        and in_range(i["duration"], args.min_duration, args.max_duration, ("min_duration", "max_duration"))
        and in_range(i["play_count"], args.min_play_count, args.max_play_count, ("min_play_count", "max_play_count"))
    ]
    return listing(
        kept,
        lambda i: f"{i['title']} {i['album_title']} {_names(i)} {i['genre']}",
        args,
        None,
        ("rating", "like_count", "play_count"),
    )


class SearchAlbumsArgs(RatedArgs):
    """Arguments of search_albums."""

    min_release_date: str = Field(default=MIN_DATE, description="Earliest release date, YYYY-MM-DD.")
    max_release_date: str = Field(default=MAX_DATE, description="Latest release date, YYYY-MM-DD.")
    genre: str | None = Field(default=None, description="Only albums of this genre.")
    sort_by: str | None = Field(default=None, description="'+rating', '-rating', '+release_date' or '-release_date'.")


def search_albums(args: SearchAlbumsArgs, call: Call) -> list[Item]:
    """Albums matching the query and filters."""
    state = call.state(SpotifyState)
    kept = [
        album_item(state, a)
        for a in by_id(state.albums)
        if in_date_range(
            a.release_date, args.min_release_date, args.max_release_date, ("min_release_date", "max_release_date")
        )
        and (args.genre is None or a.genre.lower() == args.genre.lower())
    ]
    kept = [i for i in kept if _rated(i, args)]
    return listing(kept, lambda i: f"{i['title']} {_names(i)} {i['genre']}", args, None, ("rating", "release_date"))


class SearchArtistsArgs(PageArgs):
    """Arguments of search_artists."""

    query: str = Field(default="", description="Full-text search over names and genres.")
    genre: str | None = Field(default=None, description="Only artists of this genre.")
    min_follower_count: int = Field(default=0, ge=0, description="Fewest followers.")
    max_follower_count: int = Field(default=MAXSIZE, ge=0, description="Most followers.")
    sort_by: str | None = Field(default=None, description="'+follower_count' or '-follower_count'.")


def search_artists(args: SearchArtistsArgs, call: Call) -> list[Item]:
    """Artists matching the query and filters."""
    state = call.state(SpotifyState)
    bounds = (args.min_follower_count, args.max_follower_count, ("min_follower_count", "max_follower_count"))
    kept = [
        artist_item(a)
        for a in by_id(state.artists)
        if (args.genre is None or a.genre.lower() == args.genre.lower()) and in_range(a.follower_count, *bounds)
    ]
    return listing(kept, lambda i: f"{i['name']} {i['genre']}", args, None, ("follower_count",))


class SearchPlaylistsArgs(OptionalTokenArgs, RatedArgs):
    """Arguments of search_playlists."""

    owner_email: str | None = Field(default=None, description="Only playlists of this owner.")
    sort_by: str | None = Field(
        default=None,
        description="'+like_count', '-like_count' (default), '+rating', '-rating', '+created_at' or '-created_at'.",
    )


def search_playlists(args: SearchPlaylistsArgs, call: Call) -> list[Item]:
    """Public playlists, plus your private ones when logged in, matching the query and filters."""
    user = optional_user(call, args.access_token)
    state = call.state(SpotifyState)
    mine = None if user is None else user.username
    kept = [
        playlist_item(state, p)
        for p in by_id(state.playlists)
        if (p.is_public or p.owner == mine)
        and (args.owner_email is None or p.owner.lower() == args.owner_email.strip().lower())
    ]
    kept = [i for i in kept if _rated(i, args)]
    return listing(
        kept,
        lambda i: f"{i['title']} {i['owner']['name']}",
        args,
        "-like_count",
        ("like_count", "rating", "created_at"),
    )


class SearchUsersArgs(PageArgs):
    """Arguments of search_users."""

    query: str = Field(default="", description="Full-text search over names and emails.")


def search_users(args: SearchUsersArgs, call: Call) -> list[Item]:
    """Users of spotify matching the query."""
    state = call.state(SpotifyState)
    items: list[Item] = [
        {"first_name": a.first_name, "last_name": a.last_name, "email": a.email, "registered_at": iso(a.registered_at)}
        for a in state.accounts
    ]
    return listing(items, lambda i: f"{i['first_name']} {i['last_name']} {i['email']}", args, None, ("email",))


class SongArgs(ApiArgs):
    """Arguments of an API about one song."""

    song_id: int = Field(description="The song.")


def show_song(args: SongArgs, call: Call) -> Item:
    """One song with its artists' details."""
    state = call.state(SpotifyState)
    song = state.song(args.song_id)
    artists = [{k: v for k, v in artist_item(state.artists[i]).items() if k != "created_at"} for i in song.artist_ids]
    item = song_item(state, song)
    item["artists"] = [{"id": a.pop("artist_id"), **a} for a in artists]
    return item


class AlbumArgs(ApiArgs):
    """Arguments of an API about one album."""

    album_id: int = Field(description="The album.")


def show_album(args: AlbumArgs, call: Call) -> Item:
    """One album with its songs in track order."""
    state = call.state(SpotifyState)
    album = state.album(args.album_id)
    item = {k: v for k, v in album_item(state, album).items() if k != "song_ids"}
    item["shareable_link"] = f"https://spotify.com/album/{album.album_id}"
    item["songs"] = [song_brief(state, state.songs[i], "id") for i in album.song_ids]
    return item


class ArtistArgs(ApiArgs):
    """Arguments of an API about one artist."""

    artist_id: int = Field(description="The artist.")


def show_artist(args: ArtistArgs, call: Call) -> Item:
    """One artist."""
    return artist_item(call.state(SpotifyState).artist(args.artist_id))


class ShowPlaylistArgs(OptionalTokenArgs):
    """Arguments of show_playlist."""

    playlist_id: int = Field(description="The playlist.")


def show_playlist(args: ShowPlaylistArgs, call: Call) -> Item:
    """One playlist with its songs in order (private playlists only to their owner)."""
    user = optional_user(call, args.access_token)
    state = call.state(SpotifyState)
    playlist = visible_playlist(state, args.playlist_id, user)
    item = {k: v for k, v in playlist_item(state, playlist).items() if k != "song_ids"}
    item["shareable_link"] = f"https://spotify.com/playlist/{playlist.playlist_id}"
    item["songs"] = [song_brief(state, state.songs[i], "id") for i in playlist.song_ids]
    return item


def show_genres(args: ApiArgs, call: Call) -> list[str]:
    """Every genre of the catalogue, alphabetically."""
    state = call.state(SpotifyState)
    genres = {s.genre for s in by_id(state.songs)} | {a.genre for a in by_id(state.albums)}
    genres |= {a.genre for a in by_id(state.artists)}
    return sorted(genres, key=str.lower)
