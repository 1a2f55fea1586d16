"""todoist payloads: PROJECT, SECTION, TASK, TASK_SHORT, SUB_TASK, LABEL, COMMENT, NOTIFICATION."""

from __future__ import annotations

from typing import Any

from sandbox.apps.query import iso
from sandbox.apps.todoist.access import person
from sandbox.apps.todoist.state import Comment, Label, Notification, Project, Section, SubTask, Task, TodoistState


def _day(value: Any) -> str | None:
    return None if value is None else str(value)


def project_view(state: TodoistState, project: Project) -> dict[str, Any]:
    """PROJECT."""
    tasks = [t for t in state.tasks.values() if t.project_id == project.project_id]
    sections = sorted(
        (s for s in state.sections.values() if s.project_id == project.project_id), key=lambda s: s.order_index
    )
    return {
        "project_id": project.project_id,
        "name": project.name,
        "color": project.color,
        "is_inbox": project.is_inbox,
        "description": project.description,
        "is_favorite": project.is_favorite,
        "is_archived": project.is_archived,
        "created_at": iso(project.created_at),
        "creator": person(state, project.owner),
        "num_tasks": len(tasks),
        "sections": [
            {"id": s.section_id, "name": s.name, "num_tasks": sum(1 for t in tasks if t.section_id == s.section_id)}
            for s in sections
        ],
        "collaborators": [person(state, c) for c in project.collaborators],
        "pending_invites": [],
        "is_shared": bool(project.collaborators),
    }


def section_view(state: TodoistState, section: Section) -> dict[str, Any]:
    """SECTION."""
    return {
        **section.model_dump(include={"section_id", "project_id", "name", "order_index"}),
        "created_at": iso(section.created_at),
        "num_tasks": len(state.project_tasks(section.project_id, section.section_id)),
    }


def label_view(state: TodoistState, label: Label) -> dict[str, Any]:
    """LABEL."""
    return {"label_id": label.label_id, "name": label.name, "color": label.color, "creator": person(state, label.owner)}


def task_short(state: TodoistState, task: Task) -> dict[str, Any]:
    """TASK_SHORT, as show_tasks lists tasks."""
    labels = [state.labels[i] for i in task.label_ids if i in state.labels]
    return {
        "order_index": task.order_index,
        "task_id": task.task_id,
        "title": task.title,
        "description": task.description,
        "num_sub_tasks": len(state.task_sub_tasks(task.task_id)),
        "is_completed": task.is_completed,
        "due_date": _day(task.due_date),
        "priority": task.priority,
        "duration": task.duration,
        "duration_unit": task.duration_unit,
        "assignee": person(state, task.assignee),
        "labels": [{"id": label.label_id, "color": label.color, "name": label.name} for label in labels],
    }


def task_view(state: TodoistState, task: Task) -> dict[str, Any]:
    """TASK, as show_task returns it."""
    return {
        **task_short(state, task),
        "project_id": task.project_id,
        "section_id": task.section_id,
        "assigner": person(state, task.assigner),
        "creator": person(state, task.creator),
        "created_at": iso(task.created_at),
    }


def sub_task_view(sub_task: SubTask) -> dict[str, Any]:
    """SUB_TASK."""
    data = sub_task.model_dump(exclude={"due_date", "created_at"})
    return {**data, "due_date": _day(sub_task.due_date), "created_at": iso(sub_task.created_at)}


def comment_view(state: TodoistState, comment: Comment) -> dict[str, Any]:
    """COMMENT."""
    return {
        "task_comment_id": comment.task_comment_id,
        "task_id": comment.task_id,
        "content": comment.content,
        "created_at": iso(comment.created_at),
        "user": person(state, comment.author),
        "attachment_file_names": list(comment.attachment_file_names),
    }


def notification_view(notification: Notification) -> dict[str, Any]:
    """NOTIFICATION."""
    data = notification.model_dump(exclude={"owner", "created_at"})
    return {**data, "created_at": iso(notification.created_at)}
