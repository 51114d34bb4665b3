"""Near-duplicate detection while an import is planned: the same answers as comparing every
pair, at a cost that does not grow with the square of the sections."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_planning_ten_thousand_sections_of_common_words_takes_seconds_not_minutes() -> None:
    rng = random.Random(3)
    vocabulary = [f"w{n}" for n in range(3000)]
    weights = [1 / (n + 1) for n in range(3000)]  # word use as in real text: a few words often
    found = NearDuplicates([])
    started = time.perf_counter()
    for n in range(10_000):
        terms = frozenset([*rng.choices(vocabulary, weights, k=14), f"item{n}"])
        if found.match(terms) is None:
            found.add(f"m{n}", terms)
    assert time.perf_counter() - started < 5.0
