"""gmail payloads (THREAD, DRAFT, email) and the thread filters shared by the list APIs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from sandbox.apps.base import PageArgs, TokenArgs
from sandbox.apps.gmail.state import Attachment, Draft, Email, GmailState, Thread
from sandbox.apps.query import MAX_DATE, MIN_DATE, in_date_range, iso, ordered, search

PREVIEW_CHARS = 100


def person(state: GmailState, email: str) -> dict[str, str]:
    """{name, email} of an address (name '' when the address is unknown)."""
    account = state.by_email(email)
    return {"name": "" if account is None else account.name, "email": email}


def attachments(items: list[Attachment]) -> list[dict[str, Any]]:
    """[{id, file_name}] of attachments."""
    return [{"id": a.id, "file_name": a.file_name} for a in items]


def is_snoozed(thread: Thread, now: datetime) -> bool:
    """Whether the thread is snoozed at `now`."""
    return thread.snoozed_until is not None and thread.snoozed_until > now


def thread_flags(state: GmailState, thread: Thread) -> dict[str, bool]:
    """incoming (someone else wrote in it) and outgoing (the owner wrote in it)."""
    senders = {e.sender for e in state.emails_of(thread)}
    return {"incoming": bool(senders - {thread.owner}), "outgoing": thread.owner in senders}


def thread_item(state: GmailState, thread: Thread) -> dict[str, Any]:
    """THREAD as list APIs return it."""
    emails = state.emails_of(thread)
    people: list[str] = []
    for e in emails:
        people += [a for a in [e.sender, *e.recipients] if a not in people]
    return {
        "email_thread_id": thread.email_thread_id,
        "email_ids": list(thread.email_ids),
        "draft_ids": [d.draft_id for d in thread_drafts(state, thread)],
        **thread_flags(state, thread),
        "read": thread.read,
        "label": thread.label,
        "snoozed_until": iso(thread.snoozed_until),
        "starred": thread.starred,
        "archived": thread.archived,
        "spam": thread.spam,
        "created_at": iso(thread.created_at),
        "updated_at": iso(thread.updated_at),
        "subject": emails[0].subject,
        "participants": [person(state, p) for p in people],
        "preview": emails[-1].body[:PREVIEW_CHARS],
        "has_attachments": any(e.attachments for e in emails),
    }


def thread_drafts(state: GmailState, thread: Thread) -> list[Draft]:
    """The owner's drafts that belong to the thread."""
    return [
        d
        for d in state.drafts.values()
        if d.owner == thread.owner and d.belongs_to_email_thread_id == thread.email_thread_id
    ]


def email_view(state: GmailState, email: Email) -> dict[str, Any]:
    """An email with sender, recipients and attachments."""
    return {
        "email_id": email.email_id,
        "subject": email.subject,
        "body": email.body,
        "response_to_email_id": email.response_to_email_id,
        "created_at": iso(email.created_at),
        "sender": person(state, email.sender),
        "recipients": [person(state, r) for r in email.recipients],
        "attachments": attachments(email.attachments),
    }


def draft_view(state: GmailState, draft: Draft) -> dict[str, Any]:
    """DRAFT."""
    return {
        "draft_id": draft.draft_id,
        "subject": draft.subject,
        "body": draft.body,
        "belongs_to_email_thread_id": draft.belongs_to_email_thread_id,
        "response_to_email_id": draft.response_to_email_id,
        "scheduled_send_at": iso(draft.scheduled_send_at),
        "created_at": iso(draft.created_at),
        "updated_at": iso(draft.updated_at),
        "recipients": [person(state, r) for r in draft.recipients],
        "attachments": attachments(draft.attachments),
    }


class ThreadFilterArgs(TokenArgs, PageArgs):
    """Filters common to the thread list APIs."""

    query: str = Field(default="", description="Full-text search over subjects, bodies and participants.")
    label: str | None = Field(default=None, description="Only threads with this label.")
    read: bool | None = Field(default=None, description="Only read (True) or unread (False) threads.")
    attachment: bool | None = Field(default=None, description="Only threads with (True) or without attachments.")
    from_email: str | None = Field(default=None, description="Only threads with an email from this address.")
    to_email: str | None = Field(default=None, description="Only threads with an email to this address.")
    min_created_at: str = Field(default=MIN_DATE, description="Earliest creation date, YYYY-MM-DD.")
    max_created_at: str = Field(default=MAX_DATE, description="Latest creation date, YYYY-MM-DD.")
    sort_by: str | None = Field(
        default=None, description="'+created_at', '-created_at', '+updated_at' or '-updated_at' (default)."
    )


class BoxArgs(ThreadFilterArgs):
    """Arguments of show_inbox_threads and show_outbox_threads."""

    starred: bool | None = Field(default=None, description="Only starred (True) or unstarred (False) threads.")
    archived: bool = Field(default=False, description="Archived threads instead of non-archived ones.")
    spam: bool = Field(default=False, description="Spam threads instead of non-spam ones.")
    snoozed: bool = Field(default=False, description="Snoozed threads instead of non-snoozed ones.")


class StarredArgs(ThreadFilterArgs):
    """Arguments of show_starred_threads."""

    archived: bool | None = Field(default=None, description="Only archived (True) or non-archived threads.")
    spam: bool | None = Field(default=None, description="Only spam (True) or non-spam threads.")
    snoozed: bool | None = Field(default=None, description="Only snoozed (True) or non-snoozed threads.")


def _keep(state: GmailState, thread: Thread, args: ThreadFilterArgs, now: datetime) -> bool:
    emails = state.emails_of(thread)
    checks = [
        args.label is None or (thread.label or "").lower() == args.label.lower(),
        args.read is None or thread.read == args.read,
        args.attachment is None or any(e.attachments for e in emails) == args.attachment,
        args.from_email is None or any(e.sender.lower() == args.from_email.lower() for e in emails),
        args.to_email is None or any(args.to_email.lower() in map(str.lower, e.recipients) for e in emails),
        in_date_range(
            thread.created_at, args.min_created_at, args.max_created_at, ("min_created_at", "max_created_at")
        ),
    ]
    for flag in ("starred", "archived", "spam"):
        wanted = getattr(args, flag, None)
        checks.append(wanted is None or getattr(thread, flag) == wanted)
    snoozed = getattr(args, "snoozed", None)
    checks.append(snoozed is None or is_snoozed(thread, now) == snoozed)
    return all(checks)


def list_threads(state: GmailState, owner: str, args: ThreadFilterArgs, now: datetime, box: str) -> list[Any]:
    """The owner's threads in a box ('inbox', 'outbox' or 'starred') after filters, order and pagination."""
    threads = [t for t in state.threads.values() if t.owner == owner and _keep(state, t, args, now)]
    if box != "starred":
        threads = [t for t in threads if thread_flags(state, t)["incoming" if box == "inbox" else "outgoing"]]
    else:
        threads = [t for t in threads if t.starred]

    def text(thread: Thread) -> str:
        return " ".join(f"{e.subject} {e.body} {e.sender} {' '.join(e.recipients)}" for e in state.emails_of(thread))

    found = search(threads, args.query, text)
    chosen = ordered(
        found,
        args.query,
        args.sort_by,
        "-updated_at",
        ("created_at", "updated_at"),
        getattr,
        (args.page_index, args.page_limit),
    )
    return [thread_item(state, t) for t in chosen]
