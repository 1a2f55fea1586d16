"""gmail accounts: sign up and search users (both public: no access token)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import Account, ApiArgs, AppError, PageArgs
from sandbox.apps.gmail.state import GmailState
from sandbox.apps.query import iso, page, search
from sandbox.apps.world import Call


class SignupArgs(ApiArgs):
    """Arguments of signup."""

    first_name: str = Field(min_length=1, description="First name.")
    last_name: str = Field(min_length=1, description="Last name.")
    email: str = Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", description="Email address of the new account.")
    password: str = Field(min_length=5, description="Password (at least 5 characters).")


def signup(args: SignupArgs, call: Call) -> dict[str, Any]:
    """Create a gmail account."""
    state = call.state(GmailState)
    if state.by_email(args.email) is not None:
        raise AppError("An account with this email already exists.")
    state.accounts.append(
        Account(
            username=args.email,
            password=args.password,
            first_name=args.first_name,
            last_name=args.last_name,
            email=args.email,
            registered_at=call.now,
        )
    )
    return {"message": "Account created successfully."}


class SearchUsersArgs(PageArgs):
    """Arguments of search_users."""

    query: str = Field(default="", description="Full-text search over names and email addresses.")


def search_users(args: SearchUsersArgs, call: Call) -> list[dict[str, Any]]:
    """gmail users matching a query."""
    state = call.state(GmailState)
    found = search(state.accounts, args.query, lambda a: f"{a.first_name} {a.last_name} {a.email}")
    return [
        {
            "first_name": a.first_name,
            "last_name": a.last_name,
            "email": a.email,
            "registered_at": iso(a.registered_at),
            "status": "active",
        }
        for a in page(found, args.page_index, args.page_limit)
    ]
