"""Rules-mode question matching: sentence splitting and keyword alternatives."""

from __future__ import annotations

from engine.user.questions import questions, targeting_question


def test_sentences_split_at_end_punctuation_followed_by_space_or_a_line_break() -> None:
    text = "I booked room B2.14. Shall I send the 3.5-hour plan to Priya? Done!\n- Which deadline applies?"
    assert questions(text) == ["Shall I send the 3.5-hour plan to Priya?", "- Which deadline applies?"]


def test_a_decimal_or_a_room_number_stays_inside_its_question() -> None:
    text = "Should the talk be in room B2.14 at 16:00 as usual?"
    assert targeting_question(["room|venue", "16:00"], text) == text


def test_every_entry_must_match_one_question_and_alternatives_match_at_word_starts() -> None:
    text = "What is the deadline? Who should be copied?"
    assert targeting_question(["deadline|due"], text) == "What is the deadline?"
    assert targeting_question(["deadline", "copied"], text) is None
    assert targeting_question(["cop"], text) == "Who should be copied?"
    assert targeting_question(["opied"], text) is None
    assert targeting_question([], text) is None


def test_statements_are_not_questions() -> None:
    assert questions("The table is saved. Everything matches.") == []
    assert questions("Anything else? ?") == ["Anything else?"]
