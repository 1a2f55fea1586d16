"""gmail's query collections for the app_state rule: emails, sent_emails, threads, drafts."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from sandbox.apps.gmail.state import Email, GmailState
from sandbox.apps.gmail.views import thread_flags


class EmailRow(BaseModel):
    """An email anyone sent (rows of `emails`; `sent_emails` keeps the persona's)."""

    email_id: int = Field(description="Email id.")
    sender: str = Field(description="Sender's address.")
    recipients: list[str] = Field(description="Recipients' addresses.")
    subject: str = Field(description="Subject line.")
    body: str = Field(description="Body text.")
    response_to_email_id: int | None = Field(description="The email this one replies to.")
    created_at: datetime = Field(description="Send time.")
    attachment_file_names: list[str] = Field(description="Names of attached files.")


class ThreadRow(BaseModel):
    """One of the persona's threads."""

    email_thread_id: int = Field(description="Thread id.")
    subject: str = Field(description="Subject of the first email.")
    participants: list[str] = Field(description="Addresses of senders and recipients.")
    email_ids: list[int] = Field(description="Emails of the thread.")
    label: str | None = Field(description="Label.")
    read: bool = Field(description="Read.")
    starred: bool = Field(description="Starred.")
    archived: bool = Field(description="Archived.")
    spam: bool = Field(description="Spam.")
    incoming: bool = Field(description="Someone else wrote in it.")
    outgoing: bool = Field(description="The persona wrote in it.")


class DraftRow(BaseModel):
    """One of the persona's drafts."""

    draft_id: int = Field(description="Draft id.")
    recipients: list[str] = Field(description="Recipients' addresses.")
    subject: str = Field(description="Subject line.")
    body: str = Field(description="Body text.")
    belongs_to_email_thread_id: int | None = Field(description="Thread of a reply draft.")
    scheduled_send_at: datetime | None = Field(description="Scheduled send time.")


def _email_row(email: Email) -> EmailRow:
    return EmailRow(
        **email.model_dump(include={"email_id", "sender", "recipients", "subject", "body", "created_at"}),
        response_to_email_id=email.response_to_email_id,
        attachment_file_names=[a.file_name for a in email.attachments],
    )


def email_rows(state: GmailState) -> list[BaseModel]:
    """Every email, oldest first."""
    return [_email_row(e) for e in sorted(state.emails.values(), key=lambda e: e.email_id)]


def sent_email_rows(state: GmailState) -> list[BaseModel]:
    """The persona's sent emails."""
    return [_email_row(e) for e in sorted(state.emails.values(), key=lambda e: e.email_id) if e.sender == state.owner]


def thread_rows(state: GmailState) -> list[BaseModel]:
    """The persona's threads."""
    rows: list[BaseModel] = []
    for t in sorted(state.threads.values(), key=lambda t: t.email_thread_id):
        if t.owner != state.owner:
            continue
        emails = state.emails_of(t)
        people = list(dict.fromkeys(a for e in emails for a in [e.sender, *e.recipients]))
        rows.append(
            ThreadRow(
                **t.model_dump(
                    include={"email_thread_id", "email_ids", "label", "read", "starred", "archived", "spam"}
                ),
                subject=emails[0].subject,
                participants=people,
                **thread_flags(state, t),
            )
        )
    return rows


def draft_rows(state: GmailState) -> list[BaseModel]:
    """The persona's drafts."""
    return [
        DraftRow(
            **d.model_dump(
                include={"draft_id", "recipients", "subject", "body", "belongs_to_email_thread_id", "scheduled_send_at"}
            )
        )
        for d in sorted(state.drafts.values(), key=lambda d: d.draft_id)
        if d.owner == state.owner
    ]
