"""The todoist app: projects (with an Inbox), sections, tasks and sub-tasks, labels, comments, notifications."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import Api, AppSpec, PageArgs, TokenArgs
from sandbox.apps.query import iso, page, search
from sandbox.apps.todoist import comments, labels, projects, rows, subtasks, tasks
from sandbox.apps.todoist.fixture import TodoistFixture, seed
from sandbox.apps.todoist.state import TodoistState
from sandbox.apps.world import Call


class SearchUsersArgs(PageArgs):
    """Arguments of search_users."""

    query: str = Field(default="", description="Full-text search over names and email addresses.")


def search_users(args: SearchUsersArgs, call: Call) -> list[dict[str, Any]]:
    """todoist users matching a query."""
    state = call.state(TodoistState)
    found = search(state.accounts, args.query, lambda a: f"{a.first_name} {a.last_name} {a.email}")
    return [
        {"first_name": a.first_name, "last_name": a.last_name, "email": a.email, "registered_at": iso(a.registered_at)}
        for a in page(found, args.page_index, args.page_limit)
    ]


APIS: list[Api[Any]] = [
    Api("search_users", "Search todoist users by name or email.", SearchUsersArgs, search_users),
    Api("create_project", "Create a project.", projects.CreateProjectArgs, projects.create_project),
    Api(
        "update_project",
        "Change a project; fields left out stay unchanged.",
        projects.UpdateProjectArgs,
        projects.update_project,
    ),
    Api(
        "delete_project",
        "Delete a project with its sections, tasks and sub-tasks.",
        projects.ProjectArgs,
        projects.delete_project,
    ),
    Api("show_project", "Show a project (0 = your Inbox).", projects.ProjectArgs, projects.show_project),
    Api(
        "show_projects",
        "List your projects, filtered, sorted (default -created_at) and paginated.",
        projects.ShowProjectsArgs,
        projects.show_projects,
    ),
    Api("create_section", "Add a section to a project.", projects.CreateSectionArgs, projects.create_section),
    Api("update_section", "Rename or move a section.", projects.UpdateSectionArgs, projects.update_section),
    Api("delete_section", "Delete a section with its tasks.", projects.SectionArgs, projects.delete_section),
    Api("show_sections", "List a project's sections in order.", projects.ProjectArgs, projects.show_sections),
    Api("create_task", "Create a task in a project (0 = your Inbox).", tasks.CreateTaskArgs, tasks.create_task),
    Api(
        "update_task",
        "Change a task (also to complete it); fields left out stay unchanged.",
        tasks.UpdateTaskArgs,
        tasks.update_task,
    ),
    Api("delete_task", "Delete a task with its sub-tasks.", tasks.TaskArgs, tasks.delete_task),
    Api("show_task", "Show one task.", tasks.TaskArgs, tasks.show_task),
    Api("show_tasks", "List a project's tasks by section, filtered and sorted.", tasks.ShowTasksArgs, tasks.show_tasks),
    Api(
        "assign_or_unassign_task",
        "Assign a task to a project member, or unassign it.",
        tasks.AssignArgs,
        tasks.assign_or_unassign_task,
    ),
    Api("create_sub_task", "Add a sub-task to a task.", subtasks.CreateSubTaskArgs, subtasks.create_sub_task),
    Api("update_sub_task", "Change a sub-task.", subtasks.UpdateSubTaskArgs, subtasks.update_sub_task),
    Api("delete_sub_task", "Delete a sub-task.", subtasks.SubTaskArgs, subtasks.delete_sub_task),
    Api("show_sub_tasks", "List a task's sub-tasks in order.", subtasks.ShowSubTasksArgs, subtasks.show_sub_tasks),
    Api("create_label", "Create a label.", labels.CreateLabelArgs, labels.create_label),
    Api("delete_label", "Delete a label (it leaves every task).", labels.LabelArgs, labels.delete_label),
    Api("add_label_to_task", "Put a label on a task.", labels.TaskLabelArgs, labels.add_label_to_task),
    Api("remove_label_from_task", "Take a label off a task.", labels.TaskLabelArgs, labels.remove_label_from_task),
    Api("search_labels", "List your labels, filtered and paginated.", labels.SearchLabelsArgs, labels.search_labels),
    Api("post_task_comment", "Comment on a task.", comments.PostCommentArgs, comments.post_task_comment),
    Api("update_task_comment", "Edit one of your comments.", comments.UpdateCommentArgs, comments.update_task_comment),
    Api("delete_task_comment", "Delete one of your comments.", comments.CommentArgs, comments.delete_task_comment),
    Api("show_task_comment", "Show one comment.", comments.CommentArgs, comments.show_task_comment),
    Api("show_task_comments", "List a task's comments.", comments.ShowCommentsArgs, comments.show_task_comments),
    Api(
        "show_notifications",
        "List your notifications, newest first.",
        comments.ShowNotificationsArgs,
        comments.show_notifications,
    ),
    Api(
        "show_notifications_count",
        "Count your notifications.",
        comments.ReadFilterArgs,
        comments.show_notifications_count,
    ),
    Api(
        "mark_notification",
        "Mark a notification read or unread.",
        comments.MarkNotificationArgs,
        comments.mark_notification,
    ),
    Api("delete_notifications", "Delete all your notifications.", TokenArgs, comments.delete_notifications),
]

APP = AppSpec(
    name="todoist",
    state_model=TodoistState,
    fixture_model=TodoistFixture,
    seed=seed,
    apis=[*auth_apis("todoist"), *APIS],
    collections={
        "tasks": (rows.TaskRow, rows.task_rows),
        "projects": (rows.ProjectRow, rows.project_rows),
        "labels": (rows.LabelRow, rows.label_rows),
    },
)
