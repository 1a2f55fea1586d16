"""todoist tasks: create, update, delete, show, list by project and section, assign."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from sandbox.apps.base import ApiArgs, AppError, TokenArgs
from sandbox.apps.query import MAX_DATE, MIN_DATE, in_date_range, parse_sort
from sandbox.apps.todoist.access import CLEAR, check_duration, due_date, login, project_for, section_for, task_for
from sandbox.apps.todoist.state import PRIORITY_RANK, DurationUnit, Priority, SubTask, Task, TodoistState, place
from sandbox.apps.todoist.views import task_short, task_view
from sandbox.apps.world import Call


class CreateTaskArgs(TokenArgs):
    """Arguments of create_task."""

    project_id: int = Field(description="Project of the task (0 = your Inbox).")
    title: str = Field(min_length=1, description="Title.")
    section_id: int | None = Field(default=None, description="Section of the project, if any.")
    description: str = Field(default="", description="Description.")
    due_date: str | None = Field(default=None, description="Due date, YYYY-MM-DD.")
    duration: float | None = Field(default=None, description="Planned duration (with duration_unit).")
    duration_unit: DurationUnit | None = Field(default=None, description="Unit of the duration.")
    order_index: int = Field(default=-1, description="Position: 0 = top, -1 = end, negatives count from the end.")
    priority: Priority = Field(default="medium", description="Priority.")


def create_task(args: CreateTaskArgs, call: Call) -> dict[str, Any]:
    """Create a task."""
    state, account = login(call, args.access_token)
    project = project_for(call, state, account, args.project_id)
    if args.section_id is not None and section_for(call, state, account, args.section_id).project_id != (
        project.project_id
    ):
        raise AppError("The section does not belong to the project.")
    check_duration(args.duration, args.duration_unit)
    due = due_date(args.due_date)
    task_id = state.next_id("task")
    task = Task(
        task_id=task_id,
        project_id=project.project_id,
        section_id=args.section_id,
        title=args.title,
        description=args.description,
        due_date=due,
        priority=args.priority,
        duration=args.duration,
        duration_unit=args.duration_unit,
        order_index=0,
        creator=account.email,
        created_at=call.now,
    )
    siblings = state.project_tasks(project.project_id, args.section_id)
    state.tasks[task_id] = task
    place(siblings, task, args.order_index)
    return {"message": "Task created.", "task_id": task_id}


class TaskArgs(TokenArgs):
    """Arguments of an API on one task."""

    task_id: int = Field(description="The task.")


class ItemUpdateArgs(ApiArgs):
    """The fields update_task and update_sub_task share; listed first as a base, after the token and the id."""

    title: str | None = Field(default=None, min_length=1, description="New title.")
    description: str | None = Field(default=None, description="New description.")
    due_date: str | None = Field(default=None, description="New due date, YYYY-MM-DD; the string 'None' clears it.")
    duration: float | None = Field(default=None, description="New duration; 0 clears duration and unit.")
    duration_unit: DurationUnit | None = Field(default=None, description="New duration unit.")


class UpdateTaskArgs(ItemUpdateArgs, TaskArgs):
    """Arguments of update_task; fields left null stay unchanged."""

    is_completed: bool | None = Field(default=None, description="Mark completed (True) or open (False).")
    order_index: int | None = Field(default=None, description="New position (0 = top, -1 = end).")
    priority: Priority | None = Field(default=None, description="New priority.")


def update_item(item: Task | SubTask, args: Any, id_field: str, siblings: Callable[[], list[Any]]) -> None:
    """Apply an update_task / update_sub_task call: every given field, then the new position among `siblings`."""
    if not args.model_dump(exclude={"access_token", id_field}, exclude_none=True):
        raise AppError("Nothing to update: give at least one field to change.")
    due = item.due_date
    if args.due_date is not None:
        due = None if args.due_date == CLEAR else due_date(args.due_date)
    duration, unit = item.duration, item.duration_unit
    if args.duration == 0:
        duration = unit = None
    elif args.duration is not None or args.duration_unit is not None:
        duration = item.duration if args.duration is None else args.duration
        unit = args.duration_unit or item.duration_unit
        check_duration(duration, unit)
    item.due_date, item.duration, item.duration_unit = due, duration, unit
    for key in ("title", "description", "priority", "is_completed"):
        if getattr(args, key) is not None:
            setattr(item, key, getattr(args, key))
    if args.order_index is not None:
        place(siblings(), item, args.order_index)


def update_task(args: UpdateTaskArgs, call: Call) -> dict[str, Any]:
    """Change a task."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    update_item(task, args, "task_id", lambda: state.project_tasks(task.project_id, task.section_id))
    return {"message": "Task information updated."}


