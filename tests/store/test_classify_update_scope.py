"""An explicit update replaces a stored fact only when it is news of the same attribute of the
same thing, held by the same one: news of another attribute, a narrower thing, another kind
of thing or another holder leaves the stored fact in default search (issue 11)."""

from __future__ import annotations

import pytest

from engram.store.parse import parse
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The pharmacy opens at 8:00.", "The pharmacy's closing time has changed to 22:00."),
        ("El gimnasio abre a las 7:00.", "Han cambiado el cierre del gimnasio a las 23:00."),
        ("Библиотека открывается в 9:00.", "Закрытие библиотеки перенесли на 20:00."),
    ],
)
def test_an_update_of_another_attribute_of_the_same_thing_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The pharmacy closes at 20:00.", "The pharmacy's closing time has changed to 22:00."),
        ("El gimnasio abre a las 7:00.", "Han cambiado la apertura del gimnasio a las 6:00."),
        ("Библиотека открывается в 9:00.", "Открытие библиотеки перенесли на 10:00."),
    ],
)
def test_an_update_naming_the_same_attribute_in_other_words_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The parking fee is 5 euros.", "The parking fee for trucks went up to 12 euros."),
        ("La cuota cuesta 30 euros.", "La cuota de los niños ha subido a 20 euros."),
        ("Подписка стоит 300 рублей.", "Подписка для семьи подорожала до 500 рублей."),
    ],
)
def test_an_update_of_a_narrower_thing_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The parking fee is 5 euros.", "The parking fee went up to 6 euros."),
        ("La cuota cuesta 30 euros.", "La cuota ha subido a 35 euros."),
        ("Подписка стоит 300 рублей.", "Подписка подорожала до 400 рублей."),
    ],
)
def test_an_update_of_the_thing_itself_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lisa earns 5000 dollars.", "Lisa has increased her rent payment to 1500 dollars."),
        ("Оля зарабатывает 80000 рублей.", "Оля увеличила взносы до 3000 рублей."),
    ],
)
def test_another_thing_the_same_person_changed_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_change_of_what_the_person_was_said_to_give_supersedes() -> None:
    old, new = "Tom donates 20 euros a month.", "Tom has raised his donation to 50 euros a month."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Contracts are kept in SharePoint.", "The videos moved from SharePoint to YouTube."),
        ("Договоры хранятся в Dropbox.", "Видео перенесли из Dropbox в YouTube."),
    ],
)
def test_another_kind_of_thing_moved_from_the_same_place_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_kind_of_thing_moved_from_the_old_place_supersedes() -> None:
    old = "Contracts are kept in SharePoint."
    assert outcome(old, "The contracts moved from SharePoint to Confluence.") == "supersede"


def test_a_name_that_spells_a_word_of_the_old_subject_is_not_that_word() -> None:
    old, new = "Our team uses Slack.", "The school's club switched from Slack to Teams."
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My wife uses Outlook.", "We switched from Outlook to Gmail."),
        ("Mi padre usa Android.", "Nos hemos pasado de Android a iPhone."),
        ("Мой брат пользуется Windows.", "Мы перешли с Windows на Linux."),
    ],
)
def test_an_update_told_of_us_is_no_update_of_a_relative(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My wife uses Outlook.", "My wife switched from Outlook to Gmail."),
        ("Mi padre usa Android.", "Mi padre se ha pasado de Android a iPhone."),
        ("Мой брат пользуется Windows.", "Мой брат перешёл с Windows на Linux."),
    ],
)
def test_an_update_told_of_the_same_relative_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_a_fact_opening_with_an_english_possessive_is_read_as_english() -> None:
    fact = parse("My son uses Jira.")
    assert [w.kind for w in fact.words[:2]] == ["pronoun", "kin"]


def test_a_russian_preposition_after_the_thing_names_no_other_attribute() -> None:
    old, new = "Зарплата Марка — 50000 рублей.", "Марку повысили зарплату до 55000 рублей."
    assert outcome(old, new) == "supersede"


def test_a_change_of_career_is_news_of_the_job() -> None:
    old, new = "Kate works as a nurse.", "Kate has switched careers and now works as a teacher."
    assert outcome(old, new) == "supersede"


def test_an_adjective_before_the_thing_only_describes_it() -> None:
    old, new = "Тренировка в 19:00.", "Вечернюю тренировку перенесли на 20:00."
    assert outcome(old, new) == "supersede"


def test_a_light_noun_before_the_thing_names_no_other_attribute() -> None:
    old, new = "Совещание в 15:00.", "Проведение совещания перенесли на 16:00."
    assert outcome(old, new) == "supersede"


def test_the_start_of_an_event_is_the_time_it_is_at() -> None:
    old, new = "The meeting is at 10:00.", "The start of the meeting has been moved to 11:00."
    assert outcome(old, new) == "supersede"


def test_the_start_of_an_event_is_not_its_end() -> None:
    old, new = "The meeting ends at 17:00.", "The start of the meeting has been moved to 10:00."
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("朝会は9時半。", "デザインチームの朝会は10時に変更になった。"),
        ("Deploys go through Jenkins.", "Deploys for the docs site now go through Netlify."),
    ],
)
def test_an_update_of_a_narrower_thing_told_otherwise_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The team uses Python.", "The whole team switched to Kotlin."),
        ("Команда пишет на Python.", "Вся команда перешла на Kotlin."),
        ("会議は10時。", "定例の会議は11時に変更になった。"),
        ("Deploys go through Jenkins.", "Deploys now go through Netlify."),
        (
            "Deploys for the docs site go through Vercel.",
            "Deploys for the docs site now go through Netlify.",
        ),
        ("Builds for the iOS app run on CircleCI.", "Builds for the iOS app now run on Bitrise."),
        ("スマホはiPhone。", "ユーザーのスマホはPixelに変わった。"),
        ("朝会は9時半。", "今後の朝会は10時に変更。"),
    ],
)
def test_a_word_of_all_of_the_thing_or_of_the_user_narrows_nothing(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user takes the night train to work.", "Takes the night train to work."),
        ("The user runs the weekly review on Fridays.", "Runs the weekly review on Fridays."),
        ("The user owns the build cache for the team.", "Owns the build cache for the team."),
    ],
)
def test_a_note_that_opens_with_its_verb_before_an_object_is_said_of_the_user(
    old: str, new: str
) -> None:
    assert outcome(old, new) == "duplicate"
