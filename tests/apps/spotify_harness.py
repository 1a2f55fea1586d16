"""A spotify app seeded from a small catalogue, reached through a toolbox as the agent reaches it."""

from __future__ import annotations

from typing import Any

from sandbox.apps.spotify import APP
from sandbox.apps.spotify.state import SpotifyState
from tests.apps.harness import AppHarness, unauthorized

ME, SAM = "noor@example.com", "sam@example.com"
UNAUTHORIZED = unauthorized("spotify")
NOT_YOURS = "The given playlist does not belong to you, so you cannot access it."
# Song ids: 1 Blue Hour, 2 Late Train, 3 Quiet Street (Night Shift); 4 Tidal, 5 Lighthouse (Open Water);
# 6 Signal, 7 Static (Pulse). Artists: 1 Nina Vale, 2 Harbor Lights, 3 DJ Kora. Playlists: 1-2 mine, 3-4 Sam's.
FIXTURE: dict[str, Any] = {
    "account": {"first_name": "Noor", "last_name": "Haddad", "email": ME, "password": "pw-spotify"},
    "users": [
        {"first_name": "Sam", "last_name": "Lee", "email": SAM},
        {"first_name": "Rita", "last_name": "Gomez", "email": "rita@example.com"},
    ],
    "artists": [
        {"name": "Nina Vale", "genre": "jazz", "follower_count": 1200},
        {"name": "Harbor Lights", "genre": "indie", "follower_count": 800},
        {"name": "DJ Kora", "genre": "electronic", "follower_count": 5000},
    ],
    "albums": [
        {
            "title": "Night Shift",
            "artists": ["Nina Vale"],
            "genre": "jazz",
            "release_date": "2019-05-10",
            "rating": 4.2,
            "like_count": 300,
            "review_count": 10,
            "songs": [
                {"title": "Blue Hour", "duration": 200, "play_count": 5000, "rating": 4.0, "review_count": 3},
                {"title": "Late Train", "duration": 180, "play_count": 900, "like_count": 12},
                {"title": "Quiet Street", "duration": 240, "play_count": 70},
            ],
        },
        {
            "title": "Open Water",
            "artists": ["Harbor Lights"],
            "genre": "indie",
            "release_date": "2021-08-01",
            "songs": [
                {"title": "Tidal", "duration": 210, "play_count": 1500, "rating": 3.5, "review_count": 2},
                {"title": "Lighthouse", "duration": 190, "artists": ["Harbor Lights", "Nina Vale"]},
            ],
        },
        {
            "title": "Pulse",
            "artists": ["DJ Kora"],
            "genre": "electronic",
            "release_date": "2023-02-14",
            "songs": [{"title": "Signal", "duration": 150, "play_count": 8000}, {"title": "Static", "duration": 100}],
        },
    ],
    "playlists": [
        {"title": "Morning Focus", "songs": ["Quiet Street", "Tidal"], "created_at": "2025-12-01T08:00:00"},
        {"title": "Road Trip", "is_public": True, "like_count": 3, "songs": ["Lighthouse"]},
        {"title": "Sam's Mix", "owner": SAM, "is_public": True, "like_count": 40, "rating": 4.5, "songs": [6, 1]},
        {"title": "Sam's Secret", "owner": SAM, "songs": ["Static"]},
    ],
    "reviews": [{"song": "Blue Hour", "user": SAM, "rating": 5, "title": "Gorgeous", "text": "Late-night classic"}],
    "library": {
        "songs": ["Blue Hour", "Tidal"],
        "albums": ["Night Shift"],
        "liked_songs": ["Late Train"],
        "liked_playlists": ["Sam's Mix"],
        "following": ["Nina Vale"],
        "downloads": ["Signal"],
    },
    "player": {
        "queue": ["Blue Hour", "Late Train", "Quiet Street"],
        "current": 1,
        "played_seconds": 30,
        "is_playing": True,
    },
}


Spotify = AppHarness[SpotifyState]


def spotify(fixture: dict[str, Any] | None = None) -> Spotify:
    """The spotify app seeded from `fixture` (default FIXTURE) behind a toolbox."""
    return AppHarness.seeded(APP, fixture or FIXTURE)
