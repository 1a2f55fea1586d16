"""Playback: the song queue, the current song and its playback position, moved on by the simulated clock."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, TokenArgs
from sandbox.apps.spotify.state import Player, SpotifyState
from sandbox.apps.spotify.views import Item, song_brief, visible_playlist
from sandbox.apps.world import Call

EMPTY_QUEUE = "The song queue is empty."


def settle(state: SpotifyState, player: Player, now: datetime) -> None:
    """Move playback on to `now`: through the queue (each song that starts counts a play), around the
    current song when looping, and stop at the end of the last song."""
    last = player.updated_at or now
    player.updated_at = now
    if not player.is_playing or not player.queue:
        return
    elapsed = player.played_seconds + int((now - last).total_seconds())
    song = state.songs[player.queue[player.current]]
    if player.is_looping:
        plays, player.played_seconds = divmod(elapsed, song.duration)
        song.play_count += plays
        return
    while elapsed >= song.duration:
        if player.current == len(player.queue) - 1:
            player.played_seconds, player.is_playing = song.duration, False
            return
        elapsed -= song.duration
        player.current += 1
        song = state.songs[player.queue[player.current]]
        song.play_count += 1
    player.played_seconds = elapsed


def finished(state: SpotifyState, player: Player) -> bool:
    """Whether playback stopped at the end of the current song (the end of the queue)."""
    return bool(player.queue) and player.played_seconds >= state.songs[player.queue[player.current]].duration


def start(state: SpotifyState, player: Player, position: int, now: datetime) -> dict[str, Any]:
    """Play the song at a queue position from its beginning; the API's answer."""
    player.current, player.played_seconds, player.is_playing, player.updated_at = position, 0, True, now
    song = state.songs[player.queue[position]]
    song.play_count += 1
    return {"message": f"Song ({song.title}) is now playing.", "song_id": song.song_id}


def _player(call: Call, token: str) -> tuple[SpotifyState, Player]:
    user = call.user(token)
    state = call.state(SpotifyState)
    player = state.library(user.username).player
    settle(state, player, call.now)
    return state, player


class SourceArgs(TokenArgs):
    """A song, an album or a playlist."""

    song_id: int | None = Field(default=None, description="A song.")
    album_id: int | None = Field(default=None, description="An album (all its songs, in track order).")
    playlist_id: int | None = Field(default=None, description="A playlist (all its songs, in playlist order).")


def _songs(call: Call, state: SpotifyState, args: SourceArgs) -> tuple[str, list[int]]:
    """('Song' | 'Album' | 'Playlist', song ids) of the one source given."""
    if args.song_id is not None:
        return "Song", [state.song(args.song_id).song_id]
    if args.album_id is not None:
        return "Album", list(state.album(args.album_id).song_ids)
    assert args.playlist_id is not None
    user = call.user(args.access_token)
    songs = list(visible_playlist(state, args.playlist_id, user).song_ids)
    if not songs:
        raise AppError("The playlist has no songs.")
    return "Playlist", songs


def _given(args: TokenArgs, names: tuple[str, ...]) -> int:
    return sum(getattr(args, n) is not None for n in names)


def add_to_queue(args: SourceArgs, call: Call) -> dict[str, Any]:
    """Append a song, or an album's or a playlist's songs, to the end of the queue."""
    state, player = _player(call, args.access_token)
    if _given(args, ("song_id", "album_id", "playlist_id")) != 1:
        raise AppError("Exactly one of song_id, album_id and playlist_id must be given.")
    kind, songs = _songs(call, state, args)
    player.queue.extend(songs)
    return {"message": f"{kind} added to the queue."}


class PlayArgs(SourceArgs):
    """Arguments of play_music."""

    queue_position: int | None = Field(default=None, ge=0, description="Play the song at this queue position.")


def play_music(args: PlayArgs, call: Call) -> dict[str, Any]:
    """Play a song (it goes in at the current queue position), an album or a playlist (it replaces the
    queue), or the song at a queue position; with nothing given, resume the current song."""
    state, player = _player(call, args.access_token)
    if _given(args, ("song_id", "album_id", "playlist_id", "queue_position")) > 1:
        raise AppError("Give at most one of song_id, album_id, playlist_id and queue_position.")
    if args.queue_position is not None:
        if args.queue_position >= len(player.queue):
            raise AppError(f"There is no song at position {args.queue_position} in the song queue.")
        return start(state, player, args.queue_position, call.now)
    if _given(args, ("song_id", "album_id", "playlist_id")):
        kind, songs = _songs(call, state, args)
        if kind == "Song":
            position = min(player.current + finished(state, player), len(player.queue))
            player.queue.insert(position, songs[0])
            return start(state, player, position, call.now)
        player.queue = songs
        return start(state, player, 0, call.now)
    if not player.queue:
        raise AppError(EMPTY_QUEUE)
    if player.is_playing:
        raise AppError("The song is already playing.")
    if finished(state, player):
        return start(state, player, player.current, call.now)
    song = state.songs[player.queue[player.current]]
    player.is_playing = True
    return {"message": f"Song ({song.title}) is now playing.", "song_id": song.song_id}


def previous_song(args: TokenArgs, call: Call) -> dict[str, Any]:
    """Play the previous song of the queue (from the first, wrap around to the last)."""
    state, player = _player(call, args.access_token)
    if not player.queue:
        raise AppError(EMPTY_QUEUE)
    if len(player.queue) == 1:
        raise AppError("There is only one song in the queue, cannot move to the previous song.")
    answer = start(state, player, (player.current - 1) % len(player.queue), call.now)
    return {"message": "Moved to the previous song in the queue.", "song_id": answer["song_id"]}


class QueuePositionArgs(TokenArgs):
    """Arguments of remove_song_from_queue."""

    position: int = Field(ge=0, description="Queue position (0 is the first song) of the song to remove.")


def remove_song_from_queue(args: QueuePositionArgs, call: Call) -> dict[str, Any]:
    """Remove the song at a queue position; removing the current song moves playback to the next one."""
    state, player = _player(call, args.access_token)
    if args.position >= len(player.queue):
        raise AppError(f"There is no song at position {args.position} in the song queue.")
    del player.queue[args.position]
    if args.position < player.current:
        player.current -= 1
    elif args.position == player.current:
        if player.current >= len(player.queue):
            player.current, player.is_playing = max(0, len(player.queue) - 1), False
            song = state.songs[player.queue[player.current]] if player.queue else None
            player.played_seconds = 0 if song is None else song.duration
        elif player.is_playing:
            start(state, player, player.current, call.now)
        else:
            player.played_seconds = 0
    return {"message": f"Removed song at position {args.position} from the song queue."}


def show_current_song(args: TokenArgs, call: Call) -> Item:
    """The current song and the playback position in it."""
    state, player = _player(call, args.access_token)
    if not player.queue:
        raise AppError(EMPTY_QUEUE)
    return {
        **song_brief(state, state.songs[player.queue[player.current]]),
        "played_seconds": player.played_seconds,
        "is_playing": player.is_playing,
        "is_looping": player.is_looping,
    }


def show_song_queue(args: TokenArgs, call: Call) -> list[Item]:
    """Every song of the queue in order, marking the current one."""
    state, player = _player(call, args.access_token)
    return [
        {
            **song_brief(state, state.songs[song_id]),
            "position": position,
            "is_playing": position == player.current and player.is_playing,
            "is_current": position == player.current,
        }
        for position, song_id in enumerate(player.queue)
    ]
