"""Rule kind `document_text`: the text of a .docx, .pdf or plain-text file contains strings / matches regexes.

One kind with a format switch rather than `docx_contains` + `pdf_contains`: the checks are the same
and only text extraction differs, so a new format is one extractor here, not a new kind.
"""

from __future__ import annotations

import io
import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.loading import ArtifactError, check_patterns, read_bytes
from graders.view import EvidenceView

DocumentFormat = Literal["docx", "pdf", "text"]
FormatArg = Literal["auto", "docx", "pdf", "text"]


class Args(RuleArgs):
    """Arguments of document_text. Text is compared with every whitespace run collapsed to one space."""

    path: str = Field(description="Workspace-relative path of the document.")
    format: FormatArg = Field(
        default="auto", description="'docx', 'pdf', 'text', or 'auto' (by extension: .docx, .pdf, else text)."
    )
    contains: list[str] = Field(default_factory=list, description="Strings that must all occur in the text.")
    patterns: list[str] = Field(default_factory=list, description="Python regexes that must all match the text.")
    absent: list[str] = Field(default_factory=list, description="Strings none of which may occur in the text.")
    ignore_case: bool = Field(default=True, description="Case-insensitive comparison for all three lists.")

    @field_validator("patterns")
    @classmethod
    def _compiles(cls, value: list[str]) -> list[str]:
        return check_patterns(value)

    @model_validator(mode="after")
    def _something_to_check(self) -> Args:
        if not (self.contains or self.patterns or self.absent):
            raise ValueError("give at least one of contains, patterns, absent")
        return self


def document_format(path: str, fmt: FormatArg) -> DocumentFormat:
    """The concrete format of a document."""
    if fmt != "auto":
        return fmt
    suffix = path.lower().rsplit(".", 1)[-1]
    return "docx" if suffix == "docx" else "pdf" if suffix == "pdf" else "text"


def _docx_text(data: bytes) -> str:
    import docx

    document = docx.Document(io.BytesIO(data))
    parts = [p.text for p in document.paragraphs]
    parts += [cell.text for table in document.tables for row in table.rows for cell in row.cells]
    for section in document.sections:
        parts += [p.text for p in section.header.paragraphs] + [p.text for p in section.footer.paragraphs]
    return "\n".join(parts)


def _pdf_text(data: bytes) -> str:
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    if reader.is_encrypted:
        raise ArtifactError("is encrypted")
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def extract_text(data: bytes, path: str, fmt: DocumentFormat) -> str:
    """The document's text; ArtifactError when the bytes are not a readable document of that format."""
    if fmt == "text":
        return data.decode("utf-8", errors="replace")
    if fmt == "pdf" and b"%PDF-" not in data[:1024]:
        raise ArtifactError(f"{path} is not a PDF (no %PDF- header)")
    if fmt == "docx" and not data.startswith(b"PK"):
        raise ArtifactError(f"{path} is not a .docx (not a zip package)")
    try:
        return _docx_text(data) if fmt == "docx" else _pdf_text(data)
    except ArtifactError as exc:
        raise ArtifactError(f"{path} {exc}") from exc
    except Exception as exc:  # corrupt input reaches many parser error types; any of them means unreadable
        raise ArtifactError(f"{path} could not be read as {fmt}: {type(exc).__name__}: {exc}") from exc


def _squash(text: str) -> str:
    return " ".join(text.split())


def _comparable(text: str, ignore_case: bool) -> str:
    squashed = _squash(text)
    return squashed.casefold() if ignore_case else squashed


def check(args: Args, view: EvidenceView) -> Outcome:
    """Extract the text and check every required string, pattern and absent string."""
    data = read_bytes(view, args.path)
    if data is None:
        return Outcome(False, f"{args.path} does not exist")
    if not data.strip():
        return Outcome(False, f"{args.path} is empty")
    fmt = document_format(args.path, args.format)
    try:
        text = _squash(extract_text(data, args.path, fmt))
    except ArtifactError as exc:
        return Outcome(False, str(exc))
    if not text:
        return Outcome(False, f"{args.path} has no extractable text ({fmt})")
    haystack = _comparable(text, args.ignore_case)
    flags = re.IGNORECASE if args.ignore_case else 0
    problems = [f"lacks {s!r}" for s in args.contains if _comparable(s, args.ignore_case) not in haystack]
    problems += [f"does not match /{p}/" for p in args.patterns if not re.search(p, text, flags)]
    problems += [f"contains {s!r}" for s in args.absent if _comparable(s, args.ignore_case) in haystack]
    if problems:
        return Outcome(False, f"{args.path} ({fmt}) " + "; ".join(problems))
    return Outcome(True, f"{args.path} ({fmt}, {len(text)} chars) has the required text")


RULE = RuleKind("document_text", Args, check)
