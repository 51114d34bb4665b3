"""Japanese (and Russian) notes and names. The parse has no dictionary of names, so a word
before "さん", "様", "先生" or "氏" is taken for someone's name where a role's new holder is told,
and "々" repeats the kanji before it ("佐々木" is "佐佐木"); a full-width colon makes a note
(issue 11)."""

from __future__ import annotations

import pytest

from engram.store.parse import kanji_repeated
from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーの上司は佐藤さん。", "ユーザーの上司は松本さんになった。"),
        ("ユーザーの上司は佐々木さん。", "ユーザーの上司が松本さんに変わった。"),
        ("プロジェクトリーダーは伊藤さん。", "プロジェクトリーダーは加藤さんになった。"),
    ],
)
def test_a_role_given_to_someone_else_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_the_role_of_someone_else_hides_nothing() -> None:
    assert outcome("佐藤さんの上司は鈴木さん。", "田中さんの上司は山本さんになった。") not in HIDING


def test_the_same_holder_told_again_is_a_duplicate() -> None:
    assert (
        outcome("ユーザーの上司は佐々木さん。", "ユーザーの上司は佐々木さんです。") == "duplicate"
    )


def test_the_repetition_mark_is_written_out() -> None:
    assert kanji_repeated("佐々木さんと時々") == "佐佐木さんと時時"
    assert kanji_repeated("々だけ") == "々だけ"  # nothing before it to repeat


def test_a_note_with_a_full_width_colon_is_a_note() -> None:
    assert outcome("Node.jsのバージョン：18", "Node.jsのバージョン：20") == "supersede"
    assert outcome("エディタ：Vim", "最近エディタをVimからVS Codeに乗り換えた。") == "supersede"


def test_a_sentence_without_a_topic_is_about_its_object() -> None:
    # no "は" or "が": the subject is left unsaid, what comes before "を" is the thing
    old, new = "本番環境のNode.jsは16。", "本番のNode.jsを20にアップグレードした。"
    assert outcome(old, new) == "supersede"


def test_a_russian_key_in_the_genitive_names_no_list() -> None:
    # "команды" (the team's) ends like a plural; the key's head, "трекер", is one thing
    assert outcome("Таск-трекер команды: YouTrack", "Таск-трекер команды: Jira") == "supersede"
    assert outcome("Аллергии: орехи", "Аллергии: пенициллин") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("上司は佐藤さん。", "上司は田中さん。"),
        ("デフォルトブランチはmaster。", "デフォルトブランチはmain。"),
    ],
)
def test_a_noun_after_the_topic_replaced_is_a_new_value(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは英語を勉強している。", "ユーザーは英語を教えている。"),
        ("自宅のマンションはペット可。", "自宅のマンションはペット禁止。"),
        ("統計学の期末試験は持ち込み可。", "統計学の期末試験は持ち込み不可。"),
        ("ユーザーは猫派。", "ユーザーは犬派。"),
        ("苦手な食べ物はピーマン。", "苦手な食べ物はセロリ。"),
        ("得意な言語はPython。", "得意な言語はGo。"),
        ("チームメンバーは佐藤さん。", "チームメンバーは田中さん。"),
    ],
)
def test_another_verb_or_the_opposite_word_after_the_topic_hides_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


def test_two_fruits_written_in_hiragana_are_two_statements() -> None:
    assert outcome("私はりんごが好きです。", "私はみかんが好きです。") not in HIDING
