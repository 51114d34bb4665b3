"""Abbreviations one fact uses for the words another spells out, read alike by the classifier
(SPEC B3: a rewording is a duplicate; a different fact is never merged)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.store.abbreviations import spelt_out
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana opened a pull request for the fix.", "Ana opened a PR for the fix."),
        ("Pull requests need two approvals.", "PRs need two approvals."),
        ("The SLA is 99.9%.", "The service level agreement is 99.9%."),
        ("La BD corre en Postgres.", "La base de datos corre en Postgres."),
        ("Боевая БД — PostgreSQL 14.", "Боевая база данных — PostgreSQL 14."),
        ("The app supports i18n.", "The app supports internationalization."),
    ],
)
def test_an_abbreviation_and_the_words_it_stands_for_are_one_statement(old: str, new: str) -> None:
    assert outcome(old, new) == "duplicate"


def test_an_abbreviation_spelt_out_with_another_value_still_supersedes() -> None:
    old, new = "The CI runs on GitHub.", "The continuous integration runs on GitLab."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ana is the PM.", "Ana prefers meetings."),  # a verb and its object spell no title
        ("Send the report to HR.", "Send the report to Henry Ross."),  # someone's name
        ("Ana is in IT.", "Ana is totally fine."),  # an auxiliary starts no run
    ],
)
def test_words_whose_initials_only_happen_to_spell_it_are_no_abbreviation(
    old: str, new: str
) -> None:
    assert spelt_out(new, old) is None
    assert outcome(old, new) not in HIDING


def test_a_run_is_spelt_out_only_where_the_abbreviation_stands() -> None:
    assert spelt_out("Ana prefers meetings.", "Ana is the PM.") is None


@given(
    st.text(alphabet="abcdefghij .,", max_size=60), st.text(alphabet="abcdefghij .,", max_size=60)
)
def test_facts_without_capitals_or_numerals_are_left_as_they_are(new: str, old: str) -> None:
    assert spelt_out(new, old) is None
