"""splitwise query collections for the `app_state` rule, seen from the persona's account."""

from __future__ import annotations

from pydantic import BaseModel, Field

from sandbox.apps.query import iso
from sandbox.apps.splitwise.money import debts, direction, money, net
from sandbox.apps.splitwise.state import SplitwiseState


class GroupRow(BaseModel):
    """A row of the `groups` collection: a group the persona belongs to."""

    group_id: int = Field(description="Group id.")
    name: str = Field(description="Group name.")
    description: str | None = Field(description="Description.")
    member_emails: list[str] = Field(description="Members' emails, creator first.")
    deleted: bool = Field(description="Soft-deleted.")


class ExpenseRow(BaseModel):
    """A row of the `expenses` collection: an expense the persona paid, owes in, or recorded."""

    expense_id: int = Field(description="Expense id.")
    group_id: int | None = Field(description="Group id (None: outside groups).")
    group_name: str | None = Field(description="Group name.")
    description: str = Field(description="What was paid for.")
    paid_amount: float = Field(description="Amount paid.")
    payer_email: str = Field(description="Payer's email.")
    debtor_emails: list[str] = Field(description="Debtors' emails.")
    debt_amounts: list[float] = Field(description="Debtors' shares, same order.")
    deleted: bool = Field(description="Soft-deleted.")
    created_at: str = Field(description="When it was recorded (ISO).")


class BalanceRow(BaseModel):
    """A row of the `balances` collection: the persona's overall balance with one other user."""

    email: str = Field(description="The other user's email.")
    name: str = Field(description="The other user's name.")
    direction: str = Field(description="you_owe_them, they_owe_you or no_balance (the persona's side).")
    amount: float = Field(description="Amount owed either way.")


def group_rows(state: SplitwiseState) -> list[BaseModel]:
    """The persona's groups by id."""
    groups = sorted((g for g in state.groups.values() if state.owner in g.members), key=lambda g: g.group_id)
    return [
        GroupRow(
            group_id=g.group_id, name=g.name, description=g.description, member_emails=g.members, deleted=g.deleted
        )
        for g in groups
    ]


def expense_rows(state: SplitwiseState) -> list[BaseModel]:
    """The persona's expenses by id."""
    rows: list[BaseModel] = []
    for e in sorted(state.expenses.values(), key=lambda e: e.expense_id):
        if state.owner not in {*e.participants, e.creator}:
            continue
        group = None if e.group_id is None else state.groups[e.group_id].name
        rows.append(
            ExpenseRow(
                expense_id=e.expense_id,
                group_id=e.group_id,
                group_name=group,
                description=e.description,
                paid_amount=e.paid_amount,
                payer_email=e.payer,
                debtor_emails=[s.debtor for s in e.shares],
                debt_amounts=[s.debt_amount for s in e.shares],
                deleted=e.deleted,
                created_at=iso(e.created_at) or "",
            )
        )
    return rows


def balance_rows(state: SplitwiseState) -> list[BaseModel]:
    """The persona's balance with every other user, in registration order."""
    ledger = debts(state.expenses.values())
    rows: list[BaseModel] = []
    for account in state.accounts:
        if account.email != state.owner:
            owed = net(ledger, state.owner, account.email)
            rows.append(
                BalanceRow(email=account.email, name=account.name, direction=direction(owed), amount=money(abs(owed)))
            )
    return rows
