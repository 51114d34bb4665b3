"""News that looks like an update of the stored fact but is of another attribute, another
owner's attribute or another moment (issue 11): a preference of another thing, what one does
beside a favourite, one day's exception, the hour beside the day, another team's meeting,
someone else's manager, a question in Japanese, an attempt. The real updates beside them
still supersede."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user prefers aisle seats.", "The user now prefers oat milk in coffee."),
        ("Пользователь предпочитает тёмную тему.", "Теперь пользователь предпочитает зелёный чай."),
        ("El usuario prefiere el modo oscuro.", "Ahora el usuario prefiere el vino tinto."),
    ],
)
def test_a_preference_of_another_thing_replaces_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user prefers aisle seats.", "The user now prefers window seats."),
        ("The user prefers tea.", "The user now prefers coffee."),
    ],
)
def test_a_preference_of_the_same_thing_changed_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_what_one_does_now_is_no_new_favourite() -> None:
    old, new = "The user's favorite film is Alien.", "The user is now watching Arrival."
    assert outcome(old, new) not in HIDING


def test_a_new_favourite_supersedes() -> None:
    old, new = "The user's favorite film is Alien.", "The user's favorite film is now Arrival."
    assert outcome(old, new) == "supersede"


def test_one_days_exception_is_no_new_rule() -> None:
    old, new = "The user usually cycles to work.", "The user is taking the bus to work today."
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("La revisión del coche es el 12 de junio.", "La revisión del coche es a las 9:30."),
        ("The car service is on Monday.", "The car service is at 09:30."),
    ],
)
def test_the_hour_beside_the_day_replaces_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_another_hour_supersedes() -> None:
    old, new = "The car service is at 09:30.", "The car service is at 11:00."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Team A retro is at 16:00.", "Team B retro moved to 17:00."),
        ("La demo del equipo A es a las 12.", "El equipo B cambió su demo a las 13."),
    ],
)
def test_another_teams_meeting_moved_is_no_news_of_this_one(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_teams_meeting_moved_supersedes() -> None:
    assert outcome("Team A retro is at 16:00.", "Team A retro moved to 17:00.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's mentor is Olga.", "Olga now mentors the design team."),
        ("The user's mentor is Olga.", "Pavel is now the mentor of the design team."),
    ],
)
def test_someone_elses_attribute_is_no_news_of_the_users(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_users_new_mentor_supersedes() -> None:
    old, new = "The user's mentor is Olga.", "Pavel is now the user's mentor."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは福岡に住んでいる。", "ユーザーは札幌に引っ越した？"),
        ("The user drinks cola every day.", "The user is trying to quit cola."),
    ],
)
def test_a_question_or_an_attempt_is_no_change(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sprint review is at 14:00.", "Today's sprint review moved to 16:00 because of the demo."),
        ("The book club meets on Tuesdays.", "This week the book club meets on Wednesday instead."),
        ("Ретро в 17:00.", "Сегодня ретро перенесли на 18:00."),
        ("La retro es a las 17:00.", "Hoy la retro se movió a las 18:00."),
        ("振り返りは金曜17時", "今週の振り返りは祝日のため木曜に変更"),
    ],
)
def test_one_occasion_of_a_schedule_is_no_new_schedule(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sprint review is at 14:00.", "Starting today, sprint review is at 16:00."),
        ("The book club meets on Tuesdays.", "As of this week the book club meets on Wednesdays."),
        ("Prod runs 4 replicas of the API.", "Scaled the prod API up to 8 replicas today."),
    ],
)
def test_a_change_from_today_on_still_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_the_managers_own_manager_is_no_news_of_the_users() -> None:
    old, new = "The user's mentor is Olga.", "Olga's mentor is now Pavel."
    assert outcome(old, new) not in HIDING


def test_what_one_is_reading_now_is_one_of_several() -> None:
    old, new = "El usuario está leyendo Rayuela.", "El usuario está leyendo Ficciones."
    assert outcome(old, new) not in HIDING
