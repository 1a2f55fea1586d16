"""personas/<id>/apps/todoist.yaml: the persona's Inbox tasks, projects, sections, labels, notifications."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field

from sandbox.apps.base import SeedError
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts
from sandbox.apps.todoist.state import (
    Color,
    Comment,
    DurationUnit,
    Label,
    Priority,
    Project,
    Section,
    SubTask,
    Task,
    TodoistState,
)


class CommentFixture(FixtureModel):
    """A comment on a fixture task."""

    author: str = Field(description="Author's email (the persona or a collaborator).")
    content: str = Field(min_length=1, description="Text.")
    at: datetime | None = Field(default=None, description="Posting time (default: the clock start).")


class SubTaskFixture(FixtureModel):
    """A sub-task of a fixture task."""

    title: str = Field(min_length=1, description="Title.")
    description: str = Field(default="", description="Description.")
    due_date: date | None = Field(default=None, description="Due date.")
    priority: Priority = Field(default="medium", description="Priority.")
    is_completed: bool = Field(default=False, description="Completed.")


class TaskFixture(SubTaskFixture):
    """A task."""

    duration: float | None = Field(default=None, ge=0, description="Planned duration.")
    duration_unit: DurationUnit | None = Field(default=None, description="Unit of the duration.")
    labels: list[str] = Field(default_factory=list, description="Names of the persona's labels on the task.")
    assignee: str | None = Field(default=None, description="Email of the assignee (a project member).")
    sub_tasks: list[SubTaskFixture] = Field(default_factory=list, description="Sub-tasks in order.")
    comments: list[CommentFixture] = Field(default_factory=list, description="Comments, oldest first.")


class SectionFixture(FixtureModel):
    """A section with its tasks."""

    name: str = Field(min_length=1, description="Name.")
    tasks: list[TaskFixture] = Field(default_factory=list, description="Tasks in order.")


class ProjectFixture(FixtureModel):
    """A project of the persona."""

    name: str = Field(min_length=1, description="Name.")
    color: Color = Field(default="charcoal", description="Color.")
    description: str = Field(default="", description="Description.")
    is_favorite: bool = Field(default=False, description="Favorite.")
    is_archived: bool = Field(default=False, description="Archived.")
    collaborators: list[str] = Field(default_factory=list, description="Emails of collaborators (from `users`).")
    tasks: list[TaskFixture] = Field(default_factory=list, description="Tasks without a section.")
    sections: list[SectionFixture] = Field(default_factory=list, description="Sections in order.")


class LabelFixture(FixtureModel):
    """A label of the persona."""

    name: str = Field(min_length=1, description="Name (unique).")
    color: Color = Field(default="charcoal", description="Color.")


class NotificationFixture(FixtureModel):
    """A notification of the persona."""

    type: str = Field(default="reminder", description="Kind.")
    title: str = Field(description="Short title.")
    message: str = Field(default="", description="Text.")
    read: bool = Field(default=False, description="Read.")
    at: datetime | None = Field(default=None, description="Creation time (default: the clock start).")


class TodoistFixture(FixtureModel):
    """personas/<id>/apps/todoist.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="Other todoist users.")
    labels: list[LabelFixture] = Field(default_factory=list, description="The persona's labels.")
    inbox: list[TaskFixture] = Field(default_factory=list, description="Tasks of the persona's Inbox project.")
    projects: list[ProjectFixture] = Field(default_factory=list, description="Other projects.")
    notifications: list[NotificationFixture] = Field(default_factory=list, description="Notifications.")


def _member(project: Project, email: str, where: str) -> str:
    found = next((m for m in project.members() if m.lower() == email.lower()), None)
    if found is None:
        raise SeedError(where, f"{email} is not a member of project {project.name!r}")
    return found


def _seed_task(
    state: TodoistState, project: Project, section_id: int | None, spec: TaskFixture, where: str, start: datetime
) -> None:
    labels = {lab.name: lab.label_id for lab in state.labels.values()}
    for k, name in enumerate(spec.labels):
        if name not in labels:
            raise SeedError(f"{where}.labels[{k}]", f"unknown label {name!r}")
    task_id = state.next_id("task")
    common = spec.model_dump(include={"title", "description", "due_date", "priority", "is_completed"})
    state.tasks[task_id] = Task(
        task_id=task_id,
        project_id=project.project_id,
        section_id=section_id,
        **common,
        duration=spec.duration,
        duration_unit=spec.duration_unit,
        order_index=len(state.project_tasks(project.project_id, section_id)),
        creator=state.owner,
        assignee=None if spec.assignee is None else _member(project, spec.assignee, f"{where}.assignee"),
        assigner=None if spec.assignee is None else state.owner,
        label_ids=[labels[name] for name in spec.labels],
        created_at=start,
    )
    for k, sub in enumerate(spec.sub_tasks):
        sub_id = state.next_id("sub_task")
        state.sub_tasks[sub_id] = SubTask(
            sub_task_id=sub_id, task_id=task_id, **sub.model_dump(), order_index=k, created_at=start
        )
    for k, comment in enumerate(spec.comments):
        comment_id = state.next_id("task_comment")
        author = _member(project, comment.author, f"{where}.comments[{k}].author")
        state.comments[comment_id] = Comment(
            task_comment_id=comment_id,
            task_id=task_id,
            author=author,
            content=comment.content,
            created_at=comment.at or start,
        )


def _seed_project(state: TodoistState, project: Project, spec: ProjectFixture, where: str, start: datetime) -> None:
    for k, task in enumerate(spec.tasks):
        _seed_task(state, project, None, task, f"{where}.tasks[{k}]", start)
    for n, section_spec in enumerate(spec.sections):
        section_id = state.next_id("section")
        state.sections[section_id] = Section(
            section_id=section_id,
            project_id=project.project_id,
            name=section_spec.name,
            order_index=n,
            created_at=start,
        )
        for k, task in enumerate(section_spec.tasks):
            _seed_task(state, project, section_id, task, f"{where}.sections[{n}].tasks[{k}]", start)


def seed(fixture: TodoistFixture, start: datetime) -> TodoistState:
    """The first state: accounts, the persona's Inbox (project 1), labels, projects, notifications."""
    state = TodoistState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=fixture.account.email)
    inbox = state.inbox(state.owner, start)
    for n, label in enumerate(fixture.labels):
        if any(lab.name == label.name for lab in state.labels.values()):
            raise SeedError(f"labels[{n}].name", f"duplicate label {label.name!r}")
        label_id = state.next_id("label")
        state.labels[label_id] = Label(label_id=label_id, owner=state.owner, name=label.name, color=label.color)
    for k, task in enumerate(fixture.inbox):
        _seed_task(state, inbox, None, task, f"inbox[{k}]", start)
    for n, spec in enumerate(fixture.projects):
        collaborators = []
        for k, email in enumerate(spec.collaborators):
            account = state.by_email(email)
            if account is None:
                raise SeedError(f"projects[{n}].collaborators[{k}]", f"{email} is not one of `users`")
            collaborators.append(account.email)
        project_id = state.next_id("project")
        project = Project(
            project_id=project_id,
            owner=state.owner,
            collaborators=collaborators,
            created_at=start,
            **spec.model_dump(include={"name", "color", "description", "is_favorite", "is_archived"}),
        )
        state.projects[project_id] = project
        _seed_project(state, project, spec, f"projects[{n}]", start)
    for note in fixture.notifications:
        state.notify(state.owner, note.type, note.title, note.message, {}, note.at or start)
        state.notifications[state.counters["notification"]].read = note.read
    return state
