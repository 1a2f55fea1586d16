"""The gmail app: threads, labels, read/unread, stars, archive, drafts -> send, replies, forwards."""

from __future__ import annotations

from typing import Any

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import Api, AppSpec
from sandbox.apps.gmail import accounts, drafts, mail, rows, threads
from sandbox.apps.gmail.state import GmailFixture, GmailState, seed
from sandbox.apps.gmail.views import BoxArgs, StarredArgs

_BOX = "the threads you {verb}, filtered, sorted (default -updated_at) and paginated"

APIS: list[Api[Any]] = [
    Api("signup", "Create a gmail account.", accounts.SignupArgs, accounts.signup),
    Api("search_users", "Search gmail users by name or email.", accounts.SearchUsersArgs, accounts.search_users),
    Api(
        "send_email",
        "Send a new email; returns sent_email_thread_id and sent_email_id.",
        mail.SendEmailArgs,
        mail.send_email,
    ),
    Api("reply_to_email", "Reply to an email within its thread.", mail.ReplyArgs, mail.reply_to_email),
    Api(
        "forward_email_thread",
        "Forward a whole thread (or create a draft of the forward).",
        mail.ForwardArgs,
        mail.forward_email_thread,
    ),
    Api(
        "create_draft",
        "Create a draft (a reply draft with the thread and email ids).",
        drafts.CreateDraftArgs,
        drafts.create_draft,
    ),
    Api("update_draft", "Change a draft; fields left out stay unchanged.", drafts.UpdateDraftArgs, drafts.update_draft),
    Api("send_email_from_draft", "Send a draft, then delete it.", drafts.SendDraftArgs, drafts.send_email_from_draft),
    Api("show_draft", "Show one draft.", drafts.ShowDraftArgs, drafts.show_draft),
    Api("show_drafts", "List your drafts, filtered, sorted and paginated.", drafts.ShowDraftsArgs, drafts.show_drafts),
    Api("show_thread", "Show a thread with its emails and drafts.", threads.ThreadArgs, threads.show_thread),
    Api("show_email", "Show one email.", threads.EmailArgs, threads.show_email),
    Api("show_inbox_threads", "List " + _BOX.format(verb="received"), BoxArgs, threads.show_inbox_threads),
    Api("show_outbox_threads", "List " + _BOX.format(verb="sent"), BoxArgs, threads.show_outbox_threads),
    Api("show_starred_threads", "List " + _BOX.format(verb="starred"), StarredArgs, threads.show_starred_threads),
    Api(
        "show_category_sizes",
        "Count threads per category and drafts.",
        threads.CategoryArgs,
        threads.show_category_sizes,
    ),
    Api("search_labels", "List the labels on your threads.", threads.SearchLabelsArgs, threads.search_labels),
    Api("label_thread", "Label a thread (replaces its label).", threads.LabelArgs, threads.label_thread),
    Api("unlabel_thread", "Remove a thread's label.", threads.ThreadArgs, threads.unlabel_thread),
    Api("mark_thread_read", "Mark a thread read.", threads.ThreadArgs, threads.flag_api("read", True, "read")),
    Api("mark_thread_unread", "Mark a thread unread.", threads.ThreadArgs, threads.flag_api("read", False, "unread")),
    Api("mark_thread_starred", "Star a thread.", threads.ThreadArgs, threads.flag_api("starred", True, "starred")),
    Api(
        "mark_thread_archived",
        "Archive a thread (also clears spam and snooze).",
        threads.ThreadArgs,
        threads.flag_api("archived", True, "archived"),
    ),
]

APP = AppSpec(
    name="gmail",
    state_model=GmailState,
    fixture_model=GmailFixture,
    seed=seed,
    apis=[*auth_apis("gmail"), *APIS],
    collections={
        "emails": (rows.EmailRow, rows.email_rows),
        "sent_emails": (rows.EmailRow, rows.sent_email_rows),
        "threads": (rows.ThreadRow, rows.thread_rows),
        "drafts": (rows.DraftRow, rows.draft_rows),
    },
)
