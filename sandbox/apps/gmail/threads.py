"""Threads: flags (read, starred, archived), labels, thread/email views, category sizes, label search."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, OpenPageArgs, TokenArgs, not_yours, record
from sandbox.apps.gmail.mail import own_thread
from sandbox.apps.gmail.state import GmailState, Thread
from sandbox.apps.gmail.views import (
    BoxArgs,
    StarredArgs,
    draft_view,
    email_view,
    is_snoozed,
    list_threads,
    thread_drafts,
    thread_flags,
    thread_item,
)
from sandbox.apps.query import iso, page
from sandbox.apps.world import Call


class ThreadArgs(TokenArgs):
    """Arguments of an API acting on one thread."""

    email_thread_id: int = Field(description="The thread.")


def flag_api(flag: str, value: bool, word: str) -> Callable[[ThreadArgs, Call], dict[str, Any]]:
    """An API setting one thread flag; setting it to its current value is an error."""

    def run(args: ThreadArgs, call: Call) -> dict[str, Any]:
        _, _, thread = own_thread(call, args.access_token, args.email_thread_id)
        if getattr(thread, flag) == value:
            raise AppError(f"This email thread is already marked as {word}.")
        setattr(thread, flag, value)
        if flag == "archived":
            thread.spam, thread.snoozed_until = False, None
        thread.updated_at = call.now
        return {"message": f"Email thread marked as {word}."}

    return run


class LabelArgs(ThreadArgs):
    """Arguments of label_thread."""

    label: str = Field(min_length=1, description="The label (replaces the thread's current label).")


def label_thread(args: LabelArgs, call: Call) -> dict[str, Any]:
    """Give a thread a label."""
    _, _, thread = own_thread(call, args.access_token, args.email_thread_id)
    if thread.label == args.label:
        raise AppError(f"This email thread is already labeled {args.label}.")
    thread.label, thread.updated_at = args.label, call.now
    return {"message": "Email thread labeled."}


def unlabel_thread(args: ThreadArgs, call: Call) -> dict[str, Any]:
    """Remove a thread's label."""
    _, _, thread = own_thread(call, args.access_token, args.email_thread_id)
    if thread.label is None:
        raise AppError("This email thread has no label.")
    thread.label, thread.updated_at = None, call.now
    return {"message": "Email thread unlabelled."}


def show_thread(args: ThreadArgs, call: Call) -> dict[str, Any]:
    """A thread with its emails and drafts."""
    state, _, thread = own_thread(call, args.access_token, args.email_thread_id)
    item = thread_item(state, thread)
    keep = ("email_thread_id", "incoming", "outgoing", "read", "label", "snoozed_until", "starred", "archived")
    emails = [
        {k: v for k, v in email_view(state, e).items() if k != "response_to_email_id"} for e in state.emails_of(thread)
    ]
    drafts = [
        {k: v for k, v in draft_view(state, d).items() if k != "belongs_to_email_thread_id"}
        for d in thread_drafts(state, thread)
    ]
    return {
        **{k: item[k] for k in keep},
        "spam": thread.spam,
        "created_at": iso(thread.created_at),
        "updated_at": iso(thread.updated_at),
        "emails": emails,
        "drafts": drafts,
    }


class EmailArgs(TokenArgs):
    """Arguments of show_email."""

    email_id: int = Field(description="The email.")


def show_email(args: EmailArgs, call: Call) -> dict[str, Any]:
    """One email of the user's threads."""
    account = call.user(args.access_token)
    state = call.state(GmailState)
    email = record(state.emails, "email", args.email_id)
    if not any(t.owner == account.email and email.email_id in t.email_ids for t in state.threads.values()):
        raise not_yours("email")
    return email_view(state, email)


def _box(box: str) -> Callable[[Any, Call], list[Any]]:
    def run(args: BoxArgs | StarredArgs, call: Call) -> list[Any]:
        account = call.user(args.access_token)
        return list_threads(call.state(GmailState), account.email, args, call.now, box)

    return run


class CategoryArgs(TokenArgs):
    """Arguments of show_category_sizes."""

    read: bool | None = Field(default=None, description="Count only read (True) or only unread (False) threads.")


def show_category_sizes(args: CategoryArgs, call: Call) -> dict[str, int]:
    """How many threads are in each category, and how many drafts are (un)scheduled."""
    account = call.user(args.access_token)
    state = call.state(GmailState)
    threads = [t for t in state.threads.values() if t.owner == account.email and args.read in (None, t.read)]

    def count(test: Callable[[Thread], bool]) -> int:
        return sum(1 for t in threads if test(t))

    def in_box(t: Thread, direction: str) -> bool:
        return thread_flags(state, t)[direction] and not (t.archived or t.spam or is_snoozed(t, call.now))

    drafts = [d for d in state.drafts.values() if d.owner == account.email]
    return {
        "inbox": count(lambda t: in_box(t, "incoming")),
        "outbox": count(lambda t: in_box(t, "outgoing")),
        "snoozed": count(lambda t: is_snoozed(t, call.now)),
        "starred": count(lambda t: t.starred),
        "archived": count(lambda t: t.archived),
        "spam": count(lambda t: t.spam),
        "unscheduled_drafts": sum(1 for d in drafts if d.scheduled_send_at is None),
        "scheduled_drafts": sum(1 for d in drafts if d.scheduled_send_at is not None),
    }


class SearchLabelsArgs(TokenArgs, OpenPageArgs):
    """Arguments of search_labels."""

    query: str = Field(default="", description="Only labels containing this text.")


def search_labels(args: SearchLabelsArgs, call: Call) -> list[str]:
    """The distinct labels on the user's threads, sorted."""
    account = call.user(args.access_token)
    state = call.state(GmailState)
    labels = {t.label for t in state.threads.values() if t.owner == account.email and t.label}
    found = sorted(label for label in labels if args.query.lower() in label.lower())
    return page(found, args.page_index, args.page_limit)


show_inbox_threads = _box("inbox")
show_outbox_threads = _box("outbox")
show_starred_threads = _box("starred")
