"""The absorb classifier reading a predicate said in other words: synonym verbs, a verb and
the noun or adjective of it, numbers written as words (SPEC B3). A duplicate hides the new
fact, so each rewording has its hard negatives beside it: another subject, object, date or
amount, a negation, a verb that is no synonym."""

from __future__ import annotations

import pytest

from engram.store import MemoryStore
from tests.store.pairs import HIDING, absorbed, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Marco finished the migration on Friday.", "Marco completed the migration on Friday."),
        ("Nora phoned the landlord yesterday.", "Nora called the landlord yesterday."),
        ("Олег закончил отчёт в пятницу.", "Олег завершил отчёт в пятницу."),
        ("El contrato vence el 30 de junio.", "El contrato termina el 30 de junio."),
    ],
)
def test_synonym_verb_with_same_subject_and_object_is_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


def test_japanese_puts_nothing_in_its_mouth_is_it_does_not_eat(store: MemoryStore) -> None:
    old, new = "ユーザーは豚肉を食べない。", "ユーザーは豚肉を口にしない。"
    assert absorbed(store, old, new) == "duplicate"


def test_japanese_not_eating_is_not_not_drinking(store: MemoryStore) -> None:
    assert absorbed(store, "ユーザーは夜は食べない", "ユーザーは夜は飲まない") not in HIDING


def test_russian_lying_in_hospital_is_nothing_kept(store: MemoryStore) -> None:
    old, new = "Олег хранит ключи от офиса", "Олег теперь лежит в больнице"
    assert absorbed(store, old, new) not in HIDING


def test_japanese_eating_another_thing_is_no_duplicate(store: MemoryStore) -> None:
    old, new = "ユーザーは朝食にパンを食べる", "ユーザーは朝食にコーヒーを飲む"
    assert absorbed(store, old, new) not in HIDING


def test_synonym_verb_with_other_subject_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Marco completed the migration.", "Anna finished the migration."
    assert absorbed(store, old, new) not in HIDING


def test_russian_synonym_verb_of_another_gender_is_another_person(store: MemoryStore) -> None:
    # "Иванова" may be a case of "Иванов", but the verb's ending says a woman did it
    old, new = "Иванов закончил отчёт.", "Иванова завершила отчёт."
    assert absorbed(store, old, new) not in HIDING


def test_russian_synonym_verb_of_the_same_gender_is_duplicate(store: MemoryStore) -> None:
    assert absorbed(store, "Маша закончила отчёт.", "Маша завершила отчёт.") == "duplicate"


def test_synonym_verb_on_another_day_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Marco finished the migration on Friday.", "Marco completed the migration on Monday."
    assert absorbed(store, old, new) != "duplicate"


def test_synonym_verb_with_other_object_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Leo answered the client's email.", "Leo replied to the supplier's email."
    assert absorbed(store, old, new) not in HIDING


def test_negated_synonym_verb_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Nora phoned the landlord.", "Nora did not call the landlord."
    assert absorbed(store, old, new) not in HIDING


def test_verb_that_is_no_synonym_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Marco finished the migration.", "Marco started the migration."
    assert absorbed(store, old, new) != "duplicate"


def test_verb_with_a_particle_is_read_as_its_own_predicate(store: MemoryStore) -> None:
    # "called off" is cancelled, not phoned
    assert absorbed(store, "Zoe cancelled the visit.", "Zoe called off the visit.") == "duplicate"
    assert absorbed(store, "Zoe phoned the visit.", "Zoe called off the visit.") != "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Tom is allergic to peanuts.", "Tom has a peanut allergy."),
        ("Omar is afraid of heights.", "Omar has a fear of heights."),
        ("Greta manages the design team.", "Greta is the manager of the design team."),
        (
            "Rosa enseña matemáticas en el instituto.",
            "Rosa es profesora de matemáticas en el instituto.",
        ),
        ("Саша тренирует детскую команду.", "Саша — тренер детской команды."),
        ("Эмиль боится высоты.", "У Эмиля страх высоты."),
    ],
)
def test_verb_and_noun_form_of_one_predicate_is_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


def test_noun_form_of_another_subject_is_not_duplicate(store: MemoryStore) -> None:
    assert absorbed(store, "Tom is allergic to peanuts.", "Ann has a peanut allergy.") not in HIDING


def test_noun_form_with_another_object_is_not_duplicate(store: MemoryStore) -> None:
    assert absorbed(store, "Tom is allergic to peanuts.", "Tom has a cat allergy.") != "duplicate"


def test_noun_form_in_the_past_is_not_duplicate(store: MemoryStore) -> None:
    # "was a teacher" says it no longer holds: never hidden behind "teaches"
    old, new = "Rosa teaches maths.", "Rosa was a maths teacher."
    assert absorbed(store, old, new) != "duplicate"


def test_negated_noun_form_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Hugo coaches the youth team.", "Hugo is not the coach of the youth team."
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The library has forty study desks.", "The library has 40 study desks."),
        (
            "Carla visits her parents twice a month.",
            "Carla visits her parents two times per month.",
        ),
        ("Оля навещает родителей два раза в месяц.", "Оля навещает родителей дважды в месяц."),
        ("La sala tiene doce sillas.", "La sala tiene 12 sillas."),
    ],
)
def test_number_word_and_digits_are_duplicate(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) == "duplicate"


