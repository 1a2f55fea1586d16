"""The splitwise app: groups, expenses whose shares add up, balances consistent on both sides, errors."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from sandbox.apps.fixtures import FixtureError, load_world
from sandbox.apps.registry import APPS
from sandbox.apps.splitwise import APP
from sandbox.apps.splitwise.state import Expense, Share, SplitwiseState
from sandbox.apps.world import DEFAULT_START
from tests.apps.harness import AppHarness, unauthorized

START = DEFAULT_START
ME, SAM, RITA, OMAR = "noor@example.com", "sam@example.com", "rita@example.com", "omar@example.com"
UNAUTHORIZED = unauthorized("splitwise")
NOT_A_MEMBER = "You are not a member of this group and so are not authorized to access it."
FIXTURE: dict[str, Any] = {
    "account": {"first_name": "Noor", "last_name": "Haddad", "email": ME, "password": "pw-split"},
    "users": [
        {"first_name": "Sam", "last_name": "Lee", "email": SAM},
        {"first_name": "Rita", "last_name": "Gomez", "email": RITA},
        {"first_name": "Omar", "last_name": "Aziz", "email": OMAR},
    ],
    "groups": [
        {"name": "Flat 3B", "members": [SAM, RITA], "at": "2026-01-01T10:00:00"},
        {"name": "Ski trip", "description": "Alps, February", "members": [OMAR], "at": "2026-01-02T10:00:00"},
    ],
    "expenses": [
        {"description": "Electricity bill", "paid_amount": 90, "payer": ME, "debtors": [ME, SAM, RITA],
         "group": "Flat 3B", "at": "2026-01-02T10:00:00"},
        {"description": "Groceries", "paid_amount": 45.5, "payer": SAM, "debtors": [ME, SAM, RITA],
         "group": "Flat 3B", "at": "2026-01-03T10:00:00"},
        {"description": "Lift passes", "paid_amount": 200, "payer": OMAR, "debtors": [ME, OMAR],
         "debt_amounts": [120, 80], "group": "Ski trip", "at": "2026-01-04T10:00:00"},
        {"description": "Taxi", "paid_amount": 24, "payer": ME, "debtors": [SAM], "at": "2026-01-04T11:00:00"},
        {"description": "Old pizza", "paid_amount": 30, "payer": RITA, "debtors": [ME], "deleted": True},
    ],
}  # fmt: skip


class Splitwise(AppHarness[SplitwiseState]):
    """splitwise (and file_system, for receipts) seeded from fixtures behind a toolbox."""

    def shares(self, expense_id: int) -> list[tuple[str, float]]:
        """An expense's shares as (debtor, amount); they must add up to the paid amount."""
        expense = self.state.expenses[expense_id]
        assert round(sum(s.debt_amount for s in expense.shares), 2) == expense.paid_amount
        return [(s.debtor, s.debt_amount) for s in expense.shares]


@pytest.fixture
def app() -> Splitwise:
    files = {"account": {**FIXTURE["account"], "password": "pw-files"}, "files": [{"path": "~/taxi.txt"}]}
    return Splitwise.seeded(APP, FIXTURE, also={"file_system": files})


@pytest.fixture
def token(app: Splitwise) -> str:
    return app.login()


def test_registered_with_the_table_tools_logout_and_groups_balance() -> None:
    assert APPS["splitwise"] is APP
    names = [api.name for api in APP.apis]
    assert len(names) == len(set(names)) == 15
    assert {"logout", "show_people_balance", "show_groups_balance", "show_person_balance"} <= set(names)


def test_login_logout_and_401(app: Splitwise) -> None:
    assert app.err("login", username=ME, password="x") == "Invalid credentials"
    assert app.err("show_groups", access_token="bad") == UNAUTHORIZED
    token = app.login()
    assert len(app.ok("show_groups", access_token=token)) == 2
    assert app.ok("logout", access_token=token) == {"message": "Successfully logged out."}
    assert app.err("show_groups", access_token=token) == UNAUTHORIZED


