"""Structural units: a pattern never crosses a sentence, item, row or section boundary."""

from __future__ import annotations

from graders.normalise import normalise
from graders.units import hedged, negated, sections, sentences, split, tables, under_heading

DOC = """# Letter

Dear Ms Marsh,

The balance is £1,234.50. If the credit note
went out, the balance would be £900.

## Clauses

1. Clause one stays.
2. ~~Clause two is deleted.~~
   It had a second line.
3. Clause three
   continues here.

| Item | Count |
|------|-------|
| Disclosable | 7 |
| Privileged | 2 |
"""

TEX = r"""\begin{tabular}{lrr}
\toprule
Configuration & EM & Tokens \\
\midrule
full & 41.27 $\pm$ 0.44 & 1013 \\
w/o reranker & 39.13 $\pm$ 0.42 & 1015 \\
\bottomrule
\end{tabular}"""


def test_sentences_join_wraps_and_split_at_sentence_ends() -> None:
    found = split(DOC, "sentence")
    assert "If the credit note went out, the balance would be £900." in found
    assert "The balance is £1,234.50." in found


def test_items_keep_continuation_lines_and_stop_at_the_next_item() -> None:
    items = split(DOC, "item")
    assert "3. Clause three\n   continues here." in items
    assert any(i.startswith("2. ~~Clause two") and "second line" in i for i in items)


def test_rows_and_cells_of_markdown_and_latex_tables() -> None:
    assert split(DOC, "row")[-2:] == ["Disclosable | 7", "Privileged | 2"]
    assert tables(TEX)[0][1] == ["full", r"41.27 $\pm$ 0.44", "1013"]
    assert "39.13 $\\pm$ 0.42" in split(TEX, "cell")


def test_sections_nest_under_their_heading() -> None:
    assert [h for h, _ in sections(DOC)] == ["# Letter", "## Clauses"]
    assert "Dear" not in under_heading(DOC, "clauses") and "Privileged" in under_heading(DOC, "clauses")


def test_hedges_questions_and_negations() -> None:
    assert hedged(normalise("If it went out, the balance would be £900."))
    assert hedged(normalise("Shall I send it today?"))
    assert hedged(normalise("As a fallback, Tuesday works."))
    assert not hedged(normalise("The balance is £1,234.50."))
    assert negated(normalise("The balance is not £900.")) and not negated(normalise("The balance is £5."))


def test_requests_and_negated_modals_are_not_hedges() -> None:
    assert not hedged(normalise("If you maintain the dispute, please give full particulars."))
    assert not hedged(normalise("We could not find the delivery notes."))
    assert hedged(normalise("We could find them later."))


def test_pleading_alternatives_assert_and_inserted_paragraphs_are_items() -> None:
    assert not hedged(normalise("Further or alternatively, Kestrel sets off its loss of £2,140.00."))
    doc = "4. The goods were late.\n4A. Kestrel rejected them on 3 May.\n5. Denied.\n"
    assert split(doc, "item") == ["4. The goods were late.", "4A. Kestrel rejected them on 3 May.", "5. Denied."]


def test_an_abbreviation_does_not_end_a_sentence() -> None:
    text = "The 7y error is worth approx. €265.6k, cf. Fig. 3. Dr. Marsh agrees. Is it ready? No. It is not."
    assert split(text, "sentence") == [
        "The 7y error is worth approx. €265.6k, cf. Fig. 3.",
        "Dr. Marsh agrees.",
        "Is it ready?",
        "No.",
        "It is not.",
    ]


def test_a_sentence_ends_after_emphasis_closing_it() -> None:
    text = "**Total: 2,005.30 EUR.** Charged to: the grant."
    assert sentences(text) == ["**Total: 2,005.30 EUR.", "Charged to: the grant."]
