"""splitwise balances: with each person, per group, and overall; plus searching users with your balance.

Every figure comes from one ledger of (debtor, payer) cents over expenses that are not deleted, so
both sides of a pair always see the same amount in opposite directions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from pydantic import Field

from sandbox.apps.base import Account, Api, AppError, PageArgs, TokenArgs
from sandbox.apps.query import page, search
from sandbox.apps.splitwise.money import counterparts, debts, direction, money, net
from sandbox.apps.splitwise.state import Expense, SplitwiseState
from sandbox.apps.splitwise.views import member_group, person
from sandbox.apps.world import Call


def _in_group(state: SplitwiseState, group_id: int | None) -> Iterable[Expense]:
    return (e for e in state.expenses.values() if e.group_id == group_id)


def _ordered(state: SplitwiseState, emails: Iterable[str]) -> list[str]:
    """Emails in the order the app registered their users."""
    wanted = set(emails)
    return [a.email for a in state.accounts if a.email in wanted]


def _balance(user: Account, other: str, ledger: Counter[tuple[str, str]]) -> dict[str, Any]:
    owed = net(ledger, user.email, other)
    return {"direction": direction(owed), "amount": money(abs(owed))}


class SearchUsersArgs(TokenArgs, PageArgs):
    """Arguments of search_users."""

    query: str = Field(default="", description="Full-text search over names and emails.")
    include_self: bool = Field(default=False, description="Also list yourself.")


def search_users(args: SearchUsersArgs, call: Call) -> list[dict[str, Any]]:
    """Users with your overall balance with each."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    ledger = debts(state.expenses.values())
    people = [a for a in state.accounts if args.include_self or a.email != user.email]
    found = search(people, args.query, lambda a: f"{a.name} {a.email}")
    return [
        {"name": a.name, "email": a.email, **_balance(user, a.email, ledger)}
        for a in page(found, args.page_index, args.page_limit)
    ]


class PersonBalanceArgs(TokenArgs):
    """Arguments of show_person_balance."""

    email: str = Field(description="Email of the other person.")


def show_person_balance(args: PersonBalanceArgs, call: Call) -> dict[str, Any]:
    """Your balance with one person: overall, and per group (group_id None: outside groups)."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    other = state.user_by_email(args.email)
    if other.email == user.email:
        raise AppError("You cannot check your balance with yourself.")
    breakdown = []
    for group_id in [None, *sorted(state.groups)]:
        owed = net(debts(_in_group(state, group_id)), user.email, other.email)
        if owed:
            name = None if group_id is None else state.groups[group_id].name
            breakdown.append(
                {"group_id": group_id, "group_name": name, "direction": direction(owed), "amount": money(abs(owed))}
            )
    overall = _balance(user, other.email, debts(state.expenses.values()))
    return {"direction": overall["direction"], "total": overall["amount"], "breakdown": breakdown}


def _totals(user: Account, ledger: Counter[tuple[str, str]]) -> tuple[int, int]:
    """(cents you owe others, cents others owe you) after netting per person."""
    nets = [net(ledger, user.email, other) for other in counterparts(ledger, user.email)]
    return sum(n for n in nets if n > 0), -sum(n for n in nets if n < 0)


def show_people_balance(args: TokenArgs, call: Call) -> dict[str, Any]:
    """Your overall balance with everyone you share expenses with."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    ledger = debts(state.expenses.values())
    breakdown = [
        {**person(state, other), **_balance(user, other, ledger)}
        for other in _ordered(state, counterparts(ledger, user.email))
        if net(ledger, user.email, other)
    ]
    owe, owed = _totals(user, ledger)
    return {"you_owe_others": money(owe), "others_owe_you": money(owed), "breakdown": breakdown}


def show_groups_balance(args: TokenArgs, call: Call) -> dict[str, Any]:
    """What you owe and are owed in each of your groups; the totals are the sums over the groups."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    breakdown: list[dict[str, Any]] = []
    owe_total = owed_total = 0
    for group in sorted(state.groups.values(), key=lambda g: g.group_id):
        if group.deleted or user.email not in group.members:
            continue
        owe, owed = _totals(user, debts(_in_group(state, group.group_id)))
        owe_total, owed_total = owe_total + owe, owed_total + owed
        breakdown.append(
            {
                "group_id": group.group_id,
                "group_name": group.name,
                "group_size": len(group.members),
                "you_owe_others": money(owe),
                "others_owe_you": money(owed),
            }
        )
    return {"you_owe_others": money(owe_total), "others_owe_you": money(owed_total), "breakdown": breakdown}


class GroupBalanceArgs(TokenArgs):
    """Arguments of show_group_balance."""

    group_id: int | None = Field(default=None, description="Id of the group (default: expenses outside groups).")
    email: str | None = Field(default=None, description="Only this member (outside groups: only your own email).")


def _sides(state: SplitwiseState, source: str, ledger: Counter[tuple[str, str]]) -> dict[str, Any]:
    owes: list[dict[str, Any]] = []
    owed: list[dict[str, Any]] = []
    for other in _ordered(state, counterparts(ledger, source)):
        amount = net(ledger, source, other)
        if amount:
            (owes if amount > 0 else owed).append({**person(state, other), "amount": money(abs(amount))})
    return {
        "source": person(state, source),
        "source_owes_to_targets": {"total": round(sum(b["amount"] for b in owes), 2), "breakdown": owes},
        "targets_owe_to_source": {"total": round(sum(b["amount"] for b in owed), 2), "breakdown": owed},
    }


def show_group_balance(args: GroupBalanceArgs, call: Call) -> list[dict[str, Any]]:
    """Who owes whom in a group, per member (or only `email`); without a group, your balances outside groups."""
    user = call.user(args.access_token)
    state = call.state(SplitwiseState)
    wanted = None if args.email is None else state.user_by_email(args.email).email
    if args.group_id is None:
        if wanted not in (None, user.email):
            raise AppError("Without a group_id, you can only see the balance of your own email.")
        sources = [user.email]
    else:
        members = member_group(state, user, args.group_id).members
        if wanted is not None and wanted not in members:
            raise AppError(f"The user with email {wanted} is not a member of the group.")
        sources = members if wanted is None else [wanted]
    ledger = debts(_in_group(state, args.group_id))
    return [_sides(state, source, ledger) for source in sources]


APIS: list[Api[Any]] = [
    Api("search_users", "Search splitwise users, with your balance with each.", SearchUsersArgs, search_users),
    Api("show_person_balance", "Your balance with one person, per group.", PersonBalanceArgs, show_person_balance),
    Api("show_people_balance", "Your balances with everyone.", TokenArgs, show_people_balance),
    Api("show_groups_balance", "What you owe and are owed in each of your groups.", TokenArgs, show_groups_balance),
    Api(
        "show_group_balance",
        "Who owes whom in a group (or in your expenses outside groups).",
        GroupBalanceArgs,
        show_group_balance,
    ),
]
