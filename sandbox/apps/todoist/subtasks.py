"""todoist sub-tasks."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import TokenArgs
from sandbox.apps.todoist.access import check_duration, due_date, login, sub_task_for, task_for
from sandbox.apps.todoist.state import DurationUnit, Priority, SubTask, place
from sandbox.apps.todoist.tasks import ItemUpdateArgs, update_item
from sandbox.apps.todoist.views import sub_task_view
from sandbox.apps.world import Call


class CreateSubTaskArgs(TokenArgs):
    """Arguments of create_sub_task."""

    task_id: int = Field(description="Parent task.")
    title: str = Field(min_length=1, description="Title.")
    description: str = Field(default="", description="Description.")
    due_date: str | None = Field(default=None, description="Due date, YYYY-MM-DD.")
    duration: float | None = Field(default=None, ge=0, description="Planned duration (with duration_unit).")
    duration_unit: DurationUnit | None = Field(default=None, description="Unit of the duration.")
    priority: Priority = Field(default="medium", description="Priority.")
    order_index: int = Field(default=-1, description="Position: 0 = top, -1 = end, negatives count from the end.")


def create_sub_task(args: CreateSubTaskArgs, call: Call) -> dict[str, Any]:
    """Add a sub-task to a task."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    check_duration(args.duration, args.duration_unit)
    due = due_date(args.due_date)
    sub_task_id = state.next_id("sub_task")
    sub_task = SubTask(
        sub_task_id=sub_task_id,
        task_id=task.task_id,
        title=args.title,
        description=args.description,
        due_date=due,
        priority=args.priority,
        duration=args.duration,
        duration_unit=args.duration_unit,
        order_index=0,
        created_at=call.now,
    )
    siblings = state.task_sub_tasks(task.task_id)
    state.sub_tasks[sub_task_id] = sub_task
    place(siblings, sub_task, args.order_index)
    return {"message": "Subtask created.", "sub_task_id": sub_task_id}


class SubTaskArgs(TokenArgs):
    """Arguments of an API on one sub-task."""

    sub_task_id: int = Field(description="The sub-task.")


class UpdateSubTaskArgs(ItemUpdateArgs, SubTaskArgs):
    """Arguments of update_sub_task; fields left null stay unchanged."""

    priority: Priority | None = Field(default=None, description="New priority.")
    is_completed: bool | None = Field(default=None, description="Mark completed (True) or open (False).")
    order_index: int | None = Field(default=None, description="New position (0 = top, -1 = end).")


def update_sub_task(args: UpdateSubTaskArgs, call: Call) -> dict[str, Any]:
    """Change a sub-task."""
    state, account = login(call, args.access_token)
    sub_task = sub_task_for(call, state, account, args.sub_task_id)
    update_item(sub_task, args, "sub_task_id", lambda: state.task_sub_tasks(sub_task.task_id))
    return {"message": "Subtask information updated."}


def delete_sub_task(args: SubTaskArgs, call: Call) -> dict[str, Any]:
    """Delete a sub-task."""
    state, account = login(call, args.access_token)
    del state.sub_tasks[sub_task_for(call, state, account, args.sub_task_id).sub_task_id]
    return {"message": "Subtask has been deleted."}


class ShowSubTasksArgs(TokenArgs):
    """Arguments of show_sub_tasks."""

    task_id: int = Field(description="Parent task.")


def show_sub_tasks(args: ShowSubTasksArgs, call: Call) -> list[Any]:
    """A task's sub-tasks in order."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    return [sub_task_view(s) for s in state.task_sub_tasks(task.task_id)]
