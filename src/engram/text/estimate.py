"""Token estimate used for budgets.

Latin and Cyrillic text averages about four characters per token in the tokenizers agents use.
Scripts the tokenizers learned from less text cost far more: CJK ideographs, kana, Hangul, the
Indic and Southeast Asian scripts (Devanagari, Thai, Khmer…), Ethiopic and emoji are close to
one token per character, and Greek, Armenian, Georgian, Hebrew and Arabic to one per two. We
count each at its rate, so a Korean or Hindi pack is not under-estimated by a factor of four.
Where tokenizers differ, the estimate takes the costlier: a budget is a limit not to pass.
"""

from __future__ import annotations

import re

from engram.text.patterns import compiled

# Text in Latin and Cyrillic letters only (with their accents and punctuation): four characters a
# token, and no need of the two classes below. Those are compiled on first use, since compiling
# them takes milliseconds (Python builds a bitmap of every character of their ranges) and a
# `load` whose text has no such script should not pay for it on every prompt.
_LATIN_OR_CYRILLIC = re.compile("[\x00-\u036f\u0400-\u052f\u1e00-\u1eff\u2000-\u206f]*")

# About one token per character.
_DENSE = (
    "["
    "\u0900-\u0dff"  # Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, … Sinhala
    "\u0e00-\u0fff"  # Thai, Lao, Tibetan
    "\u1000-\u109f"  # Myanmar
    "\u1100-\u11ff"  # Hangul Jamo
    "\u1200-\u139f"  # Ethiopic
    "\u1780-\u17ff"  # Khmer
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK ideographs
    "\ua960-\ua97f"  # Hangul Jamo extended-A
    "\uac00-\ud7ff"  # Hangul syllables, Jamo extended-B
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # half-width katakana
    "\U0001f000-\U0001faff"  # emoji and pictographs
    "\U00020000-\U0003ffff"  # CJK ideographs beyond the basic plane
    "]"
)
# About one token per two characters.
_HALF = (
    "["
    "\u0370-\u03ff\u1f00-\u1fff"  # Greek
    "\u0530-\u058f"  # Armenian
    "\u0590-\u05ff\ufb1d-\ufb4f"  # Hebrew
    "\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufeff"  # Arabic, Syriac, Thaana
    "\u10a0-\u10ff"  # Georgian
    "]"
)


def estimate_tokens(text: str) -> int:
    """Estimate tokens: one per character of the dense scripts, one per two of Greek, Hebrew,
    Arabic and the like, plus one per four other characters (rounded up)."""
    if text.isascii() or _LATIN_OR_CYRILLIC.fullmatch(text):
        return (len(text) + 3) // 4
    dense = len(compiled(_DENSE).findall(text))
    half = len(compiled(_HALF).findall(text))
    other = len(text) - dense - half
    return dense + (2 * half + other + 3) // 4
