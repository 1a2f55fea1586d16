"""gmail: sending, replying, forwarding, drafts -> send; success paths and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox.apps.gmail.state import GmailState
from tests.apps.gmail_fixture import INVOICE, STATIONS, gmail_bench
from tests.apps.harness import AMIRA, NOOR, PIET, AppHarness, unauthorized


@pytest.fixture
def gm(tmp_path: Path) -> AppHarness:
    return gmail_bench(tmp_path)


def test_send_email_creates_the_senders_and_the_recipients_threads(gm: AppHarness) -> None:
    out = gm.ok("gmail__send_email", email_addresses=[AMIRA, PIET], subject="Saturday", body="See you at 10.")
    assert out == {"message": "Sent email.", "sent_email_thread_id": 5, "sent_email_id": 6}
    thread = gm.ok("gmail__show_thread", email_thread_id=5)
    assert (thread["outgoing"], thread["incoming"], thread["read"]) == (True, False, True)
    assert [e["body"] for e in thread["emails"]] == ["See you at 10."]
    assert thread["emails"][0]["recipients"] == [
        {"name": "Amira Okafor", "email": AMIRA},
        {"name": "Piet de Vries", "email": PIET},
    ]
    delivered = [t for t in gm.world.state("gmail", GmailState).threads.values() if t.owner != NOOR]
    assert {(t.owner, tuple(t.email_ids), t.read) for t in delivered} == {(AMIRA, (6,), False), (PIET, (6,), False)}
    sent = gm.rows("gmail", "sent_emails")[-1]
    assert (sent["subject"], sent["recipients"], sent["created_at"]) == (
        "Saturday",
        [AMIRA, PIET],
        "2026-03-02T09:00:02",
    )


def test_send_email_errors(gm: AppHarness) -> None:
    assert gm.err("gmail__send_email", email_addresses=[], subject="s", body="b") == (
        "At least one recipient email address is required."
    )
    assert gm.err("gmail__send_email", email_addresses=["nobody@x.example"], subject="s", body="b") == (
        "No user found with email nobody@x.example."
    )
    assert gm.err("gmail__send_email", access_token="forged", email_addresses=[AMIRA], subject="s", body="b") == (
        unauthorized("gmail")
    )
    assert gm.err(
        "gmail__send_email",
        email_addresses=[AMIRA],
        subject="s",
        body="b",
        attachment_file_paths=["~/documents/agenda.txt"],
    ) == ("A file_system_access_token is required to use files from your file system.")
    assert len(gm.rows("gmail", "emails")) == 5


def test_empty_subject_and_attachments_from_the_file_system(gm: AppHarness) -> None:
    fs = gm.login("file_system")
    gm.ok(
        "gmail__send_email",
        email_addresses=[AMIRA],
        subject="",
        body="Agenda attached.",
        attachment_file_paths=["~/documents/agenda.txt"],
        file_system_access_token=fs,
    )
    email = gm.ok("gmail__show_email", email_id=6)
    assert email["subject"] == "(no subject)"
    assert email["attachments"] == [{"id": 2, "file_name": "agenda.txt"}]
    assert gm.err(
        "gmail__send_email",
        email_addresses=[AMIRA],
        subject="x",
        body="y",
        attachment_file_paths=["~/documents/missing.txt"],
        file_system_access_token=fs,
    ) == ("File with path /home/noor/documents/missing.txt is not available.")


def test_reply_goes_into_the_thread_and_to_the_sender(gm: AppHarness) -> None:
    out = gm.ok("gmail__reply_to_email", email_thread_id=STATIONS, email_id=1, body="Bring the multimeter.")
    assert out == {"message": "Reply email sent.", "sent_email_id": 6}
    email = gm.ok("gmail__show_email", email_id=6)
    assert (email["subject"], email["response_to_email_id"]) == ("Re: Saturday stations", 1)
    assert [r["email"] for r in email["recipients"]] == [AMIRA]
    assert gm.ok("gmail__show_thread", email_thread_id=STATIONS)["emails"][-1]["email_id"] == 6
    gm.ok("gmail__reply_to_email", email_thread_id=STATIONS, email_id=2, body="And cables.", email_addresses=[PIET])
    assert gm.rows("gmail", "sent_emails")[-1]["recipients"] == [PIET]


def test_reply_errors(gm: AppHarness) -> None:
    assert gm.err("gmail__reply_to_email", email_thread_id=STATIONS, email_id=3, body="x") == (
        "The specified email does not belong to the specified thread."
    )
    assert gm.err("gmail__reply_to_email", email_thread_id=STATIONS, email_id=1, body="x", email_addresses=[]) == (
        "If email_addresses is passed, it must be a non-empty list."
    )
    assert gm.err("gmail__reply_to_email", email_thread_id=99, email_id=1, body="x") == (
        "The email thread with id 99 does not exist."
    )


def test_forward_sends_or_drafts(gm: AppHarness) -> None:
    sent = gm.ok("gmail__forward_email_thread", email_thread_id=INVOICE, email_addresses=[AMIRA])
    assert sent["message"] == "Forwarded the entire email thread to recipient/s." and sent["draft_id"] is None
    email = gm.ok("gmail__show_email", email_id=sent["sent_email_id"])
    assert email["subject"] == "Fwd: Bike parts invoice" and "Invoice attached." in email["body"]
    assert [a["file_name"] for a in email["attachments"]] == ["invoice.txt"]
    drafted = gm.ok("gmail__forward_email_thread", email_thread_id=INVOICE, email_addresses=[PIET], draft_not_send=True)
    assert drafted["sent_email_id"] is None and drafted["sent_email_thread_id"] is None
    assert gm.ok("gmail__show_draft", draft_id=drafted["draft_id"])["subject"] == "Fwd: Bike parts invoice"


def test_forward_errors(gm: AppHarness) -> None:
    gm.ok("gmail__send_email", email_addresses=[AMIRA], subject="s", body="b")  # Amira's copy is thread 6
    assert gm.err("gmail__forward_email_thread", email_thread_id=6, email_addresses=[PIET]) == (
        "The given email thread does not belong to you, so you cannot access it."
    )
    assert gm.err("gmail__forward_email_thread", email_thread_id=INVOICE, email_addresses=["x@y.example"]) == (
        "No user found with email x@y.example."
    )


def test_draft_create_update_send(gm: AppHarness) -> None:
    made = gm.ok("gmail__create_draft", recipient_email_addresses=[], body="Draft body")
    assert made == {"message": "Draft created.", "draft_id": 2}
    assert gm.err("gmail__send_email_from_draft", draft_id=2) == "Draft has no recipient. At least one is required."
    gm.ok(
        "gmail__update_draft",
        draft_id=2,
        email_addresses=[AMIRA],
        subject="Stations",
        body="Final body",
        scheduled_send_at="2026-03-09|08:00:00",
    )
    shown = gm.ok("gmail__show_draft", draft_id=2)
    assert (shown["subject"], shown["body"], shown["scheduled_send_at"]) == (
        "Stations",
        "Final body",
        "2026-03-09T08:00:00",
    )
    assert [r["email"] for r in shown["recipients"]] == [AMIRA]
    assert gm.ok("gmail__update_draft", draft_id=2, scheduled_send_at="None") == {"message": "Draft updated."}
    assert gm.ok("gmail__show_draft", draft_id=2)["scheduled_send_at"] is None
    sent = gm.ok("gmail__send_email_from_draft", draft_id=2)
    assert sent["message"] == "Sent email from your draft."
    assert gm.rows("gmail", "sent_emails")[-1]["body"] == "Final body"
    assert gm.err("gmail__show_draft", draft_id=2) == "The draft with id 2 does not exist."


def test_reply_draft_is_sent_into_its_thread(gm: AppHarness) -> None:
    made = gm.ok(
        "gmail__create_draft",
        recipient_email_addresses=[AMIRA],
        body="Ok!",
        belongs_to_email_thread_id=STATIONS,
        response_to_email_id=1,
    )
    assert gm.ok("gmail__show_draft", draft_id=made["draft_id"])["subject"] == "Re: Saturday stations"
    assert gm.ok("gmail__show_thread", email_thread_id=STATIONS)["drafts"][0]["draft_id"] == made["draft_id"]
    sent = gm.ok("gmail__send_email_from_draft", draft_id=made["draft_id"])
    assert sent["sent_email_thread_id"] == STATIONS
    assert gm.ok("gmail__show_thread", email_thread_id=STATIONS)["drafts"] == []


def test_draft_errors(gm: AppHarness) -> None:
    reply = {"belongs_to_email_thread_id": STATIONS, "response_to_email_id": 1}
    assert gm.err("gmail__create_draft", recipient_email_addresses=[AMIRA], body="x", subject="S", **reply) == (
        "The subject must not be given for a reply draft; it is 'Re: ' + the replied-to subject."
    )
    assert gm.err("gmail__create_draft", recipient_email_addresses=[], body="x", belongs_to_email_thread_id=1) == (
        "Pass both belongs_to_email_thread_id and response_to_email_id, or neither."
    )
    gm.ok("gmail__create_draft", recipient_email_addresses=[AMIRA], body="x", **reply)
    assert gm.err("gmail__create_draft", recipient_email_addresses=[AMIRA], body="y", **reply) == (
        "A draft replying to this email already exists."
    )
    assert gm.err(
        "gmail__create_draft", recipient_email_addresses=[], body="x", scheduled_send_at="2026-03-01|08:00:00"
    ) == ("The scheduled_send_at time must be in the future.")
    assert gm.err("gmail__update_draft", draft_id=1) == "Nothing to update: give at least one field to change."
    assert gm.err("gmail__update_draft", draft_id=77, body="x") == "The draft with id 77 does not exist."
    assert gm.err("gmail__update_draft", draft_id=1, scheduled_send_at="next week") == (
        "Invalid scheduled_send_at 'next week': expected YYYY-MM-DD|HH:MM:SS."
    )


def test_show_drafts_filters_and_sorts(gm: AppHarness) -> None:
    gm.ok("gmail__create_draft", recipient_email_addresses=[AMIRA], subject="Keys", body="Who has the keys?")
    assert [d["draft_id"] for d in gm.ok("gmail__show_drafts")] == [2, 1]
    assert [d["draft_id"] for d in gm.ok("gmail__show_drafts", sort_by="+updated_at")] == [1, 2]
    assert [d["subject"] for d in gm.ok("gmail__show_drafts", recipient_email=PIET)] == ["Parts list"]
    assert [d["subject"] for d in gm.ok("gmail__show_drafts", query="keys")] == ["Keys"]
    assert gm.ok("gmail__show_drafts", page_index=1, page_limit=1)[0]["draft_id"] == 1
    assert gm.err("gmail__show_drafts", sort_by="-subject") == (
        "Invalid sort_by value '-subject'. Allowed values: +created_at, -created_at, +updated_at, -updated_at."
    )
