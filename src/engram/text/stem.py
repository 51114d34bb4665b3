"""Light stemming with the Snowball stemmers (PyStemmer) for English, Spanish and Russian.

A load or a hook stems only its query's words, and importing PyStemmer costs it about a tenth
of the interpreter's own start-up: the stems the stemmer makes for a query's words are
recorded in the index (`MemoryIndex.record_stems`), and the next query reads those of its words
from there first (`remember_stems`), so that a query whose words were all seen before imports
no stemmer. What is
recorded is the stemmer's own result for the same word and language, so a stem read back is the
one the stemmer would make.
"""

from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False  # `typing` is not imported on the query path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

_STEMMERS: dict[str, Any] = {}
# (word, language) -> stem, as an index recorded them (`remember_stems`).
_KNOWN: dict[tuple[str, str], str] = {}
# (word, language, stem) the stemmer made since `made_stems` was last called, at most
# `_MADE_MAX` of them: what a query needed, for its caller to record (an index build stems far
# more, which nothing records).
_MADE: list[tuple[str, str, str]] = []
_MADE_MAX = 8192


def _stemmer(language: str) -> Any:
    stemmer = _STEMMERS.get(language)
    if stemmer is None:
        import Stemmer  # imported on first use: the query path often needs one language only

        stemmer = _STEMMERS[language] = Stemmer.Stemmer(language)
    return stemmer


@lru_cache(maxsize=65536)
def stem(word: str, language: str) -> str:
    """Return the Snowball stem of a lower-cased word (`english`, `spanish` or `russian`)."""
    known = _KNOWN.get((word, language))
    if known is not None:
        return known
    made = str(_stemmer(language).stemWord(word))
    if len(_MADE) < _MADE_MAX:
        _MADE.append((word, language, made))
    return made


def remember_stems(rows: Iterable[tuple[str, str, str]]) -> None:
    """Take these (word, language, stem) as the stemmer's: recorded by `made_stems`' caller."""
    _KNOWN.update(((word, language), found) for word, language, found in rows)


def made_stems() -> list[tuple[str, str, str]]:
    """The (word, language, stem) the stemmer made since the last call."""
    made = list(_MADE)
    _MADE.clear()
    return made
