"""spotify state: the catalogue (artists, albums, songs), playlists, reviews, and each user's library and player."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field

from sandbox.apps.base import AppState, StateModel, not_found


class Artist(StateModel):
    """An artist of the catalogue."""

    artist_id: int = Field(description="Artist id.")
    name: str = Field(description="Artist name.")
    genre: str = Field(description="Main genre.")
    follower_count: int = Field(default=0, ge=0, description="Number of followers.")
    created_at: datetime = Field(description="When the artist joined.")


class Album(StateModel):
    """An album of the catalogue; its songs in track order."""

    album_id: int = Field(description="Album id.")
    title: str = Field(description="Album title.")
    genre: str = Field(description="Genre.")
    artist_ids: list[int] = Field(description="Artists, main artist first.")
    release_date: date = Field(description="Release date.")
    rating: float = Field(default=0.0, ge=0, le=5, description="Mean review rating (0 when unreviewed).")
    like_count: int = Field(default=0, ge=0, description="Number of likes.")
    review_count: int = Field(default=0, ge=0, description="Number of reviews.")
    song_ids: list[int] = Field(default_factory=list, description="Songs in track order.")


class Song(StateModel):
    """A song of the catalogue."""

    song_id: int = Field(description="Song id.")
    title: str = Field(description="Song title.")
    album_id: int = Field(description="The album it belongs to.")
    artist_ids: list[int] = Field(description="Artists, main artist first.")
    duration: int = Field(ge=1, description="Length in seconds.")
    release_date: date = Field(description="Release date.")
    genre: str = Field(description="Genre.")
    play_count: int = Field(default=0, ge=0, description="Times played by anyone.")
    rating: float = Field(default=0.0, ge=0, le=5, description="Mean review rating (0 when unreviewed).")
    like_count: int = Field(default=0, ge=0, description="Number of likes.")
    review_count: int = Field(default=0, ge=0, description="Number of reviews.")


class Playlist(StateModel):
    """A user's playlist; its songs in playlist order."""

    playlist_id: int = Field(description="Playlist id.")
    title: str = Field(description="Playlist title.")
    owner: str = Field(description="Username of the owner.")
    is_public: bool = Field(default=False, description="Visible to everyone (else only to its owner).")
    rating: float = Field(default=0.0, ge=0, le=5, description="Mean review rating.")
    like_count: int = Field(default=0, ge=0, description="Number of likes.")
    review_count: int = Field(default=0, ge=0, description="Number of reviews.")
    created_at: datetime = Field(description="Creation time.")
    song_ids: list[int] = Field(default_factory=list, description="Songs in playlist order.")


class SongReview(StateModel):
    """One user's review of a song."""

    song_review_id: int = Field(description="Review id.")
    song_id: int = Field(description="The reviewed song.")
    user: str = Field(description="Username of the reviewer.")
    rating: int = Field(ge=1, le=5, description="Stars, 1-5.")
    title: str = Field(default="", description="Review title.")
    text: str = Field(default="", description="Review text.")
    created_at: datetime = Field(description="When it was written.")
    updated_at: datetime = Field(description="Last change.")


class Player(StateModel):
    """A user's playback: the song queue, the current position in it, and the playback position in the song.

    While playing, `played_seconds` is the position at `updated_at`; time passing moves playback on through
    the queue (or around the current song when looping) and stops at the end of the last song.
    """

    queue: list[int] = Field(default_factory=list, description="Song ids in queue order.")
    current: int = Field(default=0, ge=0, description="Queue position of the current song.")
    is_playing: bool = Field(default=False, description="Whether the current song is playing (else paused).")
    is_looping: bool = Field(default=False, description="Whether the current song repeats.")
    played_seconds: int = Field(default=0, ge=0, description="Playback position in the current song at updated_at.")
    updated_at: datetime | None = Field(default=None, description="When the playback position was last settled.")


class Library(StateModel):
    """One user's saved songs and albums, likes, follows, downloads and player; values are the times added."""

    songs: dict[int, datetime] = Field(default_factory=dict, description="Songs in the library -> added_at.")
    albums: dict[int, datetime] = Field(default_factory=dict, description="Albums in the library -> added_at.")
    liked_songs: dict[int, datetime] = Field(default_factory=dict, description="Liked songs -> liked_at.")
    liked_albums: dict[int, datetime] = Field(default_factory=dict, description="Liked albums -> liked_at.")
    liked_playlists: dict[int, datetime] = Field(default_factory=dict, description="Liked playlists -> liked_at.")
    following: dict[int, datetime] = Field(default_factory=dict, description="Followed artists -> followed_at.")
    downloads: dict[int, datetime] = Field(default_factory=dict, description="Downloaded songs -> downloaded_at.")
    player: Player = Field(default_factory=Player, description="Playback state.")


class SpotifyState(AppState):
    """The catalogue, playlists and reviews shared by everyone, and a library per user."""

    artists: dict[int, Artist] = Field(default_factory=dict, description="Artists by artist_id.")
    albums: dict[int, Album] = Field(default_factory=dict, description="Albums by album_id.")
    songs: dict[int, Song] = Field(default_factory=dict, description="Songs by song_id.")
    playlists: dict[int, Playlist] = Field(default_factory=dict, description="Playlists by playlist_id.")
    reviews: dict[int, SongReview] = Field(default_factory=dict, description="Song reviews by song_review_id.")
    libraries: dict[str, Library] = Field(default_factory=dict, description="Each user's library by username.")

    def library(self, username: str) -> Library:
        """A user's library (created empty on first use)."""
        return self.libraries.setdefault(username, Library())

    def song(self, song_id: int) -> Song:
        """A song by id; the 409 error otherwise."""
        if song_id not in self.songs:
            raise not_found("song", song_id)
        return self.songs[song_id]

    def album(self, album_id: int) -> Album:
        """An album by id; the 409 error otherwise."""
        if album_id not in self.albums:
            raise not_found("album", album_id)
        return self.albums[album_id]

    def artist(self, artist_id: int) -> Artist:
        """An artist by id; the 409 error otherwise."""
        if artist_id not in self.artists:
            raise not_found("artist", artist_id)
        return self.artists[artist_id]

    def playlist(self, playlist_id: int) -> Playlist:
        """A playlist by id; the 409 error otherwise."""
        if playlist_id not in self.playlists:
            raise not_found("playlist", playlist_id)
        return self.playlists[playlist_id]

    def review(self, review_id: int) -> SongReview:
        """A song review by id; the 409 error otherwise."""
        if review_id not in self.reviews:
            raise not_found("song review", review_id)
        return self.reviews[review_id]


def add_rating(rating: float, count: int, stars: int) -> float:
    """The mean rating after one more review of `stars`."""
    return (rating * count + stars) / (count + 1)


def change_rating(rating: float, count: int, old: int, new: int) -> float:
    """The mean rating after one of `count` reviews changed from `old` to `new` stars."""
    return rating if count == 0 else min(5.0, max(0.0, (rating * count - old + new) / count))
