"""Text as a terminal may show it: what Engram prints comes from memory files, facts and
names that an agent or another program wrote, and a terminal acts on escape sequences in it (a
clipboard write, a cursor move, a line rewritten by a carriage return)."""

from __future__ import annotations

# Terminal escape sequences: CSI (a colour), OSC (a link, a clipboard write) and the
# two-character ones. Text copied from a terminal carries them too (`anchors_of` reads them as
# spaces).
ESCAPE_SEQUENCE = r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?"
# Every control character but tab and newline.
_CONTROL_CHAR = r"[\x00-\x08\x0b-\x1f\x7f-\x9f]"
# Escape sequences and those characters.
_ESCAPES = ESCAPE_SEQUENCE + "|" + _CONTROL_CHAR


def printable(text: str) -> str:
    """The text without terminal escapes and control characters (tabs and newlines kept)."""
    import re  # the patterns are compiled once and cached by `re`

    # Without an escape sequence, dropping single characters is the same. A character class
    # rather than `str.translate`: a body with one character outside ASCII sends `translate`
    # down its slow path, a dictionary lookup a character (milliseconds for a long pack).
    return re.sub(_CONTROL_CHAR if "\x1b" not in text else _ESCAPES, "", text)
