"""Where sentences end: for the fact splitter, and for absorb's reading of a fact."""

from __future__ import annotations

import re

# Words a full stop follows without ending the sentence: titles and abbreviations (en/ru/es).
ABBREVIATIONS = frozenset(
    """Dr Dra Mr Mrs Ms Jr Sr Sra Srta St Prof No vs etc al approx Inc Ltd Co Corp Apt Av Fig
    Vol Ed ca EE UU ул инж тел стр""".split()
)
# A possible end: "." "!" "?" "…" (and any closing quote or bracket) before a space or a
# capital, "。" "！" "？", or a line break.
_END = re.compile(r"[.!?…]+[\"'”’»)\]`]*(?=\s|[A-ZА-ЯЁ])|[。！？]+|\n+")
_WORD_BEFORE = re.compile(r"(\w+)[\"'”’»)\]`%]*$")


def sentence_ends(text: str) -> list[int]:
    """Offsets just after each sentence end within the text (the last sentence's end aside).
    No end after an initial or a one-letter abbreviation ("J. Smith", "U.S.", "a.m.", "e.g."),
    after a listed abbreviation ("Dr. Lee", "approx. 5"), before a word in lower case ("etc.
    and"), or at a full stop inside a name ("ASP.NET", "System.Text"); pasted text that lost
    its spaces still ends where a lower-case word meets a capitalised one ("yeast.As")."""
    ends: list[int] = []
    for match in _END.finditer(text):
        end = match.end()
        if not text[end:].strip():
            break
        mark = match.group()
        if mark[0] in "。！？\n":
            ends.append(end)
            continue
        word = _WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if word is None:
            continue  # "... " or ") ." ends nothing a word said
        before = word.group(1)
        if len(before) == 1 and before.isalpha():
            continue
        if before in ABBREVIATIONS:
            continue
        after = text[end:]
        if after[:1].isspace():
            first = after.lstrip()[:1]
            if first.isalpha() and first.islower():
                continue
        elif not (before.isalpha() and before.islower() and len(before) >= 3 and
                  after[:1].isupper() and (after[1:2].islower() or after[1:2] == " ")):  # fmt: skip
            continue
        ends.append(end)
    return ends


def sentences(text: str) -> list[str]:
    """The text cut at its sentence ends (`sentence_ends`), each piece stripped."""
    out, start = [], 0
    for end in sentence_ends(text):
        out.append(text[start:end].strip())
        start = end
    out.append(text[start:].strip())
    return [piece for piece in out if piece]
