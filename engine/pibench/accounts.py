"""App accounts for an imported persona, from the credentials its tasks state (best effort).

π-Bench's app-backed tasks run on AppWorld's database (its users, products, songs, e-mails); the data folder
does not hold it. What the tasks do hold is the login the user gives ("My Gmail email is X and password is
'Y'", "Login with username "X" and sandbox credential "Y""). The importer seeds each app the persona uses
with one account built from the first such login for that app, so the agent can log in as the original's
user; everything else AppWorld would hold is absent (see the README, "Importing π-Bench").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.loader import Problem
from engine.pibench.source import warn

APP_WORDS = {
    "gmail": r"g-?mail",
    "simple_note": r"simple ?note",
    "todoist": r"todoist",
    "amazon": r"amazon",
    "spotify": r"spotify",
    "splitwise": r"splitwise",
    "phone": r"phone",
    "file_system": r"file ?system",
}
_APP = re.compile("|".join(f"(?P<{app}>{word})" for app, word in APP_WORDS.items()), re.IGNORECASE)
_KEYWORD = re.compile(r"password|credential(?!s)", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?<!\d)\d{10}(?!\d)")
BACK = 160
AHEAD = 12
PLACEHOLDER_PASSWORD = "not-stated-in-the-tasks"


@dataclass(frozen=True)
class Login:
    """One login a task states."""

    app: str
    username: str | None
    password: str
    source: str


def _secret_after(text: str) -> str | None:
    """The first token after a password keyword that looks like one: 4+ characters, not an e-mail, not a plain
    word ("is", "exactly", "First", "company's")."""
    for raw in text.split()[:AHEAD]:
        token = raw.strip("\"'“”‘’`").rstrip(".,;:").strip("\"'“”‘’`")
        if len(token) >= 4 and not _EMAIL.fullmatch(token) and not re.fullmatch(r"[A-Za-z]?[a-z']+", token):
            return token
    return None


def _masked(text: str) -> str:
    """`text` with e-mail addresses blanked (so 'gmail' inside an address names no app)."""
    return _EMAIL.sub(lambda m: " " * len(m.group()), text)


def logins(text: str, source: str, task_apps: list[str]) -> list[Login]:
    """Every (app, username, password) stated in `text`; the app is the nearest app name before the password
    keyword, else the task's only app."""
    found: list[Login] = []
    for match in _KEYWORD.finditer(text):
        secret = _secret_after(text[match.end() : match.end() + 200])
        if secret is None:
            continue
        before = text[max(0, match.start() - BACK) : match.start()]
        apps = [m.lastgroup for m in _APP.finditer(_masked(before)) if m.lastgroup]
        app = apps[-1] if apps else (task_apps[0] if len(task_apps) == 1 else None)
        if app is None:
            continue
        names = _PHONE.findall(before) if app == "phone" else _EMAIL.findall(before)
        found.append(Login(app, names[-1] if names else None, secret, source))
    return found


def _fixture(app: str, user_id: str, login: Login | None, email: str) -> dict[str, Any]:
    account: dict[str, Any] = {
        "first_name": user_id,
        "last_name": "",
        "email": email,
        "password": login.password if login else PLACEHOLDER_PASSWORD,
    }
    if app == "phone":
        account["phone_number"] = login.username if login and login.username else "5550000000"
    return {"account": account, "users": []}


def fixtures(
    user_id: str, apps: list[str], found: Iterable[Login], problems: list[Problem], where: Path
) -> dict[str, dict[str, Any]]:
    """One fixture per app: the first login stated for it (conflicting later ones are warned about)."""
    first: dict[str, Login] = {}
    for login in found:
        kept = first.setdefault(login.app, login)
        if (kept.username, kept.password) != (login.username, login.password) and login.username is not None:
            warn(
                problems,
                login.source,
                "intent.initial_input",
                f"states a second {login.app} login ({login.username}); the imported {login.app} account is the "
                f"first one ({kept.username}, from {Path(kept.source).parent.name}): logins with this one will fail",
            )
    emails = [x.username for x in first.values() if x.username and "@" in x.username]
    default_email = emails[0] if emails else f"{user_id.lower()}@pibench.invalid"
    out: dict[str, dict[str, Any]] = {}
    for app in apps:
        chosen = first.get(app)
        if chosen is None:
            warn(
                problems,
                where,
                f"tool_names ({app})",
                f"no task states a login for {app}: its account is {default_email} with a placeholder password, so "
                "the agent cannot log in",
            )
        email = chosen.username if chosen and chosen.username and "@" in chosen.username else default_email
        out[app] = _fixture(app, user_id, chosen, email)
    return out