def test_seeded_equal_split_hands_leftover_cents_out_and_adds_up(app: Splitwise) -> None:
    assert app.shares(1) == [(ME, 30.0), (SAM, 30.0), (RITA, 30.0)]
    assert app.shares(2) == [(ME, 15.17), (SAM, 15.17), (RITA, 15.16)]
    assert app.shares(3) == [(ME, 120.0), (OMAR, 80.0)]


def test_create_group(app: Splitwise, token: str) -> None:
    answer = app.ok("create_group", access_token=token, name="Book club", member_emails=[RITA, OMAR])
    assert answer == {"message": "Group created.", "group_id": 3}
    group = app.state.groups[3]
    assert (group.members, group.creator, group.created_at) == ([ME, RITA, OMAR], ME, datetime(2026, 1, 5, 9, 0, 2))
    assert app.err("create_group", access_token=token, name="X", member_emails=["ghost@example.com"]) == (
        "The user with email ghost@example.com does not exist."
    )
    assert len(app.state.groups) == 3


def test_add_member_to_group(app: Splitwise, token: str) -> None:
    assert app.ok("add_member_to_group", access_token=token, group_id=2, user_email=SAM) == {
        "message": "Member added to the group."
    }
    assert app.state.groups[2].members == [ME, OMAR, SAM]
    assert app.err("add_member_to_group", access_token=token, group_id=2, user_email=SAM) == (
        "User is already a member of the group."
    )
    other = app.state.new_group("Band", None, SAM, [RITA], START)
    assert app.err("add_member_to_group", access_token=token, group_id=other, user_email=OMAR) == NOT_A_MEMBER
    assert app.err("add_member_to_group", access_token=token, group_id=99, user_email=OMAR) == (
        "The group with id 99 does not exist."
    )


def test_show_group_and_groups(app: Splitwise, token: str) -> None:
    group = app.ok("show_group", access_token=token, group_id=2)
    assert group == {
        "group_id": 2,
        "name": "Ski trip",
        "description": "Alps, February",
        "created_at": "2026-01-02T10:00:00",
        "deleted": False,
        "creator": {"name": "Noor Haddad", "email": ME},
        "members": [{"name": "Noor Haddad", "email": ME}, {"name": "Omar Aziz", "email": OMAR}],
        "invitation_code": app.state.groups[2].invitation_code,
    }
    assert len(group["invitation_code"]) == 10 and group["invitation_code"] != app.state.groups[1].invitation_code
    assert [g["group_id"] for g in app.ok("show_groups", access_token=token)] == [2, 1]
    assert [g["group_id"] for g in app.ok("show_groups", access_token=token, page_limit=1, page_index=1)] == [1]
    assert len(app.ok("show_groups", access_token=token, page_limit=50)) == 2
    assert app.ok("show_groups", access_token=token, delete=True) == []
    app.state.groups[1].deleted = True
    assert [g["group_id"] for g in app.ok("show_groups", access_token=token, delete=True)] == [1]
    assert app.err("show_group", access_token=token, group_id=1) == "The group with id 1 does not exist."


def test_record_expense_equal_split(app: Splitwise, token: str) -> None:
    answer = app.ok(
        "record_expense",
        access_token=token,
        description="Internet",
        paid_amount=100,
        payer_email=ME,
        debtor_emails=[ME, SAM, RITA],
        group_id=1,
    )
    assert answer == {"message": "Expense recorded.", "expense_id": 6}
    assert app.shares(6) == [(ME, 33.34), (SAM, 33.33), (RITA, 33.33)]
    expense = app.state.expenses[6]
    assert (expense.creator, expense.group_id, expense.created_at) == (ME, 1, datetime(2026, 1, 5, 9, 0, 2))
    balances = {r["email"]: (r["direction"], r["amount"]) for r in APP.rows(app.state, "balances")}
    assert balances == {SAM: ("they_owe_you", 72.16), RITA: ("they_owe_you", 63.33), OMAR: ("you_owe_them", 120.0)}


