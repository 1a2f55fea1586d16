"""Sending mail: delivery into the sender's and each recipient's threads; send, reply and forward."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field

from sandbox.apps.base import Account, AppError, TokenArgs, not_found, owned
from sandbox.apps.file_system.apis import resolve_file
from sandbox.apps.gmail.state import Attachment, Draft, Email, GmailState, Thread, reply_subject
from sandbox.apps.query import iso
from sandbox.apps.world import Call

NO_RECIPIENT = "At least one recipient email address is required."


@dataclass
class Outgoing:
    """An email about to be sent; `reply_to` and `thread` are set for a reply within a thread."""

    recipients: list[str]
    subject: str
    body: str
    attachments: list[Attachment]
    reply_to: Email | None = None
    thread: Thread | None = None


def own_thread(call: Call, token: str, thread_id: int) -> tuple[GmailState, Account, Thread]:
    """The logged-in user, the state and one of the user's threads; 409/422 errors otherwise."""
    account = call.user(token)
    state = call.state(GmailState)
    return state, account, owned(state.threads, "email thread", thread_id, account.email)


def email_in_thread(state: GmailState, thread: Thread, email_id: int) -> Email:
    """An email of the thread; AppError when it is elsewhere or unknown."""
    if email_id not in state.emails:
        raise not_found("email", email_id)
    if email_id not in thread.email_ids:
        raise AppError("The specified email does not belong to the specified thread.")
    return state.emails[email_id]


def known_recipients(state: GmailState, addresses: list[str]) -> list[str]:
    """Addresses resolved to accounts (deduplicated, in order); AppError for an unknown one or none at all."""
    if not addresses:
        raise AppError(NO_RECIPIENT)
    out: list[str] = []
    for address in addresses:
        account = state.by_email(address)
        if account is None:
            raise AppError(f"No user found with email {address}.")
        if account.email not in out:
            out.append(account.email)
    return out


def load_attachments(call: Call, paths: list[str] | None, fs_token: str | None) -> list[Attachment]:
    """Copies of file_system files to attach (the file_system token's user must own them)."""
    state = call.state(GmailState)
    files = [resolve_file(call, fs_token, path) for path in paths or []]
    return [
        Attachment(id=state.next_id("attachment"), file_name=f.path.rsplit("/", 1)[-1], content=f.content)
        for f in files
    ]


def deliver(call: Call, sender: Account, mail: Outgoing) -> tuple[int, int]:
    """Store the email, append it to the sender's thread and every recipient's; (sender thread id, email id)."""
    state = call.state(GmailState)
    recipients = known_recipients(state, mail.recipients)
    email_id = state.next_id("email")
    email = Email(
        email_id=email_id,
        sender=sender.email,
        recipients=recipients,
        subject=mail.subject,
        body=mail.body,
        response_to_email_id=None if mail.reply_to is None else mail.reply_to.email_id,
        created_at=call.now,
        attachments=mail.attachments,
    )
    state.emails[email_id] = email
    own = _append(state, mail.thread, sender.email, email, read=True)
    for address in recipients:
        if address != sender.email:
            previous = None if mail.reply_to is None else _thread_holding(state, address, mail.reply_to.email_id)
            _append(state, previous, address, email, read=False)
    return own.email_thread_id, email_id


def _thread_holding(state: GmailState, owner: str, email_id: int) -> Thread | None:
    return next((t for t in state.threads.values() if t.owner == owner and email_id in t.email_ids), None)


def _append(state: GmailState, thread: Thread | None, owner: str, email: Email, read: bool) -> Thread:
    if thread is None:
        thread_id = state.next_id("email_thread")
        thread = Thread(
            email_thread_id=thread_id,
            owner=owner,
            email_ids=[],
            created_at=email.created_at,
            updated_at=email.created_at,
        )
        state.threads[thread_id] = thread
    thread.email_ids.append(email.email_id)
    thread.read = read
    thread.updated_at = email.created_at
    return thread


class SendEmailArgs(TokenArgs):
    """Arguments of send_email."""

    email_addresses: list[str] = Field(description="Recipients' email addresses.")
    subject: str = Field(description="Subject line ('' becomes '(no subject)').")
    body: str = Field(description="Body text.")
    attachment_file_paths: list[str] | None = Field(
        default=None, description="Absolute paths of file_system files to attach."
    )
    file_system_access_token: str | None = Field(
        default=None, description="file_system access_token, needed with attachment_file_paths."
    )


