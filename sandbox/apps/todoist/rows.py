"""todoist's query collections for the app_state rule: tasks, sub_tasks, projects, sections, labels, comments."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

from sandbox.apps.todoist.state import TodoistState


class TaskRow(BaseModel):
    """A task in a project the persona can access."""

    task_id: int = Field(description="Task id.")
    title: str = Field(description="Title.")
    description: str = Field(description="Description.")
    project: str = Field(description="Project name ('Inbox' for the Inbox).")
    section: str | None = Field(description="Section name.")
    due_date: date | None = Field(description="Due date.")
    priority: str = Field(description="low, medium or high.")
    is_completed: bool = Field(description="Completed.")
    labels: list[str] = Field(description="Label names.")
    assignee: str | None = Field(description="Assignee's email.")
    sub_tasks: list[str] = Field(description="Titles of its sub-tasks.")
    comments: list[str] = Field(description="Texts of its comments.")


class ProjectRow(BaseModel):
    """A project the persona can access."""

    project_id: int = Field(description="Project id.")
    name: str = Field(description="Name.")
    color: str = Field(description="Color.")
    description: str = Field(description="Description.")
    is_favorite: bool = Field(description="Favorite.")
    is_archived: bool = Field(description="Archived.")
    sections: list[str] = Field(description="Section names in order.")
    collaborators: list[str] = Field(description="Collaborators' emails.")


class LabelRow(BaseModel):
    """One of the persona's labels."""

    label_id: int = Field(description="Label id.")
    name: str = Field(description="Name.")
    color: str = Field(description="Color.")


def _visible(state: TodoistState) -> dict[int, str]:
    return {p.project_id: p.name for p in state.projects.values() if state.owner in p.members()}


def task_rows(state: TodoistState) -> list[BaseModel]:
    """Tasks of every project the persona can access, by id."""
    projects = _visible(state)
    rows: list[BaseModel] = []
    for t in sorted(state.tasks.values(), key=lambda t: t.task_id):
        if t.project_id not in projects:
            continue
        section = state.sections.get(t.section_id) if t.section_id is not None else None
        subs = state.task_sub_tasks(t.task_id)
        rows.append(
            TaskRow(
                **t.model_dump(include={"task_id", "title", "description", "due_date", "priority", "is_completed"}),
                project=projects[t.project_id],
                section=None if section is None else section.name,
                labels=[state.labels[i].name for i in t.label_ids if i in state.labels],
                assignee=t.assignee,
                sub_tasks=[s.title for s in subs],
                comments=[c.content for c in state.comments.values() if c.task_id == t.task_id],
            )
        )
    return rows


def project_rows(state: TodoistState) -> list[BaseModel]:
    """Projects the persona can access (the Inbox included), by id."""
    rows: list[BaseModel] = []
    for p in sorted(state.projects.values(), key=lambda p: p.project_id):
        if state.owner not in p.members():
            continue
        sections = sorted(
            (s for s in state.sections.values() if s.project_id == p.project_id), key=lambda s: s.order_index
        )
        rows.append(
            ProjectRow(
                **p.model_dump(include={"project_id", "name", "color", "description", "is_favorite", "is_archived"}),
                sections=[s.name for s in sections],
                collaborators=list(p.collaborators),
            )
        )
    return rows


def label_rows(state: TodoistState) -> list[BaseModel]:
    """The persona's labels, by id."""
    return [
        LabelRow(label_id=lab.label_id, name=lab.name, color=lab.color)
        for lab in sorted(state.labels.values(), key=lambda lab: lab.label_id)
        if lab.owner == state.owner
    ]
