"""The stretch of time a query names (`engram.text.when`), read relative to a moment."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.text.tokenize import normalize
from engram.text.when import MONTHS, NUMBERS, RU_MONTHS, UNITS, _window, time_window

NOW = datetime(2023, 6, 1, 15, 30, tzinfo=UTC)


def days(query: str) -> tuple[str, str] | None:
    found = time_window(query, NOW)
    return None if found is None else (found.start.date().isoformat(), found.end.date().isoformat())


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("How many plants did I buy in the last month?", ("2023-05-02", "2023-06-02")),
        ("what changed in the past two weeks", ("2023-05-19", "2023-06-02")),
        ("deploys over the last 3 days", ("2023-05-30", "2023-06-02")),
        ("the last couple of weeks", ("2023-05-19", "2023-06-02")),
        ("¿qué decidimos en los últimos tres meses?", ("2023-03-01", "2023-06-02")),
        ("что я купил за последние два месяца", ("2023-04-01", "2023-06-02")),
    ],
)
def test_the_last_n_units_end_today(query: str, expected: tuple[str, str]) -> None:
    assert days(query) == expected


@pytest.mark.parametrize(
    "query", ["what did we decide last week", "la semana pasada", "что было на прошлой неделе"]
)
def test_last_week_is_the_seven_days_up_to_today(query: str) -> None:
    assert days(query) == ("2023-05-26", "2023-06-02")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("how many weddings this year", ("2023-01-01", "2023-06-02")),
        ("este mes", ("2023-06-01", "2023-06-02")),
        ("в этом году", ("2023-01-01", "2023-06-02")),
    ],
)
def test_this_unit_runs_from_its_start(query: str, expected: tuple[str, str]) -> None:
    assert days(query) == expected


def test_yesterday_is_one_day() -> None:
    assert days("what did I say yesterday?") == ("2023-05-31", "2023-06-01")
    assert days("вчера вечером") == ("2023-05-31", "2023-06-01")


def test_n_days_ago_is_that_day_give_or_take_one() -> None:
    assert days("the bug we saw 3 days ago") == ("2023-05-28", "2023-05-31")
    assert days("hace dos semanas") == ("2023-05-11", "2023-05-26")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Which airline did I fly most in March and April?", ("2023-03-01", "2023-05-01")),
        ("in December", ("2022-12-01", "2023-01-01")),  # the last December, not the next
        ("in May 2022", ("2022-05-01", "2022-06-01")),
        ("в марте и апреле", ("2023-03-01", "2023-05-01")),
        ("en marzo", ("2023-03-01", "2023-04-01")),
        ("from November to February", None),  # "from" is not one of the month's words
        ("in November through February", ("2022-11-01", "2023-03-01")),
    ],
)
def test_a_month_by_name_is_its_last_occurrence(query: str, expected: object) -> None:
    assert days(query) == expected


@pytest.mark.parametrize(
    "query",
    [
        "How many days ago did I harvest the herbs?",  # asks for the number, names no time
        "sports I played in the past?",
        "what was the last thing we tried",
        "since may be wrong, check it",
        "how do we deploy today",
        "the release process",
    ],
)
def test_a_query_that_names_no_time_has_no_window(query: str) -> None:
    assert days(query) is None


@given(st.text(max_size=200))
def test_any_text_gives_no_window_or_one_that_ends_after_it_starts(text: str) -> None:
    found = time_window(text, NOW)
    assert found is None or found.start < found.end


# Words and whole readings a time is named with, and words close to them...
_NAMING = [
    *MONTHS, *NUMBERS, *UNITS, *RU_MONTHS, "мая", "маю", "мартышка", "last", "past", "previous",
    "this", "ago", "yesterday", "ayer", "hace", "últimos", "última", "pasada", "pasado", "esta",
    "este", "прошлой", "последние", "этой", "этом", "текущем", "назад", "вчера", "недели",
    "месяца", "год", "дня", "лет", "Last", "MARCH", "tested",
    "the last 2 weeks", "los últimos tres meses", "за последние два дня", "la semana pasada",
    "на прошлой неделе", "this month", "esta semana", "в этом году", "3 days ago",
    "hace dos semanas", "два месяца назад", "yesterday", "ayer", "вчера", "in may and june",
    "en marzo de 2022", "в марте", "с мая", "в мае", "в сентябре 2021", "в текущем месяце",
    "the previous 3 months",
]  # fmt: skip
# ...and words that name none, around them.
_OTHERS = ["the", "of", "in", "since", "during", "and", "to", "y", "hasta", "en", "de", "в",
           "во", "с", "на", "за", "по", "и", "los", "las", "el", "la", "2022", "3", "deploy",
           "plants", ",", "?"]  # fmt: skip


@given(
    st.lists(st.sampled_from(_OTHERS), max_size=4),
    st.lists(st.sampled_from(_NAMING), max_size=2),
    st.lists(st.sampled_from(_OTHERS), max_size=4),
    st.sampled_from([" ", "  ", "\n"]),
)
def test_a_query_skipped_for_naming_no_time_word_has_no_window(
    before: list[str], naming: list[str], after: list[str], gap: str
) -> None:
    query = gap.join(before + naming + after)
    assert time_window(query, NOW) == _window(normalize(query), NOW)


@pytest.mark.parametrize("naming", _NAMING)
def test_each_word_or_reading_alone_is_read_as_in_full(naming: str) -> None:
    for query in (naming, f"what did we deploy {naming} ?"):
        assert time_window(query, NOW) == _window(normalize(query), NOW)
