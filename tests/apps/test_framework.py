"""The app framework: fixtures (errors name file and field), snapshot/restore, determinism, availability."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.tools.base import ToolContext
from engine.tools.toolbox import ToolBox
from sandbox.apps.fixtures import FixtureError
from sandbox.apps.registry import new_world, toolsets
from sandbox.apps.world import AppWorld
from sandbox.workspace.memory import MemoryWorkspace
from tests.apps.gmail_fixture import FILE_SYSTEM, GMAIL
from tests.apps.harness import ACCOUNT, AMIRA, NOOR, PASSWORD, USERS, AppHarness, write_fixtures
from tests.apps.todoist_fixture import TODOIST


def problems(tmp: Path, fixtures: dict[str, Any]) -> set[tuple[str, str, str]]:
    folder = write_fixtures(tmp / "apps", fixtures)
    with pytest.raises(FixtureError) as caught:
        new_world(folder)
    return {(Path(p.file).name, p.field, p.message) for p in caught.value.problems}


def test_fixture_schema_errors_name_file_and_field(tmp_path: Path) -> None:
    bad_thread = {"emails": [{"from": AMIRA, "to": [NOOR], "body": "x", "at": "2026-01-01T00:00:00", "cc": []}]}
    found = problems(tmp_path, {
        "gmail": {"account": ACCOUNT, "threads": [bad_thread]},
        "todoist": {"account": {**ACCOUNT, "password": ""}, "projects": [{"name": "P", "color": "purple"}]},
        "calendar": {"account": ACCOUNT},
        "clock": {"start": "someday"},
    })  # fmt: skip
    names = {(file, field) for file, field, _ in found}
    assert names == {
        ("gmail.yaml", "threads[0].emails[0].cc"),
        ("todoist.yaml", "account.password"),
        ("todoist.yaml", "projects[0].color"),
        ("calendar.yaml", ""),
        ("clock.yaml", "start"),
    }
    message = next(m for f, _, m in found if f == "calendar.yaml")
    assert message.startswith("unknown app 'calendar'; known: [") and "'gmail'" in message and "'clock'" in message


def test_fixture_consistency_errors_name_the_field(tmp_path: Path) -> None:
    stranger = {"emails": [{"from": "who@x.example", "to": [NOOR], "body": "x", "at": "2026-01-01T00:00:00"}]}
    found = problems(tmp_path, {
        "gmail": {"account": ACCOUNT, "users": USERS, "threads": [GMAIL["threads"][0], stranger]},
        "todoist": {"account": ACCOUNT, "inbox": [{"title": "t", "labels": ["nope"]}]},
        "file_system": {"account": ACCOUNT, "users": [{"first_name": "N", "email": NOOR}], "files": []},
    })  # fmt: skip
    assert found == {
        ("gmail.yaml", "threads[1].emails[0].from", "who@x.example is neither the account nor one of `users`"),
        ("todoist.yaml", "inbox[0].labels[0]", "unknown label 'nope'"),
        ("file_system.yaml", "users[0].email", f"duplicate email {NOOR}"),
    }


def test_invalid_yaml_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "apps"
    folder.mkdir()
    (folder / "gmail.yaml").write_text("account: [unclosed\n")
    with pytest.raises(FixtureError, match=r"gmail.yaml: invalid YAML"):
        new_world(folder)


def test_without_fixtures_apps_are_empty_and_nobody_can_log_in(tmp_path: Path) -> None:
    bench = AppHarness.from_files(tmp_path, {})
    assert bench.err("gmail__login", username=NOOR, password=PASSWORD) == "Invalid credentials"
    assert bench.rows("todoist", "tasks") == []


def test_tools_need_the_apps_service() -> None:
    tools = {t.name: t for t in toolsets()["gmail"]}
    box = ToolBox(tools, ToolContext(MemoryWorkspace()), lambda event: None)
    outcome = box.call("gmail__login", {"username": NOOR, "password": PASSWORD})
    assert outcome.error == "the gmail app is not available in this session"


def _workflow(bench: AppHarness) -> None:
    bench.login("gmail")
    bench.login("todoist")
    bench.ok("gmail__send_email", email_addresses=[AMIRA], subject="Keys", body="Under the mat.")
    bench.ok("todoist__create_task", project_id=0, title="Return keys")


def test_snapshot_restore_round_trip(tmp_path: Path) -> None:
    bench = AppHarness.from_files(tmp_path, {"gmail": GMAIL, "todoist": TODOIST, "file_system": FILE_SYSTEM})
    seed = bench.world.snapshot()
    _workflow(bench)
    after = bench.world.snapshot()
    assert after != seed
    bench.world.restore(seed)
    assert bench.world.snapshot() == seed
    assert "Keys" not in [r["subject"] for r in bench.rows("gmail", "sent_emails")]
    assert bench.err("todoist__show_projects", access_token=bench.tokens["todoist"]).startswith("You are either")
    copy = new_world(None)
    copy.restore(after)
    assert copy.snapshot() == after
    assert "Return keys" in [r["title"] for r in copy.rows("todoist", "tasks")]


def test_runs_are_deterministic(tmp_path: Path) -> None:
    snapshots = []
    for n in range(2):
        bench = AppHarness.from_files(tmp_path / str(n), {"gmail": GMAIL, "todoist": TODOIST})
        _workflow(bench)
        snapshots.append(bench.world.snapshot())
    assert snapshots[0] == snapshots[1]


def test_restore_rejects_foreign_snapshots() -> None:
    world = new_world(None)
    with pytest.raises(ValueError, match="not an apps snapshot of version 1"):
        world.restore(b'{"version": 0}')
    with pytest.raises(ValueError, match=r"unknown app\(s\) \['calendar'\]"):
        world.restore(b'{"version": 1, "clock": {}, "apps": {"calendar": {}}}')
    with pytest.raises(KeyError, match="no collection 'inbox'"):
        world.rows("gmail", "inbox")


def test_clock_fixture(tmp_path: Path) -> None:
    world: AppWorld = new_world(
        write_fixtures(tmp_path, {"clock": {"start": "2027-05-01T07:30:00", "session_gap_hours": 2}})
    )
    world.end_session()
    assert world.clock.now.isoformat() == "2027-05-01T09:30:00"


FAILING_CALLS = [
    ("gmail__send_email", {"email_addresses": [AMIRA], "subject": "s", "body": "b",
                           "attachment_file_paths": ["~/documents/agenda.txt", "~/missing.txt"]}),
    ("gmail__update_draft", {"draft_id": 1, "belongs_to_email_thread_id": 1, "response_to_email_id": 1,
                             "scheduled_send_at": "2020-01-01|00:00:00"}),
    ("todoist__create_task", {"project_id": 0, "title": "t", "due_date": "2026-13-01"}),
    ("todoist__create_sub_task", {"task_id": 1, "title": "t", "due_date": "tomorrow"}),
    ("todoist__update_task", {"task_id": 2, "due_date": "2026-04-01", "duration": 3}),
    ("file_system__copy_file", {"source_file_path": "~/documents/agenda.txt", "destination_file_path": "~/x"}),
]  # fmt: skip


@pytest.mark.parametrize(("tool", "arguments"), FAILING_CALLS, ids=[t for t, _ in FAILING_CALLS])
def test_a_failed_call_changes_nothing(tmp_path: Path, tool: str, arguments: dict[str, Any]) -> None:
    bench = AppHarness.from_files(tmp_path, {"gmail": GMAIL, "todoist": TODOIST, "file_system": FILE_SYSTEM})
    for app in ("gmail", "todoist", "file_system"):
        bench.login(app)
    arguments = (
        {**arguments, "file_system_access_token": bench.tokens["file_system"]}
        if tool == "gmail__send_email"
        else arguments
    )
    before = {name: state.model_dump() for name, state in bench.world.states.items()}
    assert bench.err(tool, **arguments)
    assert {name: state.model_dump() for name, state in bench.world.states.items()} == before
