"""spotify fixture (`personas/<id>/apps/spotify.yaml`) and `seed`, turning it into the first state.

Ids follow file order: artists, then albums, then songs album by album in track order, playlists,
reviews. Songs, albums, artists and playlists are referenced by title/name (case-insensitive, must be
unique) or by id.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from pydantic import Field

from sandbox.apps.base import SeedError
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts
from sandbox.apps.spotify.state import Album, Artist, Library, Player, Playlist, Song, SongReview, SpotifyState
from sandbox.apps.spotify.state import add_rating as _add_rating

Ref = int | str


class ArtistFixture(FixtureModel):
    """An artist of the catalogue."""

    name: str = Field(min_length=1, description="Artist name (unique).")
    genre: str = Field(min_length=1, description="Main genre.")
    follower_count: int = Field(default=0, ge=0, description="Followers other than the persona.")
    created_at: datetime | None = Field(default=None, description="When the artist joined (default: clock start).")


class Aggregates(FixtureModel):
    """Popularity figures contributed by listeners the fixture does not list."""

    rating: float = Field(default=0.0, ge=0, le=5, description="Mean rating of the unlisted reviews.")
    like_count: int = Field(default=0, ge=0, description="Likes other than the persona's.")
    review_count: int = Field(default=0, ge=0, description="Reviews not listed under `reviews`.")


class SongFixture(Aggregates):
    """A song of an album."""

    title: str = Field(min_length=1, description="Song title.")
    duration: int = Field(ge=1, description="Length in seconds.")
    artists: list[str] = Field(default_factory=list, description="Artist names (default: the album's).")
    genre: str | None = Field(default=None, description="Genre (default: the album's).")
    play_count: int = Field(default=0, ge=0, description="Times played so far.")


class AlbumFixture(Aggregates):
    """An album and its songs in track order."""

    title: str = Field(min_length=1, description="Album title.")
    artists: list[str] = Field(min_length=1, description="Artist names, main artist first.")
    genre: str = Field(min_length=1, description="Genre.")
    release_date: date = Field(description="Release date (also the songs').")
    songs: list[SongFixture] = Field(min_length=1, description="Songs in track order.")


class PlaylistFixture(Aggregates):
    """A playlist of the persona or of another user."""

    title: str = Field(min_length=1, description="Playlist title.")
    owner: str | None = Field(default=None, description="Owner's email (default: the persona).")
    is_public: bool = Field(default=False, description="Visible to everyone.")
    created_at: datetime | None = Field(default=None, description="Creation time (default: clock start).")
    songs: list[Ref] = Field(default_factory=list, description="Songs (title or id) in playlist order.")


class ReviewFixture(FixtureModel):
    """A song review already written (by the persona or another user)."""

    song: Ref = Field(description="The song (title or id).")
    user: str | None = Field(default=None, description="Reviewer's email (default: the persona).")
    rating: int = Field(ge=1, le=5, description="Stars, 1-5.")
    title: str = Field(default="", description="Review title.")
    text: str = Field(default="", description="Review text.")
    at: datetime | None = Field(default=None, description="When it was written (default: clock start).")


class LibraryFixture(FixtureModel):
    """The persona's library; each list is oldest first (entries are one minute apart, before the clock start)."""

    songs: list[Ref] = Field(default_factory=list, description="Songs saved to the library.")
    albums: list[Ref] = Field(default_factory=list, description="Albums saved to the library.")
    liked_songs: list[Ref] = Field(default_factory=list, description="Liked songs.")
    liked_albums: list[Ref] = Field(default_factory=list, description="Liked albums.")
    liked_playlists: list[Ref] = Field(default_factory=list, description="Liked playlists.")
    following: list[Ref] = Field(default_factory=list, description="Followed artists.")
    downloads: list[Ref] = Field(default_factory=list, description="Downloaded songs.")


class PlayerFixture(FixtureModel):
    """The persona's player when the episode starts."""

    queue: list[Ref] = Field(default_factory=list, description="Songs (title or id) in queue order.")
    current: int = Field(default=0, ge=0, description="Queue position of the current song.")
    played_seconds: int = Field(default=0, ge=0, description="Playback position in the current song.")
    is_playing: bool = Field(default=False, description="Playing (else paused).")
    is_looping: bool = Field(default=False, description="The current song repeats.")


