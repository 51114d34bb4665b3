"""`applies_to` globs: gitignore-style, with brace alternatives."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from engram.files.globs import MAX_EXPANSION, expand_braces, expanded, glob_matches


def test_a_brace_glob_matches_each_of_its_alternatives() -> None:
    assert glob_matches("src/**/*.{ts,tsx}", "src/ui/button.tsx")
    assert glob_matches("src/**/*.{ts,tsx}", "src/api.ts")
    assert not glob_matches("src/**/*.{ts,tsx}", "src/api.js")


def test_nested_braces_expand_each_alternative_once() -> None:
    assert expand_braces("{src,lib/{a,b}}/*.py") == ["src/*.py", "lib/a/*.py", "lib/b/*.py"]


def test_a_glob_without_braces_is_itself() -> None:
    assert expand_braces("src/api/**") == ["src/api/**"]


def test_expansion_stops_at_its_cap() -> None:
    assert len(expand_braces("{a,b}" * 12)) == MAX_EXPANSION


def test_globs_written_for_hosts_come_out_once_each_in_order() -> None:
    assert expanded(["*.{md,txt}", "*.md", "docs/**"]) == ["*.md", "*.txt", "docs/**"]


@given(st.text(alphabet="ab/*.{},", max_size=24))
def test_an_expansion_is_within_its_cap_and_holds_no_group_left(glob: str) -> None:
    globs = expand_braces(glob)
    assert 1 <= len(globs) <= MAX_EXPANSION
    assert len(set(globs)) == len(globs)
    assert not any(re.search(r"\{[^{}]*\}", one) for one in globs)
