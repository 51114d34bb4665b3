"""Russian verbs the lexicon does not know, read by where they stand and how they end: after a
name that opens a fact, a present tense ("Олег курит"); after "не", whatever it negates ("Олег
больше не курит"). The reflexive "себя" is a person acted on, as "herself" is."""

from __future__ import annotations

import pytest

from engram.store.parse import parse
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Олег курит каждый день.", "кур"),
        ("Олег больше не курит.", "кур"),
        ("Аня рисует портреты.", "рис"),
    ],
)
def test_an_unknown_present_after_a_name_is_the_verb(text: str, verb: str) -> None:
    fact = parse(text)
    assert fact.verb == verb
    assert fact.subject == {text.split()[0].casefold()}


@pytest.mark.parametrize("text", ["Лимит загрузки файлов — 10 МБ.", "Бюджет проекта — 5 млн."])
def test_a_genitive_after_the_first_noun_is_no_verb(text: str) -> None:
    assert parse(text).verb_norm != text.split()[1].casefold()


def test_a_plural_put_first_is_still_the_object() -> None:
    # "Отчёты" is no name: the reports are what Dima prepares
    assert outcome("Отчёты готовит Дима.", "Теперь отчёты готовит Лиза.") == "supersede"


def test_stopping_what_a_name_does_supersedes() -> None:
    assert outcome("Олег курит после обеда.", "Олег больше не курит после обеда.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Аня винит себя в сбое.", "Аня винит Бориса в сбое."),
        ("Anya blames herself for the outage.", "Anya blames Boris for the outage."),
    ],
)
def test_an_action_on_oneself_and_on_another_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("text", "verb", "subject"),
    [
        ("События заказов идут через RabbitMQ.", "идут", {"события", "заказов"}),
        ("События заказов теперь летят в Kafka.", "летят", {"события", "заказов"}),
        ("Los eventos de inventario pasan por SQS.", "pasan", {"evento", "inventario"}),
    ],
)
def test_an_unknown_plural_verb_before_a_preposition_ends_the_subject(
    text: str, verb: str, subject: set[str]
) -> None:
    fact = parse(text)
    assert fact.verb_norm == verb
    assert fact.subject == subject


@pytest.mark.parametrize(
    "text", ["Маршрут через центр закрыт.", "El plan de ahorro es mensual.", "Результат в норме."]
)
def test_a_noun_of_a_verbs_ending_before_a_preposition_stays_a_noun(text: str) -> None:
    assert parse(text).verb_norm != text.split()[0].casefold()
