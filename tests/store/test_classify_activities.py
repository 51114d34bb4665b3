"""Activities named by a noun in "-ing" ("sprint planning", "load testing") and what their
facts say: how often, which day, what time, how long, who runs them. A new value of one of
these replaces the old one; a value that answers another question stands beside it (issue 11)."""

from __future__ import annotations

import pytest

from engram.store.parse import parse
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    "text",
    [
        "Sprint planning happens weekly.",
        "Sprint planning now happens monthly.",
        "Capacity planning is on Mondays.",
    ],
)
def test_an_activity_in_ing_is_no_plan_of_anyone(text: str) -> None:
    fact = parse(text)
    assert not fact.modal
    assert fact.verb != "plan"


@pytest.mark.parametrize(
    "text",
    [
        "Alice is planning to move to Berlin.",
        "I'm planning a trip to Japan.",
        "Planning to move to Berlin next year.",
        "Bob planning a trip.",
        "Bob considering leaving the company.",
    ],
)
def test_someone_planning_still_tells_a_plan(text: str) -> None:
    assert parse(text).modal


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sprint planning happens weekly.", "Sprint planning now happens monthly."),
        ("Sprint planning happens every week.", "Sprint planning now happens every month."),
        ("Sprint planning happens every two weeks.", "Sprint planning now happens every month."),
        ("Meal planning is Maria's task.", "Meal planning is Juan's task now."),
        ("Load testing runs nightly.", "Load testing now runs weekly."),
        ("The design review happens every Tuesday.", "The design review moved to Thursdays."),
        ("The user calls their dad every Sunday.", "The user now calls their dad every day."),
        ("The parking garage closes at midnight.", "As of May the parking garage closes at 10 pm."),
        ("Priya works at Microsoft.", "Priya is employed by Datadog."),
        ("Sprint planning happens every two weeks.", "Sprint planning is once a month now."),
        ("Deploy window: Tue 14:00 UTC", "Deploy window: Thu 16:00 UTC"),
    ],
)
def test_a_new_schedule_of_the_same_activity_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Capacity planning is done by the SRE team.", "Capacity planning is done quarterly."),
        ("Sprint planning happens on Mondays.", "Sprint planning takes two hours."),
        ("Sprint planning is run by Dana.", "Sprint planning now happens on Tuesdays."),
        ("Sprint planning happens on Mondays.", "Sprint planning now starts at 10 am."),
        ("Sprint planning happens every two weeks.", "Sprint planning is now on Mondays."),
        ("Team building happens every quarter.", "Team building events now last a full day."),
        ("The user's therapy sessions are on Zoom.", "The sessions are now every three weeks."),
    ],
)
def test_a_value_answering_another_question_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sprint planning uses Jira.", "Sprint planning now happens on Wednesdays."),
        ("Sprint planning is run by Dana.", "Sprint planning now takes place on Zoom."),
    ],
)
def test_another_verb_after_now_is_another_attribute(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sprint planning uses Jira.", "Sprint planning now uses Linear."),
        ("El servidor usa Ubuntu 20.04.", "Cambiamos el servidor a Debian 12."),
    ],
)
def test_the_same_verb_or_a_verb_of_change_still_updates(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user visits her mother on Sundays.", "The user now visits her sister on Saturdays."),
        ("The team has a retro every two weeks.", "The team now has a demo every month."),
        ("The standup is at 9:30.", "The standup is now in room 4."),
    ],
)
def test_another_thing_at_another_time_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_russian_genitive_in_la_is_no_verb_before_the_verb() -> None:
    fact = parse("Планёрка отдела проходит раз в две недели.")
    assert fact.verb == parse("Планёрка проходит по понедельникам.").verb
    assert "отдела" in fact.subject


