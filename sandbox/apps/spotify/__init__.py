"""The spotify app: a music catalogue, your library, likes, follows, playlists, reviews, queue and player."""

from __future__ import annotations

from typing import Any

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import Api, ApiArgs, AppSpec, TokenArgs
from sandbox.apps.spotify import catalogue, library, player, playlists, reviews
from sandbox.apps.spotify.fixture import SpotifyFixture, seed
from sandbox.apps.spotify.rows import COLLECTIONS
from sandbox.apps.spotify.state import SpotifyState

_CATALOGUE: list[Api[Any]] = [
    Api(
        "search_songs",
        "Search songs by text and filters (artist, album, genre, dates, ...).",
        catalogue.SearchSongsArgs,
        catalogue.search_songs,
    ),
    Api("search_albums", "Search albums by text and filters.", catalogue.SearchAlbumsArgs, catalogue.search_albums),
    Api(
        "search_artists",
        "Search artists by text, genre and follower count.",
        catalogue.SearchArtistsArgs,
        catalogue.search_artists,
    ),
    Api(
        "search_playlists",
        "Search public playlists (and your private ones with an access_token).",
        catalogue.SearchPlaylistsArgs,
        catalogue.search_playlists,
    ),
    Api("search_users", "Search spotify users by name or email.", catalogue.SearchUsersArgs, catalogue.search_users),
    Api("show_song", "Show one song.", catalogue.SongArgs, catalogue.show_song),
    Api("show_album", "Show one album with its songs.", catalogue.AlbumArgs, catalogue.show_album),
    Api("show_artist", "Show one artist.", catalogue.ArtistArgs, catalogue.show_artist),
    Api(
        "show_playlist",
        "Show one playlist with its songs (an access_token is needed for your private ones).",
        catalogue.ShowPlaylistArgs,
        catalogue.show_playlist,
    ),
    Api("show_genres", "List every genre of the catalogue.", ApiArgs, catalogue.show_genres),
]

_LIBRARY: list[Api[Any]] = [
    Api("like_song", "Like a song.", library.SongIdArgs, library.like_song),
    Api("like_album", "Like an album.", library.AlbumIdArgs, library.like_album),
    Api("like_playlist", "Like a playlist.", library.PlaylistIdArgs, library.like_playlist),
    Api("add_song_to_library", "Save a song to your library.", library.SongIdArgs, library.add_song_to_library),
    Api("add_album_to_library", "Save an album to your library.", library.AlbumIdArgs, library.add_album_to_library),
    Api("follow_artist", "Follow an artist.", library.ArtistIdArgs, library.follow_artist),
    Api("show_artist_following", "Whether you follow an artist.", library.ArtistIdArgs, library.show_artist_following),
    Api(
        "show_following_artists", "List the artists you follow.", library.FollowingArgs, library.show_following_artists
    ),
    Api("remove_downloaded_song", "Delete a downloaded song.", library.SongIdArgs, library.remove_downloaded_song),
    Api("show_song_library", "List the songs in your library.", library.LibraryListArgs, library.show_song_library),
    Api("show_album_library", "List the albums in your library.", library.LibraryListArgs, library.show_album_library),
    Api("show_liked_songs", "List the songs you liked.", library.LikedSongsArgs, library.show_liked_songs),
]

_PLAYLISTS_AND_REVIEWS: list[Api[Any]] = [
    Api(
        "create_playlist",
        "Create a playlist; returns playlist_id.",
        playlists.CreatePlaylistArgs,
        playlists.create_playlist,
    ),
    Api(
        "add_song_to_playlist",
        "Add a song to the end of one of your playlists.",
        playlists.PlaylistSongArgs,
        playlists.add_song_to_playlist,
    ),
    Api(
        "remove_song_from_playlist",
        "Remove a song from one of your playlists.",
        playlists.PlaylistSongArgs,
        playlists.remove_song_from_playlist,
    ),
    Api(
        "show_playlist_library",
        "List the playlists you own.",
        playlists.PlaylistLibraryArgs,
        playlists.show_playlist_library,
    ),
    Api(
        "review_song", "Review a song (1-5 stars); returns song_review_id.", reviews.ReviewSongArgs, reviews.review_song
    ),
    Api("update_song_review", "Change your song review.", reviews.UpdateReviewArgs, reviews.update_song_review),
    Api("show_song_review", "Show one song review.", reviews.ReviewIdArgs, reviews.show_song_review),
    Api("show_song_reviews", "List a song's reviews.", reviews.SongReviewsArgs, reviews.show_song_reviews),
]

_PLAYER: list[Api[Any]] = [
    Api(
        "play_music",
        "Play a song, album, playlist or queue position; with nothing given, resume.",
        player.PlayArgs,
        player.play_music,
    ),
    Api("previous_song", "Play the previous song of the queue.", TokenArgs, player.previous_song),
    Api(
        "add_to_queue",
        "Add a song, an album or a playlist to the end of the queue.",
        player.SourceArgs,
        player.add_to_queue,
    ),
    Api(
        "remove_song_from_queue",
        "Remove the song at a queue position.",
        player.QueuePositionArgs,
        player.remove_song_from_queue,
    ),
    Api("show_current_song", "Show the current song and the playback position.", TokenArgs, player.show_current_song),
    Api("show_song_queue", "Show the song queue.", TokenArgs, player.show_song_queue),
]

APP = AppSpec(
    name="spotify",
    state_model=SpotifyState,
    fixture_model=SpotifyFixture,
    seed=seed,
    apis=[*auth_apis("spotify"), *_CATALOGUE, *_LIBRARY, *_PLAYLISTS_AND_REVIEWS, *_PLAYER],
    collections=COLLECTIONS,
)
