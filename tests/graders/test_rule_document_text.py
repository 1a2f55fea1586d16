"""document_text over real .docx and PDF files, plain text, and broken documents."""

from __future__ import annotations

import io

import pypdf
import pytest

from tests.graders.documents import make_docx, make_pdf
from tests.graders.helpers import run

DOCX = make_docx(
    ["Quarterly   report", "Total budget: 1,200 EUR"],
    table=[["Item", "Cost"], ["Soldering iron", "40"]],
    header="Confidential",
)
PDF = make_pdf([["Quarterly report (draft)", "Total budget: 1,200 EUR"], ["Owner: Lea"]])


def check(path: str, data: bytes | str | None, **args: object):  # type: ignore[no-untyped-def]
    return run("document_text", {"path": path, **args}, {} if data is None else {path: data})


def test_the_hand_written_pdf_is_a_real_pdf() -> None:
    reader = pypdf.PdfReader(io.BytesIO(PDF), strict=True)
    assert len(reader.pages) == 2


@pytest.mark.parametrize("path", ["report.docx", "report.pdf"])
def test_contains_patterns_and_absent_pass_on_a_good_document(path: str) -> None:
    data = DOCX if path.endswith("docx") else PDF
    outcome = check(path, data, contains=["quarterly report", "TOTAL BUDGET: 1,200"], patterns=[r"\b1,200 EUR\b"])
    assert outcome.passed, outcome.detail
    assert check(path, data, absent=["invoice"]).passed


def test_docx_text_includes_tables_and_headers() -> None:
    assert check("r.docx", DOCX, contains=["Soldering iron", "Confidential"]).passed


def test_pdf_text_spans_pages() -> None:
    assert check("r.pdf", PDF, patterns=[r"draft.*Owner: Lea"]).passed


@pytest.mark.parametrize("path", ["report.docx", "report.pdf"])
def test_failures_name_every_missing_and_forbidden_string(path: str) -> None:
    data = DOCX if path.endswith("docx") else PDF
    outcome = check(path, data, contains=["budget", "deadline"], patterns=[r"Q[34]"], absent=["1,200"])
    assert not outcome.passed
    kind = path.rsplit(".", 1)[1]
    assert f"{path} ({kind}) lacks 'deadline'; does not match /Q[34]/; contains '1,200'" in outcome.detail


def test_case_sensitivity_can_be_switched_on() -> None:
    assert not check("r.pdf", PDF, contains=["QUARTERLY"], ignore_case=False).passed
    assert check("r.pdf", PDF, contains=["Quarterly"], ignore_case=False).passed


def test_plain_text_and_explicit_format() -> None:
    assert check("notes.md", "Budget\n\napproved", contains=["budget approved"]).passed
    assert check("export.bin", PDF, format="pdf", contains=["Owner: Lea"]).passed


@pytest.mark.parametrize(
    ("path", "data", "message"),
    [
        ("report.pdf", None, "report.pdf does not exist"),
        ("report.docx", b"", "report.docx is empty"),
        ("report.pdf", "Quarterly report, written as plain text", "report.pdf is not a PDF (no %PDF- header)"),
        ("report.pdf", PDF[:300], "report.pdf could not be read as pdf"),
        ("report.docx", "plain text", "report.docx is not a .docx (not a zip package)"),
        ("report.docx", b"PK\x03\x04 truncated zip", "report.docx could not be read as docx"),
        ("report.pdf", make_pdf([[]]), "report.pdf has no extractable text (pdf)"),
    ],
)
def test_missing_empty_and_malformed_documents(path: str, data: bytes | str | None, message: str) -> None:
    outcome = check(path, data, contains=["report"])
    assert not outcome.passed
    assert message in outcome.detail


def test_bad_arguments() -> None:
    outcome = check("r.pdf", PDF)
    assert not outcome.passed
    assert "give at least one of contains, patterns, absent" in outcome.detail
    assert "bad regular expression '['" in check("r.pdf", PDF, patterns=["["]).detail
    assert "format" in check("r.pdf", PDF, format="odt", contains=["x"]).detail
    assert "contains" in check("r.pdf", PDF, contains="budget").detail
