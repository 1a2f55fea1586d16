"""App fixture records and trigger payloads dated after the session that first shows them. The records of
`apps/<app>.yaml` are first shown by the first session whose toolsets include that app (the agent reaches an app only
through its tools, so an email dated the day before the first session with mail is no contradiction); a trigger
payload by its own session. Records are read by key, as table columns are
(`at`, `created_at`, `sent_at`, `received_at`, `finished_at`, `date`, ...; not `due_date`, `scheduled_send_at`,
`valid_until`, `release_date`, `birthday`), and the other text fields for the document dates of their lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import yaml

from engine.clockcheck.dates import opening_text, value_stamp
from engine.clockcheck.labels import is_event_label
from engine.clockcheck.lines import line_dates
from engine.loader import PersonaBundle, Problem
from engine.yaml_io import safe_load

FIXTURES_DIR = "apps"
CLOCK_FIXTURE = "clock"


def walk(data: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    """(dotted path, key, leaf value) for every leaf of nested dicts and lists (a list item's key is its list's)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk_item(value, f"{path}.{key}" if path else str(key), str(key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _walk_item(value, f"{path}[{n}]", path.rsplit(".", 1)[-1])


def _walk_item(value: Any, path: str, key: str) -> Iterator[tuple[str, str, Any]]:
    if isinstance(value, dict | list):
        yield from walk(value, path)
    else:
        yield path, key, value


def record_problems(data: Any, file: str, prefix: str, what: str, opening: datetime) -> list[Problem]:
    """Event-time fields (and document dates inside text fields) of app records or a trigger payload that lie
    after `opening`."""
    out: list[Problem] = []
    for path, key, value in walk(data, prefix):
        stamp = value_stamp(value) if is_event_label(re.sub(r"\[\d+\]$", "", key), key=True) else None
        if stamp is not None and stamp.after(opening):
            out.append(Problem(file, path, f"dated {stamp.text()} but {what}, which opens {opening_text(opening)}"))
        elif isinstance(value, str) and stamp is None:
            for number, line in enumerate(value.splitlines(), 1):
                for d in line_dates(line, number, heading=False):
                    if d.stamp.after(opening):
                        out.append(
                            Problem(
                                file,
                                path,
                                f"dated {d.stamp.text()} ({d.why}, {d.where} of the text) but {what}, which opens "
                                f"{opening_text(opening)}",
                            )
                        )
    return out


def app_problems(bundle: PersonaBundle, openings: dict[str, datetime]) -> list[Problem]:
    """App fixture records (`apps/<app>.yaml`, not clock.yaml) dated after the first session that shows them: the
    first session whose toolsets include the app (the agent reaches an app only through its tools; an app no session
    enables is never shown)."""
    folder = bundle.root / FIXTURES_DIR
    if not folder.is_dir():
        return []
    out: list[Problem] = []
    for path in sorted(folder.glob("*.yaml")):
        if path.stem == CLOCK_FIXTURE:
            continue
        first = next((s.id for s in bundle.sessions if path.stem in s.toolsets), None)
        if first is None:
            continue
        try:
            data = safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue  # check_apps reports it
        what = f"the {path.stem} app is first shown by {first} (the first session with its toolset)"
        out += record_problems(data, str(path), "", what, openings[first])
    return out