def test_record_expense_given_amounts_and_rounding(app: Splitwise, token: str) -> None:
    base = {"access_token": token, "description": "Dinner", "payer_email": SAM, "group_id": 1}
    app.ok("record_expense", **base, paid_amount=100, debtor_emails=[ME, RITA, SAM], debt_amounts=[33.33] * 3)
    assert app.shares(6) == [(ME, 33.34), (RITA, 33.33), (SAM, 33.33)]
    app.ok("record_expense", **base, paid_amount=50, debtor_emails=[ME, RITA], debt_amounts=[20, 30])
    assert app.shares(7) == [(ME, 20.0), (RITA, 30.0)]
    assert app.err("record_expense", **base, paid_amount=50, debtor_emails=[ME, RITA], debt_amounts=[20, 20]) == (
        "The debt_amounts must add up to the paid_amount (within 0.1)."
    )
    assert app.err("record_expense", **base, paid_amount=50, debtor_emails=[ME, RITA], debt_amounts=[50]) == (
        "debt_amounts must have one amount per email in debtor_emails."
    )
    assert len(app.state.expenses) == 7


def test_record_expense_errors(app: Splitwise, token: str) -> None:
    base = {"access_token": token, "description": "Cab", "paid_amount": 12.0}
    assert app.err("record_expense", **base, payer_email=ME, debtor_emails=[]) == (
        "At least one debtor who owes a share of the expense must be specified."
    )
    assert app.err("record_expense", **base, payer_email=ME, debtor_emails=[ME]) == (
        "A payer cannot be a debtor if there is only one debtor involved in the expense."
    )
    assert app.err("record_expense", **base, payer_email=ME, debtor_emails=[OMAR], group_id=1) == (
        f"Debtor with email {OMAR} is not a member of the group."
    )
    assert app.err("record_expense", **base, payer_email=OMAR, debtor_emails=[SAM], group_id=1) == (
        f"Payer with email {OMAR} is not a member of the group."
    )
    assert app.err("record_expense", **base, payer_email=SAM, debtor_emails=[RITA]) == (
        "An expense outside a group must involve you as the payer or a debtor."
    )
    assert app.err("record_expense", **base, payer_email="x@y.z", debtor_emails=[SAM]) == (
        "The user with email x@y.z does not exist."
    )
    assert len(app.state.expenses) == 5


def test_record_expense_with_a_receipt_from_the_file_system(app: Splitwise, token: str) -> None:
    base = {"access_token": token, "description": "Cab", "paid_amount": 12.0, "payer_email": ME}
    files = app.ok("file_system__login", username=ME, password="pw-files")["access_token"]
    app.ok(
        "record_expense", **base, debtor_emails=[SAM], receipt_file_path="~/taxi.txt", file_system_access_token=files
    )
    assert app.ok("show_group_expenses", access_token=token, group_id=1)[0]["receipt_file_name"] is None
    assert app.state.expenses[6].receipt_file_name == "taxi.txt"
    assert app.err("record_expense", **base, debtor_emails=[SAM], receipt_file_path="~/taxi.txt") == (
        "A file_system_access_token is required to use files from your file system."
    )


