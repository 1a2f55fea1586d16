"""Rules-mode question matching: sentence splitting, keyword alternatives, anchors, generic questions."""

from __future__ import annotations

from engine.schema.session import HiddenIntent, SessionSpec
from engine.user.base import TurnView, UserObservation
from engine.user.generic import GENERIC_QUESTIONS
from engine.user.questions import anchored, generic_word, is_anchor, questions, targeting_question
from engine.user.rules import RulesUser
from graders.view import EvidenceView, ToolRecord
from sandbox.workspace.memory import MemoryWorkspace


def test_sentences_split_at_end_punctuation_followed_by_space_or_a_line_break() -> None:
    text = "I booked room B2.14. Shall I send the 3.5-hour plan to Priya? Done!\n- Which deadline applies?"
    assert questions(text) == ["Shall I send the 3.5-hour plan to Priya?", "Which deadline applies?"]


def test_a_decimal_or_a_room_number_stays_inside_its_question() -> None:
    text = "Should the talk be in room B2.14 at 16:00 as usual?"
    assert targeting_question(["room|venue", "16:00"], questions(text)) == text


def test_every_entry_must_match_one_question_and_alternatives_match_at_word_starts() -> None:
    asked = questions("Is Priya's deadline the 13th? Who from Lanyon should be copied?")
    assert targeting_question(["priya", "deadline|due"], asked) == "Is Priya's deadline the 13th?"
    assert targeting_question(["priya", "copied"], asked) is None
    assert targeting_question(["lany"], asked) == "Who from Lanyon should be copied?"
    assert targeting_question(["anyon"], asked) is None
    assert targeting_question([], asked) is None


def test_statements_are_not_questions() -> None:
    assert questions("The table is saved. Everything matches.") == []
    assert questions("Anything else? ?") == ["Anything else?"]


def test_an_anchor_is_neither_a_generic_task_word_nor_already_in_the_opening() -> None:
    assert generic_word("deadlines") and generic_word("sav") and generic_word("format")
    assert not generic_word("booktabs") and not generic_word("jonas")
    assert is_anchor("file|booktabs", "") and not is_anchor("file|folder", "")
    assert targeting_question(["file|booktabs"], ["Which file?"]) is None, "a generic alternative never anchors"
    assert targeting_question(["file|booktabs"], ["Booktabs?"]) == "Booktabs?"
    assert not is_anchor("ablation", "Can you build the ablation table?")
    assert anchored(["format", "booktabs"], "") and not anchored(["format|table", "where"], "")
    assert targeting_question(["where|save", "file"], ["Where should I save the file?"]) is None


def test_no_generic_question_of_the_battery_matches_an_anchored_intent() -> None:
    assert len(GENERIC_QUESTIONS) >= 60
    for keywords in (["booktabs|vertical"], ["jonas|minor", "buddy|adult"], ["cr-2291|project code"]):
        assert all(targeting_question(keywords, [q]) is None for q in GENERIC_QUESTIONS)


def _observe(text: str, records: list[ToolRecord], intents: list[HiddenIntent]) -> UserObservation:
    spec = SessionSpec(
        id="s01", title="t", category="R", request="Turn the sign-ups into a schedule.", hidden_intents=intents,
        reference={"turns": [{"message": "ok"}]},
    )  # fmt: skip
    return UserObservation(
        persona=None,  # type: ignore[arg-type]
        session=spec,
        opening=spec.request,
        open_intents=intents,
        conversation=[],
        latest=TurnView(1, text, records, []),
        evidence=EvidenceView(workspace=MemoryWorkspace()),
    )


def _intent(iid: str, keywords: list[str]) -> HiddenIntent:
    return HiddenIntent(id=iid, content=iid, reveal=iid, keywords=keywords)


def test_a_question_matching_several_open_intents_counts_for_none_and_ask_user_questions_count() -> None:
    buddy = _intent("i1", ["jonas|minor"])
    bikes = _intent("i2", ["bikes|electronics|textiles"])
    user = RulesUser()
    both = _observe("Is Jonas ok at bikes?", [], [buddy, bikes])
    assert user.targeted(both, [buddy, bikes]) == {}
    one = _observe("Is Jonas ok alone?", [], [buddy, bikes])
    assert user.targeted(one, [buddy, bikes]) == {"i1": "question: Is Jonas ok alone?"}
    tool = ToolRecord("ask_user", {"question": "Please confirm each slot has bikes covered"}, {}, None, 1)
    via_tool = _observe("", [tool], [buddy, bikes])
    assert user.targeted(via_tool, [buddy, bikes]) == {"i2": "question: Please confirm each slot has bikes covered"}


LUNCH = _intent("i1", ["eat|ate|lunch|meal", "who|which|anyone|everyone|absent|attend"])
SPLIT = _intent("i2", ["split|share|divide|per head|each", "tip|service|equal|evenly|own item|who had what"])


