"""gmail: accounts, thread lists and flags, labels, views, category sizes; success paths and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.apps.gmail_fixture import INVOICE, NEWSLETTER, SPAM, STATIONS, gmail_bench
from tests.apps.harness import AMIRA, NOOR, PASSWORD, PIET, AppHarness, unauthorized


@pytest.fixture
def gm(tmp_path: Path) -> AppHarness:
    return gmail_bench(tmp_path)


def test_login_logout_and_tokens(gm: AppHarness) -> None:
    token = gm.tokens["gmail"]
    assert token.count(".") == 2 and token.startswith("eyJ")
    assert gm.err("gmail__login", username=NOOR, password="wrong") == "Invalid credentials"
    assert gm.err("gmail__login", username=AMIRA, password=PASSWORD) == "Invalid credentials"  # no password: no login
    second = gm.ok("gmail__login", username=NOOR.upper(), password=PASSWORD)
    assert second["token_type"] == "Bearer" and second["access_token"] != token
    assert gm.ok("gmail__logout") == {"message": "Successfully logged out."}
    assert gm.err("gmail__show_inbox_threads") == unauthorized("gmail")
    assert gm.err("gmail__logout") == unauthorized("gmail")
    assert gm.ok("gmail__show_inbox_threads", access_token=second["access_token"])


def test_tokens_expire_at_the_session_boundary(gm: AppHarness) -> None:
    before = gm.world.clock.now
    gm.world.end_session()
    assert (gm.world.clock.now - before).total_seconds() == 86_400
    assert gm.err("gmail__show_inbox_threads") == unauthorized("gmail")


def test_signup_then_login(gm: AppHarness) -> None:
    args = {"first_name": "Jo", "last_name": "Kim", "email": "jo@mail.example", "password": "secret"}
    assert gm.ok("gmail__signup", **args) == {"message": "Account created successfully."}
    assert gm.ok("gmail__login", username="jo@mail.example", password="secret")["token_type"] == "Bearer"
    assert gm.err("gmail__signup", **args) == "An account with this email already exists."
    assert gm.err("gmail__signup", **{**args, "password": "123"}).startswith(
        "bad arguments for gmail__signup: password:"
    )


def test_search_users_is_public_and_paginated(gm: AppHarness) -> None:
    found = gm.call("gmail__search_users", query="amira").output["response"]
    assert found == [
        {
            "first_name": "Amira",
            "last_name": "Okafor",
            "email": AMIRA,
            "registered_at": "2026-03-02T09:00:00",
            "status": "active",
        }
    ]
    assert len(gm.call("gmail__search_users", page_limit=2).output["response"]) == 2
    assert [u["email"] for u in gm.call("gmail__search_users", page_index=1, page_limit=3).output["response"]] == [
        "olga@mail.example"
    ]
    error = gm.call("gmail__search_users", page_limit=21).error
    assert error == "bad arguments for gmail__search_users: page_limit: Input should be less than or equal to 20"


def test_inbox_outbox_and_starred_lists(gm: AppHarness) -> None:
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads")] == [STATIONS, INVOICE]
    first = gm.ok("gmail__show_inbox_threads")[0]
    assert (first["subject"], first["label"], first["read"], first["email_ids"]) == (
        "Saturday stations",
        "repair-cafe",
        False,
        [1, 2],
    )
    assert [p["email"] for p in first["participants"]] == [AMIRA, NOOR]
    assert gm.ok("gmail__show_inbox_threads", archived=True)[0]["email_thread_id"] == NEWSLETTER
    assert gm.ok("gmail__show_inbox_threads", spam=True)[0]["email_thread_id"] == SPAM
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", read=True)] == [INVOICE]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", attachment=True)] == [INVOICE]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", from_email=PIET)] == [INVOICE]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", query="electronics")] == [STATIONS]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", sort_by="+created_at")] == [
        INVOICE,
        STATIONS,
    ]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", max_created_at="2026-02-21")] == [INVOICE]
    assert gm.ok("gmail__show_inbox_threads", page_index=1, page_limit=1)[0]["email_thread_id"] == INVOICE
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_outbox_threads")] == [STATIONS]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_starred_threads")] == [INVOICE]
    assert gm.err("gmail__show_inbox_threads", min_created_at="March") == (
        "Invalid min_created_at 'March': expected YYYY-MM-DD."
    )
    assert gm.err("gmail__show_outbox_threads", access_token="") == unauthorized("gmail")
    assert gm.err("gmail__show_starred_threads", sort_by="+subject").startswith("Invalid sort_by value '+subject'.")


@pytest.mark.parametrize(
    ("tool", "thread", "field", "value", "message", "again"),
    [
        ("mark_thread_read", STATIONS, "read", True, "Email thread marked as read.", "already marked as read"),
        ("mark_thread_unread", INVOICE, "read", False, "Email thread marked as unread.", "already marked as unread"),
        (
            "mark_thread_starred",
            STATIONS,
            "starred",
            True,
            "Email thread marked as starred.",
            "already marked as starred",
        ),
        (
            "mark_thread_archived",
            SPAM,
            "archived",
            True,
            "Email thread marked as archived.",
            "already marked as archived",
        ),
    ],
)
def test_thread_flags(
    gm: AppHarness, tool: str, thread: int, field: str, value: bool, message: str, again: str
) -> None:
    assert gm.ok(f"gmail__{tool}", email_thread_id=thread) == {"message": message}
    row = next(r for r in gm.rows("gmail", "threads") if r["email_thread_id"] == thread)
    assert row[field] is value
    assert gm.err(f"gmail__{tool}", email_thread_id=thread) == f"This email thread is {again}."


def test_archiving_clears_spam(gm: AppHarness) -> None:
    gm.ok("gmail__mark_thread_archived", email_thread_id=SPAM)
    assert gm.ok("gmail__show_thread", email_thread_id=SPAM)["spam"] is False


def test_labels(gm: AppHarness) -> None:
    assert gm.ok("gmail__label_thread", email_thread_id=INVOICE, label="parts") == {"message": "Email thread labeled."}
    assert gm.ok("gmail__label_thread", email_thread_id=STATIONS, label="parts") == {"message": "Email thread labeled."}
    assert gm.ok("gmail__show_thread", email_thread_id=STATIONS)["label"] == "parts"
    assert gm.err("gmail__label_thread", email_thread_id=STATIONS, label="parts") == (
        "This email thread is already labeled parts."
    )
    assert gm.ok("gmail__search_labels") == ["parts"]
    assert [t["email_thread_id"] for t in gm.ok("gmail__show_inbox_threads", label="parts")] == [STATIONS, INVOICE]
    assert gm.ok("gmail__unlabel_thread", email_thread_id=INVOICE) == {"message": "Email thread unlabelled."}
    assert gm.err("gmail__unlabel_thread", email_thread_id=INVOICE) == "This email thread has no label."
    assert gm.err("gmail__label_thread", email_thread_id=INVOICE, label="").startswith("bad arguments")


def test_search_labels(gm: AppHarness) -> None:
    gm.ok("gmail__label_thread", email_thread_id=INVOICE, label="bikes")
    assert gm.ok("gmail__search_labels") == ["bikes", "repair-cafe"]
    assert gm.ok("gmail__search_labels", query="CAFE") == ["repair-cafe"]
    assert gm.ok("gmail__search_labels", page_limit=50, page_index=0) == ["bikes", "repair-cafe"]
    assert gm.err("gmail__search_labels", access_token="nope") == unauthorized("gmail")


def test_show_thread_and_email(gm: AppHarness) -> None:
    thread = gm.ok("gmail__show_thread", email_thread_id=INVOICE)
    assert thread["emails"][0]["attachments"] == [{"id": 1, "file_name": "invoice.txt"}]
    assert thread["emails"][0]["sender"] == {"name": "Piet de Vries", "email": PIET}
    email = gm.ok("gmail__show_email", email_id=2)
    assert (email["subject"], email["body"], email["response_to_email_id"]) == (
        "Re: Saturday stations",
        "Yes, 10:00 at electronics.",
        1,
    )
    assert gm.err("gmail__show_thread", email_thread_id=42) == "The email thread with id 42 does not exist."
    assert gm.err("gmail__show_email", email_id=42) == "The email with id 42 does not exist."


def test_show_email_of_someone_else(gm: AppHarness) -> None:
    gm.ok("gmail__signup", first_name="Jo", last_name="Kim", email="jo@mail.example", password="secret")
    jo = gm.ok("gmail__login", username="jo@mail.example", password="secret")["access_token"]
    gm.ok("gmail__send_email", access_token=jo, email_addresses=[AMIRA], subject="private", body="b")
    assert gm.err("gmail__show_email", email_id=6) == "The given email does not belong to you, so you cannot access it."


def test_category_sizes(gm: AppHarness) -> None:
    sizes = gm.ok("gmail__show_category_sizes")
    assert sizes == {
        "inbox": 2,
        "outbox": 1,
        "snoozed": 0,
        "starred": 1,
        "archived": 1,
        "spam": 1,
        "unscheduled_drafts": 1,
        "scheduled_drafts": 0,
    }
    assert gm.ok("gmail__show_category_sizes", read=True)["inbox"] == 1
    assert gm.err("gmail__show_category_sizes", access_token="x") == unauthorized("gmail")
