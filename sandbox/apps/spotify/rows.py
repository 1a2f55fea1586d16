"""spotify's query collections for the app_state rule: the catalogue's songs and the persona's library,
playlists, reviews, queue and player."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, Field

from sandbox.apps.spotify.state import Library, SpotifyState
from sandbox.apps.spotify.views import by_id, oldest_first


class SongRow(BaseModel):
    """A song of the catalogue with its popularity figures."""

    song_id: int = Field(description="Song id.")
    title: str = Field(description="Title.")
    album_title: str = Field(description="Album title.")
    artists: list[str] = Field(description="Artist names.")
    genre: str = Field(description="Genre.")
    play_count: int = Field(description="Times played.")
    like_count: int = Field(description="Likes.")
    rating: float = Field(description="Mean review rating.")
    review_count: int = Field(description="Reviews.")


class SongEntryRow(BaseModel):
    """A song in one of the persona's collections (library, likes, downloads)."""

    song_id: int = Field(description="Song id.")
    title: str = Field(description="Title.")
    album_title: str = Field(description="Album title.")
    artists: list[str] = Field(description="Artist names.")
    at: datetime = Field(description="When it was added, liked or downloaded.")


class AlbumEntryRow(BaseModel):
    """An album in one of the persona's collections (library, likes)."""

    album_id: int = Field(description="Album id.")
    title: str = Field(description="Title.")
    artists: list[str] = Field(description="Artist names.")
    at: datetime = Field(description="When it was added or liked.")


class ArtistEntryRow(BaseModel):
    """An artist the persona follows."""

    artist_id: int = Field(description="Artist id.")
    name: str = Field(description="Name.")
    at: datetime = Field(description="When it was followed.")


class PlaylistRow(BaseModel):
    """A playlist the persona owns or likes."""

    playlist_id: int = Field(description="Playlist id.")
    title: str = Field(description="Title.")
    owner: str = Field(description="Owner's email.")
    is_public: bool = Field(description="Public.")
    song_ids: list[int] = Field(description="Songs in playlist order.")
    song_titles: list[str] = Field(description="Titles of the songs in playlist order.")


class ReviewRow(BaseModel):
    """A song review the persona wrote."""

    song_review_id: int = Field(description="Review id.")
    song_id: int = Field(description="Song id.")
    song_title: str = Field(description="Song title.")
    rating: int = Field(description="Stars.")
    title: str = Field(description="Review title.")
    text: str = Field(description="Review text.")


class QueueRow(BaseModel):
    """A song of the persona's queue."""

    position: int = Field(description="Queue position (0 first).")
    song_id: int = Field(description="Song id.")
    title: str = Field(description="Title.")
    is_current: bool = Field(description="The current song.")


class PlayerRow(BaseModel):
    """The persona's player (as last settled by an API call)."""

    current_song_id: int | None = Field(description="The current song (None: empty queue).")
    current_title: str | None = Field(description="Its title.")
    is_playing: bool = Field(description="Playing.")
    is_looping: bool = Field(description="Repeating the current song.")
    queue_length: int = Field(description="Songs in the queue.")


def _library(state: SpotifyState) -> Library:
    return state.libraries.get(state.owner) or Library()


def song_rows(state: SpotifyState) -> list[BaseModel]:
    """Every song of the catalogue, by id."""
    return [
        SongRow(
            **s.model_dump(include={"song_id", "title", "genre", "play_count", "like_count", "rating", "review_count"}),
            album_title=state.albums[s.album_id].title,
            artists=[state.artists[a].name for a in s.artist_ids],
        )
        for s in by_id(state.songs)
    ]


def _song_entries(pick: Callable[[Library], dict[int, datetime]]) -> Callable[[SpotifyState], list[BaseModel]]:
    def rows(state: SpotifyState) -> list[BaseModel]:
        bucket = pick(_library(state))
        return [
            SongEntryRow(
                song_id=i,
                title=state.songs[i].title,
                album_title=state.albums[state.songs[i].album_id].title,
                artists=[state.artists[a].name for a in state.songs[i].artist_ids],
                at=bucket[i],
            )
            for i in oldest_first(bucket)
        ]

    return rows


