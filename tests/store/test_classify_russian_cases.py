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