def test_update_expense(app: Splitwise, token: str) -> None:
    assert app.ok("update_expense", access_token=token, expense_id=1, paid_amount=120) == {
        "message": "Expense information updated."
    }
    assert app.shares(1) == [(ME, 40.0), (SAM, 40.0), (RITA, 40.0)]
    app.ok("update_expense", access_token=token, expense_id=4, debtor_emails=[SAM, ME], debt_amounts=[20, 4])
    assert app.shares(4) == [(SAM, 20.0), (ME, 4.0)]
    app.ok("update_expense", access_token=token, expense_id=4, description="Airport taxi", payer_email=SAM)
    taxi = app.state.expenses[4]
    assert (taxi.description, taxi.payer, taxi.paid_amount) == ("Airport taxi", SAM, 24.0)
    assert app.err("update_expense", access_token=token, expense_id=4, debt_amounts=[10, 14]) == (
        "debtor_emails must be passed if debt_amounts are passed."
    )
    assert app.err("update_expense", access_token=token, expense_id=1, debtor_emails=[]) == (
        "At least one debtor who owes a share of the expense must be specified."
    )
    assert app.err("update_expense", access_token=token, expense_id=1, debtor_emails=[ME]) == (
        "A payer cannot be a debtor if there is only one debtor involved in the expense."
    )
    assert app.err("update_expense", access_token=token, expense_id=5, description="Pizza") == (
        "This expense has been marked deleted, so it cannot be updated."
    )
    assert app.err("update_expense", access_token=token, expense_id=50, description="x") == (
        "The expense with id 50 does not exist."
    )


def test_delete_expense_is_soft_and_leaves_balances(app: Splitwise, token: str) -> None:
    assert app.ok("delete_expense", access_token=token, expense_id=4) == {"message": "Expense marked as deleted."}
    assert app.state.expenses[4].deleted is True
    assert app.ok("show_person_balance", access_token=token, email=SAM)["total"] == 14.83
    assert app.err("delete_expense", access_token=token, expense_id=4) == (
        "This expense has already been marked deleted."
    )
    app.state.expenses[6] = Expense(
        expense_id=6,
        group_id=1,
        description="Plants",
        paid_amount=10,
        payer=SAM,
        shares=[Share(debtor=RITA, debt_amount=10)],
        creator=SAM,
        created_at=START,
    )
    assert app.err("delete_expense", access_token=token, expense_id=6) == (
        "You are not involved in this expense and so are not authorized to access it."
    )


def test_show_group_expenses_filters_and_sorts(app: Splitwise, token: str) -> None:
    app.ok("record_expense", access_token=token, description="Plants", paid_amount=10, payer_email=SAM,
           debtor_emails=[RITA], group_id=1)  # fmt: skip

    def listed(**arguments: Any) -> list[int]:
        found = app.ok("show_group_expenses", access_token=token, group_id=1, **arguments)
        return [e["expense_id"] for e in found]

    assert listed() == [2, 1]
    first = app.ok("show_group_expenses", access_token=token, group_id=1)[0]
    assert first["payer"] == {"name": "Sam Lee", "email": SAM} and first["paid_amount"] == 45.5
    assert first["shares"][2] == {"debtor": {"name": "Rita Gomez", "email": RITA}, "debt_amount": 15.16}
    assert listed(sort_by="-amount") == [1, 2]
    assert listed(query="groceries") == [2]
    assert listed(participant_email=SAM.upper(), min_amount=50) == [1]
    assert listed(max_created_at="2026-01-02") == [1]
    assert listed(page_limit=1, page_index=1) == [1]
    assert listed(deleted=True) == []
    assert app.err("show_group_expenses", access_token=token, group_id=1, sort_by="+paid_amount") == (
        "Invalid sort_by value '+paid_amount'. Allowed values: +created_at, -created_at, +amount, -amount."
    )
    assert app.err("show_group_expenses", access_token=token, group_id=1, min_created_at="Jan 1") == (
        "Invalid min_created_at 'Jan 1': expected YYYY-MM-DD."
    )


def test_search_users_with_balances(app: Splitwise, token: str) -> None:
    assert app.ok("search_users", access_token=token) == [
        {"name": "Sam Lee", "email": SAM, "direction": "they_owe_you", "amount": 38.83},
        {"name": "Rita Gomez", "email": RITA, "direction": "they_owe_you", "amount": 30.0},
        {"name": "Omar Aziz", "email": OMAR, "direction": "you_owe_them", "amount": 120.0},
    ]
    assert [u["email"] for u in app.ok("search_users", access_token=token, query="gomez")] == [RITA]
    mine = app.ok("search_users", access_token=token, include_self=True, page_limit=1)
    assert mine == [{"name": "Noor Haddad", "email": ME, "direction": "no_balance", "amount": 0.0}]


