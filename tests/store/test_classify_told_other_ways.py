"""Statements told another way that absorb reads as one (issue 11): a Spanish passive of a verb
whose vowel splits in the present ("mantiene" / "es mantenido"), a passive and an active with
the same word of how it is done, and a day of the month told as an ordinal."""

from __future__ import annotations

import pytest

from engram.store.parse import parse
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "El equipo de plataforma mantiene el repositorio de Terraform",
            "El repositorio de Terraform es mantenido por el equipo de plataforma",
        ),
        ("Carlos cuenta el dinero de la caja", "El dinero de la caja es contado por Carlos"),
        (
            "The TLS certificates are renewed automatically by cert-manager.",
            "cert-manager renews the TLS certificates automatically.",
        ),
    ],
)
def test_a_passive_and_its_active_are_one_statement(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Carlos mantiene el repositorio", "El repositorio es mantenido por Ana"),
        (
            "The TLS certificates are renewed manually by Ops.",
            "Ops renews the TLS certificates automatically.",
        ),
    ],
)
def test_another_doer_or_another_manner_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Сертификат истекает двенадцатого ноября", "12"),
        ("Certificate expires on the twelfth of November", "12"),
        ("Зарплата приходит двадцать пятого числа", "25"),
    ],
)
def test_an_ordinal_beside_a_month_is_the_day(text: str, day: str) -> None:
    assert day in parse(text).values


def test_an_ordinal_with_no_month_is_a_word() -> None:
    assert not parse("He came second in the race").values


def test_a_day_told_as_an_ordinal_is_the_same_date() -> None:
    assert outcome("Сертификат истекает 12 ноября", "Сертификат истекает двенадцатого ноября") == (
        "duplicate"
    )
    assert outcome("Сертификат истекает 12 ноября", "Сертификат истекает тринадцатого ноября") == (
        "supersede"
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("user: my flight lands at 6 pm", "user: correction, my flight lands at 7:30 pm"),
        (
            "usuario: mi vuelo a Bogotá sale el jueves 12",
            "usuario: perdón, me equivoqué, el vuelo a Bogotá sale el viernes 13",
        ),
        (
            "пользователь: у меня встреча с юристом в пятницу в 11",
            "пользователь: поправка, встреча с юристом в пятницу не в 11, а в 14:30",
        ),
    ],
)
def test_a_speaker_correcting_themselves_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_a_correction_of_someone_elses_hides_nothing() -> None:
    old, new = "user: my flight lands at 6 pm", "user: sorry, my sister's flight lands at 7:30 pm"
    assert outcome(old, new) not in HIDING


def test_japanese_sorry_is_no_negation() -> None:
    assert not parse("すみません、明日の会議は4時からでした").negated
    assert parse("すみません、今日は行けません").negated
