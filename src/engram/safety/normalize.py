"""The text a scanner reads: what an agent would read, with the disguises taken off.

A secret or an override written with full-width letters, zero-width joiners, Cyrillic look-alikes
or HTML entities still reads the same to a model, so the scanners match against this view:

- HTML character references decoded (`&#65;` is "A" to a model reading Markdown);
- control characters (C0, DEL and C1) dropped, all but tab, line feed and carriage return:
  "Ig\\x00nore" reads "Ignore" to a model (`spaced_reading` is the other way to read them);
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
        "АВЕКМНОРСТУХІЈЅҮԁһӏԛԝаеорсухіјѕүɑϲΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιρνκτυϳ",
        "ABEKMHOPCTYXIJSYdhlqwaeopcyxijsyacABEZHIKMNOPTYXoipvktuj",
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
# Every C0 control but tab, line feed and carriage return (which keep their meaning), DEL and
# every C1 control.
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _invisible(ch: str) -> bool:
    """Format controls (zero-width, bidi, soft hyphen) and marks NFKC could not compose with a
    letter (which only decorate it; variation selectors are such marks too)."""
    return unicodedata.category(ch) in ("Cf", "Mn")


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
    others = len(word) - counts["latin"] - foreign  # digits, or letters of no look-alike script
    if counts["latin"] > foreign or (looks_latin and (counts["latin"] or others)):
        return "".join(_TO_LATIN.get(ch, ch) for ch in word)
    if counts["latin"] and counts["cyrillic"] >= counts["latin"]:
        return "".join(_TO_CYRILLIC.get(ch, ch) for ch in word)
    return word


def _word_script(word: str) -> str:
    """'latin' or 'foreign' (Cyrillic, Greek) when a word's letters say so unambiguously;
    'both' when every letter has a look-alike in the other script; '' for none."""
    scripts = {_script(ch) for ch in word} - {""}
    if not scripts:
        return ""
    if scripts == {"latin"}:
        return "both" if all(ch in _TO_CYRILLIC for ch in word if ch.isalpha()) else "latin"
    if "latin" in scripts:
        return ""
    return "both" if all(ch in _TO_LATIN for ch in word if ch.isalpha()) else "foreign"


def _fold_by_neighbours(text: str) -> str:
    """A word whose letters all have look-alikes ("А" in "А partir de ahora", "C" in "C этого
    момента") takes the script of the words around it."""
    words = [(m.start(), m.end(), _word_script(m.group())) for m in _WORD.finditer(text)]
    if not any(kind == "both" for _, _, kind in words):
        return text
    out = list(text)
    for i, (start, end, kind) in enumerate(words):
        if kind != "both":
            continue
        around = [k for _, _, k in words[max(0, i - 2) : i + 3] if k in ("latin", "foreign")]
        table = _TO_CYRILLIC if around and set(around) == {"foreign"} else _TO_LATIN
        if not around:
            table = _TO_LATIN  # "АКІА" on its own reads as the Latin it imitates
        for j in range(start, end):
            out[j] = table.get(out[j], out[j])
    return "".join(out)


# Unicode "tag" characters (U+E0020–U+E007E) shadow ASCII one for one: invisible on screen,
# yet a model reads them as the letters they shadow, so they are decoded, not dropped.
_TAGS = {code: code - 0xE0000 for code in range(0xE0020, 0xE007F)}
# Letters of other alphabets, or phonetic forms, that pass for Latin in any word.
# The dotted capital "İ" is an I too: lower-cased it becomes "i" and a combining dot, which no
# word the scanners look for holds ("PRİVATE KEY").
_ALWAYS = str.maketrans(
    "ıİɡɪʏɴʀʟᴀᴄᴅᴇᴊᴋᴍᴏᴘᴛᴜᴠᴡᴢօսոհ",
    "iIgiynrlacdejkmoptuvwzosnh",
)  # fmt: skip


_ALWAYS_CHARS = frozenset(map(chr, _ALWAYS))
# Letters that show as blank space — the Hangul fillers (NFKC makes U+3164 and U+FFA0 the
# jungseong filler) and the braille blank — read as the spaces they pass for:
# "Ignore\u3164all previous instructions" is an override to a model.
_BLANKS = {0x115F: " ", 0x1160: " ", 0x3164: " ", 0xFFA0: " ", 0x2800: " "}
_BLANK_CHARS = frozenset(map(chr, _BLANKS))


@lru_cache(maxsize=64)  # the secret and the injection scanner read the same text in turn
def scan_view(text: str) -> str:
    """The text as the scanners read it (line breaks kept, so findings keep their lines)."""
    # "&amp;#65;" shows as "&#65;", which a model reads as "A": decoded until nothing changes
    # (a few rounds: each one at least shortens the text)
    for _ in range(4):
        if "&" not in text:
            break
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    if _CONTROLS.search(text):
        text = _CONTROLS.sub("", text)
    if text.isascii():
        return text
    if max(text) >= "\U000e0000":
        text = text.translate(_TAGS)
    text = unicodedata.normalize("NFKC", text)
    # Decided once per distinct character, then removed in one pass: a file has a few dozen
    # distinct characters and thousands of characters.
    distinct = set(text)
    hidden = {ord(ch): None for ch in distinct if not ch.isascii() and _invisible(ch)}
    # A translation reads every character through a dict (0.1 ms for a 1.5 KB file): only
    # when there is something to change.
    if hidden:
        text = text.translate(hidden)
    if not _ALWAYS_CHARS.isdisjoint(distinct):
        text = text.translate(_ALWAYS)
    if not _BLANK_CHARS.isdisjoint(distinct):
        text = text.translate(_BLANKS)
    if not any(_script(ch) in ("cyrillic", "greek") for ch in distinct if not ch.isascii()):
        return text  # no look-alikes to fold
    return _fold_by_neighbours(_WORD.sub(_fold_word, text))


def has_controls(text: str) -> bool:
    """Whether the text holds a control character that `scan_view` drops."""
    return _CONTROLS.search(text) is not None


def readings(text: str) -> list[str]:
    """What a scanner reads of a text: the text, the text with its control characters as
    spaces when it has any (`spaced_reading`), and the text with its escapes decoded when it
    has any (`unescaped_reading`); none for no text."""
    if not text:
        return []
    return [text, *filter(None, (spaced_reading(text), unescaped_reading(text)))]


def spaced_reading(text: str) -> str:
    """The text with its control characters (those `scan_view` drops) as spaces, '' when it
    has none. Dropping them joins what they split inside a word ("Ig\\x85nore"), but they may
    as well stand between words ("Ignore\\x0ball"), so the scanners read both."""
    return _CONTROLS.sub(" ", text) if _CONTROLS.search(text) else ""


# "%49", "\\x49", "\\u0049" and "\\U00000049" all spell "I" to a model that reads them.
_ESCAPE = re.compile(
    r"%([0-9A-Fa-f]{2})|\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))"
)


def _unescaped(match: re.Match[str]) -> str:
    code = int(next(group for group in match.groups() if group), 16)
    if code > 0x10FFFF:
        return match.group()
    char = chr(code)
    # a decoded line break or control reads as a space: the text keeps its lines
    return " " if char.isspace() or _CONTROLS.match(char) or 0xD800 <= code < 0xE000 else char


def unescaped_reading(text: str) -> str:
    """The text with its percent, `\\x`, `\\u` and `\\U` escapes decoded, '' when it has
    none: "%49gnore all previous instructions" and "\\u0049gnore …" read as the override
    they spell."""
    if "%" not in text and "\\" not in text:
        return ""
    decoded = _ESCAPE.sub(_unescaped, text)
    return decoded if decoded != text else ""


def without_comments(text: str, keep_lines: bool = True) -> str:
    """The text with each HTML comment (`<!-- … -->`, which rendered Markdown does not show)
    taken out: as a space holding the comment's line breaks (so findings keep their lines), or
    as nothing when `keep_lines` is False. Found with `str.find`, not a regex, which would try
    every opening left unclosed to the end of the text (seconds for a text of many)."""
    parts: list[str] = []
    at = 0
    while (start := text.find("<!--", at)) >= 0 and (end := text.find("-->", start + 4)) >= 0:
        parts.append(text[at:start])
        if keep_lines:
            parts.append(blank(text[start:end]))
        at = end + 3
    if not parts:
        return text
    parts.append(text[at:])
    return "".join(parts)


def blank(span: str) -> str:
    """A space standing for markup taken out of a text, holding the line breaks the markup held
    (so findings after it keep their line numbers)."""
    return " " + "\n" * span.count("\n")