def test_a_russian_past_tense_is_still_the_verb() -> None:
    assert parse("Аня купила машину.").subject == {"аня"}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Планёрка отдела проходит раз в две недели.",
            "Планёрка отдела теперь проходит раз в месяц.",
        ),
        (
            "Pair programming sessions last two hours.",
            "Pair programming sessions were cut to 90 minutes.",
        ),
        ("Team building events are quarterly.", "Team building is down to twice a year."),
    ],
)
def test_a_new_value_told_with_cut_to_down_to_or_in_russian_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("定例会議は毎週月曜日。", "定例会議は毎週水曜日に移動した。"),
        ("Pythonのバージョンは3.10。", "Pythonは3.12にアップグレードした。"),
        ("APIのレート制限は毎分100リクエスト。", "APIのレート制限は毎分300リクエストになった。"),
        ("APIサーバーのポートは8080。", "APIサーバーのポートを8443番に変えた。"),
    ],
)
def test_japanese_moved_upgraded_and_became_tell_a_new_value(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("息子はサッカーが好きです。", "息子は中学生になった。"),
        ("ユーザーの趣味は読書です。", "ユーザーは料理が趣味になった。"),
    ],
)
def test_japanese_became_of_another_attribute_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_new_value_told_with_the_attribute_in_the_subject_supersedes() -> None:
    assert outcome("The API runs on port 3000.", "The API port is 4000.") == "supersede"
    assert outcome("The database listens on port 5432.", "The database port is 6543.") == (
        "supersede"
    )


@pytest.mark.parametrize(
    "new",
    [
        "The API's admin port is 4000.",
        "The API metrics port is 9090.",
        "The API timeout is 30 seconds.",
    ],
)
def test_another_attribute_in_the_subject_hides_nothing(new: str) -> None:
    assert outcome("The API runs on port 3000.", new) not in HIDING


def test_a_capitalised_first_word_written_lower_in_the_other_fact_is_no_name() -> None:
    old = "Default branch is master."
    assert outcome(old, "The default branch has been renamed to main.") == "supersede"
    assert outcome("Anna is a teacher.", "Anna changed to a new school.") not in HIDING


@pytest.mark.parametrize(
    "text", ["The quarterly report was written by Lena.", "Choir practice moved to the park."]
)
def test_a_noun_that_may_be_a_verb_ends_the_subject_before_its_verb(text: str) -> None:
    fact = parse(text)
    assert fact.verb not in ("report", "practic", "practice")
    assert len(fact.subject) == 2


def test_a_report_written_by_someone_is_what_they_wrote() -> None:
    old = "Lena wrote the quarterly report."
    assert outcome(old, "The quarterly report was written by Lena.") == "duplicate"


def test_a_place_moved_to_another_supersedes_where_it_was_held() -> None:
    old = "Choir practice is held in the church hall."
    new = "Choir practice moved to the community center on Elm Street."
    assert outcome(old, new) == "supersede"
    assert outcome("Сергей работает в Яндексе.", "Сергей переехал в Екатеринбург.") not in HIDING
    assert outcome("Standup is at 10:00.", "Standup got moved to 9:15.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "La planificación del sprint es cada dos semanas.",
            "Ahora planificamos el sprint una vez al mes.",
        ),
        (
            "Планёрка отдела проходит раз в две недели.",
            "Теперь планёрка отдела проходит раз в месяц.",
        ),
    ],
)
def test_news_of_how_often_the_same_thing_is_done_supersedes(old: str, new: str) -> None:
    # the activity named by its noun in one and by its verb in the other
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("We deploy every Friday.", "We now deploy hotfixes daily."),
        ("The team meets weekly.", "Now the design team meets monthly."),
        ("Ana runs every morning.", "Bob now runs every evening."),
        ("Hacemos la retro cada dos semanas.", "Ahora hacemos la demo una vez al mes."),
    ],
)
def test_news_of_how_often_something_else_is_done_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Основная ветка называется master.", "Основную ветку переименовали в main."),
        ("Основная ветка — master.", "Основную ветку переименовали в main."),
        ("La rama principal se llama master.", "Renombramos la rama principal a main."),
    ],
)
def test_the_thing_a_name_is_of_renamed_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Основная ветка называется master.",
            "Основную ветку в репозитории docs переименовали в main.",
        ),
        ("La rama principal se llama master.", "Renombramos la rama de pruebas a main."),
        ("Ana is called Anita.", "Ana was renamed to Ann."),
    ],
)
def test_another_thing_or_someone_renamed_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING
