"""The agent-facing part of a memory body.

`## Context`, `## Example` and `## Origin` sections are written for humans and are never shown to
agents (SPEC A1); the same holds for their Russian, Spanish and Japanese headings.
"""

from __future__ import annotations

import re

from engram.errors import FrontmatterError

HIDDEN_SECTIONS = frozenset(
    """
context examples example origin контекст пример примеры происхождение источник contexto ejemplo
ejemplos origen コンテキスト 背景 例 由来 出典
""".split()
)
MAX_FRONTMATTER = 64 * 1024
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def visible_body(body: str) -> str:
    """The body without human-only sections, trimmed of surrounding blank lines."""
    out: list[str] = []
    hidden_level = 0  # heading level of the section being hidden, 0 when showing
    in_fence = False
    for line in body.split("\n"):
        # Most lines are neither a fence nor a heading: the substring tests say so before the
        # patterns are tried (a long body has thousands of lines).
        if ("```" in line or "~~~" in line) and _FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence or line[:1] != "#" else _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            if hidden_level and level <= hidden_level:
                hidden_level = 0
            name = heading.group(2).strip().rstrip(":").casefold()
            if not hidden_level and level >= 2 and name in HIDDEN_SECTIONS:
                hidden_level = level
        if not hidden_level:
            out.append(line)
    return "\n".join(out).strip("\n")


def derived_summary(body: str, limit: int = 140) -> str:
    """First line of prose in the visible body, cut at a word boundary (for cards)."""
    return first_prose_line(visible_body(body), limit)


def first_prose_line(shown: str, limit: int = 140) -> str:
    """`derived_summary` of a body whose human-only sections are already removed."""
    for raw in shown.split("\n"):
        line = raw.strip().lstrip("-*+> ").strip()
        if not line or line.startswith(("#", "```", "~~~", "|")):
            continue
        if len(line) <= limit:
            return line
        cut = line[:limit].rsplit(" ", 1)[0]
        return cut + "…"
    return ""


def split_frontmatter(text: str) -> tuple[str, str, int]:
    """Return (yaml text, body, line number where the body starts)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        raise FrontmatterError("missing frontmatter: the file must start with a '---' line", line=1)
    for number in range(1, len(lines)):
        if lines[number].rstrip() in ("---", "..."):
            yaml_text = "\n".join(lines[1:number])
            if len(yaml_text) > MAX_FRONTMATTER:
                raise FrontmatterError("frontmatter is larger than 64 KiB", line=1)
            return yaml_text, "\n".join(lines[number + 1 :]), number + 2
    raise FrontmatterError("frontmatter is not closed: add a '---' line after it", line=1)
