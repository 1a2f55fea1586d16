"""The gmail (and file_system, for attachments) fixture of the gmail tests, and its ids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.apps.harness import ACCOUNT, AMIRA, NOOR, OLGA, PIET, USERS, AppHarness

# ids in fixture order: threads 1-4, emails 1-5, attachment 1, draft 1
STATIONS, INVOICE, NEWSLETTER, SPAM = 1, 2, 3, 4
GMAIL: dict[str, Any] = {
    "account": ACCOUNT,
    "users": USERS,
    "threads": [
        {
            "label": "repair-cafe",
            "emails": [
                {
                    "from": AMIRA,
                    "to": [NOOR],
                    "subject": "Saturday stations",
                    "body": "Can I take electronics?",
                    "at": "2026-02-27T10:00:00",
                },
                {"from": NOOR, "to": [AMIRA], "body": "Yes, 10:00 at electronics.", "at": "2026-02-27T11:00:00"},
            ],
        },
        {
            "read": True,
            "starred": True,
            "emails": [
                {
                    "from": PIET,
                    "to": [NOOR],
                    "subject": "Bike parts invoice",
                    "body": "Invoice attached.",
                    "at": "2026-02-20T08:00:00",
                    "attachments": [{"file_name": "invoice.txt", "content": "EUR 42"}],
                },
            ],
        },
        {
            "archived": True,
            "emails": [
                {
                    "from": OLGA,
                    "to": [NOOR],
                    "subject": "Neighbourhood newsletter",
                    "body": "March issue",
                    "at": "2026-02-01T08:00:00",
                }
            ],
        },
        {
            "spam": True,
            "emails": [
                {"from": OLGA, "to": [NOOR], "subject": "You won", "body": "Claim now", "at": "2026-02-02T08:00:00"}
            ],
        },
    ],
    "drafts": [{"to": [PIET], "subject": "Parts list", "body": "Inner tubes, brake pads."}],
}
FILE_SYSTEM: dict[str, Any] = {
    "account": ACCOUNT,
    "files": [{"path": "~/documents/agenda.txt", "content": "1. Welcome\n2. Stations"}],
}


def gmail_bench(tmp: Path) -> AppHarness:
    """gmail and file_system seeded, logged in to gmail."""
    bench = AppHarness.from_files(tmp, {"gmail": GMAIL, "file_system": FILE_SYSTEM})
    bench.login("gmail")
    return bench