def _topics(intents: list[HiddenIntent], text: str) -> dict[str, str]:
    return RulesUser().targeted(_observe(text, [], intents), intents)


def test_a_negated_question_and_one_whose_subject_is_in_the_sentence_before_are_about_their_topic() -> None:
    lunch = _intent("i1", ["eat|ate|lunch|meal", "nina|ravi|tomas|who|which"])
    assert _topics([lunch], "Who didn't eat today?") == {"i1": "question: Who didn't eat today?"}
    context = (
        "The group has five members: Nina, Ravi and Tomas among them.\nThe receipt is for four lunches. Who was absent?"
    )
    assert _topics([_intent("i1", ["lunch|meal", "nina|ravi|absent"])], context) == {"i1": "question: Who was absent?"}
    assert (
        _topics([_intent("i1", ["lunch|meal", "nina|ravi"])], "Receipt is for four lunches.\n\nWho was absent?") == {}
    )


def test_markdown_around_the_question_mark_and_list_items_do_not_hide_a_question() -> None:
    text = "I found four lunches.\n\n- **Did everyone eat, or was someone away?**\n- _Should the tip be shared?_"
    assert _topics([LUNCH, SPLIT], text) == {
        "i1": "question: Did everyone eat, or was someone away?",
        "i2": "question: Should the tip be shared?",
    }


def test_a_question_about_two_intents_counts_for_neither() -> None:
    assert _topics([LUNCH, SPLIT], "Who ate lunch, and should I split the tip evenly?") == {}


def test_a_question_stuffed_with_the_requests_words_earns_nothing() -> None:
    request = "Split the team lunch receipt between everyone who ate."
    lunch = _intent("i1", ["receipt|lunch|ate", "split|everyone|team"])
    stuffed = "Should I split the team lunch receipt between everyone who ate, by the usual rules and format?"
    spec = SessionSpec(id="s01", title="t", category="R", request=request, hidden_intents=[lunch],
                       reference={"turns": [{"message": "ok"}]})  # fmt: skip
    obs = UserObservation(
        persona=None,  # type: ignore[arg-type]
        session=spec,
        opening=request,
        open_intents=[lunch],
        conversation=[],
        latest=TurnView(1, stuffed, [], []),
        evidence=EvidenceView(workspace=MemoryWorkspace()),
    )
    assert RulesUser().targeted(obs, [lunch]) == {}


def test_the_user_provides_the_intent_nearest_what_was_asked_not_the_first_listed() -> None:
    assert _topics([LUNCH, SPLIT], "Should the cost be divided equally?") == {
        "i2": "question: Should the cost be divided equally?"
    }
    obs = _observe("How should I divide the cost?", [], [LUNCH, SPLIT])
    assert _topics([LUNCH, SPLIT], "How should I divide the cost?") == {}  # how to divide it is not said
    chosen, why = RulesUser().choose_provided(obs, [LUNCH, SPLIT])
    assert chosen == "i2" and "asked about" in why
    idle = _observe("Done.", [], [LUNCH, SPLIT])
    assert RulesUser().choose_provided(idle, [LUNCH, SPLIT])[0] == "i1"


def test_one_or_two_letter_words_of_a_topic_match_only_themselves() -> None:
    grade_d = _intent("i1", ["grade d|d grade|already in default"])
    assert _topics([grade_d], "Should I add a line of defaults over all grades?") == {}
    assert _topics([grade_d], "Should grade D be left out?") == {"i1": "question: Should grade D be left out?"}


def test_a_question_about_work_already_done_this_turn_is_confirmed_and_nothing_else_revealed() -> None:
    draft = HiddenIntent(
        id="i1",
        content="Leave the draft untouched.",
        reveal="Keep the draft as it is.",
        topic=["untouched|overwrite|next to it|original"],
        evidence=[{"kind": "file_exists", "args": {"path": "draft.md"}}],
    )
    later = _intent("i2", ["psi|population stability"])
    obs = _observe("I saved my version next to it. Should the original stay untouched?", [], [draft, later])
    obs.evidence.workspace.write_file("draft.md", b"as it was")
    reply = RulesUser().respond(obs)
    assert [(a.intent_id, a.status) for a in reply.assignments] == [("i1", "completed")]
    assert reply.message == "Keep the draft as it is."


def test_a_short_question_referring_back_takes_its_subject_from_the_sentence_before() -> None:
    staff = _intent("i1", ["staff|test purchase|internal|employee"])
    refers = "A few rows look like staff test purchases rather than real customers. Leave them out?"
    assert _topics([staff], refers) == {"i1": "question: Leave them out?"}
    generic = "A few rows look like staff test purchases rather than real customers. Anything else?"
    assert _topics([staff], generic) == {}, "a question that does not refer back takes nothing from before"


