"""spotify payloads (SONG, ALBUM, PLAYLIST, ARTIST, REVIEW), access rules, and the list helper."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from pydantic import Field

from sandbox.apps.base import Account, ApiArgs, AppError, not_yours
from sandbox.apps.query import iso, ordered, page, search
from sandbox.apps.spotify.state import Album, Artist, Playlist, Song, SongReview, SpotifyState
from sandbox.apps.world import Call

LINK = "https://spotify.com/{kind}/{ident}"
Item = dict[str, Any]
T = TypeVar("T")


class OptionalTokenArgs(ApiArgs):
    """Arguments of a public API that shows more (your private playlists) to a logged-in user."""

    access_token: str | None = Field(
        default=None, description="Optional access_token from login; needed to see your private playlists."
    )


def optional_user(call: Call, token: str | None) -> Account | None:
    """The logged-in user when a token is given (401 for a bad one), else None."""
    return None if token is None else call.user(token)


def stars(value: float) -> float:
    """A mean rating as shown: two decimals."""
    return round(value, 2)


def artist_refs(state: SpotifyState, ids: list[int]) -> list[Item]:
    """[{id, name}] of artists."""
    return [{"id": i, "name": state.artists[i].name} for i in ids]


def person(state: SpotifyState, username: str) -> Item:
    """{name, email} of a user."""
    account = state.account(username)
    return {"name": "" if account is None else account.name, "email": username}


def song_brief(state: SpotifyState, song: Song, id_key: str = "song_id") -> Item:
    """{song_id (or id), title, album_id, album_title, duration, artists}: a song inside a list or collection."""
    return {
        id_key: song.song_id,
        "title": song.title,
        "album_id": song.album_id,
        "album_title": state.albums[song.album_id].title,
        "duration": song.duration,
        "artists": artist_refs(state, song.artist_ids),
    }


def song_item(state: SpotifyState, song: Song) -> Item:
    """SONG, as search returns it."""
    return {
        **song_brief(state, song),
        "release_date": song.release_date.isoformat(),
        "genre": song.genre,
        "play_count": song.play_count,
        "rating": stars(song.rating),
        "like_count": song.like_count,
        "review_count": song.review_count,
        "shareable_link": LINK.format(kind="song", ident=song.song_id),
    }


def album_item(state: SpotifyState, album: Album) -> Item:
    """ALBUM, as list APIs return it."""
    return {
        "album_id": album.album_id,
        "title": album.title,
        "genre": album.genre,
        "artists": artist_refs(state, album.artist_ids),
        "rating": stars(album.rating),
        "like_count": album.like_count,
        "review_count": album.review_count,
        "release_date": album.release_date.isoformat(),
        "song_ids": list(album.song_ids),
    }


def playlist_item(state: SpotifyState, playlist: Playlist) -> Item:
    """PLAYLIST, as list APIs return it."""
    return {
        "playlist_id": playlist.playlist_id,
        "title": playlist.title,
        "is_public": playlist.is_public,
        "rating": stars(playlist.rating),
        "like_count": playlist.like_count,
        "review_count": playlist.review_count,
        "owner": person(state, playlist.owner),
        "created_at": iso(playlist.created_at),
        "song_ids": list(playlist.song_ids),
    }


def artist_item(artist: Artist) -> Item:
    """ARTIST."""
    return {
        "artist_id": artist.artist_id,
        "name": artist.name,
        "genre": artist.genre,
        "follower_count": artist.follower_count,
        "created_at": iso(artist.created_at),
    }


def review_item(state: SpotifyState, review: SongReview) -> Item:
    """REVIEW."""
    return {
        "song_review_id": review.song_review_id,
        "song_id": review.song_id,
        "rating": review.rating,
        "title": review.title,
        "text": review.text,
        "created_at": iso(review.created_at),
        "user": person(state, review.user),
    }


def visible_playlist(state: SpotifyState, playlist_id: int, user: Account | None) -> Playlist:
    """A playlist the caller may see: public, or their own; 409 / 422 otherwise."""
    playlist = state.playlist(playlist_id)
    if not playlist.is_public and (user is None or user.username != playlist.owner):
        raise not_yours("playlist")
    return playlist


def own_playlist(state: SpotifyState, playlist_id: int, user: Account) -> Playlist:
    """A playlist the caller owns; 409 / 422 otherwise."""
    playlist = state.playlist(playlist_id)
    if playlist.owner != user.username:
        raise not_yours("playlist")
    return playlist


def in_range(value: float, low: float, high: float, names: tuple[str, str]) -> bool:
    """Whether low <= value <= high; AppError when the bounds are reversed."""
    if low > high:
        raise AppError(f"{names[0]} ({low}) must not be greater than {names[1]} ({high}).")
    return low <= value <= high


def _key(item: Item, name: str) -> Any:
    value = item[name]
    return value.lower() if isinstance(value, str) else value


def listing(
    items: list[Item],
    text_of: Callable[[Item], str],
    args: Any,
    default: str | None,
    allowed: tuple[str, ...],
) -> list[Item]:
    """Full-text `args.query`, then AppWorld order (`default` None: catalogue order) and pagination."""
    query: str = getattr(args, "query", "")
    sort_by: str | None = getattr(args, "sort_by", None)
    found = search(items, query, text_of)
    page_args = (args.page_index, args.page_limit)
    if default is None and sort_by is None and not query.strip():
        return page(found, *page_args)
    return ordered(found, query, sort_by, default or f"+{allowed[0]}", allowed, _key, page_args)


def by_id(records: dict[int, T]) -> list[T]:
    """Records in id order (dict order does not survive a snapshot, whose keys are sorted as text)."""
    return [records[k] for k in sorted(records)]


def oldest_first(bucket: dict[int, datetime]) -> list[int]:
    """The ids of a library collection in the order they were added."""
    return sorted(bucket, key=lambda ident: (bucket[ident], ident))


def dated(items: list[Item], moments: dict[int, datetime], id_key: str, field: str) -> list[Item]:
    """Items with the time they entered a collection added under `field`."""
    return [{**item, field: iso(moments[item[id_key]])} for item in items]
