"""What the absorb classifier does not read as news of a stored fact (issue 11): news of a
thing or person the stored subject has ("Стажёр Кости", Kostya's intern; "the intern of
Kostya"), a change for one month ("En agosto …", in August), and a Japanese fact of another
topic with no word of the stored one's, and a note of one of several risks, blockers or
preferences. Each kept, the stored fact is not hidden."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Костя подчиняется Наталье.", "Стажёр Кости теперь подчиняется Сергею."),
        ("Kostya reports to Natalia.", "The intern of Kostya now reports to Sergei."),
        ("Марина отвечает за релизы.", "Ассистентка Марины теперь отвечает за релизы."),
        (
            "Марина Петрова отвечает за релизы.",
            "Ассистентка Марины Петровой теперь отвечает за релизы.",
        ),
    ],
)
def test_news_of_what_the_subject_has_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_news_of_the_subject_itself_still_supersedes() -> None:
    assert outcome("Костя подчиняется Наталье.", "Теперь Костя подчиняется Сергею.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("La reunión semanal es los martes.", "En agosto la reunión semanal pasa a los jueves."),
        ("Atención al cliente abre de 9:00 a 18:00.", "En agosto abre de 8:00 a 15:00."),
        ("Поддержка работает с 9 до 18.", "В августе поддержка переходит на график с 8 до 15."),
    ],
)  # fmt: skip
def test_a_change_for_one_month_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_change_made_in_a_russian_month_still_supersedes() -> None:
    old, new = (
        "Пользователь живёт на Лесной улице.",
        "В марте пользователь переехал на Садовую улицу.",
    )
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Бюджет на рекламу в мае — 200 тысяч.", "Бюджет на рекламу в июне — 250 тысяч."),
        ("Бюджет на рекламу на май — 200 тысяч.", "Бюджет на рекламу на июнь — 250 тысяч."),
    ],
)  # fmt: skip
def test_each_months_amount_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Бюджет на рекламу — 200 тысяч.", "Бюджет на рекламу в мае — 250 тысяч."),
        ("Бюджет на рекламу в мае — 250 тысяч.", "Бюджет на рекламу — 200 тысяч."),
        ("Ответственный за релиз — Олег.", "Ответственный за релиз в июне — Ира."),
        ("La responsable de compras es Noelia.", "La responsable de compras en junio es Marta."),
    ],
)
def test_a_months_amount_or_holder_beside_the_standing_one_hides_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


def test_a_holder_from_a_month_on_still_supersedes() -> None:
    assert (
        outcome("Ответственный за релиз — Олег.", "С июня ответственный за релиз — Ира.")
        == "supersede"
    )


def test_a_japanese_fact_of_another_topic_hides_nothing() -> None:
    old, new = (
        "フロントエンドはVercelにデプロイしている。",
        "採用サイトはVercelからNetlifyに移した。",
    )
    assert outcome(old, new) not in HIDING


def test_a_japanese_change_of_the_stored_topic_as_an_object_still_supersedes() -> None:
    old, new = "チームの定例会議は月曜日です", "ユーザーは定例会議を月曜日から水曜日に変更しました"
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User — preference: dark mode.", "User — preference: window seats."),
        ("Project risk: budget overrun", "Project risk: timeline slip"),
        ("Proyecto — riesgo: sobrecoste", "Proyecto — riesgo: retraso"),
        ("Релиз — блокер: флаки-тесты", "Релиз — блокер: нет переводов"),
    ],
)
def test_a_note_of_one_of_several_risks_or_preferences_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("サーバーAのメモリは16GB。", "サーバーBのメモリは先週32GBに上げた。"),  # another server
        ("ユーザーのPCはWindows 10。", "ユーザーは先週スマホをAndroid 14にアップグレードした。"),
        ("ユーザーの家のネットは100Mbps。", "ユーザーは会社のネットを1Gbpsに上げた。"),
    ],
)  # fmt: skip
def test_a_japanese_change_of_another_holders_or_things_value_hides_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーのPCはWindows 10。", "ユーザーはPCをWindows 11にアップグレードした。"),
        ("サーバーAのメモリは16GB。", "サーバーAのメモリは先週32GBに上げた。"),
        ("山口さんの電話番号は090-1234-5678。", "山口さんは番号を変えて、今は080-9876-5432。"),
    ],
)  # fmt: skip
def test_a_japanese_change_of_the_stored_holders_value_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"
