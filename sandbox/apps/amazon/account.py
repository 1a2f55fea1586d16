"""amazon account APIs: login/logout (recording the login time), the account, addresses and payment cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import Field

from sandbox.apps.amazon.state import Address, AmazonState, by_id
from sandbox.apps.amazon.views import address_view, card_view
from sandbox.apps.auth import LoginArgs, auth_apis
from sandbox.apps.base import Account, Api, TokenArgs
from sandbox.apps.query import iso
from sandbox.apps.world import Call


def me(call: Call, token: str) -> tuple[AmazonState, Account]:
    """The app's state and the account logged in with `token` (401 otherwise)."""
    account = call.user(token)
    return call.state(AmazonState), account


def _login_apis() -> list[Api[Any]]:
    login, logout = auth_apis("amazon")

    def login_and_record(args: LoginArgs, call: Call) -> Any:
        result = login.fn(args, call)
        state = call.state(AmazonState)
        account = state.account(args.username)
        assert account is not None
        state.customer(account.username).last_logged_in = call.now
        return result

    return [replace(login, fn=login_and_record), logout]


def show_account(args: TokenArgs, call: Call) -> dict[str, Any]:
    """The logged-in customer's account."""
    state, account = me(call, args.access_token)
    customer = state.customer(account.username)
    return {
        "first_name": account.first_name,
        "last_name": account.last_name,
        "email": account.email,
        "registered_at": iso(account.registered_at),
        "last_logged_in": iso(customer.last_logged_in),
        "track_browsing_history": customer.track_browsing_history,
        "verified": customer.verified,
        "is_prime": customer.is_prime,
    }


class AddAddressArgs(TokenArgs):
    """Arguments of add_address."""

    name: str = Field(min_length=1, description="A label for the address, e.g. 'Home' or 'Office'.")
    street_address: str = Field(min_length=1, description="Street and house number.")
    city: str = Field(min_length=1, description="City.")
    state: str = Field(min_length=1, description="State.")
    country: str = Field(min_length=1, description="Country.")
    zip_code: int = Field(ge=0, le=99_999, description="5-digit zip code.")


def add_address(args: AddAddressArgs, call: Call) -> dict[str, Any]:
    """Add a delivery address."""
    state, account = me(call, args.access_token)
    address_id = state.next_id("address")
    fields = args.model_dump(exclude={"access_token"})
    state.addresses[address_id] = Address(address_id=address_id, owner=account.username, **fields)
    return {"message": "Added address to your account.", "address_id": address_id}


def show_addresses(args: TokenArgs, call: Call) -> list[dict[str, Any]]:
    """The customer's addresses, by address_id."""
    state, account = me(call, args.access_token)
    return [address_view(a) for a in by_id(state.addresses) if a.owner == account.username]


class ShowCardArgs(TokenArgs):
    """Arguments of show_payment_card."""

    payment_card_id: int = Field(description="Id of one of your payment cards.")


def show_payment_card(args: ShowCardArgs, call: Call) -> dict[str, Any]:
    """One of the customer's payment cards."""
    state, account = me(call, args.access_token)
    return card_view(state.payment_card(args.payment_card_id, account.username))


def show_payment_cards(args: TokenArgs, call: Call) -> list[dict[str, Any]]:
    """The customer's payment cards, by payment_card_id."""
    state, account = me(call, args.access_token)
    return [card_view(c) for c in by_id(state.payment_cards) if c.owner == account.username]


APIS: list[Api[Any]] = [
    *_login_apis(),
    Api("show_account", "Show your amazon account: name, email, Prime membership, settings.", TokenArgs, show_account),
    Api("add_address", "Add a delivery address to your account; returns its address_id.", AddAddressArgs, add_address),
    Api("show_addresses", "List your delivery addresses (no pagination).", TokenArgs, show_addresses),
    Api("show_payment_card", "Show one of your payment cards.", ShowCardArgs, show_payment_card),
    Api("show_payment_cards", "List your payment cards (no pagination).", TokenArgs, show_payment_cards),
]
