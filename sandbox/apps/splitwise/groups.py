"""splitwise group APIs: create, add a member, show one, list yours."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import Api, AppError, OpenPageArgs, TokenArgs
from sandbox.apps.query import page
from sandbox.apps.splitwise.state import SplitwiseState
from sandbox.apps.splitwise.views import group_view, member_group
from sandbox.apps.world import Call


class CreateGroupArgs(TokenArgs):
    """Arguments of create_group."""

    name: str = Field(min_length=1, description="Group name.")
    member_emails: list[str] = Field(description="Emails of the other members (you are added automatically).")
    description: str | None = Field(default=None, description="Description.")


def create_group(args: CreateGroupArgs, call: Call) -> dict[str, Any]:
    """Create a group with you and the given members."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    members = [state.user_by_email(e).email for e in args.member_emails]
    group_id = state.new_group(args.name, args.description, user.email, members, call.now)
    return {"message": "Group created.", "group_id": group_id}


class AddMemberArgs(TokenArgs):
    """Arguments of add_member_to_group."""

    group_id: int = Field(description="Id of the group.")
    user_email: str = Field(description="Email of the user to add.")


def add_member_to_group(args: AddMemberArgs, call: Call) -> dict[str, str]:
    """Add a user to a group you belong to."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    group = member_group(state, user, args.group_id)
    new = state.user_by_email(args.user_email)
    if new.email in group.members:
        raise AppError("User is already a member of the group.")
    group.members.append(new.email)
    return {"message": "Member added to the group."}


class GroupIdArgs(TokenArgs):
    """Arguments of show_group."""

    group_id: int = Field(description="Id of the group.")


def show_group(args: GroupIdArgs, call: Call) -> dict[str, Any]:
    """One group you belong to."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    return group_view(state, member_group(state, user, args.group_id))


class ShowGroupsArgs(TokenArgs, OpenPageArgs):
    """Arguments of show_groups."""

    delete: bool = Field(default=False, description="List deleted groups (true) instead of current ones.")


def show_groups(args: ShowGroupsArgs, call: Call) -> list[dict[str, Any]]:
    """Your groups, newest first."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    mine = [g for g in state.groups.values() if user.email in g.members and g.deleted == args.delete]
    newest = sorted(mine, key=lambda g: (g.created_at, g.group_id), reverse=True)
    return [group_view(state, g) for g in page(newest, args.page_index, args.page_limit)]


APIS: list[Api[Any]] = [
    Api("create_group", "Create a group with friends to share expenses.", CreateGroupArgs, create_group),
    Api("add_member_to_group", "Add a user to one of your groups.", AddMemberArgs, add_member_to_group),
    Api("show_group", "Show one of your groups with its members.", GroupIdArgs, show_group),
    Api("show_groups", "List your groups, newest first.", ShowGroupsArgs, show_groups),
]
