"""phone contact APIs (add, search, update) and the public date-and-time API."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import Account, Api, ApiArgs, AppError, PageArgs, TokenArgs
from sandbox.apps.phone.state import Contact, PhoneState, phone_number, singular
from sandbox.apps.phone.views import contact_view, no_changes, own_contact
from sandbox.apps.query import page, parse_date, search
from sandbox.apps.world import Call


class NoArgs(ApiArgs):
    """An API without arguments."""


def get_current_date_and_time(args: NoArgs, call: Call) -> dict[str, str]:
    """The phone's clock: date like 'Monday, May 20, 2024' and time like '09:05 AM'."""
    return {"date": call.now.strftime("%A, %B %d, %Y"), "time": call.now.strftime("%I:%M %p")}


class ContactFields(TokenArgs):
    """The optional contact fields shared by add_contact and update_contact."""

    phone_number: str | None = Field(default=None, description="10-digit phone number.")
    email: str | None = Field(default=None, description="Email address.")
    relationships: list[str] | None = Field(default=None, description="E.g. ['friend', 'coworker'].")
    birthday: str | None = Field(default=None, description="Birthday, YYYY-MM-DD.")
    home_address: str | None = Field(default=None, description="Home address.")
    work_address: str | None = Field(default=None, description="Work address.")


class AddContactArgs(ContactFields):
    """Arguments of add_contact."""

    first_name: str = Field(min_length=1, description="First name.")
    last_name: str = Field(description="Last name.")


def _changes(args: ContactFields, state: PhoneState, user: Account, skip: int | None) -> dict[str, Any]:
    """The validated, non-None contact fields of a call; AppError for a bad or already-saved number."""
    values = args.model_dump(exclude={"access_token", "contact_id"}, exclude_none=True)
    if args.phone_number is not None:
        number = phone_number(args.phone_number)
        other = state.contact_for(user.username, number)
        if other is not None and other.contact_id != skip:
            raise AppError(f"A contact with phone_number {number} already exists in your contacts.")
        values["phone_number"] = number
    if args.birthday is not None:
        values["birthday"] = parse_date(args.birthday, "birthday")
    if args.relationships is not None:
        values["relationships"] = list(dict.fromkeys(singular(r) for r in args.relationships if r.strip()))
    return values


def add_contact(args: AddContactArgs, call: Call) -> dict[str, Any]:
    """Add a contact to the user's address book."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    values = _changes(args, state, user, None)
    contact_id = state.next_id("contact")
    state.contacts[contact_id] = Contact(contact_id=contact_id, owner=user.username, created_at=call.now, **values)
    return {"message": "Contact added.", "contact_id": contact_id}


class UpdateContactArgs(ContactFields):
    """Arguments of update_contact (None leaves a field unchanged)."""

    contact_id: int = Field(description="Id of the contact to change.")
    first_name: str | None = Field(default=None, min_length=1, description="New first name.")
    last_name: str | None = Field(default=None, description="New last name.")


def update_contact(args: UpdateContactArgs, call: Call) -> dict[str, str]:
    """Change fields of a contact."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    contact = own_contact(state, user, args.contact_id)
    no_changes(args.model_dump(exclude={"access_token", "contact_id"}))
    values = _changes(args, state, user, contact.contact_id)
    state.contacts[contact.contact_id] = contact.model_copy(update=values)
    return {"message": "Contact updated."}


class SearchContactsArgs(TokenArgs, PageArgs):
    """Arguments of search_contacts."""

    query: str = Field(default="", description="Full-text search over names, number, email, relationships, addresses.")
    relationship: str | None = Field(default=None, description="Only contacts with this relationship, e.g. 'friend'.")


def _contact_text(contact: Contact) -> str:
    parts = [contact.name, contact.phone_number, contact.email, *contact.relationships]
    return " ".join(p for p in [*parts, contact.home_address, contact.work_address] if p)


def search_contacts(args: SearchContactsArgs, call: Call) -> list[dict[str, Any]]:
    """The user's contacts matching a query and relationship, newest first (best matches first with a query)."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    mine = [c for c in state.contacts.values() if c.owner == user.username]
    if args.relationship is not None:
        wanted = singular(args.relationship)
        mine = [c for c in mine if wanted in c.relationships]
    newest = sorted(mine, key=lambda c: (c.created_at, c.contact_id), reverse=True)
    found = search(newest, args.query, _contact_text)
    return [contact_view(c) for c in page(found, args.page_index, args.page_limit)]


APIS: list[Api[Any]] = [
    Api(
        "get_current_date_and_time",
        "The current date and time on the phone (no login needed).",
        NoArgs,
        get_current_date_and_time,
    ),
    Api("add_contact", "Add a contact to your phone's address book.", AddContactArgs, add_contact),
    Api("search_contacts", "Search your contacts (newest first).", SearchContactsArgs, search_contacts),
    Api("update_contact", "Change fields of one of your contacts.", UpdateContactArgs, update_contact),
]
