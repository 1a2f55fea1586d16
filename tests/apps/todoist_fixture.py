"""The todoist fixture of the todoist tests, and its ids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.apps.harness import ACCOUNT, AMIRA, USERS, AppHarness

# ids in fixture order
INBOX, CAFE, PRIVATE = 1, 2, 3
URGENT, LATER = 1, 2
SOLDER, HALL, FLYERS, ELECTRONICS, BIKES = 1, 2, 3, 4, 5
STATIONS = 1
TODOIST: dict[str, Any] = {
    "account": ACCOUNT,
    "users": USERS,
    "labels": [{"name": "urgent", "color": "red"}, {"name": "later", "color": "blue"}],
    "inbox": [
        {"title": "Buy solder", "due_date": "2026-03-01", "labels": ["urgent"]},
        {"title": "Call the hall", "due_date": "2026-03-02", "priority": "high"},
    ],
    "projects": [
        {
            "name": "Repair Café",
            "is_favorite": True,
            "collaborators": [AMIRA],
            "tasks": [
                {
                    "title": "Print flyers",
                    "assignee": AMIRA,
                    "sub_tasks": [{"title": "Design"}, {"title": "Print"}],
                    "comments": [{"author": AMIRA, "content": "The copy shop on Main St is cheapest."}],
                }
            ],
            "sections": [
                {
                    "name": "Stations",
                    "tasks": [{"title": "Electronics table"}, {"title": "Bikes", "is_completed": True}],
                }
            ],
        },
        {"name": "Private", "color": "green", "description": "Home things"},
    ],
    "notifications": [
        {"title": "Welcome", "at": "2026-03-01T08:00:00"},
        {"title": "Weekly summary", "read": True, "at": "2026-03-01T09:00:00"},
    ],
}
FILE_SYSTEM: dict[str, Any] = {"account": ACCOUNT, "files": [{"path": "/home/noor/flyer.txt", "content": "Repair!"}]}


def todoist_bench(tmp: Path) -> AppHarness:
    """todoist (and file_system) seeded, logged in to todoist."""
    bench = AppHarness.from_files(tmp, {"todoist": TODOIST, "file_system": FILE_SYSTEM})
    bench.login("todoist")
    return bench


def titles(listing: dict[str, Any]) -> list[str]:
    """Task titles of a show_tasks payload: no-section tasks, then each section's."""
    return [t["title"] for t in listing["no_section_tasks"]] + [
        t["title"] for s in listing["sections"] for t in s["tasks"]
    ]
