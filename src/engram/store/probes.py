"""The extra terms absorb looks stored facts up by, beside a new fact's own index terms.

A fact is indexed under the stems of its words, and a Latin word is stemmed as the language
its text reads as: "Carlos" is `carl` in "El jefe de Carlos es Javier" and `carlo` in "Desde
abril, Carlos reporta a Marta". A Russian name is stemmed by its case ("Алексей" is `алекс`,
"Алексея" `алексе`, "Павлом" `павл`), and an update may name the attribute in another word
of one concept ("Bob lives in Paris" / "Bob moved to Lyon"). The two facts then share no
index term, and the classifier never sees the pair.

These probes are only looked up when a fact is absorbed: no stored term changes, so what a
search finds stays as it was. The probes of a fact are

- each Latin word stemmed as the other language too;
- a capitalised Cyrillic word (a name) stemmed in the other cases it may have been written in;
- the stems of every word of a concept (`lexicon.SYNONYMS`) a word of the fact belongs to, and
  the words of where someone lives for a word of a move.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engram.store import lexicon as lx
from engram.text.stem import stem
from engram.text.tokenize import Token, normalize, term_variants, tokenize
from engram.text.words import STOP_WORDS

_WORD = re.compile(r"[^\W_]+")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
# Case endings of Russian nouns and names (nominative, genitive, dative, accusative,
# instrumental, prepositional; both genders): a name's other forms are its root plus one.
_CASE_ENDINGS = ("", "а", "я", "у", "ю", "ом", "ем", "ём", "ой", "ей", "е", "и", "ы", "й", "ь")
_RUSSIAN_VOWELS = frozenset("аеёиоуыэюяйь")
_FLEETING = ("е", "о")  # the vowel that drops before an ending: "Павел" / "Павлом"


def probe_terms(text: str, terms: tuple[str, ...] | list[str]) -> list[str]:
    """Terms a stored fact about the same thing may be indexed under that `terms` (the new
    fact's own index terms) lack, in the order found, each once."""
    own = set(terms)
    out: dict[str, None] = {}
    # (only a Cyrillic word's capital matters: it marks a name with cases)
    words = _written_words(text) if _CYRILLIC.search(text) else frozenset()
    for token in tokenize(text):
        if token.word in STOP_WORDS:
            continue
        for term in _variants(token.word, token.script, token.word in words):
            if term not in own:
                out[term] = None
    return list(out)


@lru_cache(maxsize=65536)
def _variants(word: str, script: str, capitalised: bool) -> tuple[str, ...]:
    """The probes of one word (a word of a text may stand in many facts: worked out once)."""
    # a concept's words in the fact's own script: a stored fact in another language is not
    # the same fact told again
    cyrillic = script == "cyrillic"
    found = tuple(s for s in _concept_stems(word) if bool(_CYRILLIC.match(s)) == cyrillic)
    if script == "latin" and not word.isdigit():
        found += term_variants(Token(word, script))
    elif script == "cyrillic" and capitalised:
        found += _case_forms(word)
    return found


def _written_words(text: str) -> frozenset[str]:
    """The words of `text` written with a capital letter, normalised as tokens are."""
    return frozenset(normalize(m.group()) for m in _WORD.finditer(text) if m.group()[:1].isupper())


@lru_cache(maxsize=8192)
def _case_forms(word: str) -> tuple[str, ...]:
    """The stems of a Russian name in its other cases: each root it may have (the word
    without a case ending) with each case ending, a fleeting vowel dropped or put back."""
    roots = {word[: len(word) - len(end)] for end in _CASE_ENDINGS if word.endswith(end)}
    roots = {root for root in roots if len(root) >= 3}
    for root in list(roots):
        if root[-1] in _RUSSIAN_VOWELS:
            continue
        if root[-2] in _FLEETING and root[-3] not in _RUSSIAN_VOWELS:
            roots.add(root[:-2] + root[-1])  # "Павел" → "Павл-"
        elif root[-2] not in _RUSSIAN_VOWELS:
            roots.update(root[:-1] + vowel + root[-1] for vowel in _FLEETING)  # "Павл-" → "Павел"
    return tuple({stem(root + end, "russian") for root in roots for end in _CASE_ENDINGS})


@lru_cache(maxsize=1)
def _concepts() -> dict[str, tuple[str, ...]]:
    """Each word of a concept (`lexicon.SYNONYMS`, and a move for where someone lives), as
    written and as its stems → the stems of all the concept's words, in every language that
    could have written them ("подчиняюсь" finds the concept of "подчиняется" by its stem)."""
    groups = {name: words.split() for name, words in lx.SYNONYMS.items()}
    groups["home"] = groups["home"] + sorted(lx.MOVE_WORDS)
    out: dict[str, dict[str, None]] = {}
    for words in groups.values():
        forms = {normalize(w): _stems(normalize(w)) for w in words}
        stems = dict.fromkeys(s for found in forms.values() for s in found)
        for word, found in forms.items():
            for key in (word, *found):
                out.setdefault(key, {}).update(stems)
    return {key: tuple(stems) for key, stems in out.items()}


def _stems(word: str) -> tuple[str, ...]:
    """A word's stems as any text may have indexed it: Russian for Cyrillic, else English and
    Spanish."""
    languages = ("russian",) if _CYRILLIC.search(word) else ("english", "spanish")
    return tuple(dict.fromkeys(stem(word, language) for language in languages))


def _concept_stems(word: str) -> tuple[str, ...]:
    concepts = _concepts()
    found = concepts.get(word)
    if found is not None:
        return found
    return tuple(s for key in _stems(word) for s in concepts.get(key, ()))
