"""The absorb classifier reading its word lists in the language of the facts it compares: the
stems of English and Spanish words meet by chance ("publican" / "public", "come" / "coming",
"toma" / "Tom"), and a list of one language must not decide what a fact of the other says."""

from __future__ import annotations

import pytest

from engram.store import MemoryStore
from engram.store.parse import parse
from tests.store.pairs import HIDING, absorbed, outcome


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("The book club meets at the public library.", "english"),
        ("Las alertas se publican en #ops-alerts.", "spanish"),
        ("Lucas sabe Rust.", ""),
    ],
)
def test_a_fact_knows_the_language_of_its_latin_words(text: str, language: str) -> None:
    assert parse(text).language == language


def test_a_spanish_word_list_does_not_read_an_english_fact(store: MemoryStore) -> None:
    # "public" shares its stem with "publican", which posts to several channels at once
    old, new = (
        "The book club meets at Lena's apartment.",
        ("Book club meets at the public library these days."),
    )
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lucas sabe Rust.", "Lucas sabe Haskell."),  # no function word tells the language
        ("Lucas conoce a Marta.", "Lucas conoce a Sergio."),
        ("Marta es responsable de compras.", "Marta es responsable de ventas."),
        ("Marta is responsible for purchasing.", "Marta is responsible for sales."),
    ],
)
def test_a_value_of_several_stays_one_of_several_in_either_language(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The electrician is coming Monday to fix the hallway light.",
            "The electrician is coming Monday to fix the porch light.",
        ),
        (
            "The plumber is coming on Friday to fix the sink.",
            "The plumber is coming on Friday to fix the shower.",
        ),
    ],
)
def test_another_purpose_told_with_to_is_another_errand(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) not in HIDING


def test_the_same_purpose_with_another_tool_is_a_new_value(store: MemoryStore) -> None:
    old, new = "We use Redis to cache sessions.", "We use Memcached to cache sessions."
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The office is closed on public holidays.", "The office is closed on Christmas Day."),
        ("La oficina está cerrada los festivos.", "La oficina está cerrada el día de Navidad."),
    ],
)
def test_a_place_is_closed_on_several_days(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The shop is closed on Mondays.", "The shop is now closed on Tuesdays."),
        ("La tienda está cerrada los lunes.", "La tienda ahora está cerrada los martes."),
    ],
)
def test_the_day_a_place_is_closed_told_as_news_supersedes(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("She prefers to be contacted by email.", "She prefers to be contacted by WhatsApp."),
        ("Prefiere que la contacten por correo.", "Prefiere que la contacten por WhatsApp."),
    ],
)
def test_a_preference_of_one_thing_changed_supersedes_in_either_language(
    old: str, new: str
) -> None:
    # "preference", one of a note's several, no longer makes the verb "prefers" many-valued
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user prefers short answers.", "The user prefers code examples in Python."),
        (
            "Prefers squash merges for feature branches.",
            "Prefers merge commits for release branches.",
        ),
    ],
)
def test_a_preference_of_another_thing_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_places_shipped_to_are_several_as_in_spanish() -> None:
    # "envía" was one of several in Spanish; "ship" now is in English too
    assert outcome("We ship to the USA.", "We ship to Canada.") not in HIDING
    assert outcome("La tienda envía a Estados Unidos.", "La tienda envía a Canadá.") not in HIDING
