"""Splitting plain text into self-contained facts for `engram memory absorb`."""

from __future__ import annotations

import re
from itertools import pairwise

from engram.store.model import MAX_CHARS
from engram.text.sentences import sentences

# The last resort for a run of sentences too long for one fact: any end mark and a space
# (an initial may end a piece: "vitamin D. The").
_ANY_END = re.compile(r"(?<=[.!?…。！？])\s+|(?<=[。！？])(?=\S)|(?<=[a-z][.!?])(?=[A-Z])")


def split_facts(text: str, limit: int = MAX_CHARS) -> list[str]:
    """Paragraphs (or lines of a list — bulleted, numbered, or each opening a sentence: with a
    capital, or in Japanese or Chinese after a line that ended one) become facts; a paragraph
    longer than `limit` is cut at sentence ends into pieces of at most `limit` characters (a
    single longer sentence stays whole, and absorb then rejects it with a reason)."""
    facts: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip(" \t-*•") for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        raws = [raw for raw in block.splitlines() if raw.strip()]
        # A list: bulleted or numbered lines, or lines that each open like a sentence (a
        # wrapped paragraph goes on in lower case).
        opened = [raw.strip() for raw in raws]
        is_list = all(re.match(r"^\s*([-*•]|\d+[.)])\s+", raw) for raw in raws) or (
            len(raws) > 1
            and _opens_sentence("。", opened[0])
            and all(_opens_sentence(a, b) for a, b in pairwise(opened))
        )
        pieces = lines if is_list else [" ".join(lines)]
        for piece in pieces:
            facts.extend(_cut(piece, limit) if len(piece) > limit else [piece])
    return facts


def _opens_sentence(before: str, line: str) -> bool:
    """`line` opens a sentence of its own after the line `before`: with a capital, or, in a
    script without capitals (Japanese, Chinese), with a letter after a line that ended one
    ("。", "！", "？" or a Latin end mark); a line that goes on in lower case, or a caseless line
    after one cut mid-sentence, continues a wrapped paragraph."""
    first = line[:1]
    if first.isupper():
        return True
    caseless = first.isalpha() and not first.islower()
    return caseless and before.rstrip().endswith(("。", "！", "？", ".", "!", "?", "…"))


def _cut(text: str, limit: int) -> list[str]:
    """A paragraph longer than `limit` in pieces of whole sentences (`sentences`); a piece still
    too long is cut again at every end mark."""
    out: list[str] = []
    for piece in _pack(sentences(text), limit):
        out.extend(_pack(_ANY_END.split(piece), limit) if len(piece) > limit else [piece])
    return out


def _pack(pieces: list[str], limit: int) -> list[str]:
    out: list[str] = []
    current = ""
    for sentence in pieces:
        if current and len(current) + 1 + len(sentence) > limit:
            out.append(current)
            current = sentence
        else:
            # Japanese and Chinese put no space between sentences
            gap = "" if current.endswith(("。", "！", "？")) else " "
            current = f"{current}{gap}{sentence}".strip()
    if current:
        out.append(current)
    return out
