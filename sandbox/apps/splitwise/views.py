"""splitwise payloads (GROUP, EXPENSE, people) and the access checks shared by the APIs."""

from __future__ import annotations

from typing import Any

from sandbox.apps.base import Account, AppError, not_found, record
from sandbox.apps.query import iso
from sandbox.apps.splitwise.state import Expense, Group, SplitwiseState

NOT_A_MEMBER = "You are not a member of this group and so are not authorized to access it."


def person(state: SplitwiseState, email: str) -> dict[str, str]:
    """{name, email} of a user."""
    account = state.by_email(email)
    return {"name": "" if account is None else account.name, "email": email}


def group_view(state: SplitwiseState, group: Group) -> dict[str, Any]:
    """GROUP."""
    return {
        "group_id": group.group_id,
        "name": group.name,
        "description": group.description,
        "created_at": iso(group.created_at),
        "deleted": group.deleted,
        "creator": person(state, group.creator),
        "members": [person(state, m) for m in group.members],
        "invitation_code": group.invitation_code,
    }


def expense_view(state: SplitwiseState, expense: Expense) -> dict[str, Any]:
    """EXPENSE."""
    return {
        "expense_id": expense.expense_id,
        "group_id": expense.group_id,
        "description": expense.description,
        "deleted": expense.deleted,
        "receipt_file_name": expense.receipt_file_name,
        "created_at": iso(expense.created_at),
        "shares": [{"debtor": person(state, s.debtor), "debt_amount": s.debt_amount} for s in expense.shares],
        "creator": person(state, expense.creator),
        "payer": person(state, expense.payer),
        "paid_amount": expense.paid_amount,
    }


def member_group(state: SplitwiseState, user: Account, group_id: int) -> Group:
    """A group the user belongs to; 409 when unknown or deleted, 422 when the user is not a member."""
    group = state.groups.get(group_id)
    if group is None or group.deleted:
        raise not_found("group", group_id)
    if user.email not in group.members:
        raise AppError(NOT_A_MEMBER)
    return group


def own_expense(state: SplitwiseState, user: Account, expense_id: int) -> Expense:
    """An expense the user paid, owes a share of, or recorded; 409 when unknown, 422 otherwise."""
    expense = record(state.expenses, "expense", expense_id)
    if user.email not in {*expense.participants, expense.creator}:
        raise AppError("You are not involved in this expense and so are not authorized to access it.")
    return expense
