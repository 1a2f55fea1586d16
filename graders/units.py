"""Structural units of a text, so a rule's pattern is bounded to the unit that asserts something.

Units (`Unit`): `file` (all of it), `section` (a Markdown ATX heading or a LaTeX \\section / \\subsection /
\\paragraph with everything up to the next heading of the same or a higher level), `paragraph` (blank-line
separated blocks), `line`, `item` (a list item with its continuation lines, or a paragraph outside any list),
`row` (a Markdown pipe-table row, a LaTeX tabular row, or a line of a CSV file; the text's lines when it has
no table), `cell` (one cell of such a row) and `sentence` (sentences inside items, rows and headings; a
hard-wrapped line does not end a sentence, a line that starts a list item, a heading or a table row does).

`hedged(unit)` says whether a normalised unit asserts nothing: a question, a conditional or a hedge ("if it
went out the balance would be …", "as a fallback, Tuesday"); `negated(unit)` whether it denies or corrects
something ("not £500", "the earlier figure was wrong").
"""

from __future__ import annotations

import re
from typing import Literal

Unit = Literal["file", "section", "paragraph", "line", "item", "row", "cell", "sentence"]

_MD_HEADING = re.compile(r"^(#{1,6})\s+\S")
_TEX_HEADING = re.compile(r"^\s*\\(section|subsection|subsubsection|paragraph)\*?\{")
_TEX_LEVEL = {"section": 1, "subsection": 2, "subsubsection": 3, "paragraph": 4}
_LIST_START = re.compile(r"^\s*(?:[-*+]|\d{1,3}[A-Z]?[.)]|\([a-z0-9]{1,3}\)|[a-z][.)]|\\item)\s+", re.IGNORECASE)
_PIPE_DELIM = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_TEX_RULE = re.compile(r"\\(toprule|midrule|bottomrule|hline|cmidrule(\([lr]+\))?\{[^}]*\}|cline\{[^}]*\})")
_TABULAR = re.compile(r"\\begin\{(tabular\*?|tabularx|longtable)\}(?:\{[^}]*\})*(.*?)\\end\{\1\}", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]*_]*\s+(?=[\"'(\[*_]*[A-Z0-9£$€])")
# A full stop after one of these ends an abbreviation, not a sentence ("approx. €265.6k", "e.g. 7y", "Dr. Marsh").
_ABBREVIATION = re.compile(
    r"(?:^|[\s(])(?:approx|ca|cf|e\.g|i\.e|vs|incl|excl|esp|fig|figs|tab|eq|sec|ref|dr|mr|mrs|ms|prof)\.$",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"\b(if|unless|would|could|might|perhaps|possibly|maybe|in case|fall-?back|otherwise|assuming|"
    r"should (it|they|you|we|the))\b"
)
_PENDING = re.compile(
    r"^\W*(pending|to do|todo|tbc|tbd)\b|\b(to be|still to be) (added|included|confirmed|approved|cleared)\b|"
    r"\bawaiting (approval|sign-?off|confirmation)\b"
)
_REQUEST = re.compile(r"\bplease\b")
_NEGATED_MODAL = re.compile(r"\b(could|would|might)(\s+not|n't)\b")
_NEGATION = re.compile(r"\b(not|never|no longer|instead of|rather than|incorrect|wrong|previously|formerly)\b|n't\b")


def _heading_level(line: str) -> int | None:
    md = _MD_HEADING.match(line)
    if md:
        return len(md.group(1))
    tex = _TEX_HEADING.match(line)
    return _TEX_LEVEL[tex.group(1)] if tex else None


def sections(text: str) -> list[tuple[str, str]]:
    """(heading line, section text including the heading and its subsections) for every heading."""
    lines = text.splitlines()
    heads = [(n, lvl) for n, line in enumerate(lines) if (lvl := _heading_level(line)) is not None]
    out = []
    for k, (start, level) in enumerate(heads):
        end = next((n for n, lvl in heads[k + 1 :] if lvl <= level), len(lines))
        out.append((lines[start], "\n".join(lines[start:end])))
    return out


def paragraphs(text: str) -> list[str]:
    """Blank-line separated blocks."""
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def items(text: str) -> list[str]:
    """List items (with continuation lines); a paragraph outside a list is one item; headings stand alone."""
    out: list[str] = []
    for para in paragraphs(text):
        current: list[str] = []
        for line in para.splitlines():
            starts = _LIST_START.match(line) or _heading_level(line) is not None or line.lstrip().startswith("|")
            after_row = bool(current) and current[-1].rstrip().endswith("\\\\")
            after_heading = bool(current) and _heading_level(current[-1]) is not None
            if (starts or after_row or after_heading) and current:
                out.append("\n".join(current))
                current = []
            current.append(line)
        if current:
            out.append("\n".join(current))
    return out


def _tex_tables(text: str) -> list[list[list[str]]]:
    tables = []
    for match in _TABULAR.finditer(text):
        body = _TEX_RULE.sub(" ", match.group(2))
        rows = [[c.strip() for c in re.split(r"(?<!\\)&", raw)] for raw in re.split(r"\\\\(?:\[[^\]]*\])?", body)]
        tables.append([r for r in rows if any(c for c in r)])
    return tables


def _pipe_cells(line: str) -> list[str]:
    cells = line.strip()
    cells = cells[1:] if cells.startswith("|") else cells
    cells = cells[:-1] if cells.endswith("|") and not cells.endswith("\\|") else cells
    return [c.strip() for c in re.split(r"(?<!\\)\|", cells)]


def _pipe_tables(text: str) -> list[list[list[str]]]:
    tables: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if _in_pipe_table(line):
            if not _PIPE_DELIM.match(line):
                current.append(_pipe_cells(line))
        elif current:
            tables.append(current)
            current = []
    return tables


def tables(text: str, csv: bool = False) -> list[list[list[str]]]:
    """Every table of the text (LaTeX tabulars, then Markdown pipe tables; the whole file when `csv`) as rows of
    cells, header row first."""
    if csv:
        import csv as csv_module

        return [[row for row in csv_module.reader(text.splitlines()) if any(c.strip() for c in row)]]
    return _tex_tables(text) + _pipe_tables(text)


def table_rows(text: str, csv: bool = False) -> list[list[str]]:
    """Rows of every table in the text as cell lists, header rows included."""
    return [row for table in tables(text, csv) for row in table]


def sentences(text: str) -> list[str]:
    """Sentences inside items (so list items, rows and headings never join), wraps joined."""
    out = []
    for item in items(text):
        joined = re.sub(r"\s*\n\s*", " ", item.strip())
        pieces: list[str] = []
        for piece in _SENTENCE_END.split(joined):
            if pieces and _ABBREVIATION.search(pieces[-1]):
                pieces[-1] = f"{pieces[-1]} {piece}"
            else:
                pieces.append(piece)
        out += [s for s in pieces if s.strip()]
    return out


def prose_lines(text: str) -> list[str]:
    """The non-blank lines of a text outside its tables (Markdown pipe tables and LaTeX tabulars)."""
    text = _TABULAR.sub("\n", text)
    return [line for line in text.splitlines() if line.strip() and not _in_pipe_table(line)]


def _in_pipe_table(line: str) -> bool:
    return "|" in line and bool(line.strip().strip("|").strip())


def split(text: str, unit: Unit, csv: bool = False, prose: bool = False) -> list[str]:
    """The text's units of one kind, raw (not normalised). With `prose`, rows are the table rows and the lines
    outside tables too: a note under a table ("Cold chain: RT kit, Tue or Thu only") says something of one row."""
    if unit == "file":
        return [text]
    if unit == "section":
        return [body for _, body in sections(text)] or [text]
    if unit == "paragraph":
        return paragraphs(text)
    if unit == "line":
        return [line for line in text.splitlines() if line.strip()]
    if unit == "item":
        return items(text)
    if unit in ("row", "cell"):
        rows = table_rows(text, csv)
        if unit == "row":
            if not rows:
                return [line for line in text.splitlines() if line.strip()]
            return [" | ".join(r) for r in rows] + (prose_lines(text) if prose and not csv else [])
        return [cell for row in rows for cell in row]
    return sentences(text)


def under_heading(text: str, heading: str) -> str:
    """The sections whose heading line matches `heading` (a regex over the case-folded line), joined."""
    pattern = re.compile(heading, re.IGNORECASE)
    return "\n\n".join(body for head, body in sections(text) if pattern.search(head))


def hedged(normalised_unit: str) -> bool:
    """A question, a conditional, a hedge or a note of what is pending ("Pending: the line is not yet in the
    statement"): the unit asserts nothing a rule may credit. A request ("if you maintain the dispute, please give
    particulars") and a negated modal ("could not") are not hedges."""
    if normalised_unit.rstrip().endswith("?") or _pending(normalised_unit):
        return True
    if _REQUEST.search(normalised_unit):
        return False
    return _HEDGE.search(_NEGATED_MODAL.sub(" ", normalised_unit)) is not None


_ASIDE = re.compile(r"\(([^()]*)\)")


def without_hedged_asides(normalised_unit: str) -> str:
    """The unit with every bracketed aside that is itself hedged taken out, words and numbers with it: "5 exceptions
    (would be yellow, plus factor 0.40)" asserts 5 and nothing of the aside. An aside of what is pending ("awaiting
    approval") stays: it holds back the whole unit."""
    return _ASIDE.sub(lambda m: " " if hedged(m.group(1)) and not _pending(m.group(1)) else m.group(0), normalised_unit)


def _pending(text: str) -> bool:
    """A note of what is still to come ("awaiting approval"): in an aside it holds back the whole unit."""
    return _PENDING.search(text.strip()) is not None


_QUOTED = re.compile(r"\"[^\"]+\"|(?<!\w)'[^']+'(?!\w)")
_RULE_WORD = re.compile(
    r"\b(avoid|avoided|ban|banned|forbid|forbidden|never|no|not|don't|do not|instead of|rather than)\b"
)


def quotes_a_rule(normalised_unit: str, patterns: list[re.Pattern[str]]) -> bool:
    """Whether the unit only quotes the patterns in a rule it states ("CTA: never 'Buy now'; use 'Pre-order'"): every
    match of every pattern lies inside quotation marks and the unit says the quoted thing is not to be done."""
    spans = [m.span() for m in _QUOTED.finditer(normalised_unit)]
    if not spans or not _RULE_WORD.search(_QUOTED.sub(" ", normalised_unit)):
        return False
    matches = [m.span() for p in patterns for m in p.finditer(normalised_unit)]
    return bool(matches) and all(any(a <= start and end <= b for a, b in spans) for start, end in matches)


def negated(normalised_unit: str) -> bool:
    """The unit denies or corrects something, so a value in it is not claimed."""
    return _NEGATION.search(normalised_unit) is not None


_LABEL_MAX = 100


def _label(line: str) -> bool:
    """A line that labels the list under it: "Morning, 10:00-13:00:" or a short line that is no sentence."""
    stripped = line.strip()
    if not stripped or _LIST_START.match(line) or _in_pipe_table(line) or _heading_level(line) is not None:
        return False
    return len(stripped) <= _LABEL_MAX and (stripped.endswith(":") or not stripped.endswith((".", "!", "?")))


def segments(text: str) -> list[tuple[str, str]]:
    """The text cut where what a part sits under changes: (context, part), the context of a list being the nearest
    heading above it and the label line just above it ("Morning, 10:00-13:00" over "- Amira: electronics"). A list
    enumerates what its heading and label name; prose under a heading makes claims of its own, so it has none."""
    heads: dict[int, str] = {}
    label = ""
    out: list[tuple[str, list[str]]] = []
    previous, previous_in_list = "", False
    for line in text.splitlines():
        level = _heading_level(line)
        if level is not None:
            heads = {k: v for k, v in heads.items() if k < level}
            label = ""
            out.append(("", [line]))
            heads[level] = line.strip()
        else:
            starts = bool(_LIST_START.match(line))
            in_list = starts or (previous_in_list and line[:1].isspace() and bool(line.strip()))
            if starts and not previous_in_list and _label(previous):
                label = previous.strip()
            elif not in_list and line.strip() and not _in_pipe_table(line):
                label = ""
            nearest = [heads[max(heads)]] if heads else []
            context = "\n".join([*nearest, *([label] if label else [])]) if in_list else ""
            if out and out[-1][0] == context:
                out[-1][1].append(line)
            else:
                out.append((context, [line]))
        if line.strip():
            previous, previous_in_list = line, level is None and in_list
    return [(context, "\n".join(lines)) for context, lines in out]


def rows_in_context(text: str, prose: bool = False) -> list[tuple[str, str]]:
    """(header row, row) for every table row but the headers, and with `prose` the lines outside tables with the
    context of their part."""
    out: list[tuple[str, str]] = []
    for context, part in segments(text):
        for table in tables(part):
            header = " | ".join(table[0])
            out += [(header, " | ".join(row)) for row in table[1:]]
            out.append(("", header))
        if prose:
            out += [(context, line) for line in prose_lines(part)]
    return out


def split_in_context(text: str, unit: Unit, csv: bool = False, prose: bool = False) -> list[tuple[str, str]]:
    """The text's units with the context each sits under (headings, a list's label line, a row's header row): the
    same units as `split`, each as (context, unit); files, sections, paragraphs and CSV files carry no context."""
    if unit in ("file", "section", "paragraph") or csv:
        return [("", u) for u in split(text, unit, csv, prose)]
    if unit == "row" and table_rows(text):
        return rows_in_context(text, prose)
    return [(context, u) for context, part in segments(text) for u in split(part, unit, csv, prose)]
