"""CSV and JSON files of every report table (one `<name>.csv` and one `<name>.json` per table)."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path

from engine.report.table import Table


def write_csv(table: Table, path: Path) -> Path:
    """The table as CSV: a header row of column names, empty cells for missing values."""
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(table.columns)
        writer.writerows([["" if v is None else v for v in row] for row in table.rows])
    return path


def write_json(table: Table, path: Path) -> Path:
    """The table as JSON: name, title, note, columns and the rows as column -> value records (null = missing)."""
    payload = {"name": table.name, "title": table.title, "note": table.note, "columns": table.columns}
    path.write_text(json.dumps({**payload, "rows": table.records()}, indent=2) + "\n", encoding="utf-8")
    return path


def export_tables(tables: Sequence[Table], out: Path) -> list[Path]:
    """Write every table as CSV and JSON into `out` (created when missing); the written paths."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for table in tables:
        written += [write_csv(table, out / f"{table.name}.csv"), write_json(table, out / f"{table.name}.json")]
    return written
