"""splitwise expense APIs: record, update, soft-delete, and list a group's expenses."""

from __future__ import annotations

import sys
from typing import Any

from pydantic import Field

from sandbox.apps.base import Account, Api, AppError, PageArgs, TokenArgs
from sandbox.apps.file_system.apis import resolve_file
from sandbox.apps.query import MAX_DATE, MIN_DATE, in_date_range, ordered, search
from sandbox.apps.splitwise.money import scaled, split
from sandbox.apps.splitwise.state import Expense, Group, SplitwiseState
from sandbox.apps.splitwise.views import expense_view, member_group, own_expense
from sandbox.apps.world import Call


def check_members(group: Group, payer: str, debtors: list[str]) -> None:
    """AppError unless the payer and every debtor belong to the group."""
    if payer not in group.members:
        raise AppError(f"Payer with email {payer} is not a member of the group.")
    for debtor in debtors:
        if debtor not in group.members:
            raise AppError(f"Debtor with email {debtor} is not a member of the group.")


def _receipt(call: Call, path: str | None, token: str | None) -> str | None:
    if path is None:
        return None
    if "file_system" not in call.world.specs:
        raise AppError("The file_system app is not available, so no receipt can be attached.")
    return resolve_file(call, token, path).path.rsplit("/", 1)[-1]


class RecordExpenseArgs(TokenArgs):
    """Arguments of record_expense."""

    description: str = Field(min_length=1, description="What was paid for.")
    paid_amount: float = Field(gt=0, description="Total amount paid.")
    payer_email: str = Field(description="Email of whoever paid (you or someone else).")
    debtor_emails: list[str] = Field(description="Emails of everyone owing a share (the payer may be one of several).")
    debt_amounts: list[float] | None = Field(
        default=None, description="Each debtor's share, same order; must add up to paid_amount (default: equal split)."
    )
    group_id: int | None = Field(default=None, description="Group of the expense (default: outside any group).")
    receipt_file_path: str | None = Field(default=None, description="Path of a receipt in your file_system.")
    file_system_access_token: str | None = Field(default=None, description="file_system access_token (for receipts).")


def _parties(state: SplitwiseState, payer_email: str, debtor_emails: list[str]) -> tuple[str, list[str]]:
    return state.user_by_email(payer_email).email, [state.user_by_email(e).email for e in debtor_emails]


def _check_scope(state: SplitwiseState, user: Account, group_id: int | None, payer: str, debtors: list[str]) -> None:
    if group_id is not None:
        check_members(member_group(state, user, group_id), payer, debtors)
    elif user.email not in {payer, *debtors}:
        raise AppError("An expense outside a group must involve you as the payer or a debtor.")


def record_expense(args: RecordExpenseArgs, call: Call) -> dict[str, Any]:
    """Record an expense split among debtors; the shares add up exactly to the paid amount."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    payer, debtors = _parties(state, args.payer_email, args.debtor_emails)
    _check_scope(state, user, args.group_id, payer, debtors)
    shares = split(args.paid_amount, payer, debtors, args.debt_amounts)
    receipt = _receipt(call, args.receipt_file_path, args.file_system_access_token)
    expense_id = state.next_id("expense")
    state.expenses[expense_id] = Expense(
        expense_id=expense_id,
        group_id=args.group_id,
        description=args.description,
        paid_amount=round(args.paid_amount, 2),
        payer=payer,
        shares=shares,
        creator=user.email,
        created_at=call.now,
        receipt_file_name=receipt,
    )
    return {"message": "Expense recorded.", "expense_id": expense_id}


class UpdateExpenseArgs(TokenArgs):
    """Arguments of update_expense (None leaves a field unchanged)."""

    expense_id: int = Field(description="Id of the expense.")
    description: str | None = Field(default=None, min_length=1, description="New description.")
    paid_amount: float | None = Field(default=None, gt=0, description="New amount; shares are rescaled if not given.")
    payer_email: str | None = Field(default=None, description="New payer's email.")
    debtor_emails: list[str] | None = Field(default=None, description="New debtors (equal split unless debt_amounts).")
    debt_amounts: list[float] | None = Field(default=None, description="New shares; needs debtor_emails.")


def update_expense(args: UpdateExpenseArgs, call: Call) -> dict[str, str]:
    """Change an expense; its shares are recomputed so they still add up to the paid amount."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    expense = own_expense(state, user, args.expense_id)
    if args.debt_amounts is not None and args.debtor_emails is None:
        raise AppError("debtor_emails must be passed if debt_amounts are passed.")
    if all(v is None for v in args.model_dump(exclude={"access_token", "expense_id"}).values()):
        raise AppError("Nothing to update: give at least one field to change.")
    if expense.deleted:
        raise AppError("This expense has been marked deleted, so it cannot be updated.")
    paid = round(args.paid_amount if args.paid_amount is not None else expense.paid_amount, 2)
    debtor_emails = [s.debtor for s in expense.shares] if args.debtor_emails is None else args.debtor_emails
    payer, debtors = _parties(state, args.payer_email or expense.payer, debtor_emails)
    given = args.debtor_emails is not None
    amounts = args.debt_amounts if given else scaled(expense.shares, expense.paid_amount, paid)
    _check_scope(state, user, expense.group_id, payer, debtors)
    shares = split(paid, payer, debtors, amounts)
    description = args.description or expense.description
    update = {"description": description, "paid_amount": paid, "payer": payer, "shares": shares}
    state.expenses[expense.expense_id] = expense.model_copy(update=update)
    return {"message": "Expense information updated."}