def test_a_question_goes_to_the_intent_it_names_not_to_one_named_only_in_passing() -> None:
    deposit = _intent("i1", ["deposit|cash|moving cost|one-off"])
    viewing = _intent("i2", ["availab|viewing|visit"])
    text = "How much cash do you have available for a deposit and other one-off moving costs?"
    assert _topics([deposit, viewing], text) == {"i1": f"question: {text}"}
    both = "Should I book a viewing when you are available and pay the deposit in cash?"
    assert _topics([deposit, viewing], both) == {}, "a question about both counts for neither"


def test_a_list_of_workspace_terms_is_not_a_question_about_one_of_them() -> None:
    owner = _intent("i1", ["owner|responsible|assignee"])
    assert _topics([owner], "Who should be the owner of each task?") == {
        "i1": "question: Who should be the owner of each task?"
    }
    assert _topics([owner], "What about risk, owner, treasury, backtest?") == {}, "terms between commas"
    named = "Should Farida or Lukas be the owner of the ALM-CURVE-002 remediation for treasury?"
    assert _topics([owner], named) == {"i1": f"question: {named}"}, "a few names and terms of the workspace are fine"
    stuffed = (
        "Should the owner cover treasury liquidity backtest curve remediation severity tiering inventory "
        "validation committee findings?"
    )
    assert _topics([owner], stuffed) == {}, "more than nine specific words beyond the topic"


def test_an_enumeration_in_parentheses_is_an_aside_not_a_list_of_terms() -> None:
    spec_intent = _intent("i1", ["technical spec|spec document|specification"])
    text = "Should the brief state the technical spec (resolution, orientation, duration, no sound), or link it?"
    assert _topics([spec_intent], text) == {"i1": f"question: {text}"}


def _after(earlier: list[str], text: str, intents: list[HiddenIntent]) -> UserObservation:
    obs = _observe(text, [], intents)
    obs.earlier = [TurnView(n + 1, said, [], []) for n, said in enumerate(earlier)]
    obs.latest = TurnView(len(earlier) + 1, text, [], [])
    return obs


def test_after_three_questions_about_nothing_the_user_stops_reading_questions_and_says_why() -> None:
    targeted = "Did everyone eat, or was someone away?"
    off_topic = ["Should I use Markdown? Is a table fine?", "Which font do you like?"]
    user = RulesUser()
    two_strays = _after(off_topic[:1], targeted, [LUNCH, SPLIT])
    assert user.targeted(two_strays, [LUNCH, SPLIT]) == {"i1": f"question: {targeted}"}
    three_strays = _after(off_topic, targeted, [LUNCH, SPLIT])
    assert user.targeted(three_strays, [LUNCH, SPLIT]) == {}
    chosen, why = user.choose_provided(three_strays, [LUNCH, SPLIT])
    assert chosen == "i1" and "3 questions about nothing" in why
    on_topic = ["Should the tip be shared? Should it be split evenly?", "Which font do you like?"]
    assert user.targeted(_after(on_topic, targeted, [LUNCH, SPLIT]), [LUNCH, SPLIT]) == {"i1": f"question: {targeted}"}


def test_a_lead_in_before_a_colon_an_aside_in_parentheses_and_figures_are_not_stray_words() -> None:
    transfer = _intent("i1", ["transfer|safeguard|idta|addendum|scc", "dentiflow|paperwork|mechanism"])
    asked = (
        "One open point I can't resolve from the file: the 29 October note says Rhiannon mentioned Dentiflow "
        "'signed some transfer paperwork' - do we know what it is (IDTA, UK Addendum to the SCCs, or Dentiflow's "
        "certification to the UK Extension of the Data Privacy Framework)?"
    )
    assert list(_topics([transfer], asked)) == ["i1"]
    padded = "Do we know which transfer mechanism Dentiflow signed for the clinic's patient imaging records archive?"
    assert list(_topics([transfer], padded)) == ["i1"]
    sprawl = (
        "Do we know which transfer mechanism Dentiflow signed for the clinic's imaging archive, billing ledger, "
        "marketing newsletter, payroll export, reception rota and parking permits?"
    )
    assert _topics([transfer], sprawl) == {}


def test_with_nothing_asked_the_user_first_tells_what_only_the_user_knows() -> None:
    in_notes = HiddenIntent(
        id="i1", content="Buddy Jonas.", reveal="Jonas needs a buddy.", keywords=["jonas|buddy"],
        source={"workspace": "notes/conventions.md"},
    )  # fmt: skip
    unknown = _intent("i2", ["lunch|meal"])
    chosen, why = RulesUser().choose_provided(_observe("Done.", [], [in_notes, unknown]), [in_notes, unknown])
    assert chosen == "i2" and "only the user knows" in why
    chosen, why = RulesUser().choose_provided(_observe("Done.", [], [in_notes]), [in_notes])
    assert chosen == "i1" and "first listed" in why
