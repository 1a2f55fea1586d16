"""Drafts: create, update, show, list, and send a draft."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from sandbox.apps.base import Account, AppError, PageArgs, TokenArgs, owned
from sandbox.apps.gmail.mail import Outgoing, deliver, email_in_thread, load_attachments, own_thread
from sandbox.apps.gmail.state import Draft, GmailState, reply_subject
from sandbox.apps.gmail.views import draft_view
from sandbox.apps.query import MAX_DATE, MIN_DATE, in_date_range, ordered, parse_dt, search
from sandbox.apps.world import Call

CLEAR = "None"


def own_draft(call: Call, token: str, draft_id: int) -> tuple[GmailState, Account, Draft]:
    """The logged-in user, the state and one of the user's drafts."""
    account = call.user(token)
    state = call.state(GmailState)
    return state, account, owned(state.drafts, "draft", draft_id, account.email)


def _future(value: str, call: Call) -> datetime:
    moment = parse_dt(value, "scheduled_send_at")
    if moment <= call.now:
        raise AppError("The scheduled_send_at time must be in the future.")
    return moment


def _reply_target(call: Call, token: str, thread_id: int | None, email_id: int | None) -> str | None:
    """The subject of the replied-to email when both ids are given (None when neither is)."""
    if (thread_id is None) != (email_id is None):
        raise AppError("Pass both belongs_to_email_thread_id and response_to_email_id, or neither.")
    if thread_id is None or email_id is None:
        return None
    state, _, thread = own_thread(call, token, thread_id)
    return email_in_thread(state, thread, email_id).subject


class CreateDraftArgs(TokenArgs):
    """Arguments of create_draft."""

    recipient_email_addresses: list[str] = Field(description="Recipients' email addresses (may be empty).")
    body: str = Field(description="Body text.")
    subject: str | None = Field(default=None, description="Subject; must be omitted for a reply draft.")
    belongs_to_email_thread_id: int | None = Field(default=None, description="Thread of a reply draft.")
    response_to_email_id: int | None = Field(default=None, description="Email a reply draft answers.")
    attachment_file_paths: list[str] | None = Field(default=None, description="file_system files to attach.")
    scheduled_send_at: str | None = Field(default=None, description="Future send time, YYYY-MM-DD|HH:MM:SS.")
    file_system_access_token: str | None = Field(default=None, description="file_system access_token.")


def create_draft(args: CreateDraftArgs, call: Call) -> dict[str, Any]:
    """Create a draft (a reply draft when the thread and email ids are given)."""
    account = call.user(args.access_token)
    state = call.state(GmailState)
    replied = _reply_target(call, args.access_token, args.belongs_to_email_thread_id, args.response_to_email_id)
    if replied is not None and args.subject is not None:
        raise AppError("The subject must not be given for a reply draft; it is 'Re: ' + the replied-to subject.")
    if replied is not None and any(
        d.owner == account.email and d.response_to_email_id == args.response_to_email_id for d in state.drafts.values()
    ):
        raise AppError("A draft replying to this email already exists.")
    scheduled = None if args.scheduled_send_at is None else _future(args.scheduled_send_at, call)
    files = load_attachments(call, args.attachment_file_paths, args.file_system_access_token)
    subject = reply_subject(replied) if replied is not None else (args.subject or "(no subject)")
    draft_id = state.next_id("draft")
    state.drafts[draft_id] = Draft(
        draft_id=draft_id,
        owner=account.email,
        recipients=list(args.recipient_email_addresses),
        subject=subject,
        body=args.body,
        belongs_to_email_thread_id=args.belongs_to_email_thread_id,
        response_to_email_id=args.response_to_email_id,
        scheduled_send_at=scheduled,
        created_at=call.now,
        updated_at=call.now,
        attachments=files,
    )
    return {"message": "Draft created.", "draft_id": draft_id}


class UpdateDraftArgs(TokenArgs):
    """Arguments of update_draft; a field left null stays unchanged."""

    draft_id: int = Field(description="The draft to change.")
    email_addresses: list[str] | None = Field(default=None, description="New recipients.")
    subject: str | None = Field(default=None, description="New subject.")
    body: str | None = Field(default=None, description="New body text.")
    belongs_to_email_thread_id: int | None = Field(default=None, description="New thread (with response_to_email_id).")
    response_to_email_id: int | None = Field(default=None, description="New replied-to email (with the thread id).")
    scheduled_send_at: str | None = Field(
        default=None, description="New send time, YYYY-MM-DD|HH:MM:SS; the string 'None' unschedules."
    )