def send_email(args: SendEmailArgs, call: Call) -> dict[str, Any]:
    """Send a new email in a new thread."""
    sender = call.user(args.access_token)
    known_recipients(call.state(GmailState), args.email_addresses)
    files = load_attachments(call, args.attachment_file_paths, args.file_system_access_token)
    mail = Outgoing(args.email_addresses, args.subject or "(no subject)", args.body, files)
    thread_id, email_id = deliver(call, sender, mail)
    return {"message": "Sent email.", "sent_email_thread_id": thread_id, "sent_email_id": email_id}


class ReplyArgs(TokenArgs):
    """Arguments of reply_to_email."""

    email_thread_id: int = Field(description="Thread of the email to reply to.")
    email_id: int = Field(description="The email to reply to.")
    body: str = Field(description="Body text of the reply.")
    email_addresses: list[str] | None = Field(
        default=None, description="Reply to these addresses (default: the sender of the email)."
    )
    attachment_file_paths: list[str] | None = Field(default=None, description="file_system files to attach.")
    file_system_access_token: str | None = Field(default=None, description="file_system access_token.")


def reply_to_email(args: ReplyArgs, call: Call) -> dict[str, Any]:
    """Reply within a thread."""
    state, account, thread = own_thread(call, args.access_token, args.email_thread_id)
    original = email_in_thread(state, thread, args.email_id)
    if args.email_addresses is not None and not args.email_addresses:
        raise AppError("If email_addresses is passed, it must be a non-empty list.")
    default = original.recipients if original.sender == account.email else [original.sender]
    recipients = args.email_addresses or default
    known_recipients(state, recipients)
    files = load_attachments(call, args.attachment_file_paths, args.file_system_access_token)
    mail = Outgoing(recipients, reply_subject(original.subject), args.body, files, original, thread)
    _, email_id = deliver(call, account, mail)
    return {"message": "Reply email sent.", "sent_email_id": email_id}


class ForwardArgs(TokenArgs):
    """Arguments of forward_email_thread."""

    email_thread_id: int = Field(description="The thread to forward.")
    email_addresses: list[str] = Field(description="Recipients' email addresses.")
    draft_not_send: bool = Field(default=False, description="Create a draft instead of sending.")


def forward_body(state: GmailState, thread: Thread) -> str:
    """Every email of a thread, each under a forwarded-message header."""
    parts = []
    for e in state.emails_of(thread):
        parts.append(
            f"---------- Forwarded message ----------\nFrom: {e.sender}\nDate: {iso(e.created_at)}\n"
            f"Subject: {e.subject}\nTo: {', '.join(e.recipients)}\n\n{e.body}"
        )
    return "\n\n".join(parts)


def forward_email_thread(args: ForwardArgs, call: Call) -> dict[str, Any]:
    """Forward a whole thread, or draft the forward."""
    state, account, thread = own_thread(call, args.access_token, args.email_thread_id)
    known_recipients(state, args.email_addresses)
    emails = state.emails_of(thread)
    subject = f"Fwd: {emails[0].subject}"
    files = [a.model_copy(update={"id": state.next_id("attachment")}) for e in emails for a in e.attachments]
    out: dict[str, Any] = {"sent_email_thread_id": None, "sent_email_id": None, "draft_id": None}
    if args.draft_not_send:
        draft_id = state.next_id("draft")
        state.drafts[draft_id] = Draft(
            draft_id=draft_id,
            owner=account.email,
            recipients=list(args.email_addresses),
            subject=subject,
            body=forward_body(state, thread),
            created_at=call.now,
            updated_at=call.now,
            attachments=files,
        )
        return {"message": "Created a draft to forward the entire email thread.", **out, "draft_id": draft_id}
    mail = Outgoing(args.email_addresses, subject, forward_body(state, thread), files)
    thread_id, email_id = deliver(call, account, mail)
    out.update(sent_email_thread_id=thread_id, sent_email_id=email_id)
    return {"message": "Forwarded the entire email thread to recipient/s.", **out}
