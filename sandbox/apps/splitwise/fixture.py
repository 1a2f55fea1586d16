"""splitwise fixture (friends, groups by name, expenses) and seed."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from sandbox.apps.base import AppError, SeedError
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts
from sandbox.apps.splitwise.expenses import check_members
from sandbox.apps.splitwise.money import split
from sandbox.apps.splitwise.state import Expense, SplitwiseState


class GroupFixture(FixtureModel):
    """A group the persona belongs to (the persona is added as its creator)."""

    name: str = Field(min_length=1, description="Group name (unique in the fixture; expenses refer to it).")
    description: str | None = Field(default=None, description="Description.")
    members: list[str] = Field(default_factory=list, description="Other members' emails (from `users`).")
    at: datetime | None = Field(default=None, description="Creation time (default: the clock's start).")


class ExpenseFixture(FixtureModel):
    """An expense already recorded."""

    description: str = Field(min_length=1, description="What was paid for.")
    paid_amount: float = Field(gt=0, description="Amount paid.")
    payer: str = Field(description="Payer's email (the persona's or one of `users`).")
    debtors: list[str] = Field(description="Debtors' emails; the payer may be one of several.")
    debt_amounts: list[float] | None = Field(default=None, description="Each debtor's share (default: equal split).")
    group: str | None = Field(default=None, description="Name of the group (default: outside any group).")
    at: datetime | None = Field(default=None, description="When it was recorded (default: the clock's start).")
    deleted: bool = Field(default=False, description="Already soft-deleted.")


class SplitwiseFixture(FixtureModel):
    """personas/<id>/apps/splitwise.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="The persona's friends on splitwise.")
    groups: list[GroupFixture] = Field(default_factory=list, description="Groups (ids in file order).")
    expenses: list[ExpenseFixture] = Field(default_factory=list, description="Expenses (ids in file order).")


def _groups(state: SplitwiseState, groups: list[GroupFixture], start: datetime) -> dict[str, int]:
    ids: dict[str, int] = {}
    for n, spec in enumerate(groups):
        if spec.name in ids:
            raise SeedError(f"groups[{n}].name", f"duplicate group name {spec.name!r}")
        try:
            members = [state.user_by_email(e).email for e in spec.members]
        except AppError as exc:
            raise SeedError(f"groups[{n}].members", exc.message) from exc
        ids[spec.name] = state.new_group(spec.name, spec.description, state.owner, members, spec.at or start)
    return ids


def _expense(state: SplitwiseState, n: int, spec: ExpenseFixture, group_id: int | None, start: datetime) -> None:
    try:
        payer = state.user_by_email(spec.payer).email
        debtors = [state.user_by_email(e).email for e in spec.debtors]
        if group_id is not None:
            check_members(state.groups[group_id], payer, debtors)
        shares = split(spec.paid_amount, payer, debtors, spec.debt_amounts)
    except AppError as exc:
        raise SeedError(f"expenses[{n}]", exc.message) from exc
    expense_id = state.next_id("expense")
    state.expenses[expense_id] = Expense(
        expense_id=expense_id,
        group_id=group_id,
        description=spec.description,
        paid_amount=round(spec.paid_amount, 2),
        payer=payer,
        shares=shares,
        creator=payer,
        created_at=spec.at or start,
        deleted=spec.deleted,
    )


def seed(fixture: SplitwiseFixture, start: datetime) -> SplitwiseState:
    """The first state: accounts, groups (the persona creates each), then expenses."""
    state = SplitwiseState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=fixture.account.email)
    group_ids = _groups(state, fixture.groups, start)
    for n, spec in enumerate(fixture.expenses):
        if spec.group is not None and spec.group not in group_ids:
            raise SeedError(f"expenses[{n}].group", f"no group named {spec.group!r}")
        _expense(state, n, spec, None if spec.group is None else group_ids[spec.group], start)
    return state
