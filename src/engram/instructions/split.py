"""Splitting an instruction file's Markdown into sections, each a candidate memory.

The sections partition the body: every line belongs to exactly one section, in order, so an
import can say which lines each memory came from and nothing is lost between them. A section
starts at a heading of the split level (the shallowest level that occurs twice, so a lone
document title is context, not a memory), or — in text without headings — at a labelled block
("Naming Conventions" on a line of its own above its rules). Code fences are never cut, and a
section longer than `max_chars` is cut again at its next heading level, then between blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_NUMBERED_TITLE = re.compile(r"^\d+[.)]\s+(.+?)\s*:?$")
# A label is words: letters, digits, spaces and a little punctuation, not code or a sentence.
_WORDS = re.compile(r"^[^\W\d_](?:[^\W_]|[ \t&/+#'’-])*$")
# The line `engram export` writes under a memory's heading (`_rule · applies to `src/**`_`):
# such a heading and everything under it is one memory, never cut again.
EXPORT_META = re.compile(r"^_(rule|skill|knowledge)(?: · applies to (.+))?_$")
MAX_CHARS = 3000  # a section this long is cut again: a memory is meant to be read in one go
MAX_LABEL = 60
MIN_CHARS = 200  # a label starts a new section only after this much text: no one-line memories


@dataclass(frozen=True)
class Section:
    """A run of lines of the source: `start`..`end` (1-based, inclusive, in the whole file),
    the heading that names it ('' for text before the first heading), its level (0 without a
    heading) and the headings above it (`trail`, outermost first)."""

    title: str
    level: int
    start: int
    end: int
    text: str
    trail: tuple[str, ...] = ()

    @property
    def has_content(self) -> bool:
        """Whether it holds more than headings and blank lines."""
        return any(line.strip() and not _HEADING.match(line) for line in self.text.split("\n"))


_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fence_flags(lines: list[str]) -> list[bool]:
    """For each line, whether it is inside a code fence (the fence lines included), as
    CommonMark reads fences: a fence closes only with the character that opened it, at least
    as many times, and nothing else on the line; so a ````markdown fence holding ```python …
    ``` and `## headings` stays one fence."""
    out: list[bool] = []
    opened = ""  # the fence run that opened the current block, "" outside one
    for line in lines:
        match = _OPEN.match(line)
        if not opened:
            if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                opened = match.group(1)
                out.append(True)
            else:
                out.append(False)
            continue
        out.append(True)
        if (
            match
            and match.group(1)[0] == opened[0]
            and len(match.group(1)) >= len(opened)
            and not match.group(2).strip()
        ):
            opened = ""
    return out


def _fenced(lines: list[str]) -> list[bool]:
    """For each line, whether it is inside a code fence (the fence lines included)."""
    return fence_flags(lines)


def _headings(lines: list[str], fenced: list[bool]) -> dict[int, tuple[int, str]]:
    """Line index -> (level, title) of each heading outside fences."""
    found = {}
    for n, line in enumerate(lines):
        match = None if fenced[n] else _HEADING.match(line)
        if match and match.group(2).strip():
            found[n] = (len(match.group(1)), clean_title(match.group(2)))
    return found


def _exported(lines: list[str], heads: dict[int, tuple[int, str]]) -> dict[int, tuple[int, int]]:
    """Headings `engram export` wrote a memory under (its type line follows them): line index
    -> (that line, the line where the memory ends: the next heading as shallow as it)."""
    out = {}
    for n, (level, _) in heads.items():
        following = next((line.strip() for line in lines[n + 1 :] if line.strip()), "")
        if EXPORT_META.match(following):
            end = next((m for m in sorted(heads) if m > n and heads[m][0] <= level), len(lines))
            out[n] = (n, end)
    return out


def clean_title(text: str) -> str:
    """A heading or label without Markdown emphasis, code marks, links and trailing colons."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*_`]+", "", text)
    return text.strip().strip("/#:=- ").strip()


def split_level(levels: list[int]) -> int:
    """The heading level sections start at: the shallowest that occurs twice or more, else the
    deepest there is (a document with one heading of each level has one section a level)."""
    for level in sorted(set(levels)):
        if levels.count(level) >= 2:
            return level
    return max(levels)


def split_sections(body: str, first_line: int = 1, max_chars: int = MAX_CHARS) -> list[Section]:
    """The sections of a Markdown body whose first line is line `first_line` of its file."""
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the file starts no line
    if not lines:
        return []
    fenced = _fenced(lines)
    heads = _headings(lines, fenced)
    whole = _exported(lines, heads)
    heads = {n: h for n, h in heads.items() if not any(a < n < b for a, b in whole.values())}
    everything: list[Piece] = [("", 0, 0, len(lines), ())]
    pieces = _by_headings(lines, 0, len(lines), heads, (), 0) if heads else everything
    out: list[Section] = []
    for title, level, start, end, trail in pieces:
        if start in whole:
            out.append(Section(title, level, start, end - 1, "\n".join(lines[start:end]), trail))
            continue
        out.extend(_fit(lines, fenced, heads, title, level, start, end, trail, max_chars))
    return [
        Section(s.title, s.level, s.start + first_line, s.end + first_line, s.text, s.trail)
        for s in out
    ]


Piece = tuple[str, int, int, int, tuple[str, ...]]  # title, level, start, end (exclusive), trail


