"""phone payloads (CONTACT, TEXT, ALARM) and the query collections of the `app_state` rule."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from sandbox.apps.base import Account, AppError, not_yours, owned, record
from sandbox.apps.phone.state import Alarm, Contact, PhoneState, TextMessage
from sandbox.apps.query import iso


def party(state: PhoneState, viewer: str, number: str) -> dict[str, Any]:
    """{contact_id, name, phone_number} of a number as `viewer` sees it: their contact's name, else the user's."""
    contact = state.contact_for(viewer, number)
    account = state.account(number)
    name = contact.name if contact is not None else ("" if account is None else account.name)
    return {"contact_id": None if contact is None else contact.contact_id, "name": name, "phone_number": number}


def contact_view(contact: Contact) -> dict[str, Any]:
    """CONTACT."""
    return {
        "contact_id": contact.contact_id,
        "first_name": contact.first_name,
        "last_name": contact.last_name,
        "email": contact.email,
        "phone_number": contact.phone_number,
        "relationships": list(contact.relationships),
        "birthday": None if contact.birthday is None else contact.birthday.isoformat(),
        "home_address": contact.home_address,
        "work_address": contact.work_address,
        "created_at": iso(contact.created_at),
    }


def text_view(state: PhoneState, viewer: str, text: TextMessage) -> dict[str, Any]:
    """TEXT as `viewer` sees it."""
    return {
        "text_message_id": text.text_message_id,
        "sender": party(state, viewer, text.sender),
        "receiver": party(state, viewer, text.receiver),
        "message": text.message,
        "sent_at": iso(text.sent_at),
    }


def alarm_view(alarm: Alarm, user: Account) -> dict[str, Any]:
    """ALARM."""
    return {
        "alarm_id": alarm.alarm_id,
        "time": alarm.time,
        "repeat_days": list(alarm.repeat_days),
        "label": alarm.label,
        "enabled": alarm.enabled,
        "snooze_minutes": alarm.snooze_minutes,
        "vibration": alarm.vibration,
        "created_at": iso(alarm.created_at),
        "user": {"name": user.name, "phone_number": user.username},
    }


def own_contact(state: PhoneState, user: Account, contact_id: int) -> Contact:
    """The user's contact with this id; 409 when unknown, 422 when someone else's."""
    return owned(state.contacts, "contact", contact_id, user.username)


def own_alarm(state: PhoneState, user: Account, alarm_id: int) -> Alarm:
    """The user's alarm with this id; 409 when unknown, 422 when someone else's."""
    return owned(state.alarms, "alarm", alarm_id, user.username)


def own_text(state: PhoneState, user: Account, text_message_id: int) -> TextMessage:
    """A text message the user sent or received; 409 when unknown, 422 when between other people."""
    text = record(state.messages, "text message", text_message_id)
    if user.username not in (text.sender, text.receiver):
        raise not_yours("text message")
    return text


def no_changes(values: dict[str, Any]) -> None:
    """AppError when an update call gives no field to change."""
    if all(value is None for value in values.values()):
        raise AppError("Nothing to update: give at least one field to change.")


class ContactRow(BaseModel):
    """A row of the `contacts` collection: one contact in the persona's address book."""

    contact_id: int = Field(description="Contact id.")
    name: str = Field(description="'First Last'.")
    first_name: str = Field(description="First name.")
    last_name: str = Field(description="Last name.")
    phone_number: str | None = Field(description="Phone number.")
    email: str | None = Field(description="Email.")
    relationships: list[str] = Field(description="Relationships.")
    birthday: str | None = Field(description="Birthday, YYYY-MM-DD.")
    home_address: str | None = Field(description="Home address.")
    work_address: str | None = Field(description="Work address.")


class TextRow(BaseModel):
    """A row of the `text_messages` collection: a message the persona sent or received."""

    text_message_id: int = Field(description="Text message id.")
    direction: str = Field(description="'sent' or 'received' (from the persona's side).")
    phone_number: str = Field(description="The other party's number.")
    name: str = Field(description="The other party's name as the persona's phone shows it ('' if unknown).")
    message: str = Field(description="Message text.")
    sent_at: str = Field(description="When it was sent (ISO).")


class AlarmRow(BaseModel):
    """A row of the `alarms` collection: one of the persona's alarms."""

    alarm_id: int = Field(description="Alarm id.")
    time: str = Field(description="HH:MM.")
    repeat_days: list[str] = Field(description="Weekdays it repeats on.")
    label: str | None = Field(description="Label.")
    enabled: bool = Field(description="Whether it is on.")
    snooze_minutes: int = Field(description="Snooze minutes.")
    vibration: bool = Field(description="Whether it vibrates.")


def contact_rows(state: PhoneState) -> list[BaseModel]:
    """The persona's contacts by id."""
    mine = sorted((c for c in state.contacts.values() if c.owner == state.owner), key=lambda c: c.contact_id)
    return [ContactRow(name=c.name, **{k: v for k, v in contact_view(c).items() if k != "created_at"}) for c in mine]


def text_rows(state: PhoneState) -> list[BaseModel]:
    """The persona's text messages, oldest first."""
    me = state.owner
    rows: list[BaseModel] = []
    for t in sorted(state.messages.values(), key=lambda t: (t.sent_at, t.text_message_id)):
        if me in (t.sender, t.receiver):
            other = party(state, me, t.other(me))
            direction = "sent" if t.sender == me else "received"
            rows.append(
                TextRow(
                    text_message_id=t.text_message_id,
                    direction=direction,
                    phone_number=other["phone_number"],
                    name=other["name"],
                    message=t.message,
                    sent_at=iso(t.sent_at) or "",
                )
            )
    return rows


def alarm_rows(state: PhoneState) -> list[BaseModel]:
    """The persona's alarms by id."""
    mine = sorted((a for a in state.alarms.values() if a.owner == state.owner), key=lambda a: a.alarm_id)
    return [AlarmRow(**a.model_dump(exclude={"owner", "created_at"})) for a in mine]