def test_people_and_groups_balances(app: Splitwise, token: str) -> None:
    people = app.ok("show_people_balance", access_token=token)
    assert people["you_owe_others"] == 120.0 and people["others_owe_you"] == 68.83
    assert [(b["email"], b["direction"], b["amount"]) for b in people["breakdown"]] == [
        (SAM, "they_owe_you", 38.83),
        (RITA, "they_owe_you", 30.0),
        (OMAR, "you_owe_them", 120.0),
    ]
    assert app.ok("show_groups_balance", access_token=token) == {
        "you_owe_others": 120.0,
        "others_owe_you": 44.83,
        "breakdown": [
            {"group_id": 1, "group_name": "Flat 3B", "group_size": 3, "you_owe_others": 0.0, "others_owe_you": 44.83},
            {"group_id": 2, "group_name": "Ski trip", "group_size": 2, "you_owe_others": 120.0, "others_owe_you": 0.0},
        ],
    }


def test_person_balance(app: Splitwise, token: str) -> None:
    assert app.ok("show_person_balance", access_token=token, email=SAM) == {
        "direction": "they_owe_you",
        "total": 38.83,
        "breakdown": [
            {"group_id": None, "group_name": None, "direction": "they_owe_you", "amount": 24.0},
            {"group_id": 1, "group_name": "Flat 3B", "direction": "they_owe_you", "amount": 14.83},
        ],
    }
    assert app.err("show_person_balance", access_token=token, email=ME) == (
        "You cannot check your balance with yourself."
    )
    assert app.err("show_person_balance", access_token=token, email="nobody@x.org") == (
        "The user with email nobody@x.org does not exist."
    )


def test_group_balance_adds_up_across_members(app: Splitwise, token: str) -> None:
    rows = app.ok("show_group_balance", access_token=token, group_id=1)
    assert [r["source"]["email"] for r in rows] == [ME, SAM, RITA]
    assert rows[0]["targets_owe_to_source"] == {
        "total": 44.83,
        "breakdown": [
            {"name": "Sam Lee", "email": SAM, "amount": 14.83},
            {"name": "Rita Gomez", "email": RITA, "amount": 30.0},
        ],
    }
    assert rows[0]["source_owes_to_targets"] == {"total": 0, "breakdown": []}
    assert rows[2]["source_owes_to_targets"]["total"] == 45.16
    owed = sum(r["source_owes_to_targets"]["total"] for r in rows)
    assert round(owed, 2) == round(sum(r["targets_owe_to_source"]["total"] for r in rows), 2) == 59.99
    only_sam = app.ok("show_group_balance", access_token=token, group_id=1, email=SAM)
    assert only_sam == [rows[1]]
    outside = app.ok("show_group_balance", access_token=token)
    assert outside[0]["targets_owe_to_source"]["breakdown"] == [{"name": "Sam Lee", "email": SAM, "amount": 24.0}]
    assert app.err("show_group_balance", access_token=token, email=SAM) == (
        "Without a group_id, you can only see the balance of your own email."
    )
    assert app.err("show_group_balance", access_token=token, group_id=1, email=OMAR) == (
        f"The user with email {OMAR} is not a member of the group."
    )


