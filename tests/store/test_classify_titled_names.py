"""Names after a title ("Dr. Lee", "Mrs. Smith", "la Dra. Ruiz"): the title's full stop ends no
sentence, so the name after it is read as a name, and the title stays part of who it is
(issue 11)."""

from __future__ import annotations

import pytest

from engram.store.parse import parse
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The user's dentist is Dr. Lee.", "lee"),
        ("The user's landlord is Mr. Patel.", "patel"),
        ("Su médica es la Dra. Ruiz.", "ruiz"),
        ("Dr. Lee is the user's dentist.", "lee"),
    ],
)
def test_the_name_after_a_title_is_a_name(text: str, name: str) -> None:
    assert any(w.key == name and w.kind == "name" for w in parse(text).words)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's dentist is Dr. Lee.", "The user's dentist is Dr. Park."),
        ("Su médica es la Dra. García.", "Su médica es la Dra. Ruiz."),
    ],
)
def test_another_name_after_the_same_title_is_a_new_value(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Mr. Smith is the user's landlord.", "Mrs. Smith is the user's landlord."),
        ("The user's dentist is Dr. Lee.", "The user changed into running clothes."),
        ("The user's dentist is Dr. Patel.", "The user now wakes up at 6."),
    ],
)
def test_another_title_or_another_attribute_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_job_after_sr_is_no_name() -> None:
    """ "Sr." before a job is a senior one, not a title before a name."""
    words = parse("The user is a Sr. Engineer at Google.").words
    assert next(w for w in words if w.norm == "engineer").kind != "name"


def test_a_title_in_capitals_is_an_acronym_before_no_name() -> None:
    """ "DR." is disaster recovery, not a doctor: what follows its full stop is read as the
    start of a sentence, as before any acronym."""
    words = parse("The DR. Site Reliability team owns failover.").words
    assert next(w for w in words if w.norm == "site").kind != "name"
