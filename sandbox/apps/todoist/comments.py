"""todoist task comments and notifications."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import AppError, PageArgs, TokenArgs, owned
from sandbox.apps.file_system.apis import resolve_file
from sandbox.apps.query import page
from sandbox.apps.todoist.access import comment_for, login, task_for
from sandbox.apps.todoist.state import Comment
from sandbox.apps.todoist.views import comment_view, notification_view
from sandbox.apps.world import Call


class PostCommentArgs(TokenArgs):
    """Arguments of post_task_comment."""

    task_id: int = Field(description="The task.")
    content: str = Field(min_length=1, description="Comment text.")
    attachment_file_paths: list[str] | None = Field(default=None, description="file_system files to attach.")
    file_system_access_token: str | None = Field(default=None, description="file_system access_token.")


def post_task_comment(args: PostCommentArgs, call: Call) -> dict[str, Any]:
    """Comment on a task; the project's other members are notified."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    files = [resolve_file(call, args.file_system_access_token, p) for p in args.attachment_file_paths or []]
    comment_id = state.next_id("task_comment")
    state.comments[comment_id] = Comment(
        task_comment_id=comment_id,
        task_id=task.task_id,
        author=account.email,
        content=args.content,
        attachment_file_names=[f.path.rsplit("/", 1)[-1] for f in files],
        created_at=call.now,
    )
    for member in state.projects[task.project_id].members():
        if member != account.email:
            data = {"task_id": task.task_id, "task_comment_id": comment_id}
            state.notify(
                member, "task_comment", "New comment", f"{account.name} commented on '{task.title}'.", data, call.now
            )
    return {"message": "Comment posted on the task.", "task_comment_id": comment_id}


class CommentArgs(TokenArgs):
    """Arguments of an API on one comment."""

    task_comment_id: int = Field(description="The comment.")


class UpdateCommentArgs(CommentArgs):
    """Arguments of update_task_comment."""

    content: str | None = Field(default=None, min_length=1, description="New text.")


def update_task_comment(args: UpdateCommentArgs, call: Call) -> dict[str, Any]:
    """Edit one of your comments."""
    state, account = login(call, args.access_token)
    comment = comment_for(call, state, account, args.task_comment_id, own=True)
    if args.content is None:
        raise AppError("Nothing to update: give the new content.")
    comment.content = args.content
    return {"message": "Comment updated."}


def delete_task_comment(args: CommentArgs, call: Call) -> dict[str, Any]:
    """Delete one of your comments."""
    state, account = login(call, args.access_token)
    del state.comments[comment_for(call, state, account, args.task_comment_id, own=True).task_comment_id]
    return {"message": "Comment has been deleted."}


def show_task_comment(args: CommentArgs, call: Call) -> dict[str, Any]:
    """One comment."""
    state, account = login(call, args.access_token)
    return comment_view(state, comment_for(call, state, account, args.task_comment_id, own=False))


class ShowCommentsArgs(TokenArgs, PageArgs):
    """Arguments of show_task_comments."""

    task_id: int = Field(description="The task.")


def show_task_comments(args: ShowCommentsArgs, call: Call) -> list[Any]:
    """A task's comments, oldest first."""
    state, account = login(call, args.access_token)
    task = task_for(call, state, account, args.task_id)
    comments = sorted((c for c in state.comments.values() if c.task_id == task.task_id), key=lambda c: c.created_at)
    return [comment_view(state, c) for c in page(comments, args.page_index, args.page_limit)]


class ReadFilterArgs(TokenArgs):
    """Arguments of show_notifications_count."""

    read: bool | None = Field(default=None, description="Only read (True) or unread (False) notifications.")


class ShowNotificationsArgs(ReadFilterArgs, PageArgs):
    """Arguments of show_notifications."""


def _notifications(call: Call, args: ReadFilterArgs) -> list[Any]:
    state, account = login(call, args.access_token)
    mine = [n for n in state.notifications.values() if n.owner == account.email and args.read in (None, n.read)]
    return sorted(mine, key=lambda n: (n.created_at, n.notification_id), reverse=True)


def show_notifications(args: ShowNotificationsArgs, call: Call) -> list[Any]:
    """Your notifications, newest first."""
    return [notification_view(n) for n in page(_notifications(call, args), args.page_index, args.page_limit)]


def show_notifications_count(args: ReadFilterArgs, call: Call) -> dict[str, int]:
    """How many notifications you have."""
    return {"notifications_count": len(_notifications(call, args))}


class MarkNotificationArgs(TokenArgs):
    """Arguments of mark_notification."""

    notification_id: int = Field(description="The notification.")
    read: bool = Field(description="Mark read (True) or unread (False).")


def mark_notification(args: MarkNotificationArgs, call: Call) -> dict[str, Any]:
    """Mark one notification read or unread."""
    state, account = login(call, args.access_token)
    notification = owned(state.notifications, "notification", args.notification_id, account.email)
    word = "read" if args.read else "unread"
    if notification.read == args.read:
        raise AppError(f"The notification is already marked as {word}.")
    notification.read = args.read
    return {"message": f"Marked notification as {word}."}


def delete_notifications(args: TokenArgs, call: Call) -> dict[str, Any]:
    """Delete all your notifications."""
    state, account = login(call, args.access_token)
    state.notifications = {k: n for k, n in state.notifications.items() if n.owner != account.email}
    return {"message": "Deleted all notifications."}
