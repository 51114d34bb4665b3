"""The absorb classifier reading news that is not about the stored fact's subject, or not yet
news at all: the stored value's own news ("Karen moved to London" after "The user's manager
is Karen"), a spouse's news, hearsay, a denial of a value the stored fact never gave, and a
second value of what one has or does several of (issue 11). None of these hides the stored
fact; the real updates beside them still do."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's plumber is Gus.", "Gus moved to Denver."),
        ("The user's tax advisor is Ilse.", "Ilse changed firms in March."),
        ("The user shops at Lidl.", "Lidl changed its opening hours to 8–20."),
        ("El dentista del usuario es Tomás.", "Tomás se mudó a Valencia."),
    ],
)
def test_news_of_the_stored_value_is_not_news_of_the_stored_subject(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_stored_value_replaced_in_the_passive_still_supersedes() -> None:
    assert outcome("Our bundler is Webpack.", "Webpack has been replaced by Vite.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user works at Zalando.", "The user's husband changed jobs and now works at SAP."),
        ("Пользователь работает в Озоне.", "Муж пользователя перешёл в Авито."),
        ("El usuario trabaja en Repsol.", "El marido del usuario ahora trabaja en Iberdrola."),
    ],
)
def test_a_spouses_news_is_not_the_users(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user lives in Oslo.", "Nina thinks the user moved to Bergen."),
        ("Пользователь живёт в Казани.", "Говорят, пользователь переехал в Самару."),
        ("El usuario vive en Bilbao.", "Dicen que el usuario se mudó a Vigo."),
    ],
)
def test_hearsay_of_a_move_is_not_the_move(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_move_itself_still_supersedes() -> None:
    assert outcome("The user lives in Oslo.", "The user moved to Bergen.") == "supersede"


def test_denying_a_value_never_given_hides_nothing() -> None:
    assert outcome("The user uses Telegram.", "The user no longer uses Signal.") not in HIDING


def test_denying_the_value_given_supersedes() -> None:
    assert outcome("The user uses Telegram.", "The user no longer uses Telegram.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user listens to Bach.", "The user listens to Coltrane."),
        ("The user watches Succession.", "The user watches Shogun."),
        ("The user's colleague is Farid.", "The user's colleague is Lotte."),
        ("The user's neighbour is Mr. Olsen.", "The user's neighbour is Mrs. Berg."),
        ("Коллега пользователя — Вадим.", "Коллега пользователя — Инна."),
        ("Пользователь подписан на Кинопоиск.", "Пользователь подписан на Яндекс Музыку."),
        ("El usuario es amigo de Iker.", "El usuario es amigo de Unai."),
        ("The user roots for the Yankees.", "The user roots for the Knicks."),
        ("The user has been to Mexico.", "The user has been to Chile."),
        ("El usuario ha estado en México.", "El usuario ha estado en Chile."),
        ("ユーザーは台湾に行ったことがある。", "ユーザーはベトナムに行ったことがある。"),
    ],
)
def test_a_second_value_of_what_one_has_or_does_several_of_hides_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


def test_what_one_holds_alone_still_changes_hands() -> None:
    old, new = "The style guide is owned by Rhea.", "Joss owns the style guide."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user wears glasses.", "The user now wears contacts."),
        ("The user wears size M shirts.", "The user wears size L shirts."),
        ("The user has been to Mexico twice.", "The user has been to Mexico three times."),
    ],
)
def test_a_told_change_of_what_one_does_several_of_still_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_a_place_been_to_is_no_new_home() -> None:
    assert outcome("The user lives in Mexico.", "The user has been to Chile.") not in HIDING


def test_a_place_been_to_told_beside_a_move_is_no_reason_to_keep_the_old_home() -> None:
    old, new = "The user lives in Denver.", "The user moved to Boise, a city he has been to often."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは名古屋に住んでいる", "ユーザーの兄は今は福岡に住んでいる"),
        ("ユーザーは楽天で働いている。", "ユーザーの夫は今はLINEで働いている。"),
    ],
)
def test_a_japanese_relatives_news_is_not_the_users(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_users_own_japanese_move_supersedes() -> None:
    assert outcome("ユーザーは名古屋に住んでいる", "ユーザーは今は福岡に住んでいる") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The team has 5 engineers.", "A new engineer, Raj, joined the team."),
        ("The Platform team is Ana, Ben and Chidi.", "Dmitri joined the Platform team this week."),
        ("The Platform team is Ana and Ben.", "Carl and Dora joined the Platform team."),
        ("В команде данных Вера, Глеб и Тимур.", "К нам в команду данных перешёл Артём."),
        ("The team has 5 engineers.", "Raj joined the team as a backend engineer."),
    ],
)
def test_one_more_joining_a_group_hides_nothing_of_it(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The band's drummer is Tom.", "Max joined the band, replacing Tom on drums."),
        ("The team has 5 engineers.", "Raj joined the team, so it now has 6 engineers."),
        ("The committee is chaired by Ana.", "Luis joined the committee and chairs it."),
        ("The data team is led by Mei.", "Rafael joined the data team as its lead."),
        ("The user's team is Platform.", "The user joined the Growth team."),
        ("The team has 5 engineers.", "Two engineers joined the team, bringing it to 7."),
        ("The team uses Jira.", "Raj joined the team, which uses Linear these days."),
        ("The team's tech lead is Ana.", "Raj joined the team to take over from Ana."),
        ("The Payments team's lead is Ana.", "Ana left Payments and joined the Growth team."),
        ("Команда данных пишет на Python.", "Артём перешёл в команду данных, которая пишет на Go."),
        ("The team has 5 engineers.", "Raj joined the team as its sixth engineer."),
        (
            "The infra team is Oskar, Hana and Felix.",
            "Greta joined the infra team as a replacement for Felix.",
        ),
        ("The infra team is Oskar, Hana and Felix.", "Greta joined the infra team as Hana left."),
        ("The club has 25 members and Ana chairs it.", "Dario joined the club as its chair."),
    ],
)
def test_joining_that_changes_what_the_stored_fact_says_still_supersedes(
    old: str, new: str
) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The fee is 5%.", "The fee is $5."),
        ("El descuento es del 10%.", "El descuento es de 10 euros."),
        ("Скидка — 10%.", "Скидка — 500 рублей."),
        ("The discount is 10 percent.", "The discount is 10 dollars."),
    ],
)
def test_a_share_and_an_amount_are_two_measures(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [("The fee is 5%.", "The fee is 7%."), ("The fee is 5%.", "The fee is now $5.")],
)
def test_a_new_share_or_an_amount_told_as_news_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The discount is 10%.", "The discount is 10 percent."),
        ("El descuento es del 10%.", "El descuento es del 10 por ciento."),
    ],
)
def test_a_share_in_words_is_the_share_with_its_sign(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's cat is a Siamese.", "The user's cat is Luna."),
        ("The user's manager is a contractor.", "The user's manager is Karen."),
    ],
)
def test_a_kind_and_a_name_of_one_are_two_things_said(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_kind_for_a_kind_is_still_a_new_value() -> None:
    assert outcome("My car is a Seat.", "My car is a Kia.") == "supersede"
