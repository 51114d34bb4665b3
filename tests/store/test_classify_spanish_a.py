"""The Spanish preposition "a", which the English article "a" is spelt like: whom a thing is
sent or sold to ("a Pedro") is no owner of it ("de Pedro"), while a "de" that ends a longer
preposition ("en lugar de", "antes de") and a dative told with its clitic ("A Sergio no le
gusta") keep reading as before (issue 11)."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Marta envía el informe a Pedro.", "Marta envía el informe de Pedro."),
        ("Ana vende la casa a Luis.", "Ana vende la casa de Luis."),
        ("Raúl presta el coche a Elena.", "Raúl presta el coche de Elena."),
    ],
)
def test_to_whom_and_whose_are_two_statements(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_recipient_told_again_is_a_duplicate() -> None:
    assert outcome("Marta envía el informe a Pedro.", "Marta envía el informe a Pedro") == (
        "duplicate"
    )


def test_a_dative_with_its_clitic_negated_contradicts() -> None:
    old, new = "A Sergio le gusta el cilantro.", "A Sergio no le gusta el cilantro."
    assert outcome(old, new) == "contradict"


def test_a_new_manager_in_place_of_the_old_one_supersedes() -> None:
    old = "Lucía dirige el equipo de pagos y reporta a Andrés."
    new = "Lucía dirige el equipo de pagos y ahora reporta a Sofía en lugar de Andrés."
    assert outcome(old, new) == "supersede"


def test_a_move_to_another_office_supersedes() -> None:
    old = "Clara trabaja en la oficina de Valencia."
    new = "Clara se ha trasladado a la oficina de Sevilla."
    assert outcome(old, new) == "supersede"


def test_by_how_much_and_to_what_amount_are_two_statements() -> None:
    assert outcome("La latencia bajó en 20 ms.", "La latencia bajó a 20 ms.") != "duplicate"
