"""todoist: accounts, projects, sections, labels, notifications; success paths and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from sandbox.apps.todoist.state import Project, TodoistState
from tests.apps.harness import AMIRA, NOOR, PASSWORD, START, AppHarness, unauthorized
from tests.apps.todoist_fixture import (
    CAFE,
    ELECTRONICS,
    FLYERS,
    INBOX,
    LATER,
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


def test_login_logout_and_search_users(td: AppHarness) -> None:
    assert td.err("todoist__login", username=NOOR, password="nope") == "Invalid credentials"
    assert td.ok("todoist__logout") == {"message": "Successfully logged out."}
    assert td.err("todoist__show_projects") == unauthorized("todoist")
    td.login("todoist", NOOR, PASSWORD)
    found = td.call("todoist__search_users", query="okafor").output["response"]
    assert found == [
        {"first_name": "Amira", "last_name": "Okafor", "email": AMIRA, "registered_at": "2026-03-02T09:00:00"}
    ]
    assert td.call("todoist__search_users", page_limit=0).error == (
        "bad arguments for todoist__search_users: page_limit: Input should be greater than or equal to 1"
    )


def test_projects_list_and_show(td: AppHarness) -> None:
    assert [p["project_id"] for p in td.ok("todoist__show_projects")] == [PRIVATE, CAFE, INBOX]
    assert [p["name"] for p in td.ok("todoist__show_projects", is_favorite=True)] == ["Repair Café"]
    assert [p["name"] for p in td.ok("todoist__show_projects", color="green")] == ["Private"]
    assert [p["name"] for p in td.ok("todoist__show_projects", query="home")] == ["Private"]
    assert len(td.ok("todoist__show_projects", page_limit=100)) == 3  # no upper bound on page_limit
    cafe = td.ok("todoist__show_project", project_id=CAFE)
    assert (cafe["num_tasks"], cafe["is_shared"], cafe["creator"]) == (3, True, {"name": "Noor Haddad", "email": NOOR})
    assert cafe["sections"] == [{"id": STATIONS, "name": "Stations", "num_tasks": 2}]
    assert cafe["collaborators"] == [{"name": "Amira Okafor", "email": AMIRA}]
    assert td.ok("todoist__show_project", project_id=0)["is_inbox"] is True
    assert td.err("todoist__show_project", project_id=9) == "The project with id 9 does not exist."
    assert td.err("todoist__show_projects", sort_by="name").startswith("Invalid sort_by value 'name'.")


def test_create_update_delete_project(td: AppHarness) -> None:
    assert td.ok("todoist__create_project", name="Garden", color="yellow") == {
        "message": "Project created.",
        "project_id": 4,
    }
    assert td.ok("todoist__update_project", project_id=4, is_archived=True, description="Beds") == {
        "message": "Project information updated."
    }
    garden = td.ok("todoist__show_project", project_id=4)
    assert (garden["color"], garden["is_archived"], garden["description"]) == ("yellow", True, "Beds")
    assert td.err("todoist__update_project", project_id=INBOX, name="Mine") == (
        "The name of the Inbox project cannot be changed."
    )
    assert td.err("todoist__update_project", project_id=4) == "Nothing to update: give at least one field to change."
    assert td.err("todoist__create_project", name="").startswith("bad arguments for todoist__create_project: name:")
    assert td.ok("todoist__delete_project", project_id=CAFE)["message"] == (
        "Project and its associated, sections, tasks and sub_tasks have been deleted."
    )
    assert [r["title"] for r in td.rows("todoist", "tasks")] == ["Buy solder", "Call the hall"]
    assert td.world.state("todoist", TodoistState).sub_tasks == {}
    assert td.err("todoist__delete_project", project_id=0) == "You cannot delete your Inbox project."


def test_projects_of_others_are_not_yours(td: AppHarness) -> None:
    td.world.state("todoist", TodoistState).projects[50] = Project(
        project_id=50, owner=AMIRA, name="Amira's", created_at=START
    )
    assert td.err("todoist__show_project", project_id=50) == (
        "The given project does not belong to you, so you cannot access it."
    )
    assert td.err("todoist__show_sections", project_id=50).startswith("The given project does not belong to you")
    assert 50 not in [p["project_id"] for p in td.ok("todoist__show_projects")]


def test_sections(td: AppHarness) -> None:
    assert td.ok("todoist__create_section", project_id=CAFE, name="Tools", order_index=0) == {
        "message": "Project section created.",
        "section_id": 2,
    }
    assert [(s["name"], s["order_index"]) for s in td.ok("todoist__show_sections", project_id=CAFE)] == [
        ("Tools", 0),
        ("Stations", 1),
    ]
    assert td.ok("todoist__update_section", section_id=2, name="Toolbox", order_index=-1) == {
        "message": "Project section information updated."
    }
    assert [s["name"] for s in td.ok("todoist__show_sections", project_id=CAFE)] == ["Stations", "Toolbox"]
    assert td.err("todoist__update_section", section_id=2) == "Nothing to update: give at least one field to change."
    assert td.err("todoist__create_section", project_id=77, name="x") == "The project with id 77 does not exist."
    assert td.ok("todoist__delete_section", section_id=STATIONS)["message"] == (
        "Project section and its associated tasks and sub_tasks have been deleted."
    )
    assert titles(td.ok("todoist__show_tasks", project_id=CAFE)) == ["Print flyers"]
    assert td.err("todoist__delete_section", section_id=STATIONS) == "The section with id 1 does not exist."


def test_labels(td: AppHarness) -> None:
    assert td.ok("todoist__create_label", name="parts", color="orange") == {"message": "Label created.", "label_id": 3}
    assert td.err("todoist__create_label", name="Urgent") == "A label named Urgent already exists."
    assert td.ok("todoist__add_label_to_task", task_id=FLYERS, label_id=3) == {"message": "Label added to the task."}
    assert td.err("todoist__add_label_to_task", task_id=FLYERS, label_id=3) == "Label is already added to the task."
    assert [lab["name"] for lab in td.ok("todoist__search_labels", task_id=FLYERS)] == ["parts"]
    assert [lab["name"] for lab in td.ok("todoist__search_labels", task_id=FLYERS, task_attached=False)] == [
        "urgent",
        "later",
    ]
    assert [lab["label_id"] for lab in td.ok("todoist__search_labels", query="later")] == [LATER]
    assert td.ok("todoist__search_labels", color="red")[0]["creator"] == {"name": "Noor Haddad", "email": NOOR}
    assert td.ok("todoist__remove_label_from_task", task_id=FLYERS, label_id=3) == {
        "message": "Label removed from the task."
    }
    assert td.err("todoist__remove_label_from_task", task_id=FLYERS, label_id=3) == "Label is not added to the task."
    assert td.ok("todoist__delete_label", label_id=URGENT) == {"message": "Label has been deleted."}
    assert td.ok("todoist__show_task", task_id=SOLDER)["labels"] == []
    assert td.err("todoist__delete_label", label_id=URGENT) == "The label with id 1 does not exist."
    assert td.err("todoist__search_labels", access_token="x") == unauthorized("todoist")


def test_notifications(td: AppHarness) -> None:
    assert [n["title"] for n in td.ok("todoist__show_notifications")] == ["Weekly summary", "Welcome"]
    assert [n["title"] for n in td.ok("todoist__show_notifications", read=False)] == ["Welcome"]
    assert td.ok("todoist__show_notifications_count", read=False) == {"notifications_count": 1}
    assert td.ok("todoist__mark_notification", notification_id=1, read=True) == {
        "message": "Marked notification as read."
    }
    assert td.err("todoist__mark_notification", notification_id=1, read=True) == (
        "The notification is already marked as read."
    )
    assert td.err("todoist__mark_notification", notification_id=8, read=False) == (
        "The notification with id 8 does not exist."
    )
    assert td.ok("todoist__delete_notifications") == {"message": "Deleted all notifications."}
    assert td.ok("todoist__show_notifications_count") == {"notifications_count": 0}
    assert td.err("todoist__show_notifications", access_token="") == unauthorized("todoist")
    assert td.err("todoist__show_notifications_count", access_token="") == unauthorized("todoist")
    assert td.err("todoist__delete_notifications", access_token="") == unauthorized("todoist")


def test_assignment_notifies_the_assignee(td: AppHarness) -> None:
    assert td.ok("todoist__assign_or_unassign_task", task_id=ELECTRONICS, assignee_email=AMIRA) == {
        "message": "Task assigned."
    }
    state = td.world.state("todoist", TodoistState)
    notes = [n for n in state.notifications.values() if n.owner == AMIRA]
    assert [(n.type, n.data) for n in notes] == [("task_assigned", {"task_id": ELECTRONICS, "project_id": CAFE})]
    assert td.ok("todoist__show_task", task_id=ELECTRONICS)["assigner"] == {"name": "Noor Haddad", "email": NOOR}
    assert td.ok("todoist__assign_or_unassign_task", task_id=ELECTRONICS) == {"message": "Task unassigned."}
    assert td.err("todoist__assign_or_unassign_task", task_id=ELECTRONICS) == "The task is not assigned to anyone."
    assert td.err("todoist__assign_or_unassign_task", task_id=SOLDER, assignee_email=AMIRA) == (
        "The assignee is not a collaborator on this project, so you cannot assign them tasks."
    )
