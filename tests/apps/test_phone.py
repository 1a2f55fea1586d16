"""The phone app: contacts, text messages, alarms, login by phone number, errors and bad arguments."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from sandbox.apps.fixtures import FixtureError, load_world
from sandbox.apps.phone import APP
from sandbox.apps.phone.state import Alarm, PhoneState
from sandbox.apps.registry import APPS
from sandbox.apps.world import DEFAULT_START
from tests.apps.harness import AppHarness, unauthorized, write_fixtures

ME, SAM, RITA, MOM = "5550001111", "5550002222", "5550003333", "5550004444"
UNAUTHORIZED = unauthorized("phone")
FIXTURE: dict[str, Any] = {
    "account": {
        "first_name": "Noor",
        "last_name": "Haddad",
        "email": "noor@example.com",
        "password": "pw-phone",
        "phone_number": ME,
    },
    "users": [
        {"first_name": "Sam", "last_name": "Lee", "email": "sam@example.com", "phone_number": SAM},
        {"first_name": "Rita", "last_name": "Gomez", "email": "rita@example.com", "phone_number": RITA},
    ],
    "contacts": [
        {"first_name": "Sam", "last_name": "Lee", "phone_number": SAM, "relationships": ["Friends"]},
        {"first_name": "Rita", "last_name": "Gomez", "phone_number": RITA, "relationships": ["coworker"]},
        {"first_name": "Mom", "phone_number": "(555) 000-4444", "relationships": ["mother"], "birthday": "1961-03-09"},
    ],
    "messages": [
        {"from": SAM, "to": ME, "message": "Dinner on Friday?", "at": "2026-01-04T18:00:00"},
        {"from": ME, "to": SAM, "message": "Yes, 7pm works", "at": "2026-01-04T18:05:00"},
        {"from": RITA, "to": ME, "message": "Slides are ready for review", "at": "2026-01-04T20:00:00"},
        {"from": SAM, "to": ME, "message": "Booked the table", "at": "2026-01-05T08:00:00"},
    ],
    "alarms": [
        {"time": "06:30", "repeat_days": ["friday", "monday"], "label": "Gym"},
        {"time": "09:00", "enabled": False},
    ],
}


Phone = AppHarness[PhoneState]


@pytest.fixture
def phone() -> Phone:
    return AppHarness.seeded(APP, FIXTURE, username=ME)


@pytest.fixture
def token(phone: Phone) -> str:
    return phone.login()


def test_registered_with_the_table_tools_plus_logout() -> None:
    assert APPS["phone"] is APP
    names = {api.name for api in APP.apis}
    assert len(names) == 13 and "logout" in names
    assert {"show_text_message_window", "get_current_date_and_time", "search_text_messages"} <= names


def test_login_by_phone_number_logout_and_401(phone: Phone) -> None:
    assert phone.err("login", username="noor@example.com", password="pw-phone") == "Invalid credentials"
    assert phone.err("login", username=ME, password="wrong") == "Invalid credentials"
    assert phone.err("login", username=SAM, password="") == "Invalid credentials"
    assert phone.err("search_contacts", access_token="nope") == UNAUTHORIZED
    answer = phone.ok("login", username=ME, password="pw-phone")
    assert answer["token_type"] == "Bearer" and answer["access_token"].count(".") == 2
    token = answer["access_token"]
    assert len(phone.ok("search_contacts", access_token=token)) == 3
    assert phone.ok("logout", access_token=token) == {"message": "Successfully logged out."}
    assert phone.err("search_contacts", access_token=token) == UNAUTHORIZED
    assert phone.err("logout", access_token=token) == UNAUTHORIZED


def test_tokens_expire_at_the_session_boundary(phone: Phone, token: str) -> None:
    phone.world.end_session()
    assert phone.err("show_alarm", access_token=token, alarm_id=1) == UNAUTHORIZED


def test_current_date_and_time_needs_no_login(phone: Phone) -> None:
    assert phone.ok("get_current_date_and_time") == {"date": "Monday, January 05, 2026", "time": "09:00 AM"}
    phone.world.clock.now = datetime(2026, 1, 6, 14, 7, 30)
    assert phone.ok("get_current_date_and_time") == {"date": "Tuesday, January 06, 2026", "time": "02:07 PM"}


def test_add_contact(phone: Phone, token: str) -> None:
    answer = phone.ok(
        "add_contact",
        access_token=token,
        first_name="Ada",
        last_name="Okafor",
        phone_number="+1 555-000-5555",
        relationships=["Friends", "Neighbours"],
        birthday="1992-07-14",
    )
    assert answer == {"message": "Contact added.", "contact_id": 4}
    contact = phone.state.contacts[4]
    assert (contact.phone_number, contact.relationships, str(contact.birthday)) == (
        "5550005555",
        ["friend", "neighbour"],
        "1992-07-14",
    )
    assert contact.owner == ME and contact.created_at == datetime(2026, 1, 5, 9, 0, 2)
    assert phone.err("add_contact", access_token=token, first_name="X", last_name="Y", phone_number=SAM) == (
        f"A contact with phone_number {SAM} already exists in your contacts."
    )
    assert phone.err("add_contact", access_token=token, first_name="X", last_name="Y", phone_number="12345") == (
        "Invalid phone_number '12345': a phone number has exactly 10 digits."
    )
    error = phone.err("add_contact", access_token=token, first_name="X", last_name="Y", birthday="14/07/1992")
    assert error == "Invalid birthday '14/07/1992': expected YYYY-MM-DD."
    assert len(phone.state.contacts) == 4


def test_search_contacts(phone: Phone, token: str) -> None:
    phone.ok("add_contact", access_token=token, first_name="Ada", last_name="Okafor", relationships=["friend"])
    names = [c["first_name"] for c in phone.ok("search_contacts", access_token=token, page_limit=20)]
    assert names == ["Ada", "Mom", "Rita", "Sam"]
    friends = phone.ok("search_contacts", access_token=token, relationship="Friends")
    assert [c["first_name"] for c in friends] == ["Ada", "Sam"]
    found = phone.ok("search_contacts", access_token=token, query="gomez")
    assert [c["contact_id"] for c in found] == [2] and found[0]["relationships"] == ["coworker"]
    assert found[0]["created_at"] == "2026-01-05T09:00:00" and found[0]["phone_number"] == RITA
    assert [c["first_name"] for c in phone.ok("search_contacts", access_token=token, page_limit=3, page_index=1)] == [
        "Sam"
    ]
    assert phone.ok("search_contacts", access_token=token, page_index=5) == []


def test_update_contact(phone: Phone, token: str) -> None:
    answer = phone.ok("update_contact", access_token=token, contact_id=3, last_name="Haddad", work_address="Clinic")
    assert answer == {"message": "Contact updated."}
    mom = phone.state.contacts[3]
    assert (mom.first_name, mom.last_name, mom.work_address, mom.phone_number) == ("Mom", "Haddad", "Clinic", MOM)
    assert phone.err("update_contact", access_token=token, contact_id=9, last_name="X") == (
        "The contact with id 9 does not exist."
    )
    assert phone.err("update_contact", access_token=token, contact_id=3, phone_number=SAM) == (
        f"A contact with phone_number {SAM} already exists in your contacts."
    )
    assert phone.err("update_contact", access_token=token, contact_id=3) == (
        "Nothing to update: give at least one field to change."
    )


def test_send_text_message(phone: Phone, token: str) -> None:
    answer = phone.ok("send_text_message", access_token=token, phone_number=RITA, message="Thanks, will read tonight")
    assert answer == {"message": "Text message sent.", "text_message_id": 5}
    text = phone.state.messages[5]
    assert (text.sender, text.receiver, text.sent_at) == (ME, RITA, datetime(2026, 1, 5, 9, 0, 2))
    assert APP.rows(phone.state, "text_messages")[-1] == {
        "text_message_id": 5,
        "direction": "sent",
        "phone_number": RITA,
        "name": "Rita Gomez",
        "message": "Thanks, will read tonight",
        "sent_at": "2026-01-05T09:00:02",
    }
    assert phone.err("send_text_message", access_token=token, phone_number=ME, message="hi") == (
        "You cannot send a text message to your own phone number."
    )
    assert phone.err("send_text_message", access_token=token, phone_number="call me", message="hi") == (
        "Invalid phone_number 'call me': a phone number has exactly 10 digits."
    )


def test_show_text_message(phone: Phone, token: str) -> None:
    assert phone.ok("show_text_message", access_token=token, text_message_id=2) == {
        "text_message_id": 2,
        "sender": {"contact_id": None, "name": "Noor Haddad", "phone_number": ME},
        "receiver": {"contact_id": 1, "name": "Sam Lee", "phone_number": SAM},
        "message": "Yes, 7pm works",
        "sent_at": "2026-01-04T18:05:00",
    }
    assert phone.err("show_text_message", access_token=token, text_message_id=42) == (
        "The text message with id 42 does not exist."
    )


def test_search_text_messages(phone: Phone, token: str) -> None:
    ids = [t["text_message_id"] for t in phone.ok("search_text_messages", access_token=token)]
    assert ids == [4, 3, 2, 1]
    oldest = phone.ok("search_text_messages", access_token=token, sort_by="+created_at", page_limit=2)
    assert [t["text_message_id"] for t in oldest] == [1, 2]
    with_sam = phone.ok("search_text_messages", access_token=token, phone_number="555-000-2222")
    assert [t["text_message_id"] for t in with_sam] == [4, 2, 1]
    latest = phone.ok("search_text_messages", access_token=token, only_latest_per_contact=True)
    assert [(t["text_message_id"], t["sender"]["name"]) for t in latest] == [(4, "Sam Lee"), (3, "Rita Gomez")]
    assert [t["text_message_id"] for t in phone.ok("search_text_messages", access_token=token, query="slides")] == [3]
    assert phone.ok("search_text_messages", access_token=token, page_index=1, page_limit=5) == []
    assert phone.err("search_text_messages", access_token=token, sort_by="-sent_at") == (
        "Invalid sort_by value '-sent_at'. Allowed values: +created_at, -created_at."
    )


def test_text_message_window_pages_oldest_to_newest(phone: Phone, token: str) -> None:
    phone.ok("send_text_message", access_token=token, phone_number=SAM, message="See you there")

    def window(**arguments: Any) -> list[int]:
        texts = phone.ok("show_text_message_window", access_token=token, phone_number=SAM, **arguments)
        return [t["text_message_id"] for t in texts]

    assert window(page_limit=2) == [4, 5]
    assert window(page_limit=2, page_index=1) == [1, 2]
    assert window(page_limit=2, pagination_order="ascending") == [1, 2]
    assert window(min_datetime="2026-01-04|18:01:00", max_datetime="2026-01-05|08:30:00") == [2, 4]
    assert phone.err("show_text_message_window", access_token=token, phone_number=SAM, min_datetime="yesterday") == (
        "Invalid min_datetime 'yesterday': expected YYYY-MM-DD|HH:MM:SS."
    )


def test_create_show_and_toggle_alarms(phone: Phone, token: str) -> None:
    answer = phone.ok("create_alarm", access_token=token, time="07:15", repeat_days=["sunday", "saturday"], label="Run")
    assert answer == {"message": "Alarm created successfully.", "alarm_id": 3}
    assert phone.ok("show_alarm", access_token=token, alarm_id=3) == {
        "alarm_id": 3,
        "time": "07:15",
        "repeat_days": ["saturday", "sunday"],
        "label": "Run",
        "enabled": True,
        "snooze_minutes": 15,
        "vibration": True,
        "created_at": "2026-01-05T09:00:02",
        "user": {"name": "Noor Haddad", "phone_number": ME},
    }
    assert phone.ok("show_alarm", access_token=token, alarm_id=1)["repeat_days"] == ["monday", "friday"]
    assert phone.ok("update_alarm", access_token=token, alarm_id=1, enabled=False, snooze_minutes=0) == {
        "message": "Alarm updated successfully."
    }
    assert phone.ok("update_alarm", access_token=token, alarm_id=2, enabled=True, time="08:45")
    rows = {r["alarm_id"]: r for r in APP.rows(phone.state, "alarms")}
    assert (rows[1]["enabled"], rows[1]["snooze_minutes"], rows[1]["label"]) == (False, 0, "Gym")
    assert (rows[2]["enabled"], rows[2]["time"]) == (True, "08:45")
    assert phone.err("create_alarm", access_token=token, time="7:15 pm") == (
        "Invalid time '7:15 pm': expected HH:MM (24-hour), e.g. 07:30."
    )
    assert phone.err("update_alarm", access_token=token, alarm_id=1) == (
        "Nothing to update: give at least one field to change."
    )
    assert phone.err("show_alarm", access_token=token, alarm_id=8) == "The alarm with id 8 does not exist."


def test_someone_elses_alarm_is_not_yours(phone: Phone, token: str) -> None:
    phone.state.alarms[9] = Alarm(alarm_id=9, owner=SAM, time="05:00", created_at=DEFAULT_START)
    assert phone.err("show_alarm", access_token=token, alarm_id=9) == (
        "The given alarm does not belong to you, so you cannot access it."
    )
    assert phone.err("update_alarm", access_token=token, alarm_id=9, enabled=False) == (
        "The given alarm does not belong to you, so you cannot access it."
    )
    assert phone.state.alarms[9].enabled is True


@pytest.mark.parametrize(
    ("api", "arguments", "problem"),
    [
        ("search_contacts", {"page_limit": 21}, "page_limit: Input should be less than or equal to 20"),
        ("search_contacts", {"page_limit": 0}, "page_limit: Input should be greater than or equal to 1"),
        ("search_text_messages", {"page_index": -1}, "page_index: Input should be greater than or equal to 0"),
        ("create_alarm", {"time": "07:00", "snooze_minutes": -5}, "snooze_minutes: Input should be greater than"),
        ("create_alarm", {"time": "07:00", "repeat_days": ["someday"]}, "repeat_days.0: Input should be 'monday'"),
        ("send_text_message", {"phone_number": SAM, "message": ""}, "message: String should have at least 1"),
        ("send_text_message", {"message": "hi"}, "phone_number: Field required"),
        ("show_alarm", {"alarm_id": "first"}, "alarm_id: Input should be a valid integer"),
        ("show_alarm", {"alarm_id": 1, "verbose": True}, "verbose: Extra inputs are not permitted"),
        ("show_text_message_window", {"phone_number": SAM, "pagination_order": "up"}, "pagination_order: Input"),
    ],
)
def test_bad_arguments_change_nothing(
    phone: Phone, token: str, api: str, arguments: dict[str, Any], problem: str
) -> None:
    phone.bad_arguments(api, problem, access_token=token, **arguments)


def test_public_api_rejects_arguments(phone: Phone) -> None:
    assert phone.err("get_current_date_and_time", access_token="x").startswith(
        "bad arguments for phone__get_current_date_and_time: access_token: Extra inputs"
    )


def test_collections(phone: Phone) -> None:
    contacts = APP.rows(phone.state, "contacts")
    assert (
        contacts[2]["name"] == "Mom" and contacts[2]["phone_number"] == MOM and contacts[2]["birthday"] == "1961-03-09"
    )
    assert contacts[0]["relationships"] == ["friend"]
    texts = APP.rows(phone.state, "text_messages")
    assert [(t["direction"], t["name"]) for t in texts] == [
        ("received", "Sam Lee"),
        ("sent", "Sam Lee"),
        ("received", "Rita Gomez"),
        ("received", "Sam Lee"),
    ]
    with pytest.raises(KeyError, match="no collection 'calls'"):
        APP.rows(phone.state, "calls")


def _write(folder: Path, fixture: dict[str, Any]) -> Path:
    return write_fixtures(folder, {"phone": fixture})


def test_fixture_loads_and_problems_name_the_field(tmp_path: Path) -> None:
    world = load_world(_write(tmp_path, FIXTURE), {"phone": APP})
    assert world.state("phone", PhoneState).owner == ME
    bad = {**FIXTURE, "messages": [{"from": SAM, "to": RITA, "message": "hi", "at": "2026-01-01T10:00:00"}]}
    with pytest.raises(FixtureError, match=r"messages\[0\]: a message must be between the persona"):
        load_world(_write(tmp_path, bad), {"phone": APP})
    twin = {**FIXTURE, "users": [{**FIXTURE["users"][0], "phone_number": ME}]}
    with pytest.raises(FixtureError, match=rf"users\[0\]\.phone_number: duplicate phone number {ME}"):
        load_world(_write(tmp_path, twin), {"phone": APP})
    wrong = {**FIXTURE, "alarms": [{"time": "25:00"}]}
    with pytest.raises(FixtureError, match=r"alarms\[0\]\.time: Invalid time"):
        load_world(_write(tmp_path, wrong), {"phone": APP})
    with pytest.raises(FixtureError, match=r"contacts\[0\]\.nickname: Extra inputs"):
        load_world(_write(tmp_path, {**FIXTURE, "contacts": [{"first_name": "A", "nickname": "B"}]}), {"phone": APP})
