"""The user documentation, installed with the package: one Markdown page a topic, named for
its file (`json.md` is the topic `json`). `engram docs [TOPIC]` prints them."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from engram.errors import EngramError


def topics() -> dict[str, str]:
    """Every topic, in name order, with its page's title (its first heading)."""
    pages = sorted((p for p in files(__name__).iterdir() if p.name.endswith(".md")), key=_name)
    return {p.name.removesuffix(".md"): _title(p.read_text(encoding="utf-8")) for p in pages}


def page(topic: str) -> str:
    """The Markdown page of a topic; an unknown topic is an error naming the closest one."""
    known = topics()
    if topic not in known:  # also keeps a path such as `../x` from being read
        import difflib

        close = difflib.get_close_matches(topic, known, n=1, cutoff=0.5)
        where = f"did you mean {close[0]!r}?" if close else f"topics: {', '.join(known)}"
        raise EngramError(f"no docs topic {topic!r} ({where})")
    return files(__name__).joinpath(f"{topic}.md").read_text(encoding="utf-8")


def _name(page: Traversable) -> str:
    return page.name


def _title(text: str) -> str:
    first = next((line for line in text.splitlines() if line.startswith("# ")), "")
    return first.removeprefix("# ").strip()
