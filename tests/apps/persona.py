"""A two-session persona whose sessions act on gmail and todoist, written to a temporary folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tests.apps.harness import ACCOUNT, AMIRA, NOOR, PASSWORD, USERS

BRIEF = "Tell Amira (amira@mail.example) that the hall keys are under the mat by the back door.\n"
TOKEN = {"access_token": "gmail__login.response.access_token"}
TODO_TOKEN = {"access_token": "todoist__login.response.access_token"}
SENT_KEYS = {
    "kind": "app_state",
    "args": {"app": "gmail", "collection": "sent_emails",
             "where": {"recipients": "amira@mail", "subject": "^Hall keys$", "body": "under the mat"}},
}  # fmt: skip
TODO = {"app": "todoist", "collection": "tasks", "where": {"title": "collect.*keys"}}
DRAFT_THEN_SEND = {
    "kind": "tool_sequence",
    "args": {"steps": [
        {"tool": "gmail__create_draft", "id": "d"},
        {"tool": "gmail__update_draft", "link": {"draft_id": "d.result.response.draft_id"}},
        {"tool": "gmail__send_email_from_draft", "link": {"draft_id": "d.result.response.draft_id"}},
    ]},
}  # fmt: skip
S01: dict[str, Any] = {
    "id": "s01",
    "title": "Keys for Amira",
    "category": "R",
    "request": f"Sort out the hall keys for Saturday, see briefs/keys.md. Mail and todo login: {NOOR} / {PASSWORD}.",
    "toolsets": ["general", "gmail", "todoist"],
    "hidden_intents": [{
        "id": "i1", "content": "A todo to collect the keys back exists.", "reveal": "Add a todo so I get them back.",
        "evidence": [{"kind": "app_state", "args": TODO}], "keywords": ["keys back|collect the keys"],
    }],
    "checklist": [
        {"id": "c1", "text": "Amira got the mail.", "rule": SENT_KEYS, "mandatory": True},
        {"id": "c2", "text": "It was drafted, revised, then sent.", "rule": DRAFT_THEN_SEND},
        {"id": "c3", "text": "A todo to collect the keys.", "rule": {"kind": "app_state", "args": TODO}},
    ],
    "reference": {"turns": [{
        "actions": [
            {"tool": "read_file", "args": {"path": "briefs/keys.md"}},
            {"tool": "gmail__login", "args": {"username": NOOR, "password": PASSWORD}},
            {"tool": "gmail__create_draft", "args": {"recipient_email_addresses": [AMIRA], "subject": "Hall keys",
                                                     "body": "Hi Amira"}, "args_from_results": TOKEN},
            {"tool": "gmail__update_draft", "args": {"body": "Hi Amira, the keys are under the mat by the back door."},
             "args_from_results": {**TOKEN, "draft_id": "gmail__create_draft.response.draft_id"}},
            {"tool": "gmail__send_email_from_draft",
             "args_from_results": {**TOKEN, "draft_id": "gmail__create_draft.response.draft_id"}},
            {"tool": "todoist__login", "args": {"username": NOOR, "password": PASSWORD}},
            {"tool": "todoist__create_task", "args": {"project_id": 0, "title": "Collect keys from Amira"},
             "args_from_results": TODO_TOKEN},
        ],
        "message": "Amira has the details by mail, and a todo reminds you to collect the keys.",
    }]},
}  # fmt: skip
S02: dict[str, Any] = {
    "id": "s02",
    "title": "Keys are back",
    "category": "R",
    "request": f"Amira returned the keys, tidy up my list. Login as before: {NOOR} / {PASSWORD}.",
    "toolsets": ["general", "gmail", "todoist"],
    "checklist": [
        {"id": "c1", "text": "The keys todo is gone.", "rule": {"kind": "app_state", "args": {**TODO, "absent": True}}},
        {"id": "c2", "text": "The listed todo was deleted.", "rule": {"kind": "tool_sequence", "args": {"steps": [
            {"tool": "todoist__show_tasks", "id": "list"},
            {"tool": "todoist__delete_task", "link": {"task_id": "list.result.response.no_section_tasks[0].task_id"}},
        ]}}},
    ],
    "reference": {"turns": [{
        "actions": [
            {"tool": "todoist__login", "args": {"username": NOOR, "password": PASSWORD}},
            {"tool": "todoist__show_tasks", "args": {"project_id": 0}, "args_from_results": TODO_TOKEN},
            {"tool": "todoist__delete_task", "args_from_results": {
                **TODO_TOKEN, "task_id": "todoist__show_tasks.response.no_section_tasks[0].task_id"}},
        ],
        "message": "The keys todo is deleted.",
    }]},
}  # fmt: skip
FIXTURES: dict[str, Any] = {
    "clock": {"start": "2026-03-02T09:00:00", "session_gap_hours": 48},
    "gmail": {"account": ACCOUNT, "users": USERS},
    "todoist": {"account": ACCOUNT, "users": USERS},
}


def _dump(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def write_persona(root: Path, sessions: tuple[dict[str, Any], ...] = (S01, S02)) -> Path:
    """Write personas/keys/ (with apps/ fixtures) and workspaces/keys/seed/ under `root`; the persona folder."""
    persona = root / "personas" / "keys"
    _dump(persona / "persona.yaml", {"id": "keys", "name": "Noor", "role": "coordinator", "occupation": "Runs a café."})
    _dump(persona / "episode.yaml", {"persona": "keys", "sessions": [{"session": s["id"]} for s in sessions]})
    for session in sessions:
        _dump(persona / "sessions" / f"{session['id']}.yaml", session)
    for name, fixture in FIXTURES.items():
        _dump(persona / "apps" / f"{name}.yaml", fixture)
    brief = root / "workspaces" / "keys" / "seed" / "briefs" / "keys.md"
    brief.parent.mkdir(parents=True)
    brief.write_text(BRIEF, encoding="utf-8")
    return persona
