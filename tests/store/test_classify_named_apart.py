"""Two facts whose subjects name two different ones are answered before the classifier's
rules: they are related or new, never a duplicate or an update of each other — unless the new
fact tells news of another one (a word of change, a role taken over, a new holder of a role
held by one at a time), which the rules still read (issue 11: absorb's rate and its hides)."""

from __future__ import annotations

import pytest

from engram.store.classify import _named_apart, parse
from tests.store.pairs import HIDING, outcome


def apart(old: str, new: str) -> str:
    return _named_apart(parse(new), parse(old))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Dmitri Silva's phone number is +1 555 2428.",
            "Vlad Novak's phone number is +1 555 4266.",
        ),
        (
            "Alice Novak prefers rooibos in the morning.",
            "Ivan Novak prefers rooibos in the morning.",
        ),
        ("Host web-00001 has 32 GB of memory.", "Host web-00002 has 16 GB of memory."),
        ("Ticket 16 is assigned to Nadia.", "Ticket 17 is assigned to Nadia."),
        ("Issue #77 is assigned to Bogdan.", "Issue #78 is assigned to Leah."),
        ("The staging database runs Postgres 15.", "The production database runs Postgres 16."),
        ("Глеб Смирнов живёт в Твери.", "Глеб Иванов живёт в Твери."),
        ("Sofía López vive en Murcia.", "Sofía García vive en Murcia."),
        ("Marco Park is allergic to shellfish.", "Marco A. Park is allergic to cats."),
    ],
)
def test_facts_of_two_named_ones_are_told_apart_by_their_names(old: str, new: str) -> None:
    assert apart(old, new)
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # a role held by one at a time, with a new holder
        (
            "Marcus Lee is the on-call engineer this week.",
            "Priya Shah is the on-call engineer this week.",
            "supersede",
        ),
        # a role taken over, in Spanish and Russian
        (
            "Marta García dirige el equipo de datos.",
            "Pedro López asumió la dirección del equipo de datos.",
            "supersede",
        ),
        (
            "Денис Петров руководит отделом продаж.",
            "Светлана Иванова возглавила отдел продаж.",
            "supersede",
        ),
        # the same relation told from the other one's side: both names in both facts
        ("Rahul Mehta is married to Ananya Rao.", "Ananya Rao is Rahul Mehta's wife.", "duplicate"),
        # a new value that is a name, of the same subject
        ("Zoe Lin reports to Ingrid Berg.", "Zoe Lin reports to Patrick Moe.", "supersede"),
        ("Ticket 43 is assigned to Nadia.", "Ticket 43 is now assigned to Wen.", "supersede"),
    ],
)
def test_names_leave_news_of_another_one_to_the_rules(old: str, new: str, expected: str) -> None:
    assert not apart(old, new)
    assert outcome(old, new) == expected


def test_a_word_of_change_is_read_by_the_rules_even_between_two_environments() -> None:
    old, new = (
        "The staging database runs Postgres 15.",
        "The production database now runs Postgres 16.",
    )
    assert not apart(old, new)
    assert outcome(old, new) not in HIDING


def test_a_name_in_another_case_is_the_same_name() -> None:
    # "Олегом" is a form of "Олег": one person, whom the rules compare
    assert not apart("Миграцию базы запустил Олег.", "Миграция базы была запущена Олегом.")


def test_a_clause_of_more_is_left_to_the_rules() -> None:
    old = "La tarea de migrar los pagos la lleva Diego, y la fecha límite es el viernes."
    new = "La tarea de migrar los pagos la lleva Sofía, y la fecha límite es el viernes."
    assert not apart(old, new)
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Omar Reyes (2:12 pm on 2 July, 2023): I just got back from surfing.",
            "Tala Ortega (2:12 pm on 12 July, 2023): I just got back from surfing.",
        ),
        (
            "Ximena Andersen (2:53 pm on 23 July, 2023): I just got back from a long hike.",
            "Ximena Xu (2:38 pm on 5 July, 2023): I just got back from a long hike.",
        ),
        ("Tim: I love pottery.", "Ana: I love pottery."),
    ],
)
def test_two_speakers_each_telling_of_themselves_are_told_apart(old: str, new: str) -> None:
    # the comma of the date a line was said joins no clause
    assert apart(old, new)
    assert outcome(old, new) == "related"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # one speaker: the rules read the two lines
        (
            "Tim (2:12 pm on 2 July, 2023): I just got back from surfing.",
            "Tim (4:40 pm on 9 July, 2023): I just got back from surfing.",
        ),
        # "we" of two speakers may be one couple, one team
        ("Tim (1 May, 2023): We live in Berlin.", "Ana (2 May, 2023): We live in Berlin."),
        # a line of someone else
        ("Tim: Alice lives in Paris.", "Ana: Alice lives in Paris."),
        # a clause of more after the line's date
        (
            "Tim (2:12 pm on 2 July, 2023): I surf, and I climb.",
            "Ana (2:12 pm on 2 July, 2023): I surf, and I climb.",
        ),
    ],
)
def test_speakers_leave_to_the_rules_what_is_not_a_line_of_oneself(old: str, new: str) -> None:
    assert not apart(old, new)