def test_another_number_of_times_is_not_duplicate(store: MemoryStore) -> None:
    old, new = (
        "Carla visits her parents twice a month.",
        "Carla visits her parents three times a month.",
    )
    assert absorbed(store, old, new) != "duplicate"


def test_synonym_verb_in_another_tense_is_not_duplicate(store: MemoryStore) -> None:
    old, new = "Marco finishes the migration on Friday.", "Marco completed the migration on Friday."
    assert absorbed(store, old, new) != "duplicate"
    old, new = "Rosa enseñaba matemáticas.", "Rosa es profesora de matemáticas."
    assert absorbed(store, old, new) != "duplicate"


def test_verb_the_parse_does_not_know_is_read_as_the_predicate(store: MemoryStore) -> None:
    old, new = "Priya helps new hires with onboarding.", "Priya assists new hires with onboarding."
    assert absorbed(store, old, new) == "duplicate"


def test_noun_of_a_synonym_verb_is_not_read_as_it(store: MemoryStore) -> None:
    # a phone is a thing, a call an event: only the verbs are one predicate
    assert absorbed(store, "Anna's phone is old.", "Anna's call is old.") != "duplicate"
    assert absorbed(store, "The old phone is broken.", "The old call is broken.") != "duplicate"


def test_names_that_begin_alike_are_two_people(store: MemoryStore) -> None:
    # a name in another case is one person ("Эмиль" / "У Эмиля"); these are two
    assert absorbed(store, "Олег позвонил маме.", "Олеся позвонила маме.") not in HIDING
    assert absorbed(store, "Мария позвонила врачу.", "Марина позвонила врачу.") not in HIDING


def test_synonym_verb_in_the_future_form_is_not_duplicate(store: MemoryStore) -> None:
    # a perfective's "закончит" and the Spanish "completará" say what will be
    old, new = "Марко заканчивает миграцию.", "Марко завершит миграцию."
    assert absorbed(store, old, new) != "duplicate"
    old, new = "Ana termina la migración.", "Ana completará la migración."
    assert absorbed(store, old, new) != "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user drives a large SUV.", "The user drives a big SUV."),
        ("The user has two kids.", "The user has two children."),
        ("Felix drives an old car.", "Felix drives an old automobile."),
    ],
)
def test_a_plain_synonym_is_a_duplicate(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) == "duplicate"


def test_a_big_brother_is_not_a_large_one(store: MemoryStore) -> None:
    assert absorbed(store, "Ben's big brother is Sam.", "Ben's large brother is Tim.") not in (
        HIDING
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Sprint length is two weeks.", "Sprint length is 14 days."),
        ("The build takes 2 hours.", "The build takes 120 minutes."),
    ],
)
def test_a_duration_in_a_smaller_unit_is_a_duplicate(
    store: MemoryStore, old: str, new: str
) -> None:
    assert absorbed(store, old, new) == "duplicate"


def test_a_duration_that_is_no_whole_larger_unit_is_a_new_value(store: MemoryStore) -> None:
    old, new = "The session timeout is 30 minutes.", "The session timeout is 90 minutes."
    assert absorbed(store, old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Went to Japan in 2022.", "Visited Japan in 2022."),
        ("Sprint length is two weeks.", "Sprints last 14 days."),
        ("The meeting lasts 30 minutes.", "The meeting's duration is 30 minutes."),
    ],
)
def test_a_visit_or_a_length_in_other_words_is_a_duplicate(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user went to Japan in 2022.", "The user visited Japan in 2023."),
        ("Ana went to Paris in May.", "Ana visited Rome in May."),
        ("The server went down on May 3.", "The server went down on May 9."),
    ],
)
def test_another_trip_or_outage_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user lives in Berlin.", "The user is based in Berlin."),
        ("Sara: my sister lives in Cork.", "Sara: my sister's based in Cork."),
    ],
)
def test_someone_based_somewhere_lives_there(store: MemoryStore, old: str, new: str) -> None:
    assert absorbed(store, old, new) == "duplicate"


def test_a_firm_based_somewhere_is_where_it_is_located(store: MemoryStore) -> None:
    old, new = "Acme is based in Berlin", "Acme is headquartered in Munich"
    assert absorbed(store, old, new) == "supersede"


def test_where_the_users_company_is_based_is_not_where_the_user_lives(
    store: MemoryStore,
) -> None:
    old, new = "The user lives in Berlin.", "The user's company is based in Munich."
    assert absorbed(store, old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's hobby is fishing", "The user's hobby is hiking"),
        ("The user's hobby is chess", "The user's hobby is hiking"),
    ],
)
def test_one_activity_in_anothers_place_is_no_rewording(
    store: MemoryStore, old: str, new: str
) -> None:
    # ("hiking" is read as the verb of "is hiking", "fishing" and "chess" as what the hobby is)
    assert absorbed(store, old, new) not in HIDING
