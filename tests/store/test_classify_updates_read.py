"""Updates the absorb classifier now reads (issue 11): a person's verb the lexicon does not
know, told and then denied ("The user smokes" → "The user no longer smokes"); a new value
told as someone's new one in Spanish, Russian and in a note ("El nuevo teléfono del
usuario", "New phone: …"); an hour changed beside its weekday; a count told as news."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user snores.", "The user no longer snores."),
        ("My daughter bites her nails.", "My daughter no longer bites her nails."),
        ("El usuario ronca.", "El usuario ya no ronca."),
    ],
)
def test_a_habit_given_up_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_a_habit_told_again_is_a_duplicate() -> None:
    assert outcome("The user snores.", "The user snores") == "duplicate"


def test_another_habit_hides_nothing() -> None:
    assert outcome("The user snores.", "The user sleepwalks.") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "La dirección del usuario es Calle Luna 4.",
            "La nueva dirección del usuario es Calle Sol 9.",
        ),
        ("Почта пользователя: ivan@old.ru", "Новая почта пользователя: ivan@new.ru"),
        ("Phone: 555-0101", "New phone: 555-0199"),
    ],
)
def test_a_new_one_of_what_one_has_one_of_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Hobby: chess", "New hobby: climbing"),
        ("В команде дизайна Аня и Борис.", "В команду дизайна пришёл новый сотрудник — Денис."),
    ],
)
def test_a_new_one_of_what_one_has_several_of_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_an_hour_changed_beside_its_weekday_supersedes() -> None:
    old, new = "The retro is at 15:00 on Fridays.", "The retro is at 16:00 on Fridays."
    assert outcome(old, new) == "supersede"


def test_a_count_told_as_news_supersedes() -> None:
    assert outcome("The user has 2 dogs.", "The user has 3 dogs now.") == "supersede"


def test_a_count_of_another_thing_hides_nothing() -> None:
    assert outcome("The user has 2 dogs.", "The user has 3 cats now.") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Browser: Firefox", "Switched from Firefox to Brave"),
        ("Браузер: Firefox", "Перешёл с Firefox на Brave"),
        ("Navegador: Firefox", "Cambió de Firefox a Brave"),
    ],
)
def test_a_switch_from_a_notes_value_supersedes_it(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    "new",
    [
        "Bob switched from Firefox to Brave.",
        "The user is thinking about switching from Firefox to Brave.",
    ],
)
def test_someone_elses_or_a_planned_switch_hides_nothing(new: str) -> None:
    assert outcome("Browser: Firefox", new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alerts are posted in #ops-alerts.", "Alerts are now posted in #payments-oncall."),
        (
            "Las alertas se publican en #ops-alerts.",
            "Las alertas ahora se publican en #payments-oncall.",
        ),
    ],
)
def test_a_chat_channel_is_one_value_that_an_update_replaces(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_another_channel_for_another_thing_hides_nothing() -> None:
    old, new = "Alerts are posted in #ops-alerts.", "Deploy notices are posted in #deploys."
    assert outcome(old, new) not in HIDING


def test_a_channel_name_is_one_word_of_the_fact() -> None:
    from engram.store.parse import parse

    words = [(w.exact, w.kind) for w in parse("Alerts are posted in #ops-alerts.").words]
    assert ("#opsalerts", "name") in words
    # a character reference in a word is no channel
    assert all(not w.exact.startswith("#x") for w in parse("Tom&#x27;s note is here.").words)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's manager is Karen.", "The user has a new manager, Raj."),
        ("Max's vet is Dr. Gomez.", "Max has a new vet: Dr. Ruiz."),
        ("El veterinario de Max es el Dr. Gómez.", "Max tiene un nuevo veterinario, el Dr. Ruiz."),
        (
            "La dentista del usuario es la Dra. Ortiz.",
            "El usuario tiene una nueva dentista: la Dra. Vidal.",
        ),
    ],
)
def test_a_new_one_named_after_a_comma_supersedes_the_old_one(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The design team is Ana, Ben and Carla.", "The design team has a new member, Dmitri."),
        ("The user's kids are Emma and Noah.", "The user has a new baby, Lily."),
        ("The user has two cats.", "The user has a new cat, Miso."),
    ],
)
def test_a_new_one_beside_the_others_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("stored", "told"),
    [
        ("Я живу в Москве.", "Теперь я живу в Казани."),
        ("Я живу в Москве.", "Сейчас я живу в Казани."),
        ("Vivo en Madrid.", "Ahora vivo en Sevilla."),
        ("Vivo en Madrid.", "Ya no vivo en Madrid, ahora vivo en Sevilla."),
        ("Trabajo en Google.", "Ahora trabajo en Meta."),
    ],
)
def test_now_before_the_pronoun_or_the_first_persons_verb_updates(stored: str, told: str) -> None:
    assert outcome(stored, told) == "supersede"


def test_japanese_now_as_the_topic_updates_where_one_lives() -> None:
    assert outcome("東京に住んでいます。", "今は大阪に住んでいます。") == "supersede"
