"""Lookups with todoist's access rules (a project's owner and collaborators share it) and argument parsing."""

from __future__ import annotations

from datetime import date

from sandbox.apps.base import Account, AppError, not_yours, owned, record
from sandbox.apps.query import parse_date
from sandbox.apps.todoist.state import Comment, Label, Project, Section, SubTask, Task, TodoistState
from sandbox.apps.world import Call

CLEAR = "None"


def login(call: Call, token: str) -> tuple[TodoistState, Account]:
    """The state and the logged-in account."""
    return call.state(TodoistState), call.user(token)


def project_for(call: Call, state: TodoistState, account: Account, project_id: int) -> Project:
    """A project the user may access (0 = the user's Inbox)."""
    if project_id == 0:
        return state.inbox(account.email, call.now)
    project = record(state.projects, "project", project_id)
    if account.email not in project.members():
        raise not_yours("project")
    return project


def section_for(call: Call, state: TodoistState, account: Account, section_id: int) -> Section:
    """A section of a project the user may access."""
    section = record(state.sections, "section", section_id)
    project_for(call, state, account, section.project_id)
    return section


def task_for(call: Call, state: TodoistState, account: Account, task_id: int) -> Task:
    """A task of a project the user may access."""
    task = record(state.tasks, "task", task_id)
    project_for(call, state, account, task.project_id)
    return task


def sub_task_for(call: Call, state: TodoistState, account: Account, sub_task_id: int) -> SubTask:
    """A sub-task of a task the user may access."""
    sub_task = record(state.sub_tasks, "sub_task", sub_task_id)
    task_for(call, state, account, sub_task.task_id)
    return sub_task


def label_for(state: TodoistState, account: Account, label_id: int) -> Label:
    """One of the user's labels."""
    return owned(state.labels, "label", label_id, account.email)


def comment_for(call: Call, state: TodoistState, account: Account, comment_id: int, own: bool) -> Comment:
    """A comment on a task the user may access (`own`: written by the user)."""
    comment = record(state.comments, "task_comment", comment_id)
    task_for(call, state, account, comment.task_id)
    if own and comment.author != account.email:
        raise not_yours("task_comment")
    return comment


def due_date(value: str | None, field_name: str = "due_date") -> date | None:
    """A YYYY-MM-DD argument (None stays None)."""
    return None if value is None else parse_date(value, field_name)


def check_duration(duration: float | None, unit: str | None) -> None:
    """A duration needs a unit and vice versa, and is not negative."""
    if duration is not None and duration < 0:
        raise AppError("The duration cannot be negative.")
    if (duration is None) != (unit is None):
        raise AppError("Pass both duration and duration_unit, or neither.")


def person(state: TodoistState, email: str | None) -> dict[str, str] | None:
    """{name, email} of a user (None for None)."""
    if email is None:
        return None
    account = state.by_email(email)
    return {"name": "" if account is None else account.name, "email": email}
