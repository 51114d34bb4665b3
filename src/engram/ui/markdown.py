"""Memory bodies as HTML: CommonMark with tables, raw HTML escaped (never passed through),
links limited to markdown-it's safe schemes (no `javascript:`), and images shown as their
text so that a page never fetches anything from the internet."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table").disable("image")


def render(text: str) -> str:
    """The HTML of a Markdown text, safe to put inside a page."""
    return str(_parser().render(text))
