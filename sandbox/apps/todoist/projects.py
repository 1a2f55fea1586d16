"""todoist projects and sections."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, OpenPageArgs, TokenArgs
from sandbox.apps.query import ordered, search
from sandbox.apps.todoist.access import login, project_for, section_for
from sandbox.apps.todoist.state import Color, Project, Section, place
from sandbox.apps.todoist.views import project_view, section_view
from sandbox.apps.world import Call


class CreateProjectArgs(TokenArgs):
    """Arguments of create_project."""

    name: str = Field(min_length=1, description="Project name.")
    color: Color = Field(default="charcoal", description="Color.")
    description: str = Field(default="", description="Description.")
    is_favorite: bool = Field(default=False, description="Mark as favorite.")


def create_project(args: CreateProjectArgs, call: Call) -> dict[str, Any]:
    """Create a project."""
    state, account = login(call, args.access_token)
    state.inbox(account.email, call.now)
    project_id = state.next_id("project")
    state.projects[project_id] = Project(
        project_id=project_id,
        owner=account.email,
        name=args.name,
        color=args.color,
        description=args.description,
        is_favorite=args.is_favorite,
        created_at=call.now,
    )
    return {"message": "Project created.", "project_id": project_id}


class ProjectArgs(TokenArgs):
    """Arguments of an API on one project."""

    project_id: int = Field(description="The project (0 = your Inbox).")


class UpdateProjectArgs(ProjectArgs):
    """Arguments of update_project; fields left null stay unchanged."""

    name: str | None = Field(default=None, min_length=1, description="New name.")
    color: Color | None = Field(default=None, description="New color.")
    description: str | None = Field(default=None, description="New description.")
    is_favorite: bool | None = Field(default=None, description="Favorite or not.")
    is_archived: bool | None = Field(default=None, description="Archived or not.")


def update_project(args: UpdateProjectArgs, call: Call) -> dict[str, Any]:
    """Change a project's fields."""
    state, account = login(call, args.access_token)
    project = project_for(call, state, account, args.project_id)
    changes = args.model_dump(exclude={"access_token", "project_id"}, exclude_none=True)
    if not changes:
        raise AppError("Nothing to update: give at least one field to change.")
    if project.is_inbox and "name" in changes:
        raise AppError("The name of the Inbox project cannot be changed.")
    for key, value in changes.items():
        setattr(project, key, value)
    return {"message": "Project information updated."}


def delete_project(args: ProjectArgs, call: Call) -> dict[str, Any]:
    """Delete a project with its sections, tasks and sub-tasks."""
    state, account = login(call, args.access_token)
    project = project_for(call, state, account, args.project_id)
    if project.is_inbox:
        raise AppError("You cannot delete your Inbox project.")
    for task_id in [t.task_id for t in state.tasks.values() if t.project_id == project.project_id]:
        state.delete_task(task_id)
    state.sections = {k: s for k, s in state.sections.items() if s.project_id != project.project_id}
    del state.projects[project.project_id]
    return {"message": "Project and its associated, sections, tasks and sub_tasks have been deleted."}


def show_project(args: ProjectArgs, call: Call) -> dict[str, Any]:
    """One project."""
    state, account = login(call, args.access_token)
    return project_view(state, project_for(call, state, account, args.project_id))


class ShowProjectsArgs(TokenArgs, OpenPageArgs):
    """Arguments of show_projects."""

    query: str = Field(default="", description="Full-text search over names and descriptions.")
    color: Color | None = Field(default=None, description="Only projects of this color.")
    is_favorite: bool | None = Field(default=None, description="Only favorites (True) or non-favorites.")
    is_archived: bool | None = Field(default=None, description="Only archived (True) or non-archived projects.")
    sort_by: str | None = Field(default=None, description="'+created_at' or '-created_at' (default).")


def show_projects(args: ShowProjectsArgs, call: Call) -> list[Any]:
    """The projects you own or collaborate on."""
    state, account = login(call, args.access_token)
    state.inbox(account.email, call.now)
    projects = [
        p
        for p in state.projects.values()
        if account.email in p.members()
        and args.color in (None, p.color)
        and args.is_favorite in (None, p.is_favorite)
        and args.is_archived in (None, p.is_archived)
    ]
    found = search(projects, args.query, lambda p: f"{p.name} {p.description}")
    chosen = ordered(
        found,
        args.query,
        args.sort_by,
        "-created_at",
        ("created_at",),
        lambda p, key: (getattr(p, key), p.project_id),
        (args.page_index, args.page_limit),
    )
    return [project_view(state, p) for p in chosen]


class CreateSectionArgs(ProjectArgs):
    """Arguments of create_section."""

    name: str = Field(min_length=1, description="Section name.")
    order_index: int = Field(default=-1, description="Position: 0 = top, -1 = end, negatives count from the end.")


def create_section(args: CreateSectionArgs, call: Call) -> dict[str, Any]:
    """Add a section to a project."""
    state, account = login(call, args.access_token)
    project = project_for(call, state, account, args.project_id)
    section_id = state.next_id("section")
    section = Section(
        section_id=section_id, project_id=project.project_id, name=args.name, order_index=0, created_at=call.now
    )
    siblings = [s for s in state.sections.values() if s.project_id == project.project_id]
    state.sections[section_id] = section
    place(siblings, section, args.order_index)
    return {"message": "Project section created.", "section_id": section_id}


class SectionArgs(TokenArgs):
    """Arguments of an API on one section."""

    section_id: int = Field(description="The section.")


class UpdateSectionArgs(SectionArgs):
    """Arguments of update_section; fields left null stay unchanged."""

    name: str | None = Field(default=None, min_length=1, description="New name.")
    order_index: int | None = Field(default=None, description="New position (0 = top, -1 = end).")


def update_section(args: UpdateSectionArgs, call: Call) -> dict[str, Any]:
    """Rename or move a section."""
    state, account = login(call, args.access_token)
    section = section_for(call, state, account, args.section_id)
    if args.name is None and args.order_index is None:
        raise AppError("Nothing to update: give at least one field to change.")
    if args.name is not None:
        section.name = args.name
    if args.order_index is not None:
        place([s for s in state.sections.values() if s.project_id == section.project_id], section, args.order_index)
    return {"message": "Project section information updated."}


def delete_section(args: SectionArgs, call: Call) -> dict[str, Any]:
    """Delete a section with its tasks and their sub-tasks."""
    state, account = login(call, args.access_token)
    section = section_for(call, state, account, args.section_id)
    for task in state.project_tasks(section.project_id, section.section_id):
        state.delete_task(task.task_id)
    del state.sections[section.section_id]
    return {"message": "Project section and its associated tasks and sub_tasks have been deleted."}


def show_sections(args: ProjectArgs, call: Call) -> list[Any]:
    """A project's sections in order."""
    state, account = login(call, args.access_token)
    project = project_for(call, state, account, args.project_id)
    sections = sorted(
        (s for s in state.sections.values() if s.project_id == project.project_id), key=lambda s: s.order_index
    )
    return [section_view(state, s) for s in sections]
