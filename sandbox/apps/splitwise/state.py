"""splitwise state: groups of friends and expenses with shares (deletes are soft)."""

from __future__ import annotations

import hashlib
from datetime import datetime

from pydantic import Field

from sandbox.apps.base import Account, AppError, AppState, StateModel


class Share(StateModel):
    """What one debtor owes of an expense."""

    debtor: str = Field(description="Debtor's email.")
    debt_amount: float = Field(description="Amount owed, two decimals.")


class Group(StateModel):
    """A group of users sharing expenses."""

    group_id: int = Field(description="Group id.")
    name: str = Field(description="Group name.")
    description: str | None = Field(default=None, description="Description.")
    creator: str = Field(description="Creator's email.")
    members: list[str] = Field(description="Members' emails, creator first.")
    created_at: datetime = Field(description="Creation time.")
    deleted: bool = Field(default=False, description="Soft-deleted.")
    invitation_code: str = Field(description="Code others can join with.")


class Expense(StateModel):
    """A paid amount split into shares among debtors (the payer may hold a share too)."""

    expense_id: int = Field(description="Expense id.")
    group_id: int | None = Field(default=None, description="Group of the expense (None: between friends).")
    description: str = Field(description="What was paid for.")
    paid_amount: float = Field(gt=0, description="Amount paid, two decimals; equals the sum of the shares.")
    payer: str = Field(description="Payer's email.")
    shares: list[Share] = Field(description="Debtors' shares.")
    creator: str = Field(description="Email of whoever recorded it.")
    created_at: datetime = Field(description="When it was recorded.")
    deleted: bool = Field(default=False, description="Soft-deleted (no longer counts in balances).")
    receipt_file_name: str | None = Field(default=None, description="Name of the attached receipt file.")

    @property
    def participants(self) -> set[str]:
        """The payer and every debtor."""
        return {self.payer, *(s.debtor for s in self.shares)}


class SplitwiseState(AppState):
    """Every group and expense."""

    groups: dict[int, Group] = Field(default_factory=dict, description="Groups by group_id.")
    expenses: dict[int, Expense] = Field(default_factory=dict, description="Expenses by expense_id.")

    def user_by_email(self, email: str) -> Account:
        """The account with this email; 409 when there is none."""
        account = self.by_email(email)
        if account is None:
            raise AppError(f"The user with email {email} does not exist.", 409)
        return account

    def new_group(self, name: str, description: str | None, creator: str, members: list[str], at: datetime) -> int:
        """Create a group (creator first among the members); its id."""
        group_id = self.next_id("group")
        code = hashlib.sha256(f"splitwise-group-{group_id}".encode()).hexdigest()[:10].upper()
        self.groups[group_id] = Group(
            group_id=group_id,
            name=name,
            description=description,
            creator=creator,
            members=list(dict.fromkeys([creator, *members])),
            created_at=at,
            invitation_code=code,
        )
        return group_id
