"""The splitwise app: friends, groups and shared expenses whose shares always add up, with balances."""

from __future__ import annotations

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import AppSpec
from sandbox.apps.splitwise import balances, expenses, groups
from sandbox.apps.splitwise.fixture import SplitwiseFixture, seed
from sandbox.apps.splitwise.rows import BalanceRow, ExpenseRow, GroupRow, balance_rows, expense_rows, group_rows
from sandbox.apps.splitwise.state import SplitwiseState

APP = AppSpec(
    name="splitwise",
    state_model=SplitwiseState,
    fixture_model=SplitwiseFixture,
    seed=seed,
    apis=[*auth_apis("splitwise"), *groups.APIS, *expenses.APIS, *balances.APIS],
    collections={
        "groups": (GroupRow, group_rows),
        "expenses": (ExpenseRow, expense_rows),
        "balances": (BalanceRow, balance_rows),
    },
)