class ExpenseIdArgs(TokenArgs):
    """Arguments of delete_expense."""

    expense_id: int = Field(description="Id of the expense.")


def delete_expense(args: ExpenseIdArgs, call: Call) -> dict[str, str]:
    """Soft-delete an expense: it stays listed as deleted and no longer counts in balances."""
    user = call.user(args.access_token)
    expense = own_expense(call.state(SplitwiseState), user, args.expense_id)
    if expense.deleted:
        raise AppError("This expense has already been marked deleted.")
    expense.deleted = True
    return {"message": "Expense marked as deleted."}


class GroupExpensesArgs(TokenArgs, PageArgs):
    """Arguments of show_group_expenses."""

    group_id: int = Field(description="Id of the group.")
    query: str = Field(default="", description="Full-text search over the description.")
    participant_email: str | None = Field(default=None, description="Only expenses this user paid or owes in.")
    min_amount: float = Field(default=0, description="Smallest paid amount.")
    max_amount: float = Field(default=float(sys.maxsize), description="Largest paid amount.")
    min_created_at: str = Field(default=MIN_DATE, description="Earliest creation date, YYYY-MM-DD.")
    max_created_at: str = Field(default=MAX_DATE, description="Latest creation date, YYYY-MM-DD.")
    deleted: bool = Field(default=False, description="List deleted expenses (true) instead of current ones.")
    sort_by: str | None = Field(default=None, description="'+' or '-' with created_at or amount (default -created_at).")


def show_group_expenses(args: GroupExpensesArgs, call: Call) -> list[dict[str, Any]]:
    """A group's expenses that you paid or owe a share of."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    group = member_group(state, user, args.group_id)
    who = None if args.participant_email is None else state.by_email(args.participant_email)
    dates = (args.min_created_at, args.max_created_at)
    names = ("min_created_at", "max_created_at")
    found = [
        e
        for e in sorted(state.expenses.values(), key=lambda e: (e.created_at, e.expense_id), reverse=True)
        if e.group_id == group.group_id
        and e.deleted == args.deleted
        and user.email in e.participants
        and (args.participant_email is None or (who is not None and who.email in e.participants))
        and args.min_amount <= e.paid_amount <= args.max_amount
        and in_date_range(e.created_at, *dates, names)
    ]
    ranked = search(found, args.query, lambda e: e.description)
    chosen = ordered(
        ranked,
        args.query,
        args.sort_by,
        "-created_at",
        ["created_at", "amount"],
        lambda e, name: ((e.paid_amount if name == "amount" else e.created_at), e.expense_id),
        (args.page_index, args.page_limit),
    )
    return [expense_view(state, e) for e in chosen]


APIS: list[Api[Any]] = [
    Api(
        "record_expense",
        "Record an expense split among debtors (equal split by default).",
        RecordExpenseArgs,
        record_expense,
    ),
    Api(
        "update_expense", "Change an expense's description, amount, payer or split.", UpdateExpenseArgs, update_expense
    ),
    Api("delete_expense", "Mark an expense as deleted.", ExpenseIdArgs, delete_expense),
    Api(
        "show_group_expenses",
        "List a group's expenses you are involved in (newest first).",
        GroupExpensesArgs,
        show_group_expenses,
    ),
]