def _album_entries(pick: Callable[[Library], dict[int, datetime]]) -> Callable[[SpotifyState], list[BaseModel]]:
    def rows(state: SpotifyState) -> list[BaseModel]:
        bucket = pick(_library(state))
        return [
            AlbumEntryRow(
                album_id=i,
                title=state.albums[i].title,
                artists=[state.artists[a].name for a in state.albums[i].artist_ids],
                at=bucket[i],
            )
            for i in oldest_first(bucket)
        ]

    return rows


def following_rows(state: SpotifyState) -> list[BaseModel]:
    """The artists the persona follows, oldest first."""
    bucket = _library(state).following
    return [ArtistEntryRow(artist_id=i, name=state.artists[i].name, at=bucket[i]) for i in oldest_first(bucket)]


def _playlist_row(state: SpotifyState, playlist_id: int) -> PlaylistRow:
    p = state.playlists[playlist_id]
    return PlaylistRow(
        playlist_id=p.playlist_id,
        title=p.title,
        owner=p.owner,
        is_public=p.is_public,
        song_ids=list(p.song_ids),
        song_titles=[state.songs[i].title for i in p.song_ids],
    )


def playlist_rows(state: SpotifyState) -> list[BaseModel]:
    """The persona's own playlists, by id."""
    return [_playlist_row(state, p.playlist_id) for p in by_id(state.playlists) if p.owner == state.owner]


def liked_playlist_rows(state: SpotifyState) -> list[BaseModel]:
    """The playlists the persona liked, oldest like first."""
    return [_playlist_row(state, i) for i in oldest_first(_library(state).liked_playlists)]


def review_rows(state: SpotifyState) -> list[BaseModel]:
    """The persona's song reviews, by id."""
    return [
        ReviewRow(
            **r.model_dump(include={"song_review_id", "song_id", "rating", "title", "text"}),
            song_title=state.songs[r.song_id].title,
        )
        for r in by_id(state.reviews)
        if r.user == state.owner
    ]


def queue_rows(state: SpotifyState) -> list[BaseModel]:
    """The persona's queue in order."""
    player = _library(state).player
    return [
        QueueRow(position=n, song_id=i, title=state.songs[i].title, is_current=n == player.current)
        for n, i in enumerate(player.queue)
    ]


def player_rows(state: SpotifyState) -> list[BaseModel]:
    """One row: the persona's player."""
    player = _library(state).player
    current = state.songs[player.queue[player.current]] if player.queue else None
    return [
        PlayerRow(
            current_song_id=None if current is None else current.song_id,
            current_title=None if current is None else current.title,
            is_playing=player.is_playing,
            is_looping=player.is_looping,
            queue_length=len(player.queue),
        )
    ]


COLLECTIONS: dict[str, tuple[type[BaseModel], Callable[[SpotifyState], list[BaseModel]]]] = {
    "songs": (SongRow, song_rows),
    "library_songs": (SongEntryRow, _song_entries(lambda lib: lib.songs)),
    "liked_songs": (SongEntryRow, _song_entries(lambda lib: lib.liked_songs)),
    "downloaded_songs": (SongEntryRow, _song_entries(lambda lib: lib.downloads)),
    "library_albums": (AlbumEntryRow, _album_entries(lambda lib: lib.albums)),
    "liked_albums": (AlbumEntryRow, _album_entries(lambda lib: lib.liked_albums)),
    "following_artists": (ArtistEntryRow, following_rows),
    "playlists": (PlaylistRow, playlist_rows),
    "liked_playlists": (PlaylistRow, liked_playlist_rows),
    "song_reviews": (ReviewRow, review_rows),
    "queue": (QueueRow, queue_rows),
    "player": (PlayerRow, player_rows),
}
