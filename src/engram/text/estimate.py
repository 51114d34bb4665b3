"""Token estimate used for budgets.

Latin and Cyrillic text averages about four characters per token in the tokenizers agents use;
CJK text is close to one token per character. We count both so a Japanese pack is not
under-estimated by a factor of four.
"""

from __future__ import annotations


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3040 <= code <= 0x30FF  # hiragana, katakana
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF66 <= code <= 0xFF9F
    )


def estimate_tokens(text: str) -> int:
    """Estimate tokens: one per CJK character plus one per four other characters (rounded up)."""
    if text.isascii():
        return (len(text) + 3) // 4
    cjk = sum(1 for ch in text if _is_cjk(ch))
    return cjk + (len(text) - cjk + 3) // 4
