"""The absorb classifier: subject and attribute, not word overlap (SPEC B3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engram.store.classify import classify
from engram.store.parse import parse
from tests.store.pairs import outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice lives in Paris.", "Bob lives in Paris."),
        ("Alice's phone number is 555-0101.", "Bob's phone number is 555-0199."),
        ("Ticket 3 assigned to Person146", "Ticket 43 assigned to Person628"),
        (
            "The staging retention rule keeps logs for 30 days.",
            "The production retention rule keeps logs for 90 days.",
        ),
        ("Jun sent the signed contract to Rania.", "Rania sent the signed contract to Jun."),
        ("Tim: I just got back from surfing.", "Anna: I just got back from surfing."),
        ("Алиса живёт в Париже.", "Борис живёт в Париже."),
        ("El ticket SUP-1203 lo lleva Fernando.", "El ticket SUP-1230 lo lleva Alicia."),
        ("Martín vive en Sevilla.", "Martínez vive en Sevilla."),
        ("Lucía García vive en Bilbao.", "Lucía A. García vive en Bilbao."),
        ("Lucía A. Martínez vive en Málaga.", "Lucía A. Martín vive en Málaga."),
    ],
)
def test_another_subject_id_environment_speaker_or_role_is_never_merged(old: str, new: str) -> None:
    assert outcome(old, new) in ("related", "new")


@pytest.mark.parametrize(
    ("old", "new", "sides"),
    [
        (
            "El servidor de pruebas usa Python 3.10.",
            "El servidor de producción usa Python 3.12.",
            "(none named / prod)",
        ),
        (
            "Тестовый сервер использует Python 3.10.",
            "Боевой сервер использует Python 3.12.",
            "(тестовый / none named)",
        ),
        (
            "The staging retention rule keeps logs for 30 days.",
            "The production retention rule keeps logs for 90 days.",
            "(staging / prod)",
        ),
    ],
)
def test_the_reason_for_another_environment_names_both_sides(
    old: str, new: str, sides: str
) -> None:
    assert f"about another environment {sides}" in classify(new, [(old, 0.0)]).reason


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice lives in Berlin", "Alice lives in Munich now, she moved from Berlin"),
        ("Ivan works at Acme.", "Ivan no longer works at Acme."),
        ("We use Jenkins for CI.", "We switched from Jenkins to GitHub Actions for CI."),
        ("Иван живёт в Казани.", "Иван теперь живёт в Москве."),
        ("El equipo usa Jenkins.", "Ahora el equipo usa GitHub Actions."),
        ("Raúl sale a correr todas las mañanas.", "Raúl ya no sale a correr."),
    ],
)
def test_an_explicit_update_supersedes_even_in_other_words(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice lives in Berlin.", "Alice lives in Munich."),
        ("Maria is the CTO of FinBox.", "Maria is the CEO of FinBox."),
        ("Ticket 881 is assigned to Marco.", "Ticket 881 is assigned to Yuki."),
        ("Worker pool size: 8", "Worker pool size: 16"),
        ("Стендап команды в 10:30.", "Стендап команды в 11:00."),
    ],
)
def test_the_same_subject_with_a_new_value_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_two_past_events_on_two_dates_are_two_events() -> None:
    assert outcome("Tim went surfing on 16 July.", "Tim went surfing on 2 December.") == "related"


def test_times_that_differ_are_no_duplicates() -> None:
    old, new = "The user needs a reminder at 9 am.", "The user needs a reminder at 9 pm."
    assert outcome(old, new) != "duplicate"


def test_a_question_never_replaces_a_fact() -> None:
    assert outcome("Alice lives in Berlin.", "Does Alice live in Munich?") != "supersede"


def test_lines_said_at_different_times_are_not_duplicates() -> None:
    old = "Tim (4:21 pm on 16 July, 2023): Wow! How long have you been surfing?"
    new = "Tim (9:02 am on 3 December, 2023): How long have you been surfing?"
    assert outcome(old, new) == "related"


def test_a_reworded_line_with_another_subject_is_not_a_duplicate() -> None:
    assert outcome("It has really helped me out.", "Your help really helps.") != "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("On Fridays, Lucas works from home.", "Lucas works from home on Fridays."),
        ("Diego leads the platform team.", "The platform team is led by Diego."),
        ("Max upload size is 25 MB.", "The max upload size is 25MB."),
        ("The cache TTL is five minutes.", "The cache TTL is 5 minutes."),
    ],
)
def test_the_same_statement_turned_around_is_a_duplicate(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Kaito speaks French.", "Kaito does not speak French."),
        ("Полина бывала в Японии.", "Полина никогда не бывала в Японии."),
        ("Debug logging is enabled in production.", "Debug logging is disabled in production."),
        ("The S3 bucket for invoices is encrypted.", "The S3 bucket for invoices is unencrypted."),
        ("Marta always takes the train.", "Marta never takes the train."),
    ],
)
def test_the_opposite_claim_contradicts(old: str, new: str) -> None:
    assert outcome(old, new) == "contradict"


def test_a_second_language_is_not_a_new_value() -> None:
    # Speaking, liking, visiting hold several values at once: both facts stay true.
    assert outcome("Ana speaks French.", "Ana speaks German.") == "related"


def test_the_speaker_prefix_is_who_said_it_and_its_date_is_no_value() -> None:
    fact = parse("Tim (4:21 pm on 16 July, 2023): Wow! How long have you been surfing?")
    assert (fact.speaker, fact.question) == ("tim", True)
    assert "2023" not in fact.values and "wow" not in fact.content


NAMES = st.sampled_from(
    ["Alice", "Bob", "Carmen", "Dmitri", "Emeka", "Farah", "Goro", "Hana", "Ivan", "Jun"]
)
TEMPLATES = st.sampled_from(
    [
        "{} lives in Lisbon.",
        "{}'s phone number is 555-0101.",
        "{} works at Globex as a data engineer.",
        "{} is allergic to peanuts.",
        "{} reports to the head of sales.",
        "{} prefers tea in the morning.",
        "{} was assigned ticket 42 yesterday.",
    ]
)


@settings(max_examples=200, deadline=None)
@given(NAMES, NAMES, TEMPLATES)
def test_the_same_template_about_someone_else_never_hides_the_first(
    first: str, second: str, template: str
) -> None:
    if first != second:
        result = outcome(template.format(first), template.format(second))
        assert result not in ("duplicate", "supersede")


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=120))
def test_any_text_parses_and_repeats_itself(text: str) -> None:
    parse(text)
    assert classify(text, [(text, 0.0)]).outcome == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a narrower subject ("Anna's daughter") is another subject, update words or not
        ("Anna is allergic to peanuts.", "Anna's daughter is no longer allergic to peanuts."),
        ("Анна живёт в Москве.", "Сестра Анны больше не живёт в Москве."),
        ("Ana vive en Madrid.", "Ahora la madre de Ana vive en Madrid."),
        ("Anna lives in Boston.", "Anna's sister now lives in Boston."),
        ("Anna lives in Madrid.", "Anna's son lives in Lisbon."),
        ("Anna lives in Boston.", "Now Anna's son lives in Boston."),
        ("The API runs on port 8080.", "The API docs now run on port 9090."),
        # "now" with another attribute
        ("Anna lives in Boston.", "Anna now works in Boston."),
        ("Anna visited Paris in 2019.", "Anna now lives in Paris."),
        ("Prod deploys need two approvals.", "Prod hotfixes no longer need two approvals."),
        # names and kin are not inflections of each other
        ("Евгений живёт в Казани.", "Евгения живёт в Самаре."),
        ("Antonio vive en Madrid.", "Antonia vive en Sevilla."),
        ("Mi hijo vive en Madrid.", "Mi hija vive en Sevilla."),
        ("My grandfather lives in Rome.", "My grandmother lives in Milan."),
        ("April works at Google.", "June works at Meta."),
        # values that hold together
        ("Anna is allergic to peanuts.", "Anna is allergic to shellfish."),
        ("Anna has a dog.", "Anna has a cat."),
        ("Anna went to Japan in 2019.", "Anna went to Peru in 2021."),
        ("Anna doesn't eat meat.", "Anna doesn't eat fish."),
        ("TODO: call Anna", "TODO: call Bob"),
        ("Allergies: peanuts", "Allergies: shellfish"),
        ("Anna is a vegetarian.", "Anna is a teacher."),
        ("We use Postgres.", "We use Redis."),
        # a noun that can be a verb does not cut the subject short
        ("The team lead for billing is Anna.", "The team lead for search is Bob."),
        ("The DB host in us-east-1 is db1.", "The DB host in us-west-2 is db2."),
        ("The start date for Anna is May 3.", "The start date for Bob is May 5."),
        # words that only look alike
        ("Anna is a psychologist.", "Anna is a psychiatrist."),
        ("The internal wiki is at wiki.acme.com.", "The international wiki is at intl.acme.com."),
        # order and direction
        ("Anna prefers tea to coffee.", "Anna prefers coffee to tea."),
        ("Ana se mudó de Madrid a Sevilla.", "Ana se mudó de Sevilla a Madrid."),
        ("Primary DB is db-1, replica is db-2.", "Primary DB is db-2, replica is db-1."),
        # tense, modality, questions
        ("Anna might get a dog.", "Anna got a dog."),
        ("Is Anna vegetarian?", "Anna is vegetarian."),
    ],
)
def test_reviewed_cases_never_hide_a_different_fact(old: str, new: str) -> None:
    assert outcome(old, new) in ("related", "new", "contradict")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Bob is diabetic.", "Bob is allergic to peanuts."),
        ("The user has diabetes.", "The user has two cats."),
        ("Анна — врач.", "Анна — вегетарианка."),
        ("Bob: diabetic", "Bob: likes jazz"),
        ("Allergy: peanuts", "Allergy: penicillin"),
        ("Her blood type is A+.", "Her blood type is A-."),
        ("The freezer is at -18 °C.", "The freezer is at 18 °C."),
        ("Anna writes C++.", "Anna writes C."),
        ("Anna loves cooking.", "Anna loves cookies."),
        ("Anna is a patient.", "Anna is patient."),
        ("We use Python 3.11 for the API.", "We use Python 3.12 for the workers."),
        ("The user takes 10 mg of lisinopril.", "The user takes 20 mg of atorvastatin."),
        ("The office closes at 6 on weekdays.", "The office closes at 2 on Saturdays."),
        ("Anna runs 5 km every morning.", "Anna runs 10 km every Sunday."),
        ("On Mondays Anna works from home.", "On Fridays Anna works from the office."),
        ("Monday's standup is at 9.", "Friday's standup is at 10."),
        ("I work at Google.", "My wife now works at Google."),
        ("PR #45 fixes the login bug.", "PR #46 fixes the signup bug."),
        ("Mike owes Sarah $50.", "Sarah owes Mike $50."),
        ("Alice beat Bob at chess.", "Bob beat Alice at chess."),
        ("Anna lives in Berlin.", "Anna used to live in Paris."),
        ("Anna lives in Berlin.", "Anna will live in Paris next year."),
        ("The user eats fish.", "The user no longer eats meat."),
        ("The API uses Postgres.", "The API now uses Redis for caching."),
        ("Anna is allergic to nuts.", "Anna is now allergic to penicillin."),
        ("Anna speaks Spanish.", "Anna now speaks French."),
        ("The user is saving for a house.", "The user is saving for a car."),
        ("The user is afraid of heights.", "The user is afraid of spiders."),
        ("The user keeps bees.", "The user keeps chickens."),
        ("The user needs a visa for China.", "The user needs a visa for India."),
        ("Марина работает с Олегом.", "Марина работает с Ириной."),
        ("Lucía vive con su madre.", "Lucía vive con su novio."),
        ("Lucía enseña matemáticas.", "Lucía enseña física."),
        ("Ivan supports Spartak.", "Ivan supports Zenit in hockey."),
        ("Anna prefers window seats.", "Anna prefers aisle seats on long flights."),
        ("The build uses Gradle 8.", "The build uses JDK 17."),
        ("Sarah prefers email for work updates.", "Sarah prefers text for personal updates."),
        ("Anna is the CTO.", "Anna was the CTO."),
    ],
)
def test_second_review_cases_never_hide_a_different_fact(old: str, new: str) -> None:
    assert outcome(old, new) in ("related", "new", "contradict")


# Words that may say the same thing in one sentence and something else in another: a noun
# ("a tax return"), a verb with its particle ("picked up", "volvió a llamar"), a word derived
# from another ("largely"), a relation that holds many values at once (colleagues, clients).
THIRD_REVIEW = [
    ("Tom filed his tax return in April.", "Tom came back in April."),
    ("Ana returned the dress to Zara.", "Ana went back to Zara."),
    ("Kim returned the rental car to Hertz on Monday.", "Kim came back to Hertz on Monday."),
    ("Investment returns were 8% in 2023.", "Investment came back 8% in 2023."),
    ("Leo picked up Spanish in Mexico.", "Leo chose Spanish in Mexico."),
    ("Zoe picked a fight with Sam.", "Zoe chose Sam."),
    ("Ana volvió a llamar a su madre.", "Ana regresó a su madre."),
    ("Pablo has a doctorate; he is a doctor of physics.", "Pablo is a physician."),
    ("Sales are largely driven by Europe.", "Sales are big in Europe."),
    ("Коллега Ивана — Пётр.", "Коллега Ивана — Ольга."),
    ("Ben's colleague is Ann.", "Ben's coworker is Tom."),
    ("La colega de Ana es Marta.", "La compañera de Ana es Lucía."),
    ("Ben's client is Acme.", "Ben's customer is Globex."),
    ("Ben's big brother is Sam.", "Ben's large brother is Tim."),
]


@pytest.mark.parametrize(("old", "new"), THIRD_REVIEW)
def test_third_review_cases_never_hide_a_different_fact(old: str, new: str) -> None:
    assert outcome(old, new) in ("related", "new", "contradict")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Anna lives in Berlin.", "Anna moved to Paris."),
        ("Anna works at SAP.", "Anna quit SAP and joined Google."),
        ("Ivan works at Acme.", "Ivan now works for Globex as a data scientist."),
        ("The team has 8 engineers.", "The team has 10 engineers."),
        ("The user's pronouns are they/them.", "The user's pronouns are she/her."),
    ],
)
def test_updates_of_the_same_attribute_still_supersede(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


# A fresh labelled batch (now in the dev pairs) found these hidden by a change verb.
CHANGES_ELSEWHERE = [
    ("Carol's phone number is +1 555 0142.", "Dave changed his phone number to +1 555 0188."),
    ("The auth service runs on Python 3.9.", "The reporting service was upgraded to Python 3.12"),
    ("The payments service listens on port 8080.", "The payments service was upgraded to Java 21"),
    ("Henry's manager is Priya.", "Henry moved to the London office."),
    ("The Q3 report is due on September 30.", "The Q3 report is now owned by the finance team"),
    ("Сергей работает в Яндексе.", "Сергей переехал в Екатеринбург."),
]


@pytest.mark.parametrize(("old", "new"), CHANGES_ELSEWHERE)
def test_a_change_of_another_subject_or_attribute_never_hides_the_first(old: str, new: str) -> None:
    assert outcome(old, new) in ("related", "new", "contradict")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Kubernetes cluster prod-eu runs version 1.26.",
            "prod-eu was upgraded to Kubernetes 1.29",
        ),
        ("Our CI pipeline runs on Jenkins.", "Jenkins was replaced by GitHub Actions for CI."),
    ],
)
def test_a_change_that_names_the_old_value_or_its_kind_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Maria's manager is Oleg.", "Maria reports to Ivan."),
        ("Tom lives in Chicago.", "Tom's home is in Seattle."),
        ("The project deadline is April 15.", "The project is due on May 3."),
        ("The user service is written in Go.", "The user service is implemented in Rust."),
        ("Diego vive en Sevilla.", "Diego reside en Valencia."),
        ("El gerente de Ana es Luis.", "Ana reporta a Beatriz."),
        ("Офис компании находится в Казани.", "Офис компании расположен в Новосибирске."),
    ],
)
def test_a_new_value_of_the_same_relation_in_other_words_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_the_same_value_of_the_same_relation_in_other_words_is_a_duplicate() -> None:
    assert outcome("Sergey lives in Moscow.", "Sergey's home is in Moscow.") == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Maria's manager is Oleg.", "Maria manages Ivan."),
        ("Maria's manager is Oleg.", "Maria's manager's manager is Ivan."),
        ("Maria's manager is Oleg.", "Oleg reports to Ivan."),
        ("Tom's manager is Anna.", "Tom is Anna's manager."),
        ("Tom lives in Chicago.", "Tom's brother lives in Seattle."),
        ("Tom lives with Anna.", "Tom lives with Bob."),
        ("Anna is based in Berlin.", "Anna's team is based in Munich."),
        ("The report is due on Friday.", "The invoice is due on Monday."),
        ("The staging API is written in Go.", "The production API is implemented in Rust."),
        ("Maria reports to Oleg.", "Maria reports to Ivan on security issues."),
    ],
)
def test_another_owner_role_or_companion_of_a_relation_never_hides_the_first(
    old: str, new: str
) -> None:
    assert outcome(old, new) in ("related", "new")


def test_a_change_away_from_the_old_value_supersedes_however_the_subject_is_worded() -> None:
    assert outcome("Jack's favorite editor is Vim.", "Jack switched from Vim to VS Code.") == (
        "supersede"
    )


@pytest.mark.parametrize(
    "new", ["Jill switched from Vim to Emacs.", "Jack's team switched from Vim to VS Code."]
)
def test_a_change_away_from_the_same_value_by_someone_else_never_hides_the_first(new: str) -> None:
    assert outcome("Jack's favorite editor is Vim.", new) in ("related", "new")


def test_a_month_named_may_is_a_date_not_a_possibility() -> None:
    assert not parse("The release is on May 3.").modal
    assert parse("Anna may move to Berlin.").modal


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Anna works at Google as a manager.", "Anna works at Google."),
        ("Anna doesn't eat meat or fish.", "Anna doesn't eat meat."),
    ],
)
def test_part_of_what_a_stored_fact_says_is_a_duplicate(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Anna works at Google.", "Anna works at Google as a manager."),
        ("The billing service uses Postgres for reports.", "The service uses Postgres."),
        ("Ticket 42 is assigned to Bob and Alice.", "Ticket 42 is assigned to Bob."),
        ("Bob (3 May): I love the new office.", "Bob (4 May): I love the office."),
    ],
)
def test_more_than_a_stored_fact_says_or_about_something_else_is_no_duplicate(
    old: str, new: str
) -> None:
    assert outcome(old, new) != "duplicate"
