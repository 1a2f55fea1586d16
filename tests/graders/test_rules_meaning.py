"""text, fact, table and read_source: pass on every competent wording, fail on the wrong answer."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from engine.schema.rules import RuleSpec
from graders.rules import evaluate
from graders.rules.base import Outcome
from graders.view import EvidenceView, ToolRecord
from sandbox.workspace.memory import MemoryWorkspace


def grade(kind: str, args: dict[str, Any], files: dict[str, str], **view: Any) -> Outcome:
    ws = MemoryWorkspace({p: t.encode() for p, t in files.items()})
    return evaluate(RuleSpec(kind=kind, args=args), EvidenceView(workspace=ws, today=date(2026, 11, 5), **view))


LETTERS = {
    "iso": "Balance due: £1,234.50.\nPlease pay by 2026-11-28.",
    "words": "We write about the\noutstanding balance of GBP 1234.50, payable by 28 November.",
    "slashes": "The sum outstanding (the balance) is 1,234.50 GBP; it is due on 28/11/2026.",
}


@pytest.mark.parametrize("name", sorted(LETTERS))
def test_a_fact_passes_in_every_wording_format_and_wrap(name: str) -> None:
    files = {"letter.md": LETTERS[name]}
    amount = {"path": "letter.md", "anchor": ["balance"], "value": 1234.5, "type": "amount"}
    due = {"path": "letter.md", "anchor": ["pay|due"], "value": "2026-11-28", "type": "date", "within": "paragraph"}
    assert grade("fact", amount, files).passed
    assert grade("fact", due, files).passed


def test_a_fact_only_in_a_hedge_fails_and_a_contradicting_value_fails() -> None:
    args = {"path": "l.md", "anchor": ["balance"], "value": 1234.5, "type": "amount"}
    hedge = "The balance is £900.\n\nIf the credit note went out, the balance would be £1,234.50."
    outcome = grade("fact", args, {"l.md": hedge})
    assert not outcome.passed and "no asserted" in outcome.detail
    both = "The balance is £1,234.50.\n\nOur records show a balance of £900."
    outcome = grade("fact", args, {"l.md": both})
    assert not outcome.passed and "asserts 900" in outcome.detail
    corrected = "The balance is £1,234.50 (not £900 as previously stated)."
    assert grade("fact", args, {"l.md": corrected}).passed
    paid = "The balance is £1,234.50 after your payment of £300."
    assert grade("fact", args, {"l.md": paid}).passed


def test_text_patterns_must_hold_inside_one_unit() -> None:
    doc = "1. Clause one: recipient keeps copies.\n2. Clause two: five years.\n"
    args = {"path": "nda.md", "patterns": ["clause one", "five years"], "within": "item"}
    outcome = grade("text", args, {"nda.md": doc})
    assert not outcome.passed and "0 unit(s)" in outcome.detail
    assert grade("text", {**args, "within": "file"}, {"nda.md": doc}).passed


def test_text_ignores_struck_clauses_and_checks_what_must_stay() -> None:
    doc = "3.4 Backups are kept.\n\n3.5 ~~The recipient may not hire staff.~~\n\n3.6 Five years.\n"
    stays = {"path": "nda.md", "patterns": ["3\\.4", "back-?ups?"], "within": "item"}
    gone = {"path": "nda.md", "patterns": ["hire staff"], "within": "item", "absent": True}
    assert grade("text", stays, {"nda.md": doc}).passed and grade("text", gone, {"nda.md": doc}).passed
    struck_wrong = doc.replace("3.4 Backups are kept.", "3.4 ~~Backups are kept.~~")
    assert not grade("text", stays, {"nda.md": struck_wrong}).passed


def test_text_over_replies_counts_message_tool_texts_and_skips_questions() -> None:
    args = {"replies": True, "patterns": ["tuesday", "2026-11-24"]}
    asked = grade("text", args, {}, agent_messages=["Shall I book Tuesday 24 November?"])
    assert not asked.passed
    sent = ToolRecord("message", {"content": "Booked for Tuesday, 24/11/2026."}, {"delivered": True}, None, 1)
    assert grade("text", args, {}, tool_records=[sent]).passed


def test_text_forbid_rejects_a_unit_that_also_says_the_wrong_thing() -> None:
    args = {"path": "n.md", "patterns": ["conflict check"], "forbid": ["cleared"], "within": "sentence"}
    assert grade("text", args, {"n.md": "The conflict check is pending with Priya."}).passed
    assert not grade("text", args, {"n.md": "The conflict check is cleared."}).passed


TABLES = {
    "t.md": "| Config | EM | Context tokens |\n|---|---|---|\n| Full | 41.27 ± 0.44 | 1,013 |\n"
    "| w/o reranker | 39.13 ± 0.42 | 1,015 |\n",
    "t.tex": "\\begin{tabular}{lrr}\\toprule\nSetting & HoloQA EM & Tokens/question \\\\\\midrule\n"
    "No reranker & 39.13 $\\pm$ 0.42 & 1015 \\\\\nCompactRAG (full) & \\textbf{41.27} $\\pm$ 0.44 & 1.013k \\\\\n"
    "\\bottomrule\\end{tabular}",
    "t.csv": "configuration,em_mean,em_std,tokens\nfull,41.27,0.44,1013\nno_reranker,39.13,0.42,1015\n",
}
TABLE_ARGS = {
    "columns": {"config": "config|setting", "em": "\\bem", "tokens": "token"},
    "key": "config",
    "rows": [{"key": "full", "cells": {"em": 41.27, "tokens": 1013}}, {"key": "reranker", "cells": {"em": 39.13}}],
    "complete": True,
}


@pytest.mark.parametrize("path", sorted(TABLES))
def test_a_table_passes_in_markdown_latex_and_csv(path: str) -> None:
    outcome = grade("table", {"path": path, **TABLE_ARGS}, TABLES)
    assert outcome.passed, outcome.detail


def test_a_table_with_a_wrong_cell_an_extra_row_or_a_duplicate_fails() -> None:
    wrong = TABLES["t.md"].replace("39.13", "39.31")
    assert "expected 39.13" in grade("table", {"path": "t.md", **TABLE_ARGS}, {"t.md": wrong}).detail
    extra = TABLES["t.md"] + "| crashed run | 3.1 | 900 |\n"
    assert "unexpected row" in grade("table", {"path": "t.md", **TABLE_ARGS}, {"t.md": extra}).detail
    dup = TABLES["t.md"] + "| w/o reranker | 39.13 | 1015 |\n"
    assert (
        "2 row(s) match {'config': 'reranker'}" in grade("table", {"path": "t.md", **TABLE_ARGS}, {"t.md": dup}).detail
    )


def test_read_source_accepts_read_file_grep_and_exec() -> None:
    args = {"paths": ["group/signups.csv"]}
    ways = [
        ToolRecord("read_file", {"path": "group/signups.csv"}, {"content": "x"}, None, 1),
        ToolRecord("grep", {"pattern": "x"}, {"results": ["group/signups.csv:3:x"]}, None, 1),
        ToolRecord("exec", {"command": "python3 -c 'print(1)' group/signups.csv"}, {"stdout": ""}, None, 1),
    ]
    for record in ways:
        assert grade("read_source", args, {}, tool_records=[record]).passed
    listing = ToolRecord("list_dir", {"path": "group"}, {"entries": ["signups.csv"]}, None, 1)
    assert not grade("read_source", args, {}, tool_records=[listing]).passed


def test_settings_addresses_and_other_shapes_do_not_contradict_a_number() -> None:
    args = {"path": "n.md", "anchor": ["holoqa"], "value": 41.27, "type": "number"}
    assert grade("fact", args, {"n.md": "HoloQA EM at k=5 is 41.27 for us (Hafenstrasse 12 lab)."}).passed
    rival = "HoloQA EM at k=20 is 44.05."
    outcome = grade("fact", args, {"n.md": f"HoloQA EM is 41.27 at k=5.\n\n{rival}"})
    assert not outcome.passed and "44.05" in outcome.detail


def test_the_result_of_a_worked_calculation_is_a_value_not_a_setting() -> None:
    args = {"path": "c.md", "anchor": ["crcl|creatinine clearance"], "value": 64.6, "type": "number"}
    worked = "CrCl = (140 - 70) x 64.0 x 1.23 / 84 = 64.6 mL/min, so the dose stands."
    assert grade("fact", args, {"c.md": worked}).passed
    assert not grade("fact", args, {"c.md": worked.replace("= 64.6", "= 66.1")}).passed


def test_fact_exclude_skips_intermediate_figures() -> None:
    doc = "The balance after the credit note is £25,225.50.\n\nThe balance now due is £20,225.50."
    args = {"path": "l.md", "anchor": ["balance"], "value": 20225.5, "type": "amount"}
    assert not grade("fact", args, {"l.md": doc}).passed
    assert grade("fact", {**args, "exclude": ["after the credit note"]}, {"l.md": doc}).passed


def test_a_cell_number_can_be_the_last_or_any_of_the_cell() -> None:
    doc = "| Offer | Stipend |\n|---|---|\n| Tessel | GBP 5,200 -> €5,980 |\n"
    base = {"path": "o.md", "columns": {"offer": "offer", "stipend": "stipend"}, "key": "offer"}
    first = {**base, "rows": [{"key": "tessel", "cells": {"stipend": {"number": 5980}}}]}
    last = {**base, "rows": [{"key": "tessel", "cells": {"stipend": {"number": 5980, "which": "last"}}}]}
    assert not grade("table", first, {"o.md": doc}).passed and grade("table", last, {"o.md": doc}).passed


def test_struck_text_is_checked_as_what_the_document_deletes() -> None:
    doc = "3.4 Backups are kept.\n\n3.5 ~~The recipient may not hire staff.~~\n\n"
    doc += "3.6 ~~Without limit of time.~~ Five years.\n"
    struck = {"path": "nda.md", "patterns": ["hire staff"], "within": "item", "struck": True}
    assert grade("text", struck, {"nda.md": doc}).passed
    kept = {"path": "nda.md", "patterns": ["backups"], "within": "item", "struck": True}
    assert not grade("text", kept, {"nda.md": doc}).passed
    crossing = {"path": "nda.md", "patterns": ["hire staff", "five years"], "within": "file", "struck": True}
    assert not grade("text", crossing, {"nda.md": doc}).passed


def test_a_rate_is_not_a_rival_amount() -> None:
    doc = "The balance now due is £25,225.50.\n\nOn the balance, interest accrues at £8.12 a day."
    args = {"path": "l.md", "anchor": ["balance"], "value": 25225.5, "type": "amount"}
    assert grade("fact", args, {"l.md": doc}).passed


ORDER = {
    "in the row": "| item | qty | note |\n|---|---|---|\n| RT kit | 1 | cold chain: Tue or Thu delivery |\n",
    "in a note": "| item | qty |\n|---|---|\n| RT kit | 1 |\n| Gloves | 4 |\n\nCold chain: RT kit, Tue or Thu.\n",
    "in a list": "- RT kit (1), cold chain, delivered Tue or Thu\n- Gloves (4)\n",
}


@pytest.mark.parametrize("name", sorted(ORDER))
def test_a_row_claim_may_sit_in_the_row_in_a_note_under_the_table_or_in_a_list(name: str) -> None:
    args = {"path": "order.md", "patterns": ["rt kit", "tue"], "within": "row"}
    assert grade("text", args, {"order.md": ORDER[name]}).passed
    assert not grade("text", {**args, "patterns": ["gloves", "tue"]}, {"order.md": ORDER[name]}).passed


def test_what_must_not_be_in_a_row_is_looked_for_in_the_rows_only() -> None:
    text = "| item | qty |\n|---|---|\n| RT kit | 1 |\n\nNot ordered: FBS (a spare bottle is in the fridge).\n"
    args = {"path": "order.md", "patterns": ["fbs"], "within": "row", "absent": True}
    assert grade("text", args, {"order.md": text}).passed
    assert not grade("text", args, {"order.md": text.replace("| RT kit | 1 |", "| RT kit | 1 |\n| FBS | 1 |")}).passed


def test_a_note_does_not_mend_a_table_row_that_says_the_forbidden_thing() -> None:
    table = "| run | seeds | EM |\n|---|---|---|\n| trunc96 | 13, 42, 77 | 39.85 ± 0.38 |\n"
    note = "\nTruncating gives 39.85 ± 0.38† over the two seeds that ran.\n"
    args = {"path": "r.md", "patterns": ["39\\.85 ?± ?0\\.38", "†"], "within": "row", "forbid": ["13, 42,? 77"]}
    assert not grade("text", args, {"r.md": table + note}).passed
    fixed = table.replace("13, 42, 77", "13, 42")
    assert grade("text", args, {"r.md": fixed + note}).passed


def test_a_hedged_aside_asserts_nothing_and_takes_its_figures_with_it() -> None:
    text = "Exceptions on actual P&L: 5 (would be yellow, plus factor 0.40).\n"
    count = {"path": "r.md", "anchor": ["exception"], "value": 5, "type": "number"}
    assert grade("fact", count, {"r.md": text}).passed
    factor = {"path": "r.md", "anchor": ["plus factor"], "value": 0.4, "type": "number"}
    assert not grade("fact", factor, {"r.md": text}).passed
    assert grade("fact", factor, {"r.md": text.replace("would be yellow, ", "yellow, ")}).passed


ROTA = {
    "label line": "Morning, 10:00-13:00\n- Amira: electronics\n- Ben: textiles\n\nAfternoon, 13-16:\n- Lea: bikes\n",
    "heading": "## Morning, 10:00-13:00\n\n- Amira: electronics\n- Ben: textiles\n\n## Afternoon\n\n- Lea: bikes\n",
    "one line": "- Morning (10:00-13:00): Amira at electronics, Ben at textiles\n- Afternoon: Lea at bikes\n",
}


@pytest.mark.parametrize("name", sorted(ROTA))
def test_an_item_is_read_with_the_label_or_heading_it_sits_under(name: str) -> None:
    slot = {"path": "rota.md", "patterns": ["amira", "electronics", "10:00"], "within": "item"}
    assert grade("text", slot, {"rota.md": ROTA[name]}).passed
    assert not grade("text", {**slot, "patterns": ["lea", "bikes", "10:00"]}, {"rota.md": ROTA[name]}).passed


def test_a_row_is_read_with_its_header_and_context_can_be_turned_off() -> None:
    table = "| tenor (y) | diff (bp) |\n|---|---|\n| 7 | -6.40 |\n"
    args = {"path": "c.md", "patterns": ["tenor", "-6\\.40"], "within": "row"}
    assert grade("text", args, {"c.md": table}).passed
    assert not grade("text", {**args, "context": False}, {"c.md": table}).passed


def test_prose_under_a_heading_makes_its_own_claims_and_forbid_stays_in_the_unit() -> None:
    text = "## Recommendation\n\nGo for B, Lindenallee 40. A (Hafenstrasse 12) also fits but is smaller.\n"
    args = {"path": "c.md", "patterns": ["hafenstra", "recommend|go for"], "within": "sentence"}
    assert not grade("text", args, {"c.md": text}).passed
    listed = "Recommended:\n- Hafenstrasse 12 (flat A), 890 EUR warm\n"
    assert grade("text", args, {"c.md": listed}).passed
    assert grade("text", {**args, "forbid": ["recommended"]}, {"c.md": listed}).passed


def test_a_fact_may_take_its_subject_from_the_label_but_only_an_item_naming_it_contradicts() -> None:
    labelled = "Exceptions on hypothetical P&L:\n- count: 7\n- window: 250 days\n"
    count = {"path": "b.md", "anchor": ["exception"], "value": 7, "type": "number", "within": "item"}
    assert grade("fact", count, {"b.md": labelled}).passed
    assert not grade("fact", {**count, "context": False}, {"b.md": labelled}).passed
    assert not grade("fact", {**count, "value": 5}, {"b.md": labelled}).passed
    named = labelled + "- 5 exceptions on actual P&L\n"
    assert not grade("fact", count, {"b.md": named}).passed


def test_a_note_of_what_is_pending_does_not_put_the_line_in() -> None:
    args = {"path": "s.md", "patterns": ["earbuds", "not affected"], "within": "sentence"}
    pending = "We are looking into the case.\n\nPending: earbuds not affected - to be added once Hamid approves.\n"
    assert not grade("text", args, {"s.md": pending}).passed
    assert not grade("text", args, {"s.md": "The earbuds are not affected (awaiting approval).\n"}).passed
    assert grade("text", args, {"s.md": "The earbuds themselves are not affected.\n"}).passed


@pytest.mark.parametrize(
    ("text", "passes"),
    [
        ('Editorial note: CTA follows the rule, never "Buy now"; the button says "Pre-order".', True),
        ("We avoided 'buy now' as the brand book asks.", True),
        ("Buy now and save 20%!", False),
        ('Tap "Buy now" to get yours.', False),
    ],
)
def test_an_absent_check_ignores_a_note_that_quotes_the_rule_it_obeys(text: str, passes: bool) -> None:
    args = {"path": "copy.md", "patterns": ["buy now"], "absent": True}
    assert grade("text", args, {"copy.md": text}).passed is passes


def test_a_reference_to_a_section_or_table_is_no_rival_count() -> None:
    text = "Section 4 of the policy and table 2 define the exception count.\n\nThe back-test shows 7 exceptions.\n"
    args = {"path": "m.md", "anchor": ["exception"], "value": 7, "type": "number"}
    assert grade("fact", args, {"m.md": text}).passed
    assert not grade("fact", args, {"m.md": text.replace("7 exceptions", "6 exceptions")}).passed


def _sent(tool: str, **arguments: str) -> ToolRecord:
    return ToolRecord(tool, dict(arguments), {"ok": True}, None, 1)


def test_checks_read_what_the_agent_sent_in_app_calls_as_they_read_files() -> None:
    wrong = _sent(
        "phone__send_text_message", phone_number="+44", message="Pickup is on 9 November. As a fallback, 10 November."
    )
    right = _sent("gmail__send_email", subject="Pickup", body="Pickup is on Tuesday 10 November.", access_token="x")
    day = {"sent": True, "anchor": ["pickup"], "value": "2026-11-10", "type": "date"}
    assert not grade("fact", day, {}, tool_records=[wrong]).passed
    assert grade("fact", day, {}, tool_records=[right]).passed
    failed = ToolRecord("gmail__send_email", {"body": "Pickup is on Tuesday 10 November."}, None, "401", 1)
    assert not grade("fact", day, {}, tool_records=[failed]).passed


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("KYC check cleared - nothing outstanding on the file.", False),
        ("The KYC check is not yet cleared; we are chasing the passport copy.", True),
        ("If the KYC check clears this week, we can open the account.", True),
    ],
)
def test_a_state_the_sources_contradict_fails_wherever_it_is_claimed(said: str, passes: bool) -> None:
    claim = {"sent": True, "patterns": ["kyc", "cleared|clears|nothing outstanding"], "absent": True, "claims": True}
    assert grade("text", claim, {}, agent_messages=[said]).passed is passes
    record = _sent("gmail__send_email", body=said)
    assert grade("text", claim, {}, tool_records=[record]).passed is passes


def test_forbid_looks_at_the_items_making_the_claim_unless_told_to_look_at_the_whole_unit() -> None:
    doc = "## Findings\n\n- F-2026-004: High, open, owner Treasury.\n- F-2025-011: Medium, closed in March.\n"
    args = {"path": "f.md", "patterns": ["f-2026-004", "high"], "within": "section", "forbid": ["closed"]}
    assert grade("text", args, {"f.md": doc}).passed
    assert not grade("text", args, {"f.md": doc.replace("High, open", "High, closed")}).passed
    assert not grade("text", {**args, "forbid_within": "unit"}, {"f.md": doc}).passed


def test_an_item_can_ask_for_the_true_state_and_no_contrary_claim_anywhere() -> None:
    item = {
        "sent": True,
        "patterns": ["legal|ruth", "waiting|blocked|pending sign-?off"],
        "nowhere": ["signed off|all clear|nothing (is )?outstanding"],
    }
    true = "Launch day is still blocked on Ruth's sign-off."
    assert grade("text", item, {}, agent_messages=[true]).passed
    assert not grade("text", item, {}, agent_messages=[f"{true} Press release signed off, all clear."]).passed
    assert grade("text", item, {}, agent_messages=[f"{true} It is not signed off yet."]).passed
    assert grade("text", item, {}, agent_messages=[f"{true} If Ruth signs today, we are all clear."]).passed
    assert not grade("text", item, {}, agent_messages=[]).passed
