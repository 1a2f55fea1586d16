"""amazon reviews and questions: list them (public) and write them (logged in)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.amazon.account import me
from sandbox.apps.amazon.state import AmazonState, Question, Review, by_id, require
from sandbox.apps.amazon.views import user_ref
from sandbox.apps.base import Api, PageArgs, TokenArgs, not_found
from sandbox.apps.query import iso, ordered, search
from sandbox.apps.world import Call

ALREADY_REVIEWED = "You have already written a review for this product."


class ListArgs(PageArgs):
    """Filters shared by the review, question and answer lists."""

    query: str = Field(default="", description="Words to look for in the text.")
    user_email: str | None = Field(default=None, description="Only those written by the user with this email.")
    sort_by: str | None = Field(default=None, description="'+created_at' or '-created_at' (default: newest first).")


def _by(state: AmazonState, username: str, email: str | None) -> bool:
    account = state.account(username)
    return email is None or (account is not None and account.email.lower() == email.strip().lower())


class ReviewsArgs(ListArgs):
    """Arguments of show_product_reviews."""

    product_id: int = Field(description="Id of the product.")
    min_rating: int = Field(default=1, ge=1, le=5, description="Lowest star rating.")
    max_rating: int = Field(default=5, ge=1, le=5, description="Highest star rating.")
    is_verified: bool | None = Field(default=None, description="Only verified (True) or unverified (False) reviews.")
    sort_by: str | None = Field(
        default=None, description="'+field' or '-field' with field rating or created_at (default: -created_at)."
    )


def show_product_reviews(args: ReviewsArgs, call: Call) -> list[dict[str, Any]]:
    """A product's reviews."""
    state = call.state(AmazonState)
    state.product(args.product_id)
    found = [
        r
        for r in by_id(state.reviews)
        if r.product_id == args.product_id
        and args.min_rating <= r.rating <= args.max_rating
        and (args.is_verified is None or r.is_verified == args.is_verified)
        and _by(state, r.user, args.user_email)
    ]
    found = search(found, args.query, lambda r: f"{r.title} {r.text}")
    page_args = (args.page_index, args.page_limit)
    chosen = ordered(found, args.query, args.sort_by, "-created_at", ("rating", "created_at"), _key, page_args)
    return [
        {
            "review_id": r.product_review_id,
            "product_id": r.product_id,
            "is_verified": r.is_verified,
            "rating": r.rating,
            "title": r.title,
            "text": r.text,
            "created_at": iso(r.created_at),
            "user": user_ref(state, r.user),
        }
        for r in chosen
    ]


def _key(record: Any, name: str) -> Any:
    return getattr(record, name)


class QuestionsArgs(ListArgs):
    """Arguments of show_product_questions."""

    product_id: int = Field(description="Id of the product.")


def show_product_questions(args: QuestionsArgs, call: Call) -> list[dict[str, Any]]:
    """A product's questions with their answer counts."""
    state = call.state(AmazonState)
    state.product(args.product_id)
    found = [
        q for q in by_id(state.questions) if q.product_id == args.product_id and _by(state, q.user, args.user_email)
    ]
    found = search(found, args.query, lambda q: q.question)
    chosen = ordered(
        found, args.query, args.sort_by, "-created_at", ("created_at",), _key, (args.page_index, args.page_limit)
    )
    return [
        {
            "question_id": q.question_id,
            "product_id": q.product_id,
            "question": q.question,
            "num_answers": sum(1 for a in state.answers.values() if a.question_id == q.question_id),
            "created_at": iso(q.created_at),
            "user": user_ref(state, q.user),
        }
        for q in chosen
    ]


class AnswersArgs(ListArgs):
    """Arguments of show_product_question_answers."""

    question_id: int = Field(description="Id of the question.")
    is_verified: bool | None = Field(default=None, description="Only answers by buyers (True) or others (False).")


def show_product_question_answers(args: AnswersArgs, call: Call) -> list[dict[str, Any]]:
    """The answers to a product question."""
    state = call.state(AmazonState)
    if args.question_id not in state.questions:
        raise not_found("question", args.question_id)
    found = [
        a
        for a in by_id(state.answers)
        if a.question_id == args.question_id
        and (args.is_verified is None or a.is_verified == args.is_verified)
        and _by(state, a.user, args.user_email)
    ]
    found = search(found, args.query, lambda a: a.answer)
    chosen = ordered(
        found, args.query, args.sort_by, "-created_at", ("created_at",), _key, (args.page_index, args.page_limit)
    )
    return [
        {
            "question_answer_id": a.question_answer_id,
            "question_id": a.question_id,
            "is_verified": a.is_verified,
            "answer": a.answer,
            "created_at": iso(a.created_at),
            "user": user_ref(state, a.user),
        }
        for a in chosen
    ]


class WriteReviewArgs(TokenArgs):
    """Arguments of write_product_review."""

    product_id: int = Field(description="Id of the product to review.")
    rating: int = Field(ge=1, le=5, description="Stars, 1-5.")
    title: str = Field(default="", description="Review title.")
    text: str = Field(default="", description="Review text.")


def write_product_review(args: WriteReviewArgs, call: Call) -> dict[str, Any]:
    """Review a product; the review is verified when you have ordered it (or one of its variations)."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    mine = any(r.product_id == product.product_id and r.user == account.username for r in state.reviews.values())
    require(not mine, ALREADY_REVIEWED)
    review_id = state.next_id("product_review")
    state.reviews[review_id] = Review(
        product_review_id=review_id,
        product_id=product.product_id,
        user=account.username,
        rating=args.rating,
        title=args.title,
        text=args.text,
        is_verified=state.bought(account.username, product),
        created_at=call.now,
    )
    state.link_review(account.username, product, review_id)
    return {"message": "Added a new product review.", "product_review_id": review_id}


class WriteQuestionArgs(TokenArgs):
    """Arguments of write_product_question."""

    product_id: int = Field(description="Id of the product to ask about.")
    question: str = Field(min_length=1, description="The question.")


def write_product_question(args: WriteQuestionArgs, call: Call) -> dict[str, Any]:
    """Ask a question about a product."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    question_id = state.next_id("question")
    state.questions[question_id] = Question(
        question_id=question_id,
        product_id=product.product_id,
        user=account.username,
        question=args.question,
        created_at=call.now,
    )
    return {"message": "Posted a new product question.", "question_id": question_id}


APIS: list[Api[Any]] = [
    Api("show_product_reviews", "List a product's reviews with filters.", ReviewsArgs, show_product_reviews),
    Api("show_product_questions", "List the questions asked about a product.", QuestionsArgs, show_product_questions),
    Api(
        "show_product_question_answers",
        "List the answers to a product question.",
        AnswersArgs,
        show_product_question_answers,
    ),
    Api("write_product_review", "Write a review (1-5 stars) of a product.", WriteReviewArgs, write_product_review),
    Api("write_product_question", "Ask a question about a product.", WriteQuestionArgs, write_product_question),
]