def test_both_sides_see_the_same_balance(app: Splitwise, token: str) -> None:
    sam = app.state.account(SAM)
    assert sam is not None
    sam.password = "pw-sam"
    sams = app.login(username=SAM, password="pw-sam")

    def views() -> tuple[tuple[str, float], tuple[str, float]]:
        noor_view = app.ok("show_person_balance", access_token=token, email=SAM)
        sam_view = app.ok("show_person_balance", access_token=sams, email=ME)
        return (noor_view["direction"], noor_view["total"]), (sam_view["direction"], sam_view["total"])

    assert views() == (("they_owe_you", 38.83), ("you_owe_them", 38.83))
    app.ok("record_expense", access_token=sams, description="Brunch", paid_amount=80, payer_email=SAM,
           debtor_emails=[ME, SAM])  # fmt: skip
    assert views() == (("you_owe_them", 1.17), ("they_owe_you", 1.17))
    app.ok("record_expense", access_token=token, description="Tip", paid_amount=1.17, payer_email=ME,
           debtor_emails=[SAM])  # fmt: skip
    assert views() == (("no_balance", 0.0), ("no_balance", 0.0))
    sam_side = {u["email"]: (u["direction"], u["amount"]) for u in app.ok("search_users", access_token=sams)}
    assert sam_side == {ME: ("no_balance", 0.0), RITA: ("they_owe_you", 15.16), OMAR: ("no_balance", 0.0)}


@pytest.mark.parametrize(
    ("api", "arguments", "problem"),
    [
        ("search_users", {"page_limit": 21}, "page_limit: Input should be less than or equal to 20"),
        ("show_group_expenses", {"group_id": 1, "page_limit": 0}, "page_limit: Input should be greater than"),
        ("show_groups", {"page_limit": 0}, "page_limit: Input should be greater than or equal to 1"),
        ("record_expense", {"description": "x", "paid_amount": 0, "payer_email": ME, "debtor_emails": [SAM]}, "paid"),
        ("record_expense", {"description": "x", "paid_amount": 5, "payer_email": ME}, "debtor_emails: Field required"),
        ("create_group", {"name": "", "member_emails": []}, "name: String should have at least 1 character"),
        ("delete_expense", {"expense_id": 1, "hard": True}, "hard: Extra inputs are not permitted"),
        ("show_person_balance", {"email": ["a"]}, "email: Input should be a valid string"),
    ],
)
def test_bad_arguments_change_nothing(
    app: Splitwise, token: str, api: str, arguments: dict[str, Any], problem: str
) -> None:
    app.bad_arguments(api, problem, access_token=token, **arguments)


def test_collections(app: Splitwise) -> None:
    groups = APP.rows(app.state, "groups")
    assert groups[0] == {"group_id": 1, "name": "Flat 3B", "description": None, "member_emails": [ME, SAM, RITA],
                         "deleted": False}  # fmt: skip
    expenses = APP.rows(app.state, "expenses")
    assert [e["expense_id"] for e in expenses] == [1, 2, 3, 4, 5] and expenses[4]["deleted"] is True
    assert expenses[2]["debt_amounts"] == [120.0, 80.0] and expenses[2]["group_name"] == "Ski trip"


def test_fixture_problems_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "splitwise.yaml"

    def problem(fixture: dict[str, Any]) -> str:
        path.write_text(yaml.safe_dump(fixture), encoding="utf-8")
        with pytest.raises(FixtureError) as caught:
            load_world(tmp_path, {"splitwise": APP})
        return str(caught.value).split(": ", 1)[1]

    path.write_text(yaml.safe_dump(FIXTURE), encoding="utf-8")
    assert len(load_world(tmp_path, {"splitwise": APP}).rows("splitwise", "expenses")) == 5
    expense = {"description": "x", "paid_amount": 5, "payer": ME, "debtors": [OMAR]}
    assert (
        problem({**FIXTURE, "expenses": [{**expense, "group": "Nope"}]}) == "expenses[0].group: no group named 'Nope'"
    )
    assert problem({**FIXTURE, "expenses": [{**expense, "group": "Flat 3B"}]}) == (
        f"expenses[0]: Debtor with email {OMAR} is not a member of the group."
    )
    assert (
        problem({**FIXTURE, "groups": [FIXTURE["groups"][0]] * 2}) == "groups[1].name: duplicate group name 'Flat 3B'"
    )
    assert problem({**FIXTURE, "groups": [{"name": "G", "members": ["z@z.z"]}]}) == (
        "groups[0].members: The user with email z@z.z does not exist."
    )
