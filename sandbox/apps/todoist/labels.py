"""todoist labels: create, delete, search, attach to and detach from tasks."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, OpenPageArgs, TokenArgs
from sandbox.apps.query import page, search
from sandbox.apps.todoist.access import label_for, login, task_for
from sandbox.apps.todoist.state import Color, Label
from sandbox.apps.todoist.views import label_view
from sandbox.apps.world import Call


class CreateLabelArgs(TokenArgs):
    """Arguments of create_label."""

    name: str = Field(min_length=1, description="Label name.")
    color: Color = Field(default="charcoal", description="Color.")


def create_label(args: CreateLabelArgs, call: Call) -> dict[str, Any]:
    """Create a label."""
    state, account = login(call, args.access_token)
    if any(lab.owner == account.email and lab.name.lower() == args.name.lower() for lab in state.labels.values()):
        raise AppError(f"A label named {args.name} already exists.")
    label_id = state.next_id("label")
    state.labels[label_id] = Label(label_id=label_id, owner=account.email, name=args.name, color=args.color)
    return {"message": "Label created.", "label_id": label_id}


class LabelArgs(TokenArgs):
    """Arguments of delete_label."""

    label_id: int = Field(description="The label.")


def delete_label(args: LabelArgs, call: Call) -> dict[str, Any]:
    """Delete a label and remove it from every task."""
    state, account = login(call, args.access_token)
    label = label_for(state, account, args.label_id)
    for task in state.tasks.values():
        if label.label_id in task.label_ids:
            task.label_ids.remove(label.label_id)
    del state.labels[label.label_id]
    return {"message": "Label has been deleted."}


class TaskLabelArgs(TokenArgs):
    """Arguments of add_label_to_task and remove_label_from_task."""

    task_id: int = Field(description="The task.")
    label_id: int = Field(description="The label.")


def add_label_to_task(args: TaskLabelArgs, call: Call) -> dict[str, Any]:
    """Put a label on a task."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    label = label_for(state, account, args.label_id)
    if label.label_id in task.label_ids:
        raise AppError("Label is already added to the task.")
    task.label_ids.append(label.label_id)
    return {"message": "Label added to the task."}


def remove_label_from_task(args: TaskLabelArgs, call: Call) -> dict[str, Any]:
    """Take a label off a task."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    label = label_for(state, account, args.label_id)
    if label.label_id not in task.label_ids:
        raise AppError("Label is not added to the task.")
    task.label_ids.remove(label.label_id)
    return {"message": "Label removed from the task."}


class SearchLabelsArgs(TokenArgs, OpenPageArgs):
    """Arguments of search_labels."""

    query: str = Field(default="", description="Full-text search over label names.")
    task_id: int | None = Field(default=None, description="Restrict to labels on (or, see task_attached, off) a task.")
    color: Color | None = Field(default=None, description="Only labels of this color.")
    task_attached: bool = Field(
        default=True, description="With task_id: True lists the task's labels, False your labels not on it."
    )


def search_labels(args: SearchLabelsArgs, call: Call) -> list[Any]:
    """Your labels, filtered."""
    state, account = login(call, args.access_token)
    labels = [lab for lab in state.labels.values() if lab.owner == account.email and args.color in (None, lab.color)]
    if args.task_id is not None:
        on_task = set(task_for(call, state, account, args.task_id).label_ids)
        labels = [lab for lab in labels if (lab.label_id in on_task) == args.task_attached]
    found = search(sorted(labels, key=lambda lab: lab.label_id), args.query, lambda lab: lab.name)
    return [label_view(state, lab) for lab in page(found, args.page_index, args.page_limit)]
