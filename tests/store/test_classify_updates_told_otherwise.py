"""Updates the absorb classifier reads though they are worded unlike the stored fact (issue
11): a time moved by a verb of change, a job changed or a rank given, a Japanese plan
upgraded last week, a note whose key has a dash in it, a new phone number told by its last
digits, and news in a later clause whatever the clause before it ended."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The backend standup is every day at 9:30.", "The backend standup was moved to 10:00."),
        ("La reunión 1:1 con Elena es los miércoles a las 15:00.",
         "La 1:1 con Elena se ha movido a los lunes a las 11:00."),
    ],
)  # fmt: skip
def test_a_time_moved_by_a_verb_of_change_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice is a data analyst.", "Alice is now a product manager."),
        ("Marcus is a senior developer.", "Marcus was promoted to staff engineer."),
        ("Marcos es desarrollador senior.", "A Marcos lo han ascendido a staff engineer."),
        ("Марк — старший разработчик.", "Марка повысили до ведущего разработчика."),
    ],
)
def test_another_job_or_rank_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    "new",
    [
        "Alice's sister is now a product manager.",  # another one's job
        "Alice is now also a product manager.",  # a second job
        "Alice is not a product manager.",
    ],
)
def test_a_job_of_another_or_beside_it_hides_nothing(new: str) -> None:
    assert outcome("Alice is a data analyst.", new) not in HIDING


def test_a_japanese_plan_upgraded_last_week_supersedes() -> None:
    old, new = "ミドリ商事はベーシックプラン。", "ミドリ商事は先週プロプランにアップグレードした。"
    assert outcome(old, new) == "supersede"


def test_a_note_whose_key_has_a_dash_gets_a_new_value() -> None:
    old = "本番クラスタ — リージョン: ap-northeast-1"
    assert outcome(old, "本番クラスタ — リージョン: ap-northeast-3") == "supersede"


@pytest.mark.parametrize(
    "new",
    ["User got a new phone number; it ends in 9023.", "User's new phone number ends in 9023."],
)
def test_a_new_phone_number_told_by_its_last_digits_supersedes(new: str) -> None:
    assert outcome("User's phone number ends in 4471.", new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User's Visa card ends in 4471.", "User got a new Visa card ending in 9023."),
        ("User's phone number ends in 4471.", "User's phone number ends in 9023."),  # no news
        ("Ana's phone number ends in 4471.", "Bob's new phone number ends in 9023."),
    ],
)
def test_another_card_or_number_told_by_its_last_digits_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Rocio leads the platform team.",
         "Rocio left the company; Andres now leads the platform team."),
        ("Deploys go through Jenkins.",
         "We've stopped using Jenkins; deploys now go through GitHub Actions."),
    ],
)  # fmt: skip
def test_news_in_a_later_clause_supersedes_whatever_the_first_ended(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    "new",
    [
        "Tom heard that Rocio left; Andres now leads the platform team.",  # hearsay
        "If Rocio leaves, Andres now leads the platform team.",  # a condition
        "Rocio left the company; Andres now leads the data team.",  # another team
    ],
)
def test_news_in_a_later_clause_of_another_mood_or_thing_hides_nothing(new: str) -> None:
    assert outcome("Rocio leads the platform team.", new) not in HIDING


@pytest.mark.parametrize(
    "new",
    [
        "Marcus is now the on-call engineer this week.",  # a turn, this week
        "Marcus is now a tech lead in his side project.",
        "Marcus was promoted to team lead of the chess club.",
        "Marcus is now a product manager, in addition to his developer job.",
    ],
)
def test_a_role_held_beside_the_job_hides_nothing(new: str) -> None:
    assert outcome("Marcus is a senior developer.", new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Marcos es desarrollador senior.",
         "Marcos ahora es jefe de equipo en su proyecto personal."),
        ("Marcos es desarrollador senior.",
         "Marcos ahora es jefe de proyecto, además de desarrollador."),
        ("Марк — старший разработчик.", "Марк теперь дежурный инженер на этой неделе."),
    ],
)  # fmt: skip
def test_a_role_held_beside_the_job_hides_nothing_in_other_languages(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_one_days_meeting_moved_hides_nothing() -> None:
    old, new = (
        "The backend standup is every day at 9:30.",
        "Friday's backend standup was moved to 11:00.",
    )
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーはエンジニア。", "ユーザーは先週プロプランにアップグレードした。"),  # its plan
        ("プロジェクトはNode.js 16を使う。", "プロジェクトは先週React 18にアップグレードした。"),
        ("ユーザーはゴールド会員です。", "ユーザーは昨日ビジネスクラスにアップグレードした。"),
    ],
)  # fmt: skip
def test_a_japanese_upgrade_of_something_else_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_japanese_upgrade_to_another_version_of_the_same_supersedes() -> None:
    old, new = (
        "プロジェクトはNode.js 16を使っている。",
        "プロジェクトは先週Node.js 20にアップグレードした。",
    )
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User's personal phone number ends in 4471.",
         "User got a new work phone; its number ends in 9023."),
        ("User's phone number ends in 4471.", "User got a new phone; its IMEI ends in 9023."),
    ],
)  # fmt: skip
def test_another_phone_or_another_number_of_it_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The team sync is on Tuesdays at 10:00.", "The December team sync moved to Wednesday."),
        ("La daily es todos los días a las 9:30.", "La daily del viernes pasó a las 11:00."),
        ("Встреча по вторникам в 10:00.", "Декабрьскую встречу перенесли на среду."),
    ],
)  # fmt: skip
def test_one_named_occasion_of_a_schedule_moved_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_schedule_moved_from_a_month_on_supersedes() -> None:
    old, new = (
        "The team sync is on Tuesdays at 10:00.",
        "Starting in December, the team sync moved to Wednesday.",
    )
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("田中さんは部長です。", "田中さんは昨年祖父になった。"),  # became a grandfather
        ("ユーザーは東京在住。", "ユーザーは今年40歳になった。"),  # turned forty
        ("ユーザーはエンジニア。", "ユーザーはプロプランにした。"),  # chose a plan
    ],
)
def test_a_japanese_topic_made_something_of_another_kind_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("伊藤さんはプロダクトマネージャー。", "伊藤さんはプロダクト部長になった。"),
        ("子どもの就寝時間は21時。", "子どもの就寝時間を21時半にした。"),
    ],
)
def test_a_japanese_topic_made_another_of_the_same_kind_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"
