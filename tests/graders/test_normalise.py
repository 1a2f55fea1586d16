"""The normaliser: what a reader ignores, a rule ignores too."""

from __future__ import annotations

import re
from datetime import date

import pytest

from graders.normalise import normalise, normalise_pattern

TODAY = date(2026, 11, 5)


@pytest.mark.parametrize(
    "text",
    ["28 Nov 2026", "28/11/2026", "28.11.2026", "2026-11-28", "November 28, 2026", "28th of November 2026",
     "Saturday 28 November", "Nov 28"],
)  # fmt: skip
def test_dates_in_common_formats_become_one_iso_date(text: str) -> None:
    assert "2026-11-28" in normalise(text, TODAY)


def test_a_year_less_date_is_read_from_two_months_back_to_ten_months_ahead() -> None:
    assert normalise("due 5 January", TODAY) == "due 2027-01-05"
    assert normalise("since 20 October", TODAY) == "since 2026-10-20"
    assert normalise("back by 27 August", TODAY) == "back by 2027-08-27"
    assert normalise("on 9 Nov") == "on xxxx-11-09"


def test_the_start_of_a_range_takes_the_year_its_end_names() -> None:
    assert normalise("between 1 July and 31 December 2026", TODAY) == "between 2026-07-01 and 2026-12-31"
    assert normalise("from 1 December to 31 January 2027", TODAY) == "from 2026-12-01 to 2027-01-31"
    assert normalise("3rd March - 9th April 2027", TODAY) == "2027-03-03 - 2027-04-09"


def test_month_first_reading_is_an_option() -> None:
    assert normalise("05/11/2026") == "2026-11-05"
    assert normalise("05/11/2026", day_first=False) == "2026-05-11"


def test_a_hard_wrapped_line_reads_as_one_line() -> None:
    assert normalise("one NVIDIA A100 80GB GPU with\n   batch size 1") == "one nvidia a100 80gb gpu with batch size 1"


@pytest.mark.parametrize("dash", ["-", "\u2010", "\u2011", "\u2013", "\u2014", "\u2212"])
def test_every_dash_and_hyphen_variant_is_one_hyphen(dash: str) -> None:
    assert normalise(f"back{dash}up") == "back-up"


@pytest.mark.parametrize("text", ["GBP 1,234.50", "1,234.50 GBP", "£ 1,234.50", "£1234.50", "gbp1234.50"])
def test_amounts_in_every_currency_form_read_alike(text: str) -> None:
    assert normalise(text) == "£1234.50"


def test_thousands_separators_drop_but_lists_of_numbers_stay() -> None:
    assert normalise("2,733 tokens and 1\u202f013") == "2733 tokens and 1013"
    assert normalise("seeds 1,2,3") == "seeds 1,2,3"


def test_case_emphasis_strike_through_and_latex_plus_minus() -> None:
    assert normalise("**Balance**: `£5` and ~~£900~~ paid") == "balance: £5 and paid"
    assert normalise(r"41.27 $\pm$ 0.44 and 3\% up") == "41.27 ± 0.44 and 3% up"


def test_struck_text_never_spans_a_paragraph_break() -> None:
    assert normalise("~~a\n\nb~~ c") == "~~a b~~ c"


@pytest.mark.parametrize(
    ("pattern", "written"),
    [
        ("eur 12m a year", "The cost is EUR 12m a year."),
        ("12,000 GBP", "We budget £12,000 for it."),
        ("28 Nov 2026", "Due on 2026-11-28."),
        ("approx – 3 days", "approx - 3 days"),
    ],
)
def test_a_pattern_is_normalised_like_the_text_it_meets(pattern: str, written: str) -> None:
    assert re.search(normalise_pattern(pattern), normalise(written), re.IGNORECASE)


def test_regex_syntax_survives_pattern_normalisation() -> None:
    assert normalise_pattern(r"\d{1,300} items?") == r"\d{1,300} items?"
    assert normalise_pattern(r"(nov|dec)\w* 2026") == r"(nov|dec)\w* 2026"
