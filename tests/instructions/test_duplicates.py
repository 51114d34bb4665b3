"""Near-duplicate detection while an import is planned: the same answers as comparing every
pair, at a cost that does not grow with the square of the sections."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engram.files.discovery import ScopeRoot
from engram.files.index import MemoryIndex
from engram.instructions import duplicates
from engram.instructions.duplicates import THRESHOLD, NearDuplicates, _jaccard

TERMS = st.frozensets(st.sampled_from([f"t{n}" for n in range(12)]), min_size=1, max_size=8)


def _brute_force(planned: dict[str, frozenset[str]], terms: frozenset[str]) -> float:
    scores = [_jaccard(len(terms & other), len(terms), len(other)) for other in planned.values()]
    return max((s for s in scores if s >= THRESHOLD), default=0.0)


@settings(max_examples=200, deadline=None)
@given(st.lists(TERMS, max_size=30), TERMS)
def test_a_planned_near_duplicate_is_found_whenever_one_reaches_the_threshold(
    planned: list[frozenset[str]], terms: frozenset[str]
) -> None:
    found = NearDuplicates([])
    for n, other in enumerate(planned):
        found.add(f"m{n}", other)
    match = found.match(terms)
    expected = _brute_force({f"m{n}": t for n, t in enumerate(planned)}, terms)
    assert (match.similarity if match else 0.0) == expected


def test_a_candidate_is_compared_only_with_plans_that_hold_its_rarest_terms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 2,000 planned sections share ten common words; each of 100 topics has 5 words of its
    # own (20 sections a topic), and each section one word of its own
    found = NearDuplicates([])
    common = [f"w{n}" for n in range(10)]
    for n in range(2000):
        topic = [f"topic{n % 100}-{k}" for k in range(5)]
        found.add(f"m{n}", frozenset([*common, *topic, f"item{n}"]))
    compared: list[int] = []

    def counted(shared: int, size_a: int, size_b: int) -> float:
        compared.append(shared)
        return _jaccard(shared, size_a, size_b)

    monkeypatch.setattr(duplicates, "_jaccard", counted)
    match = found.match(frozenset([*common, *[f"topic7-{k}" for k in range(5)]]))
    assert match is not None and match.id.startswith("m") and int(match.id[1:]) % 100 == 7
    assert len(compared) == 20  # the sections of its topic, not all 2,000


def test_an_indexed_near_duplicate_is_found_among_many_memories_sharing_its_words(
    ws_root: Path, memory: Callable[..., Path]
) -> None:
    # 30 longer memories hold both words of a two-word memory: more than are compared in full
    for n in range(30):
        memory(f"long-{n:02}", f"# Long\n\nDeploy rules for service {n} and region r{n}.\n")
    MemoryIndex.open(ScopeRoot(ws_root, "workspace")).close()
    memory("short", "Deploy rules.\n")  # indexed after all of them
    with MemoryIndex.open(ScopeRoot(ws_root, "workspace")) as index:
        match = NearDuplicates([index]).match(frozenset({"deploy", "rule"}))
    assert match is not None and match.id == "short" and match.similarity == 1.0
