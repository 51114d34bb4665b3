"""Tokenizing for routing and search.

Latin and Cyrillic words are split on anything that is not a letter or digit, lower-cased with
``casefold`` after NFKC normalisation, and stemmed: Cyrillic with the Russian stemmer, Latin with
the English or Spanish stemmer according to which language's function words dominate the text.
Latin words are stemmed without their accents ("Lucia" finds "Lucía", "accion" "acción"), ñ
kept. Japanese has no spaces, so a run of CJK characters is split by script: katakana runs are
kept as words (loan words such as デプロイ), kanji runs become overlapping bigrams (the usual unit
of Japanese search without a dictionary), Latin words and numbers written inside them are words
of their own ("Dockerを使う", "注文4471"; a number before a kanji is read with it: "9月3日"
is "9月" and "3日"), and a run of hiragana less the particles and endings around it is a word
written in hiragana ("はともこです": "ともこ"), as is each piece of it between particles
(は が を に で と の も へ: "おばあちゃんのおみまい" gives "おばあちゃん" and "おみまい"),
single kana and grammar (`HIRAGANA_GRAMMAR`) left out; a run right after a kanji or a katakana
word that does not open with a particle is that word's ending ("好きです", "読みにくい") and is
left out whole (`_hiragana_words`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache

from engram.plain import Frozen
from engram.text.stem import stem
from engram.text.words import (
    ENGLISH_MARKERS,
    GENERIC_STEMS,
    GENERIC_WORDS,
    HIRAGANA_GRAMMAR,
    SPANISH_MARKERS,
    STOP_WORDS,
    WORKFLOW_WORDS,
)

_WORD = re.compile(r"[^\W_]+")
# Each ASCII character (by its code) as `_WORD` reads lower-cased text: a letter lower-cased, a
# digit kept, anything else (`_` too) a space. `text.translate(_ASCII_FOLD).split()` finds the
# words of ASCII text as `_WORD.findall(text.lower())` does, at a third of the cost (an index
# build reads every word of every file).
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_ASCII_FOLD = " " * 48 + "0123456789" + " " * 7 + _LOWER + " " * 6 + _LOWER + " " * 5
# The index term of each plain ASCII word met, by stemming language (`_ascii_term`): a build
# meets most words again in file after file. Emptied when it grows past `_ASCII_TERMS_MAX`.
_ASCII_TERMS: dict[str, dict[str, str]] = {}
_ASCII_TERMS_MAX = 65536
_SPANISH_LETTERS = re.compile("[ñáéíóú¿¡]")
_CJK_PATTERN = (
    r"([\u30a0-\u30ff\uff66-\uff9f]+)|([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)"
    r"|([\u3040-\u309f]+)"
)
# A word that holds kana or kanji: its runs of them and of anything else ("dockerを使っています").
# (Patterns as strings: `re` compiles and caches them on first use, which only such text pays.)
_CJK_CLASS = "\u3040-\u30ff\uff66-\uff9f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_OR_NOT = f"[{_CJK_CLASS}]+|[^{_CJK_CLASS}]+"
# The particles a run of hiragana is cut at (a word in hiragana lies between them)
_PARTICLES = "[はがをにでとのもへ]"
# Accented Latin letters and the letters they are read as (ñ is a letter of its own)
_ACCENTS = str.maketrans("áàâäãåéèêëíìîïóòôöõúùûüçýÿ", "aaaaaaeeeeiiiiooooouuuucyy")


class Token(Frozen):
    """A lower-cased word with the script it is written in (latin, cyrillic, cjk, other)."""

    __slots__ = ("script", "word")

    def __init__(self, word: str, script: str) -> None:
        self.word = word
        self.script = script


class Anchor(Frozen):
    """A meaningful query word and the stems it may appear under in an index."""

    __slots__ = ("stems", "word")

    def __init__(self, word: str, stems: tuple[str, ...]) -> None:
        self.word = word
        self.stems = stems


class QueryTerms(Frozen):
    """What a query contributes to routing."""

    __slots__ = ("anchors", "generic", "wants_skills")

    def __init__(
        self, anchors: tuple[Anchor, ...], generic: tuple[str, ...], wants_skills: bool
    ) -> None:
        self.anchors = anchors
        self.generic = generic  # generic memory words that were ignored
        self.wants_skills = wants_skills  # the query said workflow/workflows


def _script_of(word: str) -> str:
    if word.isascii():
        return "latin"
    for ch in word:
        code = ord(ch)
        if 0x0400 <= code <= 0x04FF:
            return "cyrillic"
        if 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF:
            return "cjk"
    import unicodedata  # for text that is not ASCII alone: most queries are

    if any("LATIN" in unicodedata.name(ch, "") for ch in word[:3]):
        return "latin"
    return "other"


def _has_cjk(word: str) -> bool:
    return any(
        "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"
        or "\uff66" <= ch <= "\uff9f"
        for ch in word
    )  # fmt: skip


def _is_kanji(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _cjk_tokens(run: str) -> list[Token]:
    out: list[Token] = []
    after_word = False
    # re caches compiled patterns; compiling this one costs ~1 ms, so only CJK text pays it.
    for kana, kanji, hiragana in re.findall(_CJK_PATTERN, run):
        if kana:
            out.append(Token(kana, "cjk"))
        elif len(kanji) == 1:
            out.append(Token(kanji, "cjk"))
        elif kanji:
            out.extend(Token(kanji[i : i + 2], "cjk") for i in range(len(kanji) - 1))
        else:
            words = _hiragana_words(hiragana, after_word)
            # a run cut into pieces is searched whole too, but no query anchors on it: its
            # pieces do (one phrase is not four anchors, which the anchor rule reads as many)
            out.extend(Token(w, "cjk" if n or len(words) == 1 else "kana-run")
                       for n, w in enumerate(words))  # fmt: skip
        after_word = bool(kanji or kana)
    return out


def _hiragana_words(run: str, after_word: bool) -> list[str]:
    """The words a run of hiragana holds. After a kanji or a katakana word a run that does not
    open with a particle is that word's ending ("好きです", "読みにくい", "チェックして"): none.
    Otherwise the run less the particle it opens with and the particles and endings it closes
    with ("はともこです" is "ともこ") is a word, and so is each piece of it between particles
    ("おばあちゃんのおみまい": "おばあちゃん", "おみまい"); grammar (`HIRAGANA_GRAMMAR`:
    "について", "しかし", "ちょっと") and a single kana are none. A word that holds a particle's
    kana ("ともこ", "もも") is found whole; its pieces are noise no query word shares."""
    if after_word and not run.startswith(_OPENING_PARTICLES):
        return []
    if run in HIRAGANA_GRAMMAR:
        return []
    body = run
    # (a run opens with a particle after any word, one in Latin letters too: "us-east-1にある")
    opening = next((p for p in _OPENING_PARTICLES if body.startswith(p)), "")
    if opening:
        body = body[len(opening) :]
        if len(body) < 2 or body in HIRAGANA_GRAMMAR:
            return []  # ("はお酒": the particle and a kanji's honorific "お")
    body = _without_closing(body)
    if len(body) < 2 or body in HIRAGANA_GRAMMAR:
        return []
    pieces = [
        piece
        for piece in re.split(_PARTICLES, body)
        if len(piece) > 1 and piece != body and piece not in HIRAGANA_GRAMMAR
    ]
    return [body, *pieces]


# The particles a run after a word may open with, longest first
_OPENING_PARTICLES = (
    "では",
    "には",
    "とは",
    "での",
    "への",
    "との",
    "にも",
    "でも",
    "から",
    "まで",
    "より",
    "だけ",
    "など",
    "しか",
    *"はがをにでとのもへや",
)
# What a run may close with and is no part of a word: particles, the copula, polite endings
_CLOSING = sorted(
    """です でした でしょう ます ました ません だ だった では じゃ ね よ か な から まで より
    は が を に で と の も へ や""".split(),
    key=len,
    reverse=True,
)


def _without_closing(body: str) -> str:
    """The run less the particles and endings it closes with ("ともこです" → "ともこ")."""
    cut = True
    while cut and len(body) > 2:
        cut = False
        for ending in _CLOSING:
            if body.endswith(ending) and len(body) - len(ending) >= 2:
                body, cut = body[: -len(ending)], True
                break
    return body


def _folded(word: str) -> str:
    """A Latin word without its accents (ñ kept): how it is stemmed."""
    return word if word.isascii() else word.translate(_ACCENTS)


def normalize(text: str) -> str:
    """NFKC + casefold: the one normalisation used for every comparison of words."""
    if not text.isascii():
        import unicodedata  # see `_script_of`

        text = unicodedata.normalize("NFKC", text).replace("ё", "е").replace("Ё", "Е")
    return text.casefold()


def tokenize(text: str) -> list[Token]:
    """Split text into lower-cased word tokens (no stop-word removal, no stemming)."""
    tokens: list[Token] = []
    for match in _WORD.finditer(normalize(text)):
        word = match.group()
        script = _script_of(word)
        if script == "cjk" or (not word.isascii() and _has_cjk(word)):
            parts = re.findall(_CJK_OR_NOT, word)
            for at, part in enumerate(parts):
                if _has_cjk(part[0]):
                    tokens.extend(_cjk_tokens(part))
                elif part.isdigit() and at + 1 < len(parts) and _is_kanji(parts[at + 1][0]):
                    tokens.append(Token(part + parts[at + 1][0], "cjk"))  # "9月", "3日", "2人"
                elif len(part) > 1:
                    tokens.append(Token(part, _script_of(part)))
        elif len(word) > 1:
            tokens.append(Token(word, script))
    return tokens


def latin_language(tokens: list[Token]) -> str:
    """Pick the stemmer for the Latin words of a text: `spanish` or `english`."""
    es, en = _language_votes(tokens)
    return "spanish" if es > en else "english"


def _language_votes(tokens: list[Token]) -> tuple[int, int]:
    """(Spanish, English) evidence among the tokens: function words, and Spanish letters."""
    es, en = _marker_votes(Counter(token.word for token in tokens))
    for token in tokens:
        word = token.word
        # an ASCII word has none of Spanish's letters: most words skip the look (it ran for
        # every word of every file an index build reads)
        if not word.isascii() and token.script == "latin" and _SPANISH_LETTERS.search(word):
            es += 1
    return es, en


def _marker_votes(*counted: Mapping[str, int]) -> tuple[int, int]:
    """(Spanish, English) function words among words counted (word -> how often), single
    characters left out (`tokenize` drops them; `_plain_words` keeps them)."""
    es = en = 0
    for words in counted:
        for word, n in words.items():
            if len(word) > 1:
                if word in SPANISH_MARKERS:
                    es += n
                if word in ENGLISH_MARKERS:
                    en += n
    return es, en


def _term(token: Token, latin: str) -> str:
    if token.script == "latin" and not token.word.isdigit():
        return stem(_folded(token.word), latin)
    if token.script == "cyrillic":
        return stem(token.word, "russian")
    return token.word


def terms_of(text: str, language: str | None = None) -> list[str]:
    """Index terms of a text: tokens without stop words, stemmed (order and repeats kept)."""
    tokens = tokenize(text)
    return terms_of_tokens(tokens, language or latin_language(tokens))


def query_terms_of(text: str) -> tuple[list[str], dict[str, tuple[str, ...]]]:
    """A query's index terms (`terms_of`), and for each of them the other stems its word may
    be stored under (term -> stems), where they differ. A fact is stemmed in its own language
    and a query in its own, so a Latin word both say may be stored under the other language's
    stem: "Madrid" is "madr" in "Mi hermana vive en Madrid" and "madrid" in a query of that
    one word, read as English. A Russian name or noun changes its stem with its case, which
    the stemmer does not undo ("Павел" / "Павла", "Сергей" / "Сергея", "Киев" / "Киеве"):
    the stems of its other case forms are looked up too."""
    tokens = tokenize(text)
    language = latin_language(tokens)
    other = "english" if language == "spanish" else "spanish"
    terms: list[str] = []
    others: dict[str, tuple[str, ...]] = {}
    for token in tokens:
        if token.word in STOP_WORDS:
            continue
        term = _term(token, language)
        terms.append(term)
        if term in others or token.word.isdigit():
            continue
        if token.script == "latin":
            variants = {stem(_folded(token.word), other)}
        elif token.script == "cyrillic" and len(token.word) >= 3:
            variants = {stem(form, "russian") for form in _russian_case_forms(token.word)}
        else:
            continue
        variants.discard(term)
        if variants:
            others[term] = tuple(sorted(variants))
    return terms, others


# Russian case endings (`_russian_case_forms`): those a noun or name takes, and those it may
# be met in and is stripped of
_RU_ENDINGS = ("а", "у", "ом", "е", "ы", "и", "ой", "ей", "ю", "я", "ем", "ов", "ев")
_RU_VOWELS = frozenset("аеёиоуыэюя")


def _russian_case_forms(word: str) -> set[str]:
    """Other case forms a Russian noun or name may take, as a rule of thumb: its endings on
    the word as it is and on its base (the word less a case ending, a fleeting vowel put back
    or taken out: "павел" / "павла", "алексей" / "алексея", "день" / "дня"). Forms no word
    has find nothing."""
    bases = {word}
    for ending in _RU_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            bases.add(word[: -len(ending)])
    if word[-1] in "йь" or word[-1] in _RU_VOWELS:
        bases.add(word[:-1])
    fleeting = set()
    for base in bases:
        if len(base) >= 3 and base[-1] not in _RU_VOWELS and base[-2] not in _RU_VOWELS:
            fleeting.add(f"{base[:-1]}е{base[-1]}")  # a fleeting vowel put back: "павл" → "павел"
        if len(base) >= 4 and base[-2] in "ео" and base[-1] not in _RU_VOWELS:
            fleeting.add(base[:-2] + base[-1])  # and taken out: "павел" → "павл"
    bases |= fleeting
    forms = set()
    for base in bases:
        forms.add(base)
        forms.update(base + ending for ending in _RU_ENDINGS)
        forms.update((base + "й", base + "ь"))
    forms.discard(word)
    return forms


def terms_of_tokens(tokens: list[Token], language: str) -> list[str]:
    """`terms_of` for a text already tokenized, its Latin words stemmed as `language`."""
    # (a stop word as it is written: an accent may tell one from a word, "té" is tea and "te"
    # a pronoun, so the lists hold both forms of those that have them, "dónde" and "donde")
    return [_term(t, language) for t in tokens if t.word not in STOP_WORDS]


def term_counts_of_fields(fields: list[str]) -> list[dict[str, int]]:
    """`terms_of` for each field of one document, counted: its terms, in the order they first
    occur, with how often each does. The Latin words of all the fields are stemmed as the one
    language their words together point to (an index reads every file this way). A word is
    stemmed once however often it occurs, and most words of a file occur more than once."""
    plain = [_plain_words(field) for field in fields]
    pairs = zip(fields, plain, strict=True)
    tokens = [tokenize(field) if words is None else [] for field, words in pairs]
    es, en = _marker_votes(*(words for words in plain if words))
    es_tokens, en_tokens = _language_votes([token for part in tokens for token in part])
    language = "spanish" if es + es_tokens > en + en_tokens else "english"
    return [
        dict(Counter(terms_of_tokens(part, language)))
        if words is None
        else _ascii_counts(words, language)
        for words, part in zip(plain, tokens, strict=True)
    ]


def _plain_words(text: str) -> Counter[str] | None:
    """The words of a text with how often each occurs, in the order they first occur, when
    every word is ASCII (so Latin), as in most files whatever their punctuation and emoji: the
    index build then makes no `Token` a word. Single characters are kept (`tokenize` drops
    them: see `_ascii_term`). None when a word is not ASCII."""
    if text.isascii():
        return Counter(text.translate(_ASCII_FOLD).split())
    words = _WORD.findall(normalize(text))
    return Counter(words) if all(map(str.isascii, words)) else None


def _ascii_counts(words: Counter[str], language: str) -> dict[str, int]:
    """The terms of counted plain ASCII words (`_plain_words`), counted: each distinct word is
    looked at once."""
    terms = _ASCII_TERMS.get(language)
    if terms is None or len(terms) > _ASCII_TERMS_MAX:
        terms = _ASCII_TERMS[language] = {}
    counts: dict[str, int] = {}
    for word, n in words.items():
        term = terms.get(word)
        if term is None:
            term = terms[word] = _ascii_term(word, language)
        if term:
            counts[term] = counts.get(term, 0) + n
    return counts


def _ascii_term(word: str, language: str) -> str:
    """The index term of a plain ASCII word (`terms_of_tokens`); '' for none: a single
    character (`tokenize` drops it) or a stop word."""
    if len(word) < 2 or word in STOP_WORDS:
        return ""
    return word if word.isdigit() else stem(word, language)


@lru_cache(maxsize=4096)
def cached_terms(text: str) -> tuple[str, ...]:
    """`terms_of` for a text read twice in a row: absorb indexes a fact and then embeds it."""
    return tuple(terms_of(text))


def term_variants(token: Token) -> tuple[str, ...]:
    """Every stem a query word may be indexed under (English and Spanish for Latin words)."""
    if token.script == "latin" and not token.word.isdigit():
        word = _folded(token.word)
        en, es = stem(word, "english"), stem(word, "spanish")
        return (en,) if en == es else (en, es)
    return (_term(token, "english"),)


def is_generic(token: Token) -> bool:
    """True for generic memory words in any inflection (`rules`, `правила`, `reglas`)."""
    if token.word in GENERIC_WORDS or token.word in WORKFLOW_WORDS:
        return True
    return term_variants(token)[0] in GENERIC_STEMS and token.script != "cjk"


def anchors_of(query: str) -> QueryTerms:
    """The meaningful terms of a query: stop words and generic memory words removed."""
    return anchors_of_tokens(query_tokens(query))


def query_tokens(query: str) -> list[Token]:
    """The tokens `anchors_of` reads of a query."""
    if "\x1b" in query:  # (text copied from a terminal: their letters would join the words)
        from engram.terminal import ESCAPE_SEQUENCE

        query = re.sub(ESCAPE_SEQUENCE, " ", query)
    return tokenize(query)


def anchors_of_tokens(tokens: list[Token]) -> QueryTerms:
    """`anchors_of` for a query's tokens (`query_tokens`)."""
    anchors: list[Anchor] = []
    generic: list[str] = []
    seen: set[str] = set()
    wants_skills = False
    for token in tokens:
        if token.word in STOP_WORDS or token.word in seen or token.script == "kana-run":
            continue
        seen.add(token.word)
        if token.word in WORKFLOW_WORDS:
            wants_skills = True
            generic.append(token.word)
        elif is_generic(token):
            generic.append(token.word)
        else:
            anchors.append(Anchor(token.word, term_variants(token)))
    return QueryTerms(tuple(anchors), tuple(generic), wants_skills)
