"""todoist: tasks, sub-tasks and comments; success paths and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox.apps.todoist.state import TodoistState
from tests.apps.harness import AMIRA, NOOR, AppHarness, unauthorized
from tests.apps.todoist_fixture import (
    BIKES,
    CAFE,
    ELECTRONICS,
    FLYERS,
    HALL,
    INBOX,
    PRIVATE,
    SOLDER,
    STATIONS,
    URGENT,
    titles,
    todoist_bench,
)


@pytest.fixture
def td(tmp_path: Path) -> AppHarness:
    return todoist_bench(tmp_path)


def test_create_task_in_the_inbox_and_in_a_section(td: AppHarness) -> None:
    assert td.ok("todoist__create_task", project_id=0, title="Order fuses", order_index=0, due_date="2026-03-05") == {
        "message": "Task created.",
        "task_id": 6,
    }
    assert titles(td.ok("todoist__show_tasks", project_id=INBOX)) == ["Order fuses", "Buy solder", "Call the hall"]
    td.ok("todoist__create_task", project_id=CAFE, title="Sewing table", section_id=STATIONS, priority="low")
    row = next(r for r in td.rows("todoist", "tasks") if r["title"] == "Sewing table")
    assert (row["project"], row["section"], row["priority"]) == ("Repair Café", "Stations", "low")
    assert td.err("todoist__create_task", project_id=PRIVATE, title="x", section_id=STATIONS) == (
        "The section does not belong to the project."
    )
    assert td.err("todoist__create_task", project_id=0, title="x", due_date="soon") == (
        "Invalid due_date 'soon': expected YYYY-MM-DD."
    )
    assert td.err("todoist__create_task", project_id=0, title="x", duration=2) == (
        "Pass both duration and duration_unit, or neither."
    )
    assert len(td.rows("todoist", "tasks")) == 7


def test_show_task_and_tasks(td: AppHarness) -> None:
    task = td.ok("todoist__show_task", task_id=SOLDER)
    assert (task["title"], task["due_date"], task["project_id"], task["section_id"]) == (
        "Buy solder",
        "2026-03-01",
        INBOX,
        None,
    )
    assert task["labels"] == [{"id": URGENT, "color": "red", "name": "urgent"}]
    assert td.ok("todoist__show_task", task_id=FLYERS)["num_sub_tasks"] == 2
    listing = td.ok("todoist__show_tasks", project_id=CAFE)
    assert listing["project_id"] == CAFE and listing["sections"][0]["section_id"] == STATIONS
    assert titles(listing) == ["Print flyers", "Electronics table", "Bikes"]
    assert titles(td.ok("todoist__show_tasks", project_id=CAFE, section_id=0)) == ["Print flyers"]
    assert titles(td.ok("todoist__show_tasks", project_id=CAFE, section_id=STATIONS)) == ["Electronics table", "Bikes"]
    assert titles(td.ok("todoist__show_tasks", project_id=CAFE, is_completed=False)) == [
        "Print flyers",
        "Electronics table",
    ]
    assert titles(td.ok("todoist__show_tasks", project_id=CAFE, assignee_email=AMIRA)) == ["Print flyers"]
    assert titles(td.ok("todoist__show_tasks", project_id=0, overdue=True)) == ["Buy solder"]
    assert titles(td.ok("todoist__show_tasks", project_id=0, due_today=True)) == ["Call the hall"]
    assert titles(td.ok("todoist__show_tasks", project_id=0, label_id=URGENT)) == ["Buy solder"]
    assert titles(td.ok("todoist__show_tasks", project_id=0, sort_by="-priority")) == ["Call the hall", "Buy solder"]
    assert titles(td.ok("todoist__show_tasks", project_id=0, max_due_date="2026-03-01")) == ["Buy solder"]
    assert td.err("todoist__show_task", task_id=99) == "The task with id 99 does not exist."
    assert td.err("todoist__show_tasks", project_id=0, sort_by="+title").startswith("Invalid sort_by value '+title'.")


def test_update_task(td: AppHarness) -> None:
    assert td.ok(
        "todoist__update_task",
        task_id=SOLDER,
        is_completed=True,
        duration=30,
        duration_unit="minutes",
        title="Buy lead-free solder",
    ) == {"message": "Task information updated."}
    task = td.ok("todoist__show_task", task_id=SOLDER)
    assert (task["is_completed"], task["duration"], task["duration_unit"], task["title"]) == (
        True,
        30.0,
        "minutes",
        "Buy lead-free solder",
    )
    td.ok("todoist__update_task", task_id=SOLDER, duration=0, due_date="None", order_index=-1)
    task = td.ok("todoist__show_task", task_id=SOLDER)
    assert (task["duration"], task["duration_unit"], task["due_date"], task["order_index"]) == (None, None, None, 1)
    assert td.err("todoist__update_task", task_id=SOLDER) == "Nothing to update: give at least one field to change."
    assert (
        td.err("todoist__update_task", task_id=HALL, duration=1) == "Pass both duration and duration_unit, or neither."
    )
    assert td.err("todoist__update_task", task_id=HALL, priority="urgent").startswith(
        "bad arguments for todoist__update_task: priority:"
    )


def test_delete_task_removes_its_sub_tasks(td: AppHarness) -> None:
    assert td.ok("todoist__delete_task", task_id=FLYERS) == {
        "message": "Task and its associated sub_tasks have been deleted."
    }
    state = td.world.state("todoist", TodoistState)
    assert FLYERS not in state.tasks and state.sub_tasks == {} and state.comments == {}
    assert td.err("todoist__delete_task", task_id=FLYERS) == "The task with id 3 does not exist."


def test_sub_tasks(td: AppHarness) -> None:
    assert td.ok("todoist__create_sub_task", task_id=FLYERS, title="Proofread", order_index=1) == {
        "message": "Subtask created.",
        "sub_task_id": 3,
    }
    assert [s["title"] for s in td.ok("todoist__show_sub_tasks", task_id=FLYERS)] == ["Design", "Proofread", "Print"]
    assert td.ok("todoist__update_sub_task", sub_task_id=3, is_completed=True, due_date="2026-03-04") == {
        "message": "Subtask information updated."
    }
    shown = next(s for s in td.ok("todoist__show_sub_tasks", task_id=FLYERS) if s["sub_task_id"] == 3)
    assert (shown["is_completed"], shown["due_date"]) == (True, "2026-03-04")
    assert td.err("todoist__update_sub_task", sub_task_id=3) == "Nothing to update: give at least one field to change."
    assert td.ok("todoist__delete_sub_task", sub_task_id=1) == {"message": "Subtask has been deleted."}
    assert td.rows("todoist", "tasks")[2]["sub_tasks"] == ["Proofread", "Print"]
    assert td.err("todoist__delete_sub_task", sub_task_id=1) == "The sub_task with id 1 does not exist."
    assert td.err("todoist__create_sub_task", task_id=99, title="x") == "The task with id 99 does not exist."
    assert td.err("todoist__show_sub_tasks", task_id=99) == "The task with id 99 does not exist."


def test_comments(td: AppHarness) -> None:
    fs = td.login("file_system")
    out = td.ok(
        "todoist__post_task_comment",
        task_id=FLYERS,
        content="Draft attached.",
        attachment_file_paths=["/home/noor/flyer.txt"],
        file_system_access_token=fs,
    )
    assert out == {"message": "Comment posted on the task.", "task_comment_id": 2}
    shown = td.ok("todoist__show_task_comment", task_comment_id=2)
    assert (shown["content"], shown["attachment_file_names"], shown["user"]) == (
        "Draft attached.",
        ["flyer.txt"],
        {"name": "Noor Haddad", "email": NOOR},
    )
    notes = td.world.state("todoist", TodoistState).notifications.values()
    assert [(n.owner, n.type) for n in notes if n.owner == AMIRA] == [(AMIRA, "task_comment")]
    assert [c["task_comment_id"] for c in td.ok("todoist__show_task_comments", task_id=FLYERS)] == [1, 2]
    assert [
        c["task_comment_id"] for c in td.ok("todoist__show_task_comments", task_id=FLYERS, page_index=1, page_limit=1)
    ] == [2]
    assert td.ok("todoist__update_task_comment", task_comment_id=2, content="Final draft.") == {
        "message": "Comment updated."
    }
    assert td.rows("todoist", "tasks")[2]["comments"] == ["The copy shop on Main St is cheapest.", "Final draft."]
    assert td.ok("todoist__delete_task_comment", task_comment_id=2) == {"message": "Comment has been deleted."}


def test_comment_errors(td: AppHarness) -> None:
    theirs = "The given task_comment does not belong to you, so you cannot access it."
    assert td.err("todoist__update_task_comment", task_comment_id=1, content="mine now") == theirs
    assert td.err("todoist__delete_task_comment", task_comment_id=1) == theirs
    assert td.err("todoist__show_task_comment", task_comment_id=5) == "The task_comment with id 5 does not exist."
    assert td.err("todoist__post_task_comment", task_id=42, content="x") == "The task with id 42 does not exist."
    assert td.err("todoist__show_task_comments", task_id=BIKES, access_token="bad") == unauthorized("todoist")
    assert td.err("todoist__post_task_comment", task_id=ELECTRONICS, content="x", attachment_file_paths=["/a.txt"]) == (
        "A file_system_access_token is required to use files from your file system."
    )
