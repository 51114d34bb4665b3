"""Where sentences end (engram.text.sentences): for the fact splitter and absorb."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.text.sentences import sentences


@pytest.mark.parametrize(
    "text",
    [
        "The budget is now approx. 5 million dollars per year.",
        "Alicia se mudó a EE. UU. con su familia en 2020.",
        "We moved to the U.S. in 2019.",
        "Meet at 9 a.m. tomorrow.",
        "J. P. Morgan opened a branch.",
        "И. И. Петров живёт в Москве.",
        "We deploy ASP.NET apps with System.Text.Json daily.",
        "Contact Bob.Jones@acme.com for access.",
        "Kwabena works at St. Mary's hospital.",
    ],
)
def test_an_abbreviation_an_initial_or_a_name_with_dots_ends_no_sentence(text: str) -> None:
    assert sentences(text) == [text]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Alice moved to Berlin. She works at Stripe now.", 2),
        ("We describe methods in budding yeast.As a model we built strains.", 2),
        ("東京に住んでいます。毎日電車で通勤しています。", 2),
        ('We call the server "atlas". The database moved to Frankfurt.', 2),
        ("Alice's manager is Priya\nThe team moved to Berlin", 2),
        ("Wow! How long have you been surfing?", 2),
    ],
)
def test_sentences_end_at_their_marks_and_at_line_breaks(text: str, count: int) -> None:
    assert len(sentences(text)) == count


@given(st.text(max_size=300))
def test_cutting_into_sentences_loses_no_text(text: str) -> None:
    assert "".join("".join(sentences(text)).split()) == "".join(text.split())
