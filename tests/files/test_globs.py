"""`applies_to` globs: gitignore-style, with brace alternatives."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.files.globs import (
    MAX_EXPANSION,
    expand_braces,
    expanded,
    glob_matches,
    globs_match,
    normal_glob,
    split_globs,
)


def test_a_brace_glob_matches_each_of_its_alternatives() -> None:
    assert glob_matches("src/**/*.{ts,tsx}", "src/ui/button.tsx")
    assert glob_matches("src/**/*.{ts,tsx}", "src/api.ts")
    assert not glob_matches("src/**/*.{ts,tsx}", "src/api.js")


def test_nested_braces_expand_each_alternative_once() -> None:
    assert expand_braces("{src,lib/{a,b}}/*.py") == ["src/*.py", "lib/a/*.py", "lib/b/*.py"]


def test_a_glob_without_braces_is_itself() -> None:
    assert expand_braces("src/api/**") == ["src/api/**"]


def test_globs_given_as_text_are_split_at_commas_outside_braces() -> None:
    assert split_globs("src/{api,lib}/*.py, *.md,{a,{b,c}}") == [
        "src/{api,lib}/*.py", "*.md", "{a,{b,c}}"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("glob", "normal"),
    [("./src/**/*.py", "src/**/*.py"), ("!./src/vendor/**", "!src/vendor/**"), ("././a", "a"),
     ("src/./a", "src/./a"), ("./", "./")],
)  # fmt: skip
def test_a_leading_dot_slash_is_dropped(glob: str, normal: str) -> None:
    assert normal_glob(glob) == normal


def test_a_path_matching_an_exclusion_is_not_matched() -> None:
    globs = ["src/**", "!src/vendor/**"]
    assert globs_match(globs, "src/app/main.py")
    assert not globs_match(globs, "src/vendor/lib.js")


def test_an_exclusion_wins_wherever_it_is_written() -> None:
    assert not globs_match(["!src/vendor/**", "src/**"], "src/vendor/lib.js")


def test_exclusions_alone_match_no_path() -> None:
    assert not globs_match(["!src/vendor/**"], "src/app/main.py")


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


def _seconds(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


@pytest.mark.parametrize(
    ("glob", "path"),
    [
        ("*a" * 12, "a" * 40 + "b"),
        ("*a*a*a", "a" * 1000 + "b"),
        ("**/a/**/a/**/a/**/a/**/b", "a/" * 100 + "c"),
    ],
)
def test_a_glob_of_many_wildcards_is_matched_in_time_linear_in_the_path(
    glob: str, path: str
) -> None:
    assert _seconds(lambda: glob_matches(glob, path)) < 0.5
    assert not glob_matches(glob, path)


@pytest.mark.parametrize("glob", ["{}" * 20_000, "{a,b}" * 20_000, "{" * 20_000 + "}" * 20_000])
def test_a_glob_of_thousands_of_braces_is_taken_as_written(glob: str) -> None:
    assert _seconds(lambda: expand_braces(glob)) < 0.5
    assert expand_braces(glob) == [glob]


_PIECES = ["a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "[a-b]", "!", "\\", "\\*", " ", ".", "\n"]


@given(
    st.lists(st.sampled_from(_PIECES), max_size=6).map("".join),
    st.lists(st.sampled_from(["a", "b", "/", "ab", ".", " ", "./", "\n"]), max_size=6).map("".join),
)
def test_a_glob_matches_as_gitignore_reads_it(glob: str, path: str) -> None:
    import pathspec

    try:
        spec = pathspec.GitIgnoreSpec.from_lines([glob])
    except ValueError:
        return  # see test_a_glob_gitignore_refuses_matches_nothing
    assert glob_matches(glob, path) == bool(spec.match_file(path))


@pytest.mark.parametrize("glob", ["!", "! ", "!a", "["])
def test_a_glob_gitignore_refuses_matches_nothing(glob: str) -> None:
    assert not glob_matches(glob, "a") and not glob_matches(glob, "!")
