"""Splitting instruction files into sections: examples, and properties every split keeps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engram.instructions.split import Section, split_level, split_sections

LINES = st.sampled_from(
    [
        "", "", "# Title", "## Testing", "## Deploy", "### Details", "- Use pytest.",
        "- Never force-push.", "1. Tag the release", "2. Run the script", "Some prose here.",
        "```", "def f():", "    return 1", "~~~", "Naming Conventions", "// Folder Structure",
        "Before:", "x" * 400, "2. Use Meaningful Names", "   ", "####### not a heading",
    ]
)  # fmt: skip
BODIES = st.lists(LINES, max_size=60).map("\n".join)


def _fence_inside(body: str) -> set[int]:
    """1-based numbers of the lines strictly inside a code fence (not the fence lines)."""
    inside, opened = set(), ""  # the fence that is open: it closes only with its own mark
    for n, line in enumerate(body.split("\n"), 1):
        mark = line.strip()[:3]
        if not opened and mark in ("```", "~~~"):
            opened = mark
        elif opened and line.strip() == opened:
            opened = ""
        elif opened:
            inside.add(n)
    return inside


@settings(max_examples=300, deadline=None)
@given(BODIES, st.integers(min_value=1, max_value=50), st.integers(min_value=50, max_value=4000))
def test_sections_cover_every_line_once_in_order(body: str, first: int, limit: int) -> None:
    sections = split_sections(body, first, max_chars=limit)
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    assert [line for s in sections for line in s.text.split("\n")] == lines
    expected = first
    for section in sections:
        assert section.start == expected and section.end >= section.start
        assert section.end - section.start + 1 == len(section.text.split("\n"))
        expected = section.end + 1


@settings(max_examples=300, deadline=None)
@given(BODIES, st.integers(min_value=50, max_value=4000))
def test_no_section_starts_inside_a_code_fence(body: str, limit: int) -> None:
    inside = _fence_inside(body)
    for section in split_sections(body, 1, max_chars=limit)[1:]:
        assert section.start not in inside


@settings(max_examples=200, deadline=None)
@given(BODIES)
def test_splitting_is_deterministic(body: str) -> None:
    assert split_sections(body) == split_sections(body)


def test_a_lone_title_is_the_context_of_the_sections_under_it() -> None:
    body = "# Acme\n\nIntro.\n\n## Testing\n\n- Use pytest.\n\n## Deploy\n\n- Tag first.\n"
    sections = split_sections(body)
    assert [(s.title, s.start, s.end) for s in sections] == [
        ("Acme", 1, 4), ("Testing", 5, 8), ("Deploy", 9, 11),
    ]  # fmt: skip
    assert sections[1].trail == ("Acme",)


def test_the_split_level_is_the_shallowest_that_occurs_twice() -> None:
    assert split_level([1, 2, 2, 3]) == 2
    assert split_level([1, 1, 2]) == 1
    assert split_level([1, 2]) == 2


def test_a_heading_inside_a_code_fence_starts_no_section() -> None:
    body = "## A\n\n```md\n## not a heading\n```\n\n## B\n\ntext\n"
    assert [s.title for s in split_sections(body)] == ["A", "B"]


def test_text_without_headings_is_cut_at_labelled_blocks() -> None:
    rules = "\n".join(f"- rule number {n} about naming things well" for n in range(8))
    body = f"Code Style and Structure\n{rules}\n\nNaming Conventions\n{rules}\n"
    assert [s.title for s in split_sections(body)] == [
        "Code Style and Structure", "Naming Conventions",
    ]  # fmt: skip


def test_a_short_label_does_not_make_a_one_line_section() -> None:
    body = "Before:\nx = 1\n\nAfter:\nx = ONE\n"
    assert len(split_sections(body)) == 1


def test_a_long_section_is_cut_again_at_its_sub_headings() -> None:
    part = "- " + "word " * 200
    body = f"## Big\n\nintro\n\n### One\n\n{part}\n\n### Two\n\n{part}\n\n## Small\n\ntext\n"
    sections = split_sections(body, max_chars=1500)
    assert [s.title for s in sections] == ["Big", "One", "Two", "Small"]
    assert sections[1].trail == ("Big",)


def test_a_section_with_only_headings_has_no_content() -> None:
    assert not Section("T", 1, 1, 2, "# T\n").has_content
    assert Section("T", 1, 1, 2, "# T\ntext").has_content


def test_a_memory_engram_exported_is_one_section_whatever_its_sub_headings() -> None:
    body = (
        "# Project instructions\n\n## Workflows\n\n_skill_\n\n### One\n\nx\n\n### Two\n\ny\n\n"
        "## Style\n\n_rule · applies to `src/**`_\n\n- Use tabs.\n"
    )
    sections = split_sections(body, max_chars=20)
    assert [s.title for s in sections] == ["Project instructions", "Workflows", "Style"]


NESTED = """# Docs

## Writing docs

````markdown
Open a code block with a line of three backticks:

```

## A heading inside the example
````

## Next

- Keep it short.
"""


def test_a_longer_fence_holding_a_shorter_one_and_headings_is_one_section() -> None:
    sections = split_sections(NESTED, 1)
    titles = [s.title for s in sections]
    assert titles == ["Docs", "Writing docs", "Next"]
    assert "## A heading inside the example\n````" in sections[1].text


def test_a_tilde_fence_is_not_closed_by_backticks() -> None:
    body = "## Shell\n\n~~~\n```\n## not a heading\n~~~\n\n## After\n\n- Done.\n"
    assert [s.title for s in split_sections(body, 1)] == ["Shell", "After"]
