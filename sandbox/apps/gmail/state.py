"""gmail state (emails shared by everyone, threads and drafts per user), its fixture and seed."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from sandbox.apps.base import AppState, SeedError, StateModel
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts


class Attachment(StateModel):
    """A file attached to an email or draft."""

    id: int = Field(description="Attachment id.")
    file_name: str = Field(description="File name, e.g. brief.pdf.")
    content: str = Field(default="", description="Text content.")


class Email(StateModel):
    """One sent email (shared by the sender's and every recipient's thread)."""

    email_id: int = Field(description="Email id.")
    sender: str = Field(description="Sender's email address.")
    recipients: list[str] = Field(description="Recipients' email addresses.")
    subject: str = Field(description="Subject line.")
    body: str = Field(description="Body text.")
    response_to_email_id: int | None = Field(default=None, description="The email this one replies to.")
    created_at: datetime = Field(description="When it was sent.")
    attachments: list[Attachment] = Field(default_factory=list, description="Attached files.")


class Thread(StateModel):
    """One user's view of a conversation: its emails and that user's flags."""

    email_thread_id: int = Field(description="Thread id (per user).")
    owner: str = Field(description="Email address of the user whose thread this is.")
    email_ids: list[int] = Field(description="Emails in the thread, oldest first.")
    read: bool = Field(default=False, description="Read by the owner.")
    label: str | None = Field(default=None, description="The thread's single label.")
    starred: bool = Field(default=False, description="Starred.")
    archived: bool = Field(default=False, description="Archived.")
    spam: bool = Field(default=False, description="Marked as spam.")
    snoozed_until: datetime | None = Field(default=None, description="Hidden from the inbox until then.")
    created_at: datetime = Field(description="Time of the first email.")
    updated_at: datetime = Field(description="Time of the last change.")


class Draft(StateModel):
    """An unsent email of one user."""

    draft_id: int = Field(description="Draft id.")
    owner: str = Field(description="Email address of the author.")
    recipients: list[str] = Field(default_factory=list, description="Recipients' email addresses.")
    subject: str = Field(description="Subject line.")
    body: str = Field(description="Body text.")
    belongs_to_email_thread_id: int | None = Field(default=None, description="Thread a reply draft belongs to.")
    response_to_email_id: int | None = Field(default=None, description="Email a reply draft answers.")
    scheduled_send_at: datetime | None = Field(default=None, description="Scheduled send time, if any.")
    created_at: datetime = Field(description="Creation time.")
    updated_at: datetime = Field(description="Last change.")
    attachments: list[Attachment] = Field(default_factory=list, description="Attached files.")


class GmailState(AppState):
    """Every email, thread and draft."""

    emails: dict[int, Email] = Field(default_factory=dict, description="Emails by email_id.")
    threads: dict[int, Thread] = Field(default_factory=dict, description="Per-user threads by email_thread_id.")
    drafts: dict[int, Draft] = Field(default_factory=dict, description="Drafts by draft_id.")

    def emails_of(self, thread: Thread) -> list[Email]:
        """A thread's emails, oldest first."""
        return [self.emails[i] for i in thread.email_ids]


class AttachmentFixture(FixtureModel):
    """A file attached to a fixture email."""

    file_name: str = Field(min_length=1, description="File name with an extension.")
    content: str = Field(default="", description="Text content.")


class EmailFixture(FixtureModel):
    """One email of a fixture thread."""

    sender: str = Field(alias="from", description="Sender's email (the persona or one of `users`).")
    to: list[str] = Field(min_length=1, description="Recipients' emails (the persona or `users`).")
    subject: str | None = Field(default=None, description="Subject; default: 'Re: ' + the thread's first subject.")
    body: str = Field(description="Body text.")
    at: datetime = Field(description="When it was sent.")
    attachments: list[AttachmentFixture] = Field(default_factory=list, description="Attached files.")


class ThreadFixture(FixtureModel):
    """A thread in the persona's mailbox."""

    emails: list[EmailFixture] = Field(min_length=1, description="Emails, oldest first.")
    read: bool = Field(default=False, description="Read by the persona.")
    label: str | None = Field(default=None, description="Label.")
    starred: bool = Field(default=False, description="Starred.")
    archived: bool = Field(default=False, description="Archived.")
    spam: bool = Field(default=False, description="Spam.")
    snoozed_until: datetime | None = Field(default=None, description="Snoozed until.")


class DraftFixture(FixtureModel):
    """A draft of the persona."""

    to: list[str] = Field(default_factory=list, description="Recipients' emails.")
    subject: str = Field(default="(no subject)", description="Subject line.")
    body: str = Field(default="", description="Body text.")
    scheduled_send_at: datetime | None = Field(default=None, description="Scheduled send time.")


class GmailFixture(FixtureModel):
    """personas/<id>/apps/gmail.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="Other gmail users (contacts).")
    threads: list[ThreadFixture] = Field(default_factory=list, description="The persona's threads.")
    drafts: list[DraftFixture] = Field(default_factory=list, description="The persona's drafts.")


def reply_subject(subject: str) -> str:
    """The subject of a reply: 'Re: ' + subject, without doubling the prefix."""
    return subject if subject.startswith("Re: ") else f"Re: {subject}"


def _known(state: GmailState, email: str, where: str) -> str:
    account = state.by_email(email)
    if account is None:
        raise SeedError(where, f"{email} is neither the account nor one of `users`")
    return account.email


def _seed_thread(state: GmailState, spec: ThreadFixture, where: str) -> None:
    thread_id = state.next_id("email_thread")
    ids: list[int] = []
    for k, mail in enumerate(spec.emails):
        at = f"{where}.emails[{k}]"
        subject = mail.subject
        if subject is None:
            subject = "(no subject)" if k == 0 else reply_subject(state.emails[ids[0]].subject)
        email_id = state.next_id("email")
        state.emails[email_id] = Email(
            email_id=email_id,
            sender=_known(state, mail.sender, f"{at}.from"),
            recipients=[_known(state, r, f"{at}.to[{n}]") for n, r in enumerate(mail.to)],
            subject=subject,
            body=mail.body,
            response_to_email_id=ids[-1] if ids else None,
            created_at=mail.at,
            attachments=[
                Attachment(id=state.next_id("attachment"), file_name=a.file_name, content=a.content)
                for a in mail.attachments
            ],
        )
        ids.append(email_id)
    times = [state.emails[i].created_at for i in ids]
    state.threads[thread_id] = Thread(
        email_thread_id=thread_id,
        owner=state.owner,
        email_ids=ids,
        read=spec.read,
        label=spec.label,
        starred=spec.starred,
        archived=spec.archived,
        spam=spec.spam,
        snoozed_until=spec.snoozed_until,
        created_at=min(times),
        updated_at=max(times),
    )


def seed(fixture: GmailFixture, start: datetime) -> GmailState:
    """The first state: accounts, the persona's threads in file order, then drafts."""
    state = GmailState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=fixture.account.email)
    for n, thread in enumerate(fixture.threads):
        _seed_thread(state, thread, f"threads[{n}]")
    for n, draft in enumerate(fixture.drafts):
        draft_id = state.next_id("draft")
        state.drafts[draft_id] = Draft(
            draft_id=draft_id,
            owner=state.owner,
            recipients=[_known(state, r, f"drafts[{n}].to[{k}]") for k, r in enumerate(draft.to)],
            subject=draft.subject,
            body=draft.body,
            scheduled_send_at=draft.scheduled_send_at,
            created_at=start,
            updated_at=start,
        )
    return state