def delete_task(args: TaskArgs, call: Call) -> dict[str, Any]:
    """Delete a task with its sub-tasks."""
    state, account = login(call, args.access_token)
    state.delete_task(task_for(call, state, account, args.task_id).task_id)
    return {"message": "Task and its associated sub_tasks have been deleted."}


def show_task(args: TaskArgs, call: Call) -> dict[str, Any]:
    """One task."""
    state, account = login(call, args.access_token)
    return task_view(state, task_for(call, state, account, args.task_id))


class AssignArgs(TaskArgs):
    """Arguments of assign_or_unassign_task."""

    assignee_email: str | None = Field(default=None, description="Assign to this project member; null unassigns.")


def assign_or_unassign_task(args: AssignArgs, call: Call) -> dict[str, Any]:
    """Assign a task to a project member, or unassign it."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    if args.assignee_email is None:
        if task.assignee is None:
            raise AppError("The task is not assigned to anyone.")
        task.assignee = task.assigner = None
        return {"message": "Task unassigned."}
    members = {m.lower(): m for m in state.projects[task.project_id].members()}
    assignee = members.get(args.assignee_email.strip().lower())
    if assignee is None:
        raise AppError("The assignee is not a collaborator on this project, so you cannot assign them tasks.")
    task.assignee, task.assigner = assignee, account.email
    if assignee != account.email:
        data = {"task_id": task.task_id, "project_id": task.project_id}
        state.notify(
            assignee, "task_assigned", "Task assigned", f"{account.name} assigned you '{task.title}'.", data, call.now
        )
    return {"message": "Task assigned."}


class ShowTasksArgs(TokenArgs):
    """Arguments of show_tasks (no pagination)."""

    project_id: int = Field(description="The project (0 = your Inbox).")
    section_id: int | None = Field(default=None, description="Only this section (0 = tasks without a section).")
    assignee_email: str | None = Field(default=None, description="Only tasks assigned to this address.")
    assigner_email: str | None = Field(default=None, description="Only tasks assigned by this address.")
    priority: Priority | None = Field(default=None, description="Only tasks of this priority.")
    is_completed: bool | None = Field(default=None, description="Only completed (True) or open (False) tasks.")
    due_today: bool = Field(default=False, description="Only tasks due today.")
    label_id: int | None = Field(default=None, description="Only tasks with this label.")
    overdue: bool = Field(default=False, description="Only open tasks whose due date has passed.")
    min_due_date: str = Field(default=MIN_DATE, description="Earliest due date, YYYY-MM-DD.")
    max_due_date: str = Field(default=MAX_DATE, description="Latest due date, YYYY-MM-DD.")
    sort_by: str = Field(default="+order_index", description="'±order_index', '±due_date' or '±priority'.")


def _keep(task: Task, args: ShowTasksArgs, call: Call) -> bool:
    today = call.now.date()
    return (
        args.assignee_email in (None, task.assignee)
        and args.assigner_email in (None, task.assigner)
        and args.priority in (None, task.priority)
        and args.is_completed in (None, task.is_completed)
        and (not args.due_today or task.due_date == today)
        and (args.label_id is None or args.label_id in task.label_ids)
        and (not args.overdue or (task.due_date is not None and task.due_date < today and not task.is_completed))
        and in_date_range(task.due_date, args.min_due_date, args.max_due_date, ("min_due_date", "max_due_date"))
    )


def _sort_key(task: Task, key: str) -> tuple[bool, Any]:
    if key == "priority":
        return False, PRIORITY_RANK[task.priority]
    value = getattr(task, key)
    return value is None, value or 0


def show_tasks(args: ShowTasksArgs, call: Call) -> dict[str, Any]:
    """A project's tasks grouped by section, filtered and sorted."""
    state, account = login(call, args.access_token)
    project = project_for(call, state, account, args.project_id)
    key, descending = parse_sort(args.sort_by, ("order_index", "due_date", "priority"))
    sections = sorted(
        (s for s in state.sections.values() if s.project_id == project.project_id), key=lambda s: s.order_index
    )
    if args.section_id not in (None, 0):
        sections = [section_for(call, state, account, args.section_id)]
        if sections[0].project_id != project.project_id:
            raise AppError("The section does not belong to the project.")

    def listed(state: TodoistState, section_id: int | None) -> list[Any]:
        tasks = [t for t in state.project_tasks(project.project_id, section_id) if _keep(t, args, call)]
        return [task_short(state, t) for t in sorted(tasks, key=lambda t: _sort_key(t, key), reverse=descending)]

    return {
        "project_id": project.project_id,
        "no_section_tasks": listed(state, None) if args.section_id in (None, 0) else [],
        "sections": [
            {"section_id": s.section_id, "tasks": listed(state, s.section_id)}
            for s in (sections if args.section_id != 0 else [])
        ],
    }
