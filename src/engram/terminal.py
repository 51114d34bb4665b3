"""Text as a terminal may show it: what Engram prints comes from memory files, facts and
names that an agent or another program wrote, and a terminal acts on escape sequences in it (a
clipboard write, a cursor move, a line rewritten by a carriage return)."""

from __future__ import annotations

# Terminal escape sequences: CSI (a colour), OSC (a link, a clipboard write) and the
# two-character ones. Text copied from a terminal carries them too (`anchors_of` reads them as
# spaces).
ESCAPE_SEQUENCE = r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?"
# They and every other control character but tab and newline.
_ESCAPES = ESCAPE_SEQUENCE + r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"
_CONTROL_CHARS = dict.fromkeys([*range(0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)])


def printable(text: str) -> str:
    """The text without terminal escapes and control characters (tabs and newlines kept)."""
    if "\x1b" not in text:  # no escape sequence: dropping single characters is the same
        return text.translate(_CONTROL_CHARS)
    import re  # compiled (and cached by `re`) only for text with escapes

    return re.sub(_ESCAPES, "", text)
