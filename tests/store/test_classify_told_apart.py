"""Two facts of the same words that a word or two tell apart, whichever rule read them as one
(issue 11): where from and where to, a limit on one side, names in each other's places, a
card told by how its number ends, a relative's news, hearsay, one occasion of a schedule, one
more item of a list. Beside each guard, the true duplicates and updates it must leave alone."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Поезд в Питер отправляется в 23:55.", "Поезд из Питера отправляется в 23:55."),
        (
            "El usuario transfirió 500 euros a la cuenta de ahorro.",
            "El usuario transfirió 500 euros desde la cuenta de ahorro.",
        ),
        ("The shuttle goes to the airport at 7.", "The shuttle goes from the airport at 7."),
    ],
)
def test_a_place_gone_to_and_a_place_come_from_are_two_statements(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_leaving_a_place_told_with_or_without_from_is_one_statement() -> None:
    assert outcome("Рома покинул компанию в мае.", "Рома ушёл из компании в мае.") == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana puede aprobar despliegues a producción.", "Solo Ana puede aprobar despliegues."),
        ("Solo Ana puede aprobar despliegues.", "Ana puede aprobar despliegues."),
    ],
)
def test_a_limit_on_one_side_only_is_no_duplicate(old: str, new: str) -> None:
    assert outcome(old, new) != "duplicate"


def test_black_coffee_is_no_limit() -> None:
    old = "El usuario toma el café sin leche ni azúcar."
    assert outcome(old, "El usuario toma el café solo y sin azúcar.") == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Service A trusts tokens issued by service B.",
            "Service B trusts tokens issued by service A.",
        ),
        ("Build X runs before build Y.", "Build Y runs before build X."),
    ],
)
def test_names_in_each_others_places_are_two_statements(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_names_in_each_others_places_of_a_relation_both_ways_are_one() -> None:
    assert outcome("Alice is married to Bob.", "Bob is married to Alice.") == "duplicate"


def test_two_cards_told_by_how_their_numbers_end_are_two() -> None:
    old, new = (
        "The user's Amex ending 1009 expires 08/26.",
        "The user's Amex ending 1090 expires 08/26.",
    )
    assert outcome(old, new) not in HIDING


def test_a_card_told_by_its_ending_still_takes_a_new_expiry() -> None:
    old = "The user's Visa ending in 4242 expires 08/26."
    assert outcome(old, "The user's Visa ending in 4242 now expires 09/28.") == "supersede"


def test_a_relatives_fact_after_a_possessive_is_english_and_someone_elses() -> None:
    old, new = "Ken drives a blue Subaru Outback.", "Ken's son drives a blue Subaru Outback."
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The office is moving to Midtown next year.",
            "According to Rita, the office is moving to Midtown next year.",
        ),
        ("La oficina se muda a Chamberí.", "Según Rita, la oficina se muda a Tetuán."),
        ("Офис переезжает на Арбат.", "По словам Риты, офис переезжает в Сити."),
        (
            "オフィスは来年渋谷に移転する。",
            "佐々木さんによると、オフィスは来年渋谷に移転するらしい。",
        ),
    ],
)
def test_what_someone_says_is_no_update(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("1:1 with Zoe is every Tuesday at 14:00.", "Next week's 1:1 with Zoe moves to Wednesday."),
        ("The piano lesson is Saturdays at 10.", "This Saturday's piano lesson is moved to 2pm."),
        ("La clase de piano es los sábados a las 10.", "La clase de este sábado se pasa a las 12."),
    ],
)
def test_one_weeks_or_one_days_change_is_an_exception(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    "new",
    ["Starting next week, standup moves to 10:00.", "From this Saturday on, standup is at 10:00."],
)
def test_a_change_from_a_day_on_still_supersedes(new: str) -> None:
    assert outcome("Standup is at 9:30.", new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The user's favorite cuisines include Thai.",
            "The user's favorite cuisines include Ethiopian.",
        ),
        ("Пользователь увлекается рыбалкой.", "Пользователь увлекается шахматами."),
    ],
)
def test_one_more_item_of_a_list_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_favorite_told_alone_still_takes_a_new_value() -> None:
    old = "The user's favorite cuisine is Thai."
    assert outcome(old, "The user's favorite cuisine is now Ethiopian.") == "supersede"
