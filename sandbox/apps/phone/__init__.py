"""The phone app: contacts, text messages and alarms; the login username is the 10-digit phone number."""

from __future__ import annotations

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import AppSpec
from sandbox.apps.phone import alarms, contacts, messages
from sandbox.apps.phone.state import PhoneFixture, PhoneState, seed
from sandbox.apps.phone.views import AlarmRow, ContactRow, TextRow, alarm_rows, contact_rows, text_rows

APP = AppSpec(
    name="phone",
    state_model=PhoneState,
    fixture_model=PhoneFixture,
    seed=seed,
    apis=[*auth_apis("phone", "your 10-digit phone number"), *contacts.APIS, *messages.APIS, *alarms.APIS],
    collections={
        "contacts": (ContactRow, contact_rows),
        "text_messages": (TextRow, text_rows),
        "alarms": (AlarmRow, alarm_rows),
    },
)
