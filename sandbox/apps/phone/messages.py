"""phone text message APIs: send, show one, search, and the conversation window with one number."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from sandbox.apps.base import Api, AppError, PageArgs, TokenArgs
from sandbox.apps.phone.state import PhoneState, TextMessage, phone_number
from sandbox.apps.phone.views import own_text, party, text_view
from sandbox.apps.query import ordered, page, parse_dt, search
from sandbox.apps.world import Call

MIN_DT = "1500-01-01|00:00:00"
MAX_DT = "3000-01-01|00:00:00"


class SendTextArgs(TokenArgs):
    """Arguments of send_text_message."""

    phone_number: str = Field(description="The recipient's 10-digit phone number.")
    message: str = Field(min_length=1, description="Message text.")


def send_text_message(args: SendTextArgs, call: Call) -> dict[str, Any]:
    """Text a phone number."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    receiver = phone_number(args.phone_number)
    if receiver == user.username:
        raise AppError("You cannot send a text message to your own phone number.")
    message_id = state.next_id("text_message")
    state.messages[message_id] = TextMessage(
        text_message_id=message_id, sender=user.username, receiver=receiver, message=args.message, sent_at=call.now
    )
    return {"message": "Text message sent.", "text_message_id": message_id}


class ShowTextArgs(TokenArgs):
    """Arguments of show_text_message."""

    text_message_id: int = Field(description="Id of the text message.")


def show_text_message(args: ShowTextArgs, call: Call) -> dict[str, Any]:
    """One text message the user sent or received."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    return text_view(state, user.username, own_text(state, user, args.text_message_id))


class SearchTextsArgs(TokenArgs, PageArgs):
    """Arguments of search_text_messages."""

    query: str = Field(default="", description="Full-text search over the message and the other party's name.")
    phone_number: str | None = Field(default=None, description="Only messages to or from this number.")
    only_latest_per_contact: bool = Field(default=False, description="Keep only the latest message per number.")
    sort_by: str | None = Field(default=None, description="'+created_at' or '-created_at' (default: newest first).")


def _mine(state: PhoneState, me: str) -> list[TextMessage]:
    return sorted(
        (t for t in state.messages.values() if me in (t.sender, t.receiver)),
        key=lambda t: (t.sent_at, t.text_message_id),
        reverse=True,
    )


def _latest_per_number(newest_first: list[TextMessage], me: str) -> list[TextMessage]:
    latest: dict[str, TextMessage] = {}
    for text in newest_first:
        latest.setdefault(text.other(me), text)
    return [t for t in newest_first if latest[t.other(me)] is t]


def search_text_messages(args: SearchTextsArgs, call: Call) -> list[dict[str, Any]]:
    """The user's text messages filtered by number and query; optionally one (the latest) per number."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    me = user.username
    texts = _mine(state, me)
    if args.phone_number is not None:
        number = phone_number(args.phone_number)
        texts = [t for t in texts if t.other(me) == number]
    if args.only_latest_per_contact:
        texts = _latest_per_number(texts, me)
    found = search(texts, args.query, lambda t: f"{t.message} {party(state, me, t.other(me))['name']}")
    chosen = ordered(
        found,
        args.query,
        args.sort_by,
        "-created_at",
        ["created_at"],
        lambda t, _: (t.sent_at, t.text_message_id),
        (args.page_index, args.page_limit),
    )
    return [text_view(state, me, t) for t in chosen]


class TextWindowArgs(TokenArgs, PageArgs):
    """Arguments of show_text_message_window."""

    phone_number: str = Field(description="The other party's 10-digit phone number.")
    min_datetime: str = Field(default=MIN_DT, description="Earliest sent time, YYYY-MM-DD|HH:MM:SS.")
    max_datetime: str = Field(default=MAX_DT, description="Latest sent time, YYYY-MM-DD|HH:MM:SS.")
    pagination_order: Literal["ascending", "descending"] = Field(
        default="descending", description="Page through the conversation oldest first or newest first."
    )


def show_text_message_window(args: TextWindowArgs, call: Call) -> list[dict[str, Any]]:
    """The conversation with one number in a time window; each page is listed oldest to newest."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    me = user.username
    number = phone_number(args.phone_number)
    low, high = parse_dt(args.min_datetime, "min_datetime"), parse_dt(args.max_datetime, "max_datetime")
    texts = [t for t in _mine(state, me) if t.other(me) == number and low <= t.sent_at <= high]
    if args.pagination_order == "ascending":
        texts.reverse()
    chosen = sorted(page(texts, args.page_index, args.page_limit), key=lambda t: (t.sent_at, t.text_message_id))
    return [text_view(state, me, t) for t in chosen]


APIS: list[Api[Any]] = [
    Api("send_text_message", "Send a text message to a phone number.", SendTextArgs, send_text_message),
    Api("show_text_message", "Show one text message.", ShowTextArgs, show_text_message),
    Api(
        "search_text_messages",
        "Search your text messages (newest first), optionally with one number or only the latest per number.",
        SearchTextsArgs,
        search_text_messages,
    ),
    Api(
        "show_text_message_window",
        "Your conversation with one phone number within a time window, paginated.",
        TextWindowArgs,
        show_text_message_window,
    ),
]
