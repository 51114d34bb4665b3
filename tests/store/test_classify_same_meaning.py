"""The absorb classifier reading words and phrases of one meaning in one way
(`lexicon.SAME_MEANING`): a fact told again in other words is a duplicate, while a negation,
an opposite, another subject or another object keeps the two apart as before."""

from __future__ import annotations

import pytest

from engram.store import MemoryStore
from tests.store.pairs import HIDING, absorbed


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Hana gave a talk at RustConf.", "Hana spoke at RustConf."),
        ("Ivo is originally from Porto.", "Ivo comes from Porto."),
        ("Dev dislikes cold showers.", "Dev doesn't like cold showers."),
        ("Noor wrote the style guide.", "Noor is the author of the style guide."),
        ("The landlord purchased a new boiler.", "The landlord bought a new boiler."),
        ("The guest doesn't drink alcohol.", "The guest is teetotal."),
        ("Keiko almost missed the flight.", "Keiko nearly missed the flight."),
        ("Ramón desea aprender alemán.", "Ramón quiere aprender alemán."),
        ("El reglamento prohíbe fumar.", "El reglamento no permite fumar."),
        ("Глеб приобрёл новый ноутбук.", "Глеб купил новый ноутбук."),
        ("Соня терпеть не может караоке.", "Соня ненавидит караоке."),
    ],
)
def test_a_fact_told_in_words_of_one_meaning_is_a_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Dev likes cold showers.", "Dev doesn't like cold showers."),
        ("Dev likes cold showers.", "Dev can't stand cold showers."),
        ("The guest drinks alcohol.", "The guest is teetotal."),
        ("The office allows dogs.", "The office doesn't allow dogs."),
        ("El reglamento permite fumar.", "El reglamento no permite fumar."),
    ],
)
def test_an_opposite_said_in_other_words_still_contradicts(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "contradict"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Hana gave a talk at RustConf.", "Omar spoke at RustConf."),
        ("Hana gave a talk at RustConf.", "Hana spoke at PyCon."),
        ("The landlord purchased a new boiler.", "The tenant bought a new boiler."),
        ("Глеб приобрёл новый ноутбук.", "Глеб купил новый телефон."),
        ("Ivo is originally from Porto.", "Ana comes from Porto."),
    ],
)
def test_words_of_one_meaning_about_another_subject_or_object_hide_nothing(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING
