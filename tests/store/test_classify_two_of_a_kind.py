"""The absorb classifier keeping apart two things of one kind: a letter that names one of
several ("Service A", "el equipo B"), another one told as such ("the user's other cat"), and
two facts that each deny something ("isn't on Instagram" / "isn't on TikTok") — never a
duplicate or an update of each other (issue 11)."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Cluster A backs up to cluster B.", "Cluster B backs up to cluster A."),
        ("Worker A depends on worker B.", "Worker B depends on worker A."),
        ("Group X reports to group Y.", "Group Y reports to group X."),
        ("El nodo A depende del nodo B.", "El nodo B depende del nodo A."),
    ],
)
def test_letters_naming_two_of_a_kind_in_turned_roles_hide_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_letters_in_the_same_roles_are_a_duplicate() -> None:
    old, new = "Worker A depends on worker B.", "Worker A depends on worker B"
    assert outcome(old, new) == "duplicate"


def test_a_letter_after_a_noun_is_no_article_for_another_subject() -> None:
    assert outcome("Plan A costs 40 euros.", "Plan B costs 60 euros.") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user's hamster is called Nibbles.", "The user's other hamster is called Pip."),
        ("La tortuga del usuario se llama Lenta.", "La otra tortuga del usuario se llama Rápida."),
        ("The user's brother is named Hugo.", "The user's second brother is named Ivo."),
    ],
)
def test_another_one_of_a_kind_is_another_subject(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_other_one_renamed_is_still_an_update() -> None:
    old, new = (
        "The user's other hamster is called Pip.",
        "The user's other hamster is now called Bo.",
    )
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The user isn't on LinkedIn.", "The user isn't on Mastodon."),
        ("El usuario no usa Windows.", "El usuario no usa Linux."),
        ("Пользователь не пьёт кофе.", "Пользователь не пьёт молоко."),
        ("ユーザーはLINEを使っていない。", "ユーザーはWhatsAppを使っていない。"),
    ],
)
def test_two_denials_of_two_things_hide_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_value_changed_beside_a_shared_denial_still_supersedes() -> None:
    old = "Release freeze: May 4 (no deploys after that)"
    new = "Release freeze: May 6 (no deploys after that)"
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("決済サービスはRuby 3.1。", "通知サービスはRuby 3.3にアップグレードした。"),
        ("mainブランチはNext.js 13。", "release/2.0ブランチではNext.js 14に切り替えた。"),
    ],
)
def test_another_one_of_a_kind_is_no_update_though_its_value_comes_back(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_the_same_one_with_a_new_version_still_supersedes() -> None:
    assert outcome("決済サービスはRuby 3.1。", "決済サービスはRuby 3.3にアップグレードした。") == (
        "supersede"
    )
