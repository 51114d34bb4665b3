"""Tokenizing, stemming, stop words and anchors (SPEC A3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.text import estimate_tokens, terms_of, tokenize
from engram.text.stem import stem
from engram.text.tokenize import anchors_of, query_terms_of, term_variants
from engram.text.words import (
    GENERIC_STEMS,
    GENERIC_WORDS,
    REQUEST_EN,
    REQUEST_ES,
    REQUEST_RU,
    REQUEST_STEMS,
)


def words(query: str) -> list[str]:
    return [a.word for a in anchors_of(query).anchors]


def test_stop_words_are_not_anchors_in_four_languages() -> None:
    assert words("how do I deploy the api") == ["deploy", "api"]
    assert words("как мне развернуть сервис") == ["развернуть", "сервис"]
    assert words("cómo desplegar el servicio") == ["desplegar", "servicio"]
    assert words("サービスをデプロイする場合") == ["サービス", "デプロイ"]


def test_the_ends_of_contractions_are_stop_words() -> None:
    assert terms_of("I've been thinking, but I didn't know you'll say it's late") == [
        "think", "know", "say", "late"
    ]  # fmt: skip


def test_re_stays_a_word_though_it_ends_a_contraction() -> None:
    # Python's `re` module is what a coding agent's memory means by it
    assert "re" in terms_of("compile patterns with re once")


def test_request_stems_are_the_stems_of_the_request_words() -> None:
    stems = {stem(w, "english") for w in REQUEST_EN} | {stem(w, "spanish") for w in REQUEST_ES}
    assert stems | {stem(w, "russian") for w in REQUEST_RU} == REQUEST_STEMS


def test_generic_memory_words_are_never_anchors() -> None:
    assert words("rules knowledge memory skill") == []
    assert words("правила знания память навыки") == []
    assert words("reglas conocimiento memoria habilidades") == []
    assert words("ルール スキル 知識") == []


def test_inflected_generic_words_are_caught_by_their_stem() -> None:
    assert anchors_of("memories rules using").anchors == ()


def test_workflow_word_asks_for_skills_without_being_an_anchor() -> None:
    terms = anchors_of("release workflow")
    assert terms.wants_skills
    assert [a.word for a in terms.anchors] == ["release"]


def test_english_inflections_share_a_stem() -> None:
    assert terms_of("deploying") == terms_of("deployed") == terms_of("deploys")


def test_russian_inflections_share_a_stem() -> None:
    assert terms_of("тестов") == terms_of("тесты")


def test_spanish_text_is_stemmed_as_spanish() -> None:
    assert terms_of("el despliegue de los servicios") == terms_of("los despliegues del servicio")


def test_query_words_carry_english_and_spanish_stems() -> None:
    anchor = anchors_of("despliegues").anchors[0]
    assert set(terms_of("el despliegue")) & set(anchor.stems)


def test_japanese_kanji_become_bigrams_and_hiragana_is_dropped() -> None:
    assert [t.word for t in tokenize("手順書を確認する")] == ["手順", "順書", "確認"]


def test_katakana_words_are_kept_whole() -> None:
    assert [t.word for t in tokenize("デプロイ")] == ["デプロイ"]


def test_fullwidth_letters_are_normalised() -> None:
    assert [t.word for t in tokenize("ＡＰＩ")] == ["api"]


def test_token_estimate_counts_four_latin_characters_per_token() -> None:
    assert estimate_tokens("abcdefgh") == 2
    assert estimate_tokens("abcdefghi") == 3


def test_token_estimate_counts_one_token_per_cjk_character() -> None:
    assert estimate_tokens("手順書") == 3


# syllables, Jamo, compatibility Jamo
@pytest.mark.parametrize("text", ["배포전", "ᄀᄁᄂ", "ㄱㄴㄷ"])
def test_token_estimate_counts_one_token_per_hangul_character(text: str) -> None:
    assert estimate_tokens(text) == 3


@pytest.mark.parametrize("text", ["ภาษาไทย", "हिन्दीभा"])  # Thai, Devanagari
def test_token_estimate_counts_one_token_per_indic_or_thai_character(text: str) -> None:
    assert estimate_tokens(text) == len(text)


def test_token_estimate_counts_one_token_per_two_arabic_characters() -> None:
    assert estimate_tokens("مرحبابكم") == 4


def test_token_estimate_counts_accented_latin_and_cyrillic_four_characters_per_token() -> None:
    assert estimate_tokens("Привет, «ёлка» — café") == 6


@given(st.text())
def test_token_estimate_is_the_sum_of_each_scripts_rate(text: str) -> None:
    # one character at a time, each at its own rate, adds up to the estimate of the whole
    dense = sum(estimate_tokens(c * 4) == 4 for c in text)
    half = sum(estimate_tokens(c * 4) == 2 for c in text)
    other = len(text) - dense - half
    assert estimate_tokens(text) == dense + (2 * half + other + 3) // 4


@given(st.text())
def test_tokenize_never_fails_and_yields_lowercase_words(text: str) -> None:
    for token in tokenize(text):
        assert token.word
        assert token.word == token.word.casefold()
        assert token.script in {"latin", "cyrillic", "cjk", "other"}


@given(st.text())
def test_anchors_never_include_stop_or_generic_words(text: str) -> None:
    from engram.text.words import GENERIC_WORDS, STOP_WORDS

    for anchor in anchors_of(text).anchors:
        assert anchor.word not in STOP_WORDS
        assert anchor.word not in GENERIC_WORDS
        assert anchor.stems


@given(st.lists(st.sampled_from(["deploy", "api", "the", "тест", "デプロイ", "x"]), max_size=8))
def test_terms_of_concatenation_is_concatenation_of_terms(parts: list[str]) -> None:
    joined = " ".join(parts)
    expected = [t for p in parts for t in terms_of(p, "english")]
    assert terms_of(joined, "english") == expected


def test_generic_stems_are_the_stems_of_the_generic_words() -> None:
    stems = {s for word in GENERIC_WORDS for token in tokenize(word) for s in term_variants(token)}
    assert stems == GENERIC_STEMS


def _terms_word_by_word(fields: list[str]) -> list[list[str]]:
    """The definition `term_counts_of_fields` must keep, but for the counting: every field
    tokenized, one stemming language chosen from all of their tokens."""
    from engram.text.tokenize import latin_language, terms_of_tokens

    tokens = [tokenize(field) for field in fields]
    language = latin_language([token for part in tokens for token in part])
    return [terms_of_tokens(part, language) for part in tokens]


_PIECES = [
    *"abcdefghijklmnopqrstuvwxyzABCZ0129 _-.,:/*\n",
    "the ", "el ", "la ", "ñ", "é", "ß", "ﬁ", "Ⅻ", "кот", "ё", "デプロイ", "知識", "🚀", "—",
]  # fmt: skip
_FIELD_TEXT = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


def test_ascii_words_are_split_as_the_word_pattern_splits_them() -> None:
    import re

    from engram.text.tokenize import _ASCII_FOLD

    every = [chr(code) for code in range(128)]
    texts = [*every, "".join(every), *(f"a{c}b{c}C{c}9_" for c in every)]
    for text in texts:
        assert text.translate(_ASCII_FOLD).split() == re.findall(r"[^\W_]+", text.lower())


@given(st.lists(_FIELD_TEXT, min_size=1, max_size=7))
def test_term_counts_of_fields_match_tokenizing_each_field(fields: list[str]) -> None:
    from engram.text.tokenize import term_counts_of_fields

    counted = [list(Counter(terms).items()) for terms in _terms_word_by_word(fields)]
    # the same terms and counts, in the order each term first occurs
    assert [list(field.items()) for field in term_counts_of_fields(fields)] == counted


def test_the_fields_of_one_file_share_a_stemming_language() -> None:
    from engram.text.tokenize import term_counts_of_fields

    # the body's Spanish function words decide for the short title too
    fields = ["Desplegando servicios", "el servicio de la casa y los perros"]
    title, _body = term_counts_of_fields(fields)
    assert list(title) == _terms_word_by_word(fields)[0]
    assert list(title)[1] == "servici"  # Spanish stem; English would keep "servicio"


def test_a_query_gives_each_latin_term_its_stem_in_the_other_language() -> None:
    terms, others = query_terms_of("Madrid offices")
    assert terms == ["madrid", "offic"] and others == {"madrid": ("madr",)}
    assert query_terms_of("vive en Madrid") == (
        ["viv", "madr"],
        {"viv": ("vive",), "madr": ("madrid",)},
    )


def test_a_query_term_the_other_language_stems_alike_has_no_other_stem() -> None:
    terms, others = query_terms_of("Offices 2024 デプロイ")
    assert terms == ["offic", "2024", "デプロイ"] and others == {}


def test_a_russian_query_word_is_looked_up_under_the_stems_of_its_other_cases() -> None:
    assert "павл" in query_terms_of("Павел")[1]["павел"]  # "Кот Павла болеет"
    assert "алекс" in query_terms_of("Алексея")[1]["алексе"]  # "Алексей — муж Ольги"
    assert "серге" in query_terms_of("Сергей")[1]["серг"]  # "День рождения Сергея"


def test_latin_words_are_stemmed_without_their_accents() -> None:
    assert terms_of("Lucía acción", "spanish") == terms_of("Lucia accion", "spanish")
    assert terms_of("año", "spanish") != terms_of("ano", "spanish")  # ñ is a letter of its own


def test_an_accented_stop_word_is_a_stop_word() -> None:
    assert terms_of("¿Dónde vivo?") == terms_of("donde vivo") == ["viv"]


def test_latin_words_and_numbers_inside_japanese_are_words() -> None:
    assert terms_of("このプロジェクトではDockerを使っています。") == [
        "プロジェクト",
        "docker",
        "使",
    ]
    assert "4471" in terms_of("注文4471は水曜日に届きます。")


def test_a_number_before_a_kanji_is_read_with_it() -> None:
    assert {"9月", "3日"} <= set(terms_of("誕生日は9月3日です"))
    assert "4月" not in terms_of("誕生日は9月3日です")


def test_words_written_in_hiragana_are_terms() -> None:
    assert terms_of("私はりんごが好きです。") == ["私", "りんご", "好"]
    said = "あしたはおばあちゃんのおみまいに行く。"
    assert {"あした", "おばあちゃん", "おみまい", "行"} <= set(terms_of(said))


def test_a_word_in_hiragana_that_holds_a_particles_kana_is_a_term_whole() -> None:
    assert "ともこ" in terms_of("娘の名前はともこです。")
    assert "もも" in terms_of("好きな果物はももです。")
    assert "のぞみ" in terms_of("駅までのぞみに乗ります。")


def test_japanese_grammar_in_hiragana_is_no_term_nor_anchor() -> None:
    assert terms_of("ログインについて教えてください") == ["ログイン", "教"]
    assert terms_of("しかしエラーが出ます") == ["エラー", "出"]
    anchors = anchors_of("あしたはおばあちゃんのおみまいに行く")
    assert [a.word for a in anchors.anchors] == ["あした", "おばあちゃん", "おみまい", "行"]


def test_an_accent_that_tells_a_word_from_a_stop_word_is_kept() -> None:
    assert terms_of("té verde", "spanish") == ["te", "verd"]  # "te" alone is a pronoun
    assert terms_of("te llamo", "spanish") == ["llam"]


def test_a_kanjis_kana_ending_and_grammar_are_no_terms() -> None:
    assert terms_of("この本は読みにくい。") == ["本", "読"]
    assert terms_of("チェックしてください") == ["チェック"]
