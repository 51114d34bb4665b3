"""An explicit update replaces a stored fact only when it is news of the same attribute of the
same thing, held by the same one: news of another attribute, a narrower thing, another kind
of thing or another holder leaves the stored fact in default search (issue 11)."""

from __future__ import annotations

from engram.store.parse import parse


def test_a_fact_opening_with_an_english_possessive_is_read_as_english() -> None:
    fact = parse("My son uses Jira.")
    assert [w.kind for w in fact.words[:2]] == ["pronoun", "kin"]
