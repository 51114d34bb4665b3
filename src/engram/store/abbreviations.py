"""Abbreviations one fact uses for words another spells out: "PR" for "pull request", "БД" for
"база данных", "JWTs" for "JSON Web Tokens", "k8s" for "Kubernetes". The classifier reads two
facts alike when the only difference is that one writes a thing short: each phrase the other
fact abbreviates is written as its abbreviation before the two are compared.

Only abbreviations written so that they cannot be a word: two to six capitals (a plural "s"
after them), or a first letter, a count and a last letter (a numeronym). A run of words stands
for one when their first letters spell it, function words inside the run aside ("base de
datos": BD) — never a run that starts or ends with one, nor an auxiliary ("is totally" is no
"IT")."""

from __future__ import annotations

import re
from functools import lru_cache

from engram.store import lexicon as lx

_ACRONYM = re.compile(r"(?<![\w-])([A-ZА-ЯЁ]{2,6})(s?)(?![\w-])")
_NUMERONYM = re.compile(r"(?<![\w-])([a-z])(\d{1,2})([a-z])(?![\w-])")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# words that never begin or end the run an abbreviation stands for
_NOT_SPELT = lx.FUNCTION_WORDS | frozenset(
    word for forms in lx.AUXILIARIES.values() for word in forms
)


@lru_cache(maxsize=4096)  # (a new fact is compared with up to ten stored ones)
def spelt_out(new: str, old: str) -> tuple[str, str] | None:
    """The two facts with each phrase that the other abbreviates written as its abbreviation,
    or None when neither spells out what the other abbreviates."""
    told, stored = _abbreviated(new, old), _abbreviated(old, new)
    if told == new and stored == old:
        return None
    return told, stored


def _abbreviated(text: str, other: str) -> str:
    """`text` with each run of words that an abbreviation of `other` stands for written as it."""
    for match in _ACRONYM.finditer(other):
        short = match[0]
        if short.casefold() not in text.casefold():
            text = _run_replaced(text, short, match[1].casefold(), _neighbours(other, match))
    for short, first, count, last in _numeronyms(other):
        if short not in text.casefold():
            text = _word_replaced(text, short, first, count, last)
    return text


def _neighbours(text: str, match: re.Match[str]) -> tuple[str, str]:
    """The words right before and after a match, case folded ("" at either end)."""
    before = _WORD.findall(text[: match.start()])
    after = _WORD.findall(text[match.end() :])
    return (before[-1].casefold() if before else "", after[0].casefold() if after else "")


def _numeronyms(text: str) -> list[tuple[str, str, int, str]]:
    """The numeronyms written in `text` ("k8s": a "k", 8 letters, an "s")."""
    return [(m[0], m[1], int(m[2]), m[3]) for m in _NUMERONYM.finditer(text)]


def _run_replaced(text: str, short: str, letters: str, around: tuple[str, str]) -> str:
    """`text` with the first run of words whose first letters spell `letters`, said between the
    same words as the abbreviation (`around`: the word before it or the word after it), written
    as `short`."""
    words = list(_WORD.finditer(text))
    for start, first in enumerate(words):
        if first[0].casefold() in _NOT_SPELT:
            continue
        spelt = ""
        for end in range(start, len(words)):
            norm = words[end][0].casefold()
            if norm in _NOT_SPELT:
                continue  # (inside the run: "base de datos", "time to live")
            spelt += norm[0]
            if not letters.startswith(spelt):
                break
            if spelt == letters and _stands_for(words, start, end, around):
                return f"{text[: first.start()]}{short}{text[words[end].end() :]}"
    return text


def _stands_for(words: list[re.Match[str]], start: int, end: int, around: tuple[str, str]) -> bool:
    """The run `start`…`end` is said where the abbreviation was (the same word before it, or
    after it) and is no name of someone: not every word capitalised, unless one is written in
    capitals ("JSON Web Tokens", not "Henry Ross")."""
    before = words[start - 1][0].casefold() if start else ""
    after = words[end + 1][0].casefold() if end + 1 < len(words) else ""
    if (before, after) == ("", "") or not (
        (before and before == around[0]) or (after and after == around[1])
    ):
        return False
    run = [w[0] for w in words[start : end + 1] if w[0].casefold() not in _NOT_SPELT]
    if all(w[:1].isupper() for w in run) and start:
        return any(len(w) > 1 and w.isupper() for w in run)
    return True


def _word_replaced(text: str, short: str, first: str, count: int, last: str) -> str:
    """`text` with the first word that the numeronym `short` stands for written as it."""
    for word in _WORD.finditer(text):
        norm = word[0].casefold()
        if len(norm) == count + 2 and norm[0] == first and norm[-1] == last:
            return f"{text[: word.start()]}{short}{text[word.end() :]}"
    return text