class SpotifyFixture(FixtureModel):
    """personas/<id>/apps/spotify.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="Other spotify users.")
    artists: list[ArtistFixture] = Field(default_factory=list, description="Artists of the catalogue.")
    albums: list[AlbumFixture] = Field(default_factory=list, description="Albums with their songs.")
    playlists: list[PlaylistFixture] = Field(default_factory=list, description="Playlists.")
    reviews: list[ReviewFixture] = Field(default_factory=list, description="Song reviews.")
    library: LibraryFixture = Field(default_factory=LibraryFixture, description="The persona's library.")
    player: PlayerFixture = Field(default_factory=PlayerFixture, description="The persona's player.")


def _resolve(names: dict[int, str], ref: Ref, kind: str, where: str) -> int:
    if isinstance(ref, int):
        if ref not in names:
            raise SeedError(where, f"no {kind} with id {ref}")
        return ref
    ids = [i for i, name in names.items() if name.lower() == ref.strip().lower()]
    if not ids:
        raise SeedError(where, f"no {kind} named {ref!r}")
    if len(ids) > 1:
        raise SeedError(where, f"{kind} name {ref!r} is ambiguous (ids {ids}); use the id")
    return ids[0]


def _user(state: SpotifyState, email: str | None, where: str) -> str:
    if email is None:
        return state.owner
    account = state.by_email(email)
    if account is None:
        raise SeedError(where, f"{email} is neither the account nor one of `users`")
    return account.username


def _seed_catalogue(state: SpotifyState, fixture: SpotifyFixture, start: datetime) -> None:
    for n, a in enumerate(fixture.artists):
        if any(x.name.lower() == a.name.lower() for x in state.artists.values()):
            raise SeedError(f"artists[{n}].name", f"duplicate artist {a.name!r}")
        artist_id = state.next_id("artist")
        state.artists[artist_id] = Artist(
            artist_id=artist_id,
            name=a.name,
            genre=a.genre,
            follower_count=a.follower_count,
            created_at=a.created_at or start,
        )
    artist_names = {i: a.name for i, a in state.artists.items()}
    for n, al in enumerate(fixture.albums):
        artists = [
            _resolve(artist_names, name, "artist", f"albums[{n}].artists[{k}]") for k, name in enumerate(al.artists)
        ]
        album = Album(
            album_id=state.next_id("album"),
            title=al.title,
            genre=al.genre,
            artist_ids=artists,
            release_date=al.release_date,
            rating=al.rating,
            like_count=al.like_count,
            review_count=al.review_count,
        )
        state.albums[album.album_id] = album
        for k, s in enumerate(al.songs):
            where = f"albums[{n}].songs[{k}].artists"
            song_artists = [_resolve(artist_names, name, "artist", f"{where}[{j}]") for j, name in enumerate(s.artists)]
            song = Song(
                song_id=state.next_id("song"),
                title=s.title,
                album_id=album.album_id,
                artist_ids=song_artists or artists,
                duration=s.duration,
                release_date=al.release_date,
                genre=s.genre or al.genre,
                play_count=s.play_count,
                rating=s.rating,
                like_count=s.like_count,
                review_count=s.review_count,
            )
            state.songs[song.song_id] = song
            album.song_ids.append(song.song_id)


def _seed_social(state: SpotifyState, fixture: SpotifyFixture, start: datetime) -> None:
    song_names = {i: s.title for i, s in state.songs.items()}
    for n, p in enumerate(fixture.playlists):
        playlist_id = state.next_id("playlist")
        state.playlists[playlist_id] = Playlist(
            playlist_id=playlist_id,
            title=p.title,
            owner=_user(state, p.owner, f"playlists[{n}].owner"),
            is_public=p.is_public,
            rating=p.rating,
            like_count=p.like_count,
            review_count=p.review_count,
            created_at=p.created_at or start,
            song_ids=[_resolve(song_names, r, "song", f"playlists[{n}].songs[{k}]") for k, r in enumerate(p.songs)],
        )
    for n, r in enumerate(fixture.reviews):
        song = state.songs[_resolve(song_names, r.song, "song", f"reviews[{n}].song")]
        user = _user(state, r.user, f"reviews[{n}].user")
        if any(x.song_id == song.song_id and x.user == user for x in state.reviews.values()):
            raise SeedError(f"reviews[{n}]", f"{user} already reviewed song {song.song_id}")
        review_id = state.next_id("song_review")
        state.reviews[review_id] = SongReview(
            song_review_id=review_id,
            song_id=song.song_id,
            user=user,
            rating=r.rating,
            title=r.title,
            text=r.text,
            created_at=r.at or start,
            updated_at=r.at or start,
        )
        song.rating = _add_rating(song.rating, song.review_count, r.rating)
        song.review_count += 1


def _entries(names: dict[int, str], refs: list[Ref], kind: str, where: str, start: datetime) -> dict[int, datetime]:
    out: dict[int, datetime] = {}
    for k, ref in enumerate(refs):
        ident = _resolve(names, ref, kind, f"{where}[{k}]")
        if ident in out:
            raise SeedError(f"{where}[{k}]", f"{kind} {ref!r} is listed twice")
        out[ident] = start - timedelta(minutes=len(refs) - k)
    return out


def _seed_library(state: SpotifyState, spec: LibraryFixture, start: datetime) -> Library:
    songs = {i: s.title for i, s in state.songs.items()}
    albums = {i: a.title for i, a in state.albums.items()}
    playlists = {i: p.title for i, p in state.playlists.items()}
    artists = {i: a.name for i, a in state.artists.items()}
    library = Library(
        songs=_entries(songs, spec.songs, "song", "library.songs", start),
        albums=_entries(albums, spec.albums, "album", "library.albums", start),
        liked_songs=_entries(songs, spec.liked_songs, "song", "library.liked_songs", start),
        liked_albums=_entries(albums, spec.liked_albums, "album", "library.liked_albums", start),
        liked_playlists=_entries(playlists, spec.liked_playlists, "playlist", "library.liked_playlists", start),
        following=_entries(artists, spec.following, "artist", "library.following", start),
        downloads=_entries(songs, spec.downloads, "song", "library.downloads", start),
    )
    for song_id in library.liked_songs:
        state.songs[song_id].like_count += 1
    for album_id in library.liked_albums:
        state.albums[album_id].like_count += 1
    for playlist_id in library.liked_playlists:
        state.playlists[playlist_id].like_count += 1
    for artist_id in library.following:
        state.artists[artist_id].follower_count += 1
    return library


def _seed_player(state: SpotifyState, spec: PlayerFixture, start: datetime) -> Player:
    names = {i: s.title for i, s in state.songs.items()}
    queue = [_resolve(names, r, "song", f"player.queue[{k}]") for k, r in enumerate(spec.queue)]
    if spec.current >= max(1, len(queue)):
        raise SeedError("player.current", f"position {spec.current} is outside the queue of {len(queue)} songs")
    if queue and spec.played_seconds > state.songs[queue[spec.current]].duration:
        raise SeedError("player.played_seconds", "is past the end of the current song")
    if not queue and (spec.is_playing or spec.played_seconds):
        raise SeedError("player", "an empty queue cannot be playing")
    return Player(
        queue=queue,
        current=spec.current,
        is_playing=spec.is_playing,
        is_looping=spec.is_looping,
        played_seconds=spec.played_seconds,
        updated_at=start,
    )


def seed(fixture: SpotifyFixture, start: datetime) -> SpotifyState:
    """The first state: accounts, catalogue, playlists, reviews, then the persona's library and player."""
    state = SpotifyState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=fixture.account.email)
    _seed_catalogue(state, fixture, start)
    _seed_social(state, fixture, start)
    library = _seed_library(state, fixture.library, start)
    library.player = _seed_player(state, fixture.player, start)
    for account in state.accounts:
        state.libraries[account.username] = library if account.username == state.owner else Library()
    return state