def _by_headings(
    lines: list[str], start: int, end: int, heads: dict[int, tuple[int, str]],
    trail: tuple[str, ...], above: int,
) -> list[Piece]:  # fmt: skip
    """Cut lines[start:end] at the split level of the headings inside it (deeper than
    `above`); a heading shallower than the split level is context for what follows it."""
    inside = {n: h for n, h in heads.items() if start <= n < end and h[0] > above}
    if not inside:
        return [("", 0, start, end, trail)]
    level = split_level([h[0] for h in inside.values()])
    pieces: list[Piece] = []
    current: Piece = ("", 0, start, start, trail)
    context = list(trail)
    for n in range(start, end):
        head = inside.get(n)
        if head is None or head[0] > level:
            continue
        if n > current[2]:
            pieces.append((current[0], current[1], current[2], n, current[4]))
        if head[0] < level:  # a title above the split level: the trail of what follows
            context = [*trail, head[1]]
            current = (head[1], head[0], n, n, tuple(trail))
        else:
            current = (head[1], head[0], n, n, tuple(context))
    pieces.append((current[0], current[1], current[2], end, current[4]))
    return pieces


def _fit(
    lines: list[str], fenced: list[bool], heads: dict[int, tuple[int, str]], title: str,
    level: int, start: int, end: int, trail: tuple[str, ...], max_chars: int,
) -> list[Section]:  # fmt: skip
    """The piece as one section when it is short enough (or has no heading to cut at);
    otherwise cut at its next heading level, then between blocks."""
    text = "\n".join(lines[start:end])
    no_headings = not heads
    if len(text) <= max_chars and not (no_headings and _label_rank(lines, fenced, start, end)):
        return [Section(title, level, start, end - 1, text, trail)]
    deeper_start = start + 1 if level else start
    inner = {n: h for n, h in heads.items() if deeper_start <= n < end and h[0] > level}
    if inner:
        first = min(inner)
        sub_trail = (*trail, title) if title else trail
        out: list[Section] = []
        if first > start:  # the heading and the text before the first sub-heading
            out.append(
                Section(title, level, start, first - 1, "\n".join(lines[start:first]), trail)
            )
        for piece in _by_headings(lines, first, end, heads, sub_trail, level):
            out.extend(_fit(lines, fenced, heads, *piece, max_chars=max_chars))
        return out
    return _by_blocks(lines, fenced, title, level, start, end, trail, max_chars)


def _blocks(fenced: list[bool], lines: list[str], start: int, end: int) -> list[tuple[int, int]]:
    """(start, end exclusive) of each block: a run of non-blank lines (a fence is one run, its
    blank lines included), with the blank lines after it."""
    blocks: list[tuple[int, int]] = []
    n = start
    while n < end:
        first = n
        while n < end and (lines[n].strip() or fenced[n]):
            n += 1
        while n < end and not lines[n].strip() and not fenced[n]:
            n += 1
        if n == first:  # cannot happen; keeps the loop finite whatever the input
            n += 1
        blocks.append((first, n))
    return blocks


def label_of(lines: list[str], fenced: list[bool], start: int, end: int) -> tuple[int, str]:
    """(rank, text) of the label a block starts with, (0, '') when it has none. Rank 2: a
    numbered title on a line of its own ("2. Use Meaningful Names"). Rank 1: a `// Title`
    comment, a few words ending in a colon, or a short line of words (no list item, code or
    sentence) with the block's rules right below it."""
    first = lines[start]
    text = first.strip()
    if fenced[start] or len(text) > MAX_LABEL or _HEADING.match(first):
        return 0, ""
    numbered = _NUMBERED_TITLE.match(text)
    if numbered and _WORDS.match(numbered.group(1)):
        return 2, clean_title(numbered.group(1))
    if _LIST_ITEM.match(first):
        return 0, ""
    if (text.startswith("//") and _WORDS.match(text[2:].strip())) or (
        text.endswith(":") and _WORDS.match(text[:-1].strip())
    ):
        return 1, clean_title(text)
    if end - start < 2 or not lines[start + 1].strip():
        return 0, ""
    return (1, clean_title(text)) if _WORDS.match(text) else (0, "")


def _label_rank(lines: list[str], fenced: list[bool], start: int, end: int) -> int:
    """The rank of label that structures the text: the highest that occurs twice (0: none)."""
    ranks = [label_of(lines, fenced, s, e)[0] for s, e in _blocks(fenced, lines, start, end)]
    return max((r for r in set(ranks) if r and ranks.count(r) >= 2), default=0)


def _by_blocks(
    lines: list[str], fenced: list[bool], title: str, level: int, start: int, end: int,
    trail: tuple[str, ...], max_chars: int,
) -> list[Section]:  # fmt: skip
    """Group blocks into sections: a labelled block starts one, as does a block that would
    make the current one longer than `max_chars`. A single longer block stays whole."""
    sub_trail = (*trail, title) if title and level else trail
    groups: list[tuple[str, int, int]] = []  # title, start, end (exclusive)
    size = 0
    rank = _label_rank(lines, fenced, start, end)
    for first, last in _blocks(fenced, lines, start, end):
        found, label = label_of(lines, fenced, first, last)
        label = label if rank and found == rank else ""
        length = sum(len(line) + 1 for line in lines[first:last])
        labelled = bool(label) and size >= MIN_CHARS
        starts_new = bool(groups) and (labelled or size + length > max_chars)
        if not groups or starts_new:
            groups.append((label, first, last))
            size = length
        else:
            groups[-1] = (groups[-1][0], groups[-1][1], last)
            size += length
    out = []
    for n, (label, first, last) in enumerate(groups):
        if n == 0 and level:  # the heading's own first part keeps its name and place
            out.append(Section(title, level, first, last - 1, "\n".join(lines[first:last]), trail))
            continue
        name = label or (title if n == 0 else f"{title} ({n + 1})" if title else "")
        text = "\n".join(lines[first:last])
        out.append(Section(name, 0, first, last - 1, text, sub_trail if level else trail))
    return out