def update_draft(args: UpdateDraftArgs, call: Call) -> dict[str, Any]:
    """Change a draft's recipients, subject, body, reply target or schedule."""
    _, _, draft = own_draft(call, args.access_token, args.draft_id)
    changes = args.model_dump(exclude={"access_token", "draft_id"}, exclude_none=True)
    if not changes:
        raise AppError("Nothing to update: give at least one field to change.")
    retarget = "belongs_to_email_thread_id" in changes or "response_to_email_id" in changes
    if retarget:
        _reply_target(call, args.access_token, args.belongs_to_email_thread_id, args.response_to_email_id)
    schedule = args.scheduled_send_at
    if schedule is not None:
        draft.scheduled_send_at = None if schedule == CLEAR else _future(schedule, call)
    if retarget:
        draft.belongs_to_email_thread_id = args.belongs_to_email_thread_id
        draft.response_to_email_id = args.response_to_email_id
    if args.email_addresses is not None:
        draft.recipients = list(args.email_addresses)
    draft.subject = draft.subject if args.subject is None else args.subject
    draft.body = draft.body if args.body is None else args.body
    draft.updated_at = call.now
    return {"message": "Draft updated."}


class SendDraftArgs(TokenArgs):
    """Arguments of send_email_from_draft."""

    draft_id: int = Field(description="The draft to send.")
    file_system_access_token: str | None = Field(default=None, description="file_system access_token.")


def send_email_from_draft(args: SendDraftArgs, call: Call) -> dict[str, Any]:
    """Send a draft (a reply draft goes into its thread) and delete it."""
    state, account, draft = own_draft(call, args.access_token, args.draft_id)
    if not draft.recipients:
        raise AppError("Draft has no recipient. At least one is required.")
    thread = reply_to = None
    if draft.belongs_to_email_thread_id is not None and draft.response_to_email_id is not None:
        _, _, thread = own_thread(call, args.access_token, draft.belongs_to_email_thread_id)
        reply_to = email_in_thread(state, thread, draft.response_to_email_id)
    mail = Outgoing(draft.recipients, draft.subject, draft.body, draft.attachments, reply_to, thread)
    thread_id, email_id = deliver(call, account, mail)
    del state.drafts[draft.draft_id]
    return {"message": "Sent email from your draft.", "sent_email_thread_id": thread_id, "sent_email_id": email_id}


class ShowDraftArgs(TokenArgs):
    """Arguments of show_draft."""

    draft_id: int = Field(description="The draft to show.")


def show_draft(args: ShowDraftArgs, call: Call) -> dict[str, Any]:
    """One draft."""
    state, _, draft = own_draft(call, args.access_token, args.draft_id)
    return draft_view(state, draft)


class ShowDraftsArgs(TokenArgs, PageArgs):
    """Arguments of show_drafts."""

    query: str = Field(default="", description="Full-text search over subject, body and recipients.")
    recipient_email: str | None = Field(default=None, description="Only drafts to this address.")
    attachment: bool | None = Field(default=None, description="Only drafts with (True) or without attachments.")
    scheduled: bool | None = Field(default=None, description="Only scheduled (True) or unscheduled drafts.")
    belongs_to_email_thread_id: int | None = Field(default=None, description="Only drafts of this thread.")
    response_to_email_id: int | None = Field(default=None, description="Only drafts replying to this email.")
    min_created_at: str = Field(default=MIN_DATE, description="Earliest creation date, YYYY-MM-DD.")
    max_created_at: str = Field(default=MAX_DATE, description="Latest creation date, YYYY-MM-DD.")
    sort_by: str | None = Field(default=None, description="'±created_at' or '±updated_at' (default '-updated_at').")


def show_drafts(args: ShowDraftsArgs, call: Call) -> list[Any]:
    """The user's drafts after filters, order and pagination."""
    account = call.user(args.access_token)
    state = call.state(GmailState)
    recipient = (args.recipient_email or "").lower()
    drafts = [
        d
        for d in state.drafts.values()
        if d.owner == account.email
        and (not recipient or recipient in map(str.lower, d.recipients))
        and (args.attachment is None or bool(d.attachments) == args.attachment)
        and (args.scheduled is None or (d.scheduled_send_at is not None) == args.scheduled)
        and args.belongs_to_email_thread_id in (None, d.belongs_to_email_thread_id)
        and args.response_to_email_id in (None, d.response_to_email_id)
        and in_date_range(d.created_at, args.min_created_at, args.max_created_at, ("min_created_at", "max_created_at"))
    ]
    found = search(drafts, args.query, lambda d: f"{d.subject} {d.body} {' '.join(d.recipients)}")
    page_args = (args.page_index, args.page_limit)
    chosen = ordered(found, args.query, args.sort_by, "-updated_at", ("created_at", "updated_at"), getattr, page_args)
    return [draft_view(state, d) for d in chosen]
