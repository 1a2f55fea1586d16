"""Song reviews: write one per song, update it, show one, list a song's reviews."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import ApiArgs, AppError, PageArgs, TokenArgs, not_yours
from sandbox.apps.spotify.state import SongReview, SpotifyState, add_rating, change_rating
from sandbox.apps.spotify.views import Item, by_id, in_range, listing, review_item
from sandbox.apps.world import Call


class ReviewSongArgs(TokenArgs):
    """Arguments of review_song."""

    song_id: int = Field(description="The song to review.")
    rating: int = Field(ge=1, le=5, description="Stars, 1-5.")
    title: str = Field(default="", description="Review title.")
    text: str = Field(default="", description="Review text.")


def review_song(args: ReviewSongArgs, call: Call) -> dict[str, Any]:
    """Review a song (one review per user and song); the song's rating and review_count follow."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    song = state.song(args.song_id)
    if any(r.song_id == song.song_id and r.user == user.username for r in state.reviews.values()):
        raise AppError("You have already reviewed this song. Use update_song_review to change your review.")
    review_id = state.next_id("song_review")
    state.reviews[review_id] = SongReview(
        song_review_id=review_id,
        song_id=song.song_id,
        user=user.username,
        rating=args.rating,
        title=args.title,
        text=args.text,
        created_at=call.now,
        updated_at=call.now,
    )
    song.rating = add_rating(song.rating, song.review_count, args.rating)
    song.review_count += 1
    return {"message": "Added a new song review.", "song_review_id": review_id}


class UpdateReviewArgs(TokenArgs):
    """Arguments of update_song_review."""

    review_id: int = Field(description="The song_review_id of your review.")
    rating: int | None = Field(default=None, ge=1, le=5, description="New stars, 1-5 (None: unchanged).")
    title: str | None = Field(default=None, description="New title (None: unchanged).")
    text: str | None = Field(default=None, description="New text (None: unchanged).")


def update_song_review(args: UpdateReviewArgs, call: Call) -> dict[str, Any]:
    """Change your review; fields left out stay unchanged."""
    user = call.user(args.access_token)
    state = call.state(SpotifyState)
    review = state.review(args.review_id)
    if review.user != user.username:
        raise not_yours("song review")
    changes = {
        k: v for k, v in {"rating": args.rating, "title": args.title, "text": args.text}.items() if v is not None
    }
    if all(getattr(review, k) == v for k, v in changes.items()):
        raise AppError("No changes to the song review were given.")
    if args.rating is not None:
        song = state.songs[review.song_id]
        song.rating = change_rating(song.rating, song.review_count, review.rating, args.rating)
    for key, value in changes.items():
        setattr(review, key, value)
    review.updated_at = call.now
    return {"message": "Updated the song review."}


class ReviewIdArgs(ApiArgs):
    """Arguments of show_song_review."""

    review_id: int = Field(description="The song_review_id.")


def show_song_review(args: ReviewIdArgs, call: Call) -> Item:
    """One song review."""
    state = call.state(SpotifyState)
    return review_item(state, state.review(args.review_id))


class SongReviewsArgs(PageArgs):
    """Arguments of show_song_reviews."""

    song_id: int = Field(description="The song.")
    query: str = Field(default="", description="Full-text search over review titles and texts.")
    user_email: str | None = Field(default=None, description="Only the review by this user.")
    min_rating: int = Field(default=1, ge=1, le=5, description="Lowest stars.")
    max_rating: int = Field(default=5, ge=1, le=5, description="Highest stars.")
    sort_by: str | None = Field(
        default=None, description="'+rating', '-rating', '+created_at' or '-created_at' (default)."
    )


def show_song_reviews(args: SongReviewsArgs, call: Call) -> list[Item]:
    """The reviews of one song."""
    state = call.state(SpotifyState)
    song = state.song(args.song_id)
    email = None if args.user_email is None else args.user_email.strip().lower()
    items = [
        review_item(state, r)
        for r in by_id(state.reviews)
        if r.song_id == song.song_id
        and (email is None or r.user.lower() == email)
        and in_range(r.rating, args.min_rating, args.max_rating, ("min_rating", "max_rating"))
    ]
    return listing(items, lambda i: f"{i['title']} {i['text']}", args, "-created_at", ("rating", "created_at"))
