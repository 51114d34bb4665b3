"""The text a scanner reads: what an agent would read, with the disguises taken off.

A secret or an override written with full-width letters, zero-width joiners, Cyrillic look-alikes
or HTML entities still reads the same to a model, so the scanners match against this view:

- HTML character references decoded (`&#65;` is "A" to a model reading Markdown);
- NFKC (full-width and other compatibility forms become their plain letters);
- invisible characters dropped: format controls (zero-width, bidi, soft hyphen, word joiner),
  variation selectors, and combining marks left over after NFKC composed what it could (so
  "й" and "ñ" stay whole, while "i\u0307" reads "i");
- look-alike letters folded within a word toward the word's main script, so "АКІА" with
  Cyrillic letters reads AKIA and a Latin "o" inside a Russian word reads as Cyrillic, while
  ordinary Russian or Greek text is left as it is.

Case is kept (secret shapes depend on it); the injection scanner folds case itself.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

# Cyrillic and Greek letters that look like Latin ones (upper and lower case).
_TO_LATIN = dict(
    zip(
        "АВЕКМНОРСТУХІЈЅԁһӏԛԝаеорсухіјѕүɑϲΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιρνκτυϳ",
        "ABEKMHOPCTYXIJSdhlqwaeopcyxijsyacABEZHIKMNOPTYXoipvktuj",
        strict=True,
    )
)
# The other way, for a Russian word with a Latin look-alike inside.
_TO_CYRILLIC = {
    "A": "А", "B": "В", "E": "Е", "K": "К", "M": "М", "H": "Н", "O": "О", "P": "Р", "C": "С",
    "T": "Т", "Y": "У", "X": "Х", "a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "y": "у",
    "x": "х",
}  # fmt: skip

_WORD = re.compile(r"\w+")
_INVISIBLE_RANGES = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))  # variation selectors


def _invisible(ch: str) -> bool:
    category = unicodedata.category(ch)
    if category == "Cf":  # zero-width, bidi and other format controls
        return True
    code = ord(ch)
    if category == "Mn":  # a mark NFKC could not compose with its letter only decorates it
        return True
    return any(low <= code <= high for low, high in _INVISIBLE_RANGES) or ch == "\u034f"


@lru_cache(maxsize=4096)
def _script(ch: str) -> str:
    """'latin', 'cyrillic', 'greek' or '' for one letter."""
    if ch.isascii():
        return "latin" if ch.isalpha() else ""
    name = unicodedata.name(ch, "")
    for script in ("LATIN", "CYRILLIC", "GREEK"):
        if name.startswith(script):
            return script.lower()
    return ""


def _fold_word(match: re.Match[str]) -> str:
    word = match.group()
    if word.isascii():
        return word
    counts = {"latin": 0, "cyrillic": 0, "greek": 0}
    for ch in word:
        script = _script(ch)
        if script:
            counts[script] += 1
    foreign = counts["cyrillic"] + counts["greek"]
    if not foreign:
        return word
    looks_latin = all(ch in _TO_LATIN or not _script(ch) or _script(ch) == "latin" for ch in word)
    digits = any(ch.isdigit() for ch in word)
    if counts["latin"] > foreign or (looks_latin and (counts["latin"] or digits)):
        return "".join(_TO_LATIN.get(ch, ch) for ch in word)
    if counts["latin"] and counts["cyrillic"] >= counts["latin"]:
        return "".join(_TO_CYRILLIC.get(ch, ch) for ch in word)
    if looks_latin and foreign == len(word) and len(word) >= 4 and word.isupper():
        return "".join(_TO_LATIN[ch] for ch in word)  # "АКІА": all capitals that look Latin
    return word


def scan_view(text: str) -> str:
    """The text as the scanners read it (line breaks kept, so findings keep their lines)."""
    if "&" in text:
        text = html.unescape(text)
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if not _invisible(ch))
    return _WORD.sub(_fold_word, text)
