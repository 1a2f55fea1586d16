"""Accounts and access tokens: every app's `login` and `logout` APIs.

A token looks like a JWT (header.payload.signature, base64url) but is derived from the app, the
username and a counter, so runs are reproducible. Tokens live in the app's state until logout or
the end of the session.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from pydantic import Field

from sandbox.apps.base import Api, ApiArgs, AppError, AppState, TokenArgs
from sandbox.apps.world import Call

INVALID_CREDENTIALS = "Invalid credentials"


class LoginArgs(ApiArgs):
    """Arguments of login."""

    username: str = Field(description="Your account's username: your email address (your phone number for phone).")
    password: str = Field(description="Your account's password.")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def issue_token(app: str, state: AppState, username: str) -> str:
    """A new deterministic access token for `username`, registered in the app's state."""
    serial = state.next_id("access_token")
    header = _b64(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    payload = _b64(json.dumps({"sub": f"{app}+{username}", "jti": serial}, separators=(",", ":")).encode())
    signature = _b64(hashlib.sha256(f"{header}.{payload}".encode()).digest())
    token = f"{header}.{payload}.{signature}"
    state.tokens[token] = username
    return token


def _login(args: LoginArgs, call: Call) -> dict[str, Any]:
    state = call.world.states[call.app]
    account = state.account(args.username)
    if account is None or account.password is None or account.password != args.password:
        raise AppError(INVALID_CREDENTIALS, 401)
    return {"access_token": issue_token(call.app, state, account.username), "token_type": "Bearer"}


def _logout(args: TokenArgs, call: Call) -> dict[str, Any]:
    call.user(args.access_token)
    del call.world.states[call.app].tokens[args.access_token]
    return {"message": "Successfully logged out."}


def auth_apis(app: str, username_hint: str = "your email address") -> list[Api[Any]]:
    """The `login` and `logout` APIs of an app."""
    return [
        Api(
            "login",
            f"Log in to your {app} account with {username_hint} and password; returns an access_token "
            f"that every other {app} API needs.",
            LoginArgs,
            _login,
        ),
        Api("logout", f"Log out of {app}: the access_token stops working.", TokenArgs, _logout),
    ]
