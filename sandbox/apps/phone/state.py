"""phone state (each user's contacts and alarms, text messages between numbers), its fixture and seed."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Literal

from pydantic import Field

from sandbox.apps.base import AppError, AppState, SeedError, StateModel
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts

Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WEEK: tuple[Weekday, ...] = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


class Contact(StateModel):
    """An entry of one user's address book."""

    contact_id: int = Field(description="Contact id.")
    owner: str = Field(description="Phone number of the user whose address book holds the contact.")
    first_name: str = Field(description="First name.")
    last_name: str = Field(default="", description="Last name.")
    email: str | None = Field(default=None, description="Email address.")
    phone_number: str | None = Field(default=None, description="10-digit phone number.")
    relationships: list[str] = Field(default_factory=list, description="Lower-case, singular, e.g. 'friend'.")
    birthday: date | None = Field(default=None, description="Birthday.")
    home_address: str | None = Field(default=None, description="Home address.")
    work_address: str | None = Field(default=None, description="Work address.")
    created_at: datetime = Field(description="When the contact was added.")

    @property
    def name(self) -> str:
        """'First Last'."""
        return f"{self.first_name} {self.last_name}".strip()


class TextMessage(StateModel):
    """A text message from one number to another (both parties see it)."""

    text_message_id: int = Field(description="Text message id.")
    sender: str = Field(description="Sender's phone number.")
    receiver: str = Field(description="Receiver's phone number.")
    message: str = Field(description="Message text.")
    sent_at: datetime = Field(description="When it was sent.")

    def other(self, number: str) -> str:
        """The other party's number, seen from `number`."""
        return self.receiver if self.sender == number else self.sender


class Alarm(StateModel):
    """An alarm on one user's phone."""

    alarm_id: int = Field(description="Alarm id.")
    owner: str = Field(description="Phone number of the alarm's user.")
    time: str = Field(description="Time of day, HH:MM (24-hour).")
    repeat_days: list[Weekday] = Field(default_factory=list, description="Weekdays it repeats on (empty: once).")
    label: str | None = Field(default=None, description="Label.")
    enabled: bool = Field(default=True, description="Whether the alarm is on.")
    snooze_minutes: int = Field(default=15, ge=0, description="Snooze length in minutes (0: no snooze).")
    vibration: bool = Field(default=True, description="Whether it vibrates.")
    created_at: datetime = Field(description="When the alarm was created.")


class PhoneState(AppState):
    """Every user's contacts and alarms and every text message; usernames are phone numbers."""

    contacts: dict[int, Contact] = Field(default_factory=dict, description="Contacts by contact_id.")
    messages: dict[int, TextMessage] = Field(default_factory=dict, description="Text messages by text_message_id.")
    alarms: dict[int, Alarm] = Field(default_factory=dict, description="Alarms by alarm_id.")

    def contact_for(self, owner: str, number: str) -> Contact | None:
        """The owner's (first) contact with this phone number."""
        found = [c for c in self.contacts.values() if c.owner == owner and c.phone_number == number]
        return min(found, key=lambda c: c.contact_id) if found else None


def phone_number(raw: str, arg: str = "phone_number") -> str:
    """A 10-digit number from an argument; spaces, dashes, dots, brackets and a leading +1 are ignored."""
    digits = re.sub(r"[\s().\-]", "", raw)
    if digits.startswith("+1"):
        digits = digits[2:]
    if not re.fullmatch(r"\d{10}", digits):
        raise AppError(f"Invalid {arg} '{raw}': a phone number has exactly 10 digits.")
    return digits


def alarm_time(raw: str) -> str:
    """An 'HH:MM' (24-hour) argument."""
    text = raw.strip()
    if not _TIME.match(text):
        raise AppError(f"Invalid time '{raw}': expected HH:MM (24-hour), e.g. 07:30.")
    return text


def week_order(days: list[Weekday]) -> list[Weekday]:
    """Distinct weekdays, Monday first."""
    return [d for d in WEEK if d in days]


def singular(word: str) -> str:
    """A relationship word lower-cased and singularised ('Friends' -> 'friend', 'Families' -> 'family')."""
    text = word.strip().lower()
    if text.endswith("ies") and len(text) > 3:
        return text[:-3] + "y"
    if text.endswith("s") and not text.endswith("ss") and len(text) > 1:
        return text[:-1]
    return text


class PhoneAccountFixture(AccountFixture):
    """The persona's phone account: the phone number is the login username."""

    phone_number: str = Field(description="The persona's 10-digit phone number (the login username).")


class PhoneUserFixture(PersonFixture):
    """Another phone user (someone who can text the persona)."""

    phone_number: str = Field(description="10-digit phone number (unique in the app).")


