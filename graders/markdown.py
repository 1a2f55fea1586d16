"""Markdown tables as data: pipe tables (GitHub style) with the ATX headings they sit under.

Scope: a table is a line with `|` followed by a delimiter row (`---`, `:--`, `--:`, `:-:` cells)
with the same number of cells; its data rows are the following non-blank lines containing `|`.
Cells split on unescaped pipes; rows with too few cells are padded, extra cells dropped (as
GitHub renders them). Lines inside fenced code blocks are ignored; setext headings are not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_DELIMITER_CELL = re.compile(r"^:?-+:?$")


@dataclass
class Table:
    """One pipe table: header cells, data rows (padded to the header width), position, enclosing headings."""

    headers: list[str]
    rows: list[list[str]]
    line: int
    headings: list[str] = field(default_factory=list)

    def column(self, name: str) -> int | None:
        """Index of the header equal to `name` under `norm`, or None."""
        wanted = norm(name)
        return next((i for i, h in enumerate(self.headers) if norm(h) == wanted), None)


@dataclass
class ParsedMarkdown:
    """Every table of a document plus the first line that looked like a table but was not one."""

    tables: list[Table]
    near_miss: str | None = None


def norm(cell: str) -> str:
    """Comparison form of a cell or header: emphasis/code markers trimmed, whitespace collapsed, casefolded."""
    return " ".join(cell.strip().strip("*_`").split()).casefold()


def split_row(line: str) -> list[str]:
    """Cells of a pipe-table line; `\\|` is a literal pipe."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [cell.replace("\\|", "|").strip() for cell in re.split(r"(?<!\\)\|", body)]


def _is_delimiter(cells: list[str]) -> bool:
    return all(_DELIMITER_CELL.match(c.replace(" ", "")) for c in cells)


def _near_miss(number: int, line: str, header: list[str], delimiter: list[str]) -> str | None:
    """Why a line with pipes did not start a table, when it plausibly meant to."""
    if _is_delimiter(delimiter):
        return f"line {number}: the header has {len(header)} cells but the delimiter row has {len(delimiter)}"
    if line.strip().startswith("|"):
        return f"line {number} looks like a table row but no delimiter row follows it"
    return None


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(1-based line number, line) outside fenced code blocks."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        match = _FENCE.match(line)
        if match:
            fence = None if fence == match.group(1) else (fence or match.group(1))
            continue
        if fence is None:
            out.append((number, line))
    return out


def parse_tables(text: str) -> ParsedMarkdown:
    """Find every pipe table and the headings enclosing it."""
    lines = _content_lines(text)
    parsed = ParsedMarkdown(tables=[])
    stack: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        number, line = lines[i]
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            stack = [h for h in stack if h[0] < level] + [(level, heading.group(2))]
            i += 1
            continue
        nxt = lines[i + 1][1] if i + 1 < len(lines) and lines[i + 1][0] == number + 1 else ""
        header, delimiter = split_row(line), split_row(nxt)
        if "|" not in line or not _is_delimiter(delimiter) or len(delimiter) != len(header):
            if "|" in line and parsed.near_miss is None:
                parsed.near_miss = _near_miss(number, line, header, delimiter)
            i += 1
            continue
        i += 2
        rows: list[list[str]] = []
        while i < len(lines) and lines[i][1].strip() and "|" in lines[i][1]:
            cells = split_row(lines[i][1])
            rows.append((cells + [""] * len(header))[: len(header)])
            i += 1
        parsed.tables.append(Table(header, rows, number, [h[1] for h in stack]))
    return parsed
