"""User burden: questions asked, how many targeted an intent, the user's words, turns to resolution."""

from __future__ import annotations

from engine.burden import user_burden
from engine.schema.events import AgentMessage, SessionEnded, StatusAssigned, ToolCall, UserMessage


def test_questions_targets_words_and_turns_are_counted_from_the_trajectory() -> None:
    events = [
        AgentMessage(turn=1, text="I read the sheet. Which stations must be covered? Any other preferences?"),
        StatusAssigned(turn=1, intent_id="i2", status="inferred", evidence="question: Which stations must be covered?"),
        UserMessage(turn=1, text="Every slot needs electronics, textiles and bikes."),
        ToolCall(turn=2, call_id="a", name="ask_user", arguments={"question": "Shall I mark Jonas as buddy"}),
        AgentMessage(turn=2, text="Shall I mark Jonas as buddy"),
        StatusAssigned(turn=2, intent_id="i3", status="provided", evidence="next intent"),
        UserMessage(turn=2, text="Yes, mark him."),
        AgentMessage(turn=3, text="Done."),
        SessionEnded(turn=3, reason="resolved", turns=3),
    ]
    burden = user_burden(events)
    assert (burden.questions, burden.targeted_questions, burden.untargeted_questions) == (3, 1, 2)
    assert burden.user_words == 10 and burden.turns_to_resolution == 3


def test_a_session_cut_by_the_turn_cap_has_no_turns_to_resolution() -> None:
    burden = user_burden(
        [AgentMessage(turn=1, text="Working on it."), SessionEnded(turn=9, reason="turn_cap", turns=9)]
    )
    assert (burden.questions, burden.user_words, burden.turns_to_resolution) == (0, 0, None)
