"""The app framework's building blocks: errors, argument bases, API and app definitions.

An app is an `AppSpec`: a typed state model, a fixture model with a `seed` function turning a
fixture into a first state, the app's APIs, and named query collections for the `app_state` rule.
Every API is an `Api`: a name, a description, a pydantic argument model and a function of
(arguments, `Call`) returning the JSON payload or raising `AppError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine.tools.base import ToolArgs

if TYPE_CHECKING:
    from sandbox.apps.world import Call

UNAUTHORIZED = (
    "You are either not authorized to access this {app} API endpoint or your access token is missing, "
    "invalid or expired."
)


class AppError(Exception):
    """An app call failed. `message` is the text the agent reads; `status` the HTTP-like code of the API."""

    def __init__(self, message: str, status: int = 422) -> None:
        """Keep the message and status code."""
        super().__init__(message)
        self.message = message
        self.status = status


def not_found(resource: str, ident: object, key: str = "id") -> AppError:
    """The 409 error of a lookup that found nothing, e.g. 'The task with id 7 does not exist.'."""
    return AppError(f"The {resource} with {key} {ident} does not exist.", 409)


def not_yours(resource: str) -> AppError:
    """The 422 error of a resource that belongs to another user."""
    return AppError(f"The given {resource} does not belong to you, so you cannot access it.")


class Owned(Protocol):
    """A record that belongs to one user."""

    @property
    def owner(self) -> str:
        """The owner's username."""


R = TypeVar("R")
OwnedT = TypeVar("OwnedT", bound=Owned)


def record(records: Mapping[int, R], resource: str, ident: int) -> R:
    """The record with this id; the 409 `not_found` error of `resource` when there is none."""
    found = records.get(ident)
    if found is None:
        raise not_found(resource, ident)
    return found


def owned(records: Mapping[int, OwnedT], resource: str, ident: int, owner: str) -> OwnedT:
    """The owner's record with this id; 409 when unknown, 422 (`not_yours`) when someone else's."""
    found = record(records, resource, ident)
    if found.owner != owner:
        raise not_yours(resource)
    return found


class StateModel(BaseModel):
    """Base of every state record: unknown keys are errors, so a corrupt snapshot fails loudly."""

    model_config = ConfigDict(extra="forbid")


class Account(StateModel):
    """A user known to an app. Users without a password exist (they can be mailed, assigned) but cannot log in."""

    username: str = Field(description="Login name: the email (the phone number in the phone app).")
    password: str | None = Field(default=None, description="Password; None means the account cannot log in.")
    first_name: str = Field(description="First name.")
    last_name: str = Field(default="", description="Last name.")
    email: str = Field(description="Email address.")
    registered_at: datetime = Field(description="When the account was created.")

    @property
    def name(self) -> str:
        """The display name, 'First Last'."""
        return f"{self.first_name} {self.last_name}".strip()


class AppState(StateModel):
    """Base of every app's state: its accounts, live access tokens and id counters."""

    owner: str = Field(default="", description="Username of the persona's own account (the app_state rule's view).")
    accounts: list[Account] = Field(default_factory=list, description="Every user the app knows.")
    tokens: dict[str, str] = Field(default_factory=dict, description="Live access token -> username.")
    counters: dict[str, int] = Field(default_factory=dict, description="Last id handed out, per resource kind.")

    def account(self, username: str) -> Account | None:
        """The account with this username (case-insensitive), if any."""
        wanted = username.strip().lower()
        return next((a for a in self.accounts if a.username.lower() == wanted), None)

    def by_email(self, email: str) -> Account | None:
        """The account with this email (case-insensitive), if any."""
        wanted = email.strip().lower()
        return next((a for a in self.accounts if a.email.lower() == wanted), None)

    def next_id(self, kind: str) -> int:
        """A new id for a resource kind: one more than the last handed out (ids start at 1)."""
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]


class ApiArgs(ToolArgs):
    """Base of every app API's arguments (unknown arguments are errors)."""


class TokenArgs(ApiArgs):
    """Arguments of an API that needs a logged-in user."""

    access_token: str = Field(description="The access_token returned by this app's login.")


class PageArgs(ApiArgs):
    """Pagination of a list API whose page_limit is at most 20."""

    page_index: int = Field(default=0, ge=0, description="Index of the page to return (0 is the first).")
    page_limit: int = Field(default=5, ge=1, le=20, description="Maximum number of results per page (1-20).")


class OpenPageArgs(ApiArgs):
    """Pagination of a list API without an upper bound on page_limit."""

    page_index: int = Field(default=0, ge=0, description="Index of the page to return (0 is the first).")
    page_limit: int = Field(default=5, ge=1, description="Maximum number of results per page (at least 1).")


A = TypeVar("A", bound=ApiArgs)
S = TypeVar("S", bound=AppState)


@dataclass(frozen=True)
class Api(Generic[A]):
    """One API of an app; it becomes the agent tool `<app>__<name>`."""

    name: str
    description: str
    args_model: type[A]
    fn: Callable[[A, Call], Any]


class SeedError(ValueError):
    """A fixture is well-formed but inconsistent; `field` is the dotted path of the offending value."""

    def __init__(self, field_path: str, message: str) -> None:
        """Keep where and what."""
        super().__init__(f"{field_path}: {message}")
        self.field = field_path
        self.message = message


@dataclass(frozen=True)
class AppSpec(Generic[S]):
    """An app: its state model, fixture model and seed, its APIs, and its query collections.

    `collections` maps a name to (row model, function listing the rows of a state); the `app_state`
    rule queries these rows, and validates its field names against the row model.
    """

    name: str
    state_model: type[S]
    fixture_model: type[BaseModel]
    seed: Callable[[Any, datetime], S]
    apis: list[Api[Any]]
    collections: dict[str, tuple[type[BaseModel], Callable[[S], list[BaseModel]]]] = field(default_factory=dict)

    def rows(self, state: AppState, collection: str) -> list[dict[str, Any]]:
        """The rows of one collection of a state, as plain dicts; KeyError names an unknown collection."""
        if collection not in self.collections:
            raise KeyError(f"app {self.name} has no collection {collection!r}; known: {sorted(self.collections)}")
        assert isinstance(state, self.state_model)
        return [row.model_dump(mode="json") for row in self.collections[collection][1](state)]
