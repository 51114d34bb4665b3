"""A Russian name's case tells its role: to whom a thing is sent ("отчёт Петру", the dative)
is no owner of it ("отчёт Петра", the genitive), as "to Pedro" is no "Pedro's" (issue 11).
A subject after its verb or a place after a preposition keeps reading as before."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Лена пересылает письмо Игорю.", "Лена пересылает письмо Игоря."),
        ("Лена пересылает письмо Ольге.", "Лена пересылает письмо Ольги."),
    ],
)
def test_to_whom_and_whose_are_two_statements(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_recipient_told_again_is_a_duplicate() -> None:
    assert outcome("Лена пересылает письмо Игорю.", "Лена пересылает письмо Игорю") == ("duplicate")


def test_a_move_out_of_the_stored_city_still_supersedes() -> None:
    assert outcome("Катя живёт в Самаре.", "Катя переехала из Самары в Казань.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Любимый цвет пользователя — зелёный.", "Любимый цвет пользователя теперь синий."),
        ("Дежурный — Михаил.", "Дежурный теперь Сара."),
    ],
)
def test_now_without_a_dash_is_the_copula_of_a_new_value(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # "теперь" before a place or a time, or before a verb the lexicon does not know
        ("Стендап в 10:00.", "Стендап теперь в 10:30."),
        ("Ретро ведёт Дана.", "Ретро теперь ведёт Олег."),
    ],
)
def test_now_before_a_place_or_a_verb_is_read_as_before(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"
