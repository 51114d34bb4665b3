"""Splitting plain text into self-contained facts for `engram memory absorb`."""

from __future__ import annotations

import re

from engram.store.model import MAX_CHARS

# A sentence ends at ".", "!" or "?" and a space, but not after an initial ("E. coli", "J. Smith")
# or an abbreviation ("Dr. Lee", "et al. found", "e.g. this").
_SENTENCE_END = re.compile(
    r"(?<=[.!?。！？])(?<!\b[A-Z]\.)(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bSt\.)"
    r"(?<!\bal\.)(?<!\bvs\.)(?<!\bFig\.)(?<!\bNo\.)(?<!\be\.g\.)(?<!\bi\.e\.)\s+"
)


def split_facts(text: str, limit: int = MAX_CHARS) -> list[str]:
    """Paragraphs (or lines of a list — bulleted, numbered, or each opening with a capital)
    become facts; a paragraph longer than `limit` is cut at
    sentence ends into pieces of at most `limit` characters (a single longer sentence stays
    whole, and absorb then rejects it with a reason)."""
    facts: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip(" \t-*•") for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        raws = [raw for raw in block.splitlines() if raw.strip()]
        # A list: bulleted or numbered lines, or lines that each open like a sentence (a
        # wrapped paragraph goes on in lower case).
        is_list = all(re.match(r"^\s*([-*•]|\d+[.)])\s+", raw) for raw in raws) or (
            len(raws) > 1 and all(raw.strip()[:1].isupper() for raw in raws)
        )
        pieces = lines if is_list else [" ".join(lines)]
        for piece in pieces:
            facts.extend(
                _pack(_SENTENCE_END.split(piece), limit) if len(piece) > limit else [piece]
            )
    return facts


def _pack(sentences: list[str], limit: int) -> list[str]:
    out: list[str] = []
    current = ""
    for sentence in sentences:
        if current and len(current) + 1 + len(sentence) > limit:
            out.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}".strip()
    if current:
        out.append(current)
    return out
