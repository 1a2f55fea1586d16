"""todoist state: projects (an Inbox per user), sections, tasks, sub-tasks, labels, comments, notifications."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal, Protocol, TypeVar

from pydantic import Field

from sandbox.apps.base import AppState, StateModel

Color = Literal["charcoal", "red", "blue", "green", "orange", "yellow"]
Priority = Literal["low", "medium", "high"]
DurationUnit = Literal["minutes", "hours", "days"]
PRIORITY_RANK = {"low": 0, "medium": 1, "high": 2}


class Project(StateModel):
    """A project; `is_inbox` marks a user's Inbox."""

    project_id: int = Field(description="Project id.")
    owner: str = Field(description="Email of the creator.")
    name: str = Field(description="Name.")
    color: Color = Field(default="charcoal", description="Color.")
    is_inbox: bool = Field(default=False, description="The owner's Inbox project.")
    description: str = Field(default="", description="Description.")
    is_favorite: bool = Field(default=False, description="Favorite.")
    is_archived: bool = Field(default=False, description="Archived.")
    collaborators: list[str] = Field(default_factory=list, description="Emails of collaborators besides the owner.")
    created_at: datetime = Field(description="Creation time.")

    def members(self) -> list[str]:
        """The owner and the collaborators."""
        return [self.owner, *self.collaborators]


class Section(StateModel):
    """A section of a project."""

    section_id: int = Field(description="Section id.")
    project_id: int = Field(description="Project it belongs to.")
    name: str = Field(description="Name.")
    order_index: int = Field(description="Position in the project (0 = top).")
    created_at: datetime = Field(description="Creation time.")


class Task(StateModel):
    """A task in a project (and possibly a section)."""

    task_id: int = Field(description="Task id.")
    project_id: int = Field(description="Project it belongs to.")
    section_id: int | None = Field(default=None, description="Section, if any.")
    title: str = Field(description="Title.")
    description: str = Field(default="", description="Description.")
    due_date: date | None = Field(default=None, description="Due date.")
    priority: Priority = Field(default="medium", description="Priority.")
    is_completed: bool = Field(default=False, description="Completed.")
    duration: float | None = Field(default=None, description="Planned duration.")
    duration_unit: DurationUnit | None = Field(default=None, description="Unit of the duration.")
    order_index: int = Field(description="Position among the tasks of its project and section.")
    creator: str = Field(description="Email of the creator.")
    assignee: str | None = Field(default=None, description="Email of the assignee.")
    assigner: str | None = Field(default=None, description="Email of whoever assigned it.")
    label_ids: list[int] = Field(default_factory=list, description="Labels on the task.")
    created_at: datetime = Field(description="Creation time.")


class SubTask(StateModel):
    """A sub-task of a task."""

    sub_task_id: int = Field(description="Sub-task id.")
    task_id: int = Field(description="Parent task.")
    title: str = Field(description="Title.")
    description: str = Field(default="", description="Description.")
    due_date: date | None = Field(default=None, description="Due date.")
    priority: Priority = Field(default="medium", description="Priority.")
    is_completed: bool = Field(default=False, description="Completed.")
    duration: float | None = Field(default=None, description="Planned duration.")
    duration_unit: DurationUnit | None = Field(default=None, description="Unit of the duration.")
    order_index: int = Field(description="Position among the task's sub-tasks.")
    created_at: datetime = Field(description="Creation time.")


class Label(StateModel):
    """A user's label."""

    label_id: int = Field(description="Label id.")
    owner: str = Field(description="Email of the creator.")
    name: str = Field(description="Name.")
    color: Color = Field(default="charcoal", description="Color.")


class Comment(StateModel):
    """A comment on a task."""

    task_comment_id: int = Field(description="Comment id.")
    task_id: int = Field(description="Task commented on.")
    author: str = Field(description="Email of the author.")
    content: str = Field(description="Text.")
    attachment_file_names: list[str] = Field(default_factory=list, description="Names of attached files.")
    created_at: datetime = Field(description="Posting time.")


class Notification(StateModel):
    """A notification for a user."""

    notification_id: int = Field(description="Notification id.")
    owner: str = Field(description="Email of the user notified.")
    type: str = Field(description="Kind, e.g. task_assigned.")
    title: str = Field(description="Short title.")
    message: str = Field(description="Text.")
    read: bool = Field(default=False, description="Read.")
    data: dict[str, Any] = Field(default_factory=dict, description="Ids the notification is about.")
    created_at: datetime = Field(description="Creation time.")


class Ordered(Protocol):
    """Anything with an order_index."""

    order_index: int


OrderedT = TypeVar("OrderedT", bound=Ordered)


def place(siblings: list[OrderedT], item: OrderedT, index: int) -> None:
    """Put `item` at `index` among `siblings` (0 = top, -1 = end, negatives count from the end); renumber all."""
    rest = sorted((s for s in siblings if s is not item), key=lambda s: s.order_index)
    position = index if index >= 0 else len(rest) + 1 + index
    rest.insert(max(0, min(position, len(rest))), item)
    for n, sibling in enumerate(rest):
        sibling.order_index = n


class TodoistState(AppState):
    """Every user's todoist data."""

    projects: dict[int, Project] = Field(default_factory=dict, description="Projects by id.")
    sections: dict[int, Section] = Field(default_factory=dict, description="Sections by id.")
    tasks: dict[int, Task] = Field(default_factory=dict, description="Tasks by id.")
    sub_tasks: dict[int, SubTask] = Field(default_factory=dict, description="Sub-tasks by id.")
    labels: dict[int, Label] = Field(default_factory=dict, description="Labels by id.")
    comments: dict[int, Comment] = Field(default_factory=dict, description="Task comments by id.")
    notifications: dict[int, Notification] = Field(default_factory=dict, description="Notifications by id.")

    def inbox(self, email: str, at: datetime) -> Project:
        """The user's Inbox project (created on first use)."""
        found = next((p for p in self.projects.values() if p.is_inbox and p.owner == email), None)
        if found is None:
            project_id = self.next_id("project")
            found = Project(project_id=project_id, owner=email, name="Inbox", is_inbox=True, created_at=at)
            self.projects[project_id] = found
        return found

    def project_tasks(self, project_id: int, section_id: int | None) -> list[Task]:
        """Tasks of a project in one section (None: without a section)."""
        return [t for t in self.tasks.values() if t.project_id == project_id and t.section_id == section_id]

    def task_sub_tasks(self, task_id: int) -> list[SubTask]:
        """A task's sub-tasks in order (by order_index)."""
        return sorted((s for s in self.sub_tasks.values() if s.task_id == task_id), key=lambda s: s.order_index)

    def delete_task(self, task_id: int) -> None:
        """Remove a task with its sub-tasks and comments."""
        del self.tasks[task_id]
        self.sub_tasks = {k: s for k, s in self.sub_tasks.items() if s.task_id != task_id}
        self.comments = {k: c for k, c in self.comments.items() if c.task_id != task_id}

    def notify(self, email: str, kind: str, title: str, message: str, data: dict[str, Any], at: datetime) -> None:
        """Add a notification for a user."""
        notification_id = self.next_id("notification")
        self.notifications[notification_id] = Notification(
            notification_id=notification_id,
            owner=email,
            type=kind,
            title=title,
            message=message,
            data=data,
            created_at=at,
        )