class ContactFixture(FixtureModel):
    """A contact in the persona's address book."""

    first_name: str = Field(min_length=1, description="First name.")
    last_name: str = Field(default="", description="Last name.")
    phone_number: str | None = Field(default=None, description="10-digit phone number.")
    email: str | None = Field(default=None, description="Email address.")
    relationships: list[str] = Field(default_factory=list, description="E.g. friend, coworker, sister.")
    birthday: date | None = Field(default=None, description="Birthday (YYYY-MM-DD).")
    home_address: str | None = Field(default=None, description="Home address.")
    work_address: str | None = Field(default=None, description="Work address.")


class TextFixture(FixtureModel):
    """A text message the persona sent or received."""

    sender: str = Field(alias="from", description="Sender's phone number (the persona's or another).")
    to: str = Field(description="Receiver's phone number; one side must be the persona.")
    message: str = Field(min_length=1, description="Message text.")
    at: datetime = Field(description="When it was sent.")


class AlarmFixture(FixtureModel):
    """An alarm on the persona's phone."""

    time: str = Field(description="HH:MM (24-hour).")
    repeat_days: list[Weekday] = Field(default_factory=list, description="Weekdays it repeats on.")
    label: str | None = Field(default=None, description="Label.")
    enabled: bool = Field(default=True, description="Whether it is on.")
    snooze_minutes: int = Field(default=15, ge=0, description="Snooze minutes (0: none).")
    vibration: bool = Field(default=True, description="Whether it vibrates.")


class PhoneFixture(FixtureModel):
    """personas/<id>/apps/phone.yaml."""

    account: PhoneAccountFixture = Field(description="The persona's account (login: phone number + password).")
    users: list[PhoneUserFixture] = Field(default_factory=list, description="Other phone users.")
    contacts: list[ContactFixture] = Field(default_factory=list, description="The persona's address book.")
    messages: list[TextFixture] = Field(default_factory=list, description="Text messages, in any order.")
    alarms: list[AlarmFixture] = Field(default_factory=list, description="The persona's alarms.")


def _checked(raw: str, where: str, arg: str = "phone_number") -> str:
    try:
        return phone_number(raw, arg)
    except AppError as exc:
        raise SeedError(where, exc.message) from exc


def _accounts(fixture: PhoneFixture, start: datetime) -> PhoneState:
    accounts = seed_accounts(fixture.account, list(fixture.users), start)
    numbers = [fixture.account.phone_number, *(u.phone_number for u in fixture.users)]
    for n, (account, number) in enumerate(zip(accounts, numbers, strict=True)):
        where = "account.phone_number" if n == 0 else f"users[{n - 1}].phone_number"
        account.username = _checked(number, where)
        if any(a.username == account.username for a in accounts[:n]):
            raise SeedError(where, f"duplicate phone number {account.username}")
    return PhoneState(accounts=accounts, owner=accounts[0].username)


def _contacts(state: PhoneState, contacts: list[ContactFixture], start: datetime) -> None:
    for n, c in enumerate(contacts):
        number = None if c.phone_number is None else _checked(c.phone_number, f"contacts[{n}].phone_number")
        contact_id = state.next_id("contact")
        state.contacts[contact_id] = Contact(
            contact_id=contact_id,
            owner=state.owner,
            phone_number=number,
            relationships=[singular(r) for r in c.relationships],
            created_at=start,
            **c.model_dump(exclude={"phone_number", "relationships"}),
        )


def _messages(state: PhoneState, messages: list[TextFixture]) -> None:
    me = state.owner
    for n, t in sorted(enumerate(messages), key=lambda item: (item[1].at, item[0])):
        sender, receiver = _checked(t.sender, f"messages[{n}].from"), _checked(t.to, f"messages[{n}].to")
        if me not in (sender, receiver) or sender == receiver:
            raise SeedError(f"messages[{n}]", f"a message must be between the persona ({me}) and another number")
        message_id = state.next_id("text_message")
        state.messages[message_id] = TextMessage(
            text_message_id=message_id, sender=sender, receiver=receiver, message=t.message, sent_at=t.at
        )


def _alarms(state: PhoneState, alarms: list[AlarmFixture], start: datetime) -> None:
    for n, a in enumerate(alarms):
        try:
            time = alarm_time(a.time)
        except AppError as exc:
            raise SeedError(f"alarms[{n}].time", exc.message) from exc
        alarm_id = state.next_id("alarm")
        state.alarms[alarm_id] = Alarm(
            alarm_id=alarm_id,
            owner=state.owner,
            time=time,
            repeat_days=week_order(a.repeat_days),
            created_at=start,
            **a.model_dump(exclude={"time", "repeat_days"}),
        )


def seed(fixture: PhoneFixture, start: datetime) -> PhoneState:
    """The first state: accounts keyed by phone number, then contacts, messages (by time) and alarms."""
    state = _accounts(fixture, start)
    _contacts(state, fixture.contacts, start)
    _messages(state, fixture.messages)
    _alarms(state, fixture.alarms, start)
    return state
