"""Rule kinds over apps: app_state (final rows) and tool_sequence (ordered calls with id links)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.schema.rules import RuleSpec
from graders.rules import REGISTRY, evaluate
from graders.rules.base import Outcome
from graders.view import EvidenceView, view_from_events
from sandbox.apps.tools import APPS_SERVICE
from sandbox.workspace.memory import MemoryWorkspace
from tests.apps.gmail_fixture import GMAIL
from tests.apps.harness import AMIRA, PIET, AppHarness
from tests.apps.todoist_fixture import TODOIST

SEND_DRAFT = [
    {"tool": "gmail__create_draft", "id": "draft"},
    {"tool": "gmail__update_draft", "args": {"body": "final"}, "link": {"draft_id": "draft.result.response.draft_id"}},
    {"tool": "gmail__send_email_from_draft", "link": {"draft_id": "draft.result.response.draft_id"}},
]


@pytest.fixture
def bench(tmp_path: Path) -> AppHarness:
    bench = AppHarness.from_files(tmp_path, {"gmail": GMAIL, "todoist": TODOIST})
    bench.login("gmail")
    bench.login("todoist")
    return bench


def judge(bench: AppHarness, kind: str, args: dict[str, Any]) -> Outcome:
    view = view_from_events(bench.workspace, bench.events, {APPS_SERVICE: bench.world})
    return evaluate(RuleSpec(kind=kind, args=args), view)


def test_app_state_sent_email(bench: AppHarness) -> None:
    where = {"recipients": "amira@mail\\.example", "subject": "^Keys$", "body": "under the mat"}
    wanted = {"app": "gmail", "collection": "sent_emails", "where": where}
    assert judge(bench, "app_state", wanted) == Outcome(False, "0 of 1 gmail.sent_emails row(s) match (need 1)")
    bench.ok("gmail__send_email", email_addresses=[PIET], subject="Keys", body="Under the mat.")
    assert not judge(bench, "app_state", wanted).passed  # wrong recipient
    bench.ok("gmail__send_email", email_addresses=[PIET, AMIRA], subject="Keys", body="They are UNDER THE MAT.")
    assert judge(bench, "app_state", wanted) == Outcome(True, "1 of 3 gmail.sent_emails row(s) match (need 1)")
    assert not judge(bench, "app_state", {**wanted, "min_count": 2}).passed
    assert judge(
        bench, "app_state", {"app": "gmail", "collection": "threads", "where": {"label": "repair-cafe", "read": False}}
    ).passed


def test_app_state_every_recipient_a_count_range_and_normalised_values(bench: AppHarness) -> None:
    bench.ok("gmail__send_email", email_addresses=[PIET], subject="Keys", body="Balance GBP 1,234.50 by 28 Nov 2026")
    bench.ok("gmail__send_email", email_addresses=[PIET, AMIRA], subject="Keys", body="Thanks")
    both = {"app": "gmail", "collection": "sent_emails", "where_all": {"recipients": ["amira@", "piet@"]}}
    assert judge(bench, "app_state", both) == Outcome(True, "1 of 3 gmail.sent_emails row(s) match (need 1)")
    to_piet = {"app": "gmail", "collection": "sent_emails", "where": {"recipients": "piet@"}}
    assert not judge(bench, "app_state", {**to_piet, "max_count": 1}).passed
    assert judge(bench, "app_state", {**to_piet, "max_count": 2}).passed
    amount = {"app": "gmail", "collection": "sent_emails", "where": {"body": "£1234\\.50 by 2026-11-28"}}
    assert not judge(bench, "app_state", amount).passed
    assert judge(bench, "app_state", {**amount, "normalised": True}).passed


def test_app_state_absent_after_delete(bench: AppHarness) -> None:
    todo = {"app": "todoist", "collection": "tasks", "where": {"title": "return keys", "project": "^Inbox$"}}
    created = bench.ok("todoist__create_task", project_id=0, title="Return keys")
    assert judge(bench, "app_state", todo).passed
    assert not judge(bench, "app_state", {**todo, "absent": True}).passed
    bench.ok("todoist__delete_task", task_id=created["task_id"])
    assert judge(bench, "app_state", {**todo, "absent": True}) == Outcome(
        True, "0 of 5 todoist.tasks row(s) match (need none)"
    )
    assert judge(bench, "app_state", {"app": "todoist", "collection": "tasks", "where": {"labels": "urgent"}}).passed


def test_app_state_needs_apps_and_valid_arguments(bench: AppHarness) -> None:
    bare = EvidenceView(workspace=MemoryWorkspace())
    spec = RuleSpec(kind="app_state", args={"app": "gmail", "collection": "emails"})
    assert evaluate(spec, bare) == Outcome(False, "the session has no app state")
    model = REGISTRY["app_state"].args_model
    with pytest.raises(ValueError, match="unknown app 'mail'"):
        model.model_validate({"app": "mail", "collection": "emails"})
    with pytest.raises(ValueError, match="app gmail has no collection 'inbox'"):
        model.model_validate({"app": "gmail", "collection": "inbox"})
    with pytest.raises(ValueError, match=r"gmail.emails rows have no field\(s\) \['to'\]"):
        model.model_validate({"app": "gmail", "collection": "emails", "where": {"to": "x"}})
    with pytest.raises(ValueError, match=r"where\.subject: bad regex"):
        model.model_validate({"app": "gmail", "collection": "emails", "where": {"subject": "("}})


def test_tool_sequence_links_draft_ids(bench: AppHarness) -> None:
    first = bench.ok("gmail__create_draft", recipient_email_addresses=[AMIRA], body="draft one")["draft_id"]
    second = bench.ok("gmail__create_draft", recipient_email_addresses=[AMIRA], body="draft two")["draft_id"]
    bench.ok("gmail__update_draft", draft_id=first, body="final")
    assert judge(bench, "tool_sequence", {"steps": SEND_DRAFT}) == Outcome(
        False, "2 of 3 step(s) found; no match for step 3 (gmail__send_email_from_draft) after them"
    )
    bench.ok("gmail__send_email_from_draft", draft_id=second)  # the other draft: not linked
    assert not judge(bench, "tool_sequence", {"steps": SEND_DRAFT}).passed
    bench.ok("gmail__send_email_from_draft", draft_id=first)
    assert judge(bench, "tool_sequence", {"steps": SEND_DRAFT}) == Outcome(True, "all 3 step(s) found in order")


def test_tool_sequence_backtracks_over_candidates(bench: AppHarness) -> None:
    drafts = [bench.ok("gmail__create_draft", recipient_email_addresses=[AMIRA], body=b)["draft_id"] for b in "ab"]
    bench.ok("gmail__update_draft", draft_id=drafts[1], body="final")
    bench.ok("gmail__send_email_from_draft", draft_id=drafts[1])
    assert judge(bench, "tool_sequence", {"steps": SEND_DRAFT}).passed


def test_tool_sequence_label_unread_read_on_the_sent_thread(bench: AppHarness) -> None:
    steps = [
        {"tool": "gmail__send_email", "id": "sent", "args": {"subject": "Keys"}},
        {"tool": "gmail__label_thread", "args": {"label": "^keys$"},
         "link": {"email_thread_id": "sent.result.response.sent_email_thread_id"}},
        {"tool": "gmail__mark_thread_unread", "id": "unread",
         "link": {"email_thread_id": "sent.result.response.sent_email_thread_id"}},
        {"tool": "gmail__mark_thread_read", "link": {"email_thread_id": "unread.call.email_thread_id"}},
    ]  # fmt: skip
    thread = bench.ok("gmail__send_email", email_addresses=[AMIRA], subject="Keys", body="b")["sent_email_thread_id"]
    bench.ok("gmail__mark_thread_unread", email_thread_id=thread)
    bench.ok("gmail__label_thread", email_thread_id=thread, label="keys")
    assert judge(bench, "tool_sequence", {"steps": steps}).detail.startswith("2 of 4 step(s) found")  # out of order
    assert (
        bench.err("gmail__mark_thread_unread", email_thread_id=thread)
        == "This email thread is already marked as unread."
    )
    assert not judge(bench, "tool_sequence", {"steps": steps}).passed  # a failed call does not count
    bench.ok("gmail__mark_thread_read", email_thread_id=thread)
    bench.ok("gmail__mark_thread_unread", email_thread_id=thread)
    bench.ok("gmail__mark_thread_read", email_thread_id=thread)
    assert judge(bench, "tool_sequence", {"steps": steps}).passed


def test_tool_sequence_argument_errors() -> None:
    model = REGISTRY["tool_sequence"].args_model
    with pytest.raises(ValueError, match="'later' is not the id of an earlier step"):
        model.model_validate({"steps": [{"tool": "a", "link": {"x": "later.result.id"}}, {"tool": "b", "id": "later"}]})
    with pytest.raises(ValueError, match=re.escape("is not '<step id>.call|result.<path>'")):
        model.model_validate({"steps": [{"tool": "a", "id": "s"}, {"tool": "b", "link": {"x": "s.output.id"}}]})
    with pytest.raises(ValueError, match="duplicate id 's'"):
        model.model_validate({"steps": [{"tool": "a", "id": "s"}, {"tool": "b", "id": "s"}]})
    with pytest.raises(ValueError, match="at least 1 item"):
        model.model_validate({"steps": []})
