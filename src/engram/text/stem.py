"""Light stemming with the Snowball stemmers (PyStemmer) for English, Spanish and Russian."""

from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False  # `typing` is not imported on the query path; type checkers read True
if TYPE_CHECKING:
    from typing import Any

_STEMMERS: dict[str, Any] = {}


def _stemmer(language: str) -> Any:
    stemmer = _STEMMERS.get(language)
    if stemmer is None:
        import Stemmer  # imported on first use: the query path often needs one language only

        stemmer = _STEMMERS[language] = Stemmer.Stemmer(language)
    return stemmer


@lru_cache(maxsize=65536)
def stem(word: str, language: str) -> str:
    """Return the Snowball stem of a lower-cased word (`english`, `spanish` or `russian`)."""
    return str(_stemmer(language).stemWord(word))
