"""What a generic question is made of: task words that never anchor an intent, and a battery of generic questions.

A question earns *inferred* only when it is about that intent (seed 001 App. B): the rules user demands that one
of an intent's keyword entries be an *anchor* — a name, number, entity or domain term of that intent — and no
word of `GENERIC_WORDS` can be one. `GENERIC_QUESTIONS` is the battery `proact validate` asks of every intent:
any intent one of them infers is an error. It covers format, location, deadline, people, budget, scope and
preference phrasings, single and stuffed, polite and terse.
"""

from __future__ import annotations

GENERIC_WORDS: frozenset[str] = frozenset(
    """
    a about add all also amount any anything are as ask at audience be before best budget by can cap cc check
    checklist clarify client colleague column columns confirm constraint constraints content contents convention
    conventions copy cost costs csv currency data date dates day days deadline deadlines deliver detail details
    do doc document documents draft due e-mail else email emails everything exclude file files first folder follow for
    format formats formatting from guide guideline guidelines handbook have heading headings house how i if
    important in include instructions is it item items keep know label labels language last layout length let
    limit limits list lists location look mail make markdown me message messages money more much many my name naming
    need needs note notes number numbers of on or order other page people person policy prefer preference preferences
    price priorities priority recipient recipients reference remind reminder report requirement requirements row
    rows rule rules save saved schedule scope section sections send share should sort source sources spend
    standard start structure style subject summary table tag task tasks template the there this time timeline
    title to today todo tomorrow tone total type up update usual version want week what when where which who whom
    with word words work would you your
    """.split()  # noqa: SIM905 - a word list reads best as text
)

GENERIC_QUESTIONS: tuple[str, ...] = (
    "Where should I save the file?",
    "What format do you want?",
    "Which folder should this go in?",
    "What should I name the file?",
    "Do you want it as a table or a list?",
    "Should it be Markdown or a PDF?",
    "Any particular layout or structure you prefer?",
    "Is there a template I should follow?",
    "Are there any conventions I should follow?",
    "Should I follow the house style or the handbook?",
    "When is the deadline?",
    "When is this due?",
    "By what date do you need it?",
    "Is there a time limit?",
    "Who should I send it to?",
    "Should I copy anyone?",
    "Who is the audience?",
    "Should I cc a colleague?",
    "Who else needs to know?",
    "What's the budget?",
    "Is there a spending cap or a limit on cost?",
    "How much can I spend?",
    "Which currency should I use for the amounts?",
    "What should be in scope?",
    "Should I include everything or only some items?",
    "Anything I should exclude?",
    "How long should it be?",
    "How much detail do you want?",
    "Any preferences?",
    "Anything else I should know?",
    "Any other requirements?",
    "Is there anything important I'm missing?",
    "What tone should I use?",
    "Formal or informal language?",
    "Should I sort it in a particular order?",
    "What are the priorities?",
    "Do you want a summary at the top?",
    "Should I add headings or sections?",
    "Which columns should the table have?",
    "Should I add a title or a subject line?",
    "Should I label or tag anything?",
    "Should I set a reminder or a task for it?",
    "Do you want a todo for the follow-up?",
    "Which sources should I use?",
    "Should I check the numbers against the data?",
    "Should I update the existing document or start a new one?",
    "Which version should I work from?",
    "Can you confirm the requirements?",
    "Is there a checklist for this?",
    "What should I do first?",
    "Should I send it now or draft it first?",
    "format?",
    "deadline?",
    "budget?",
    "where?",
    "who?",
    "scope?",
    "Before I start, anything about where to save the file, the format or table, the deadline, the budget, who to "
    "copy, the tone, the length or the conventions?",
    "Could you tell me your preferences on file name, folder, format, columns, order, dates, numbers and who gets "
    "a copy?",
    "Quick check: where, what format, by when, for whom, what budget, what scope, anything else?",
    "Would you like me to follow any rules, guidelines, policies, constraints or instructions I should know about?",
    "Should the file name, the headings, the dates, the totals and the recipients follow your usual standard?",
    "Is there anything about the schedule, the timeline, the reminders, the tasks or the people involved I should "
    "keep in mind?",
    "What do you want me to include, exclude, prioritise and check before I send anything?",
    "Do you have any preferences for the table, the list, the rows, the columns, the labels or the summary?",
)
