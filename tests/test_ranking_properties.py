"""Property tests for ranking: invariants that must hold for any workspace and query."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engram
from engram.files.authoring import init_workspace
from engram.text.tokenize import anchors_of, terms_of
from tests.conftest import write_memory
from tests.helpers import TODAY

VOCAB = ["deploy", "api", "kafka", "schema", "cache", "react", "docker", "tests", "release", "log"]
docs = st.lists(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=8), min_size=1, max_size=8)
queries = st.lists(st.sampled_from(VOCAB), min_size=1, max_size=5)


def routed(bodies: list[list[str]], query: list[str], **options: object) -> engram.Route:
    folder = Path(tempfile.mkdtemp())
    try:
        init_workspace(folder)
        root = folder / ".agents" / ".engram"
        for n, words in enumerate(bodies):
            write_memory(root, f"m{n}", "# Note\n\n" + " ".join(words) + "\n")
        with engram.open_workspace(folder) as ws:
            return ws.route(" ".join(query), today=TODAY, **options)
    finally:
        shutil.rmtree(folder)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs, queries)
def test_every_admitted_memory_shares_a_term_with_the_query(
    bodies: list[list[str]], query: list[str]
) -> None:
    stems = {s for a in anchors_of(" ".join(query)).anchors for s in a.stems}
    for candidate in routed(bodies, query, select_all=True).candidates:
        words = bodies[int(candidate.id[1:])]
        assert stems & set(terms_of(" ".join(words)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs, queries)
def test_candidates_are_sorted_by_score(bodies: list[list[str]], query: list[str]) -> None:
    scores = [c.score for c in routed(bodies, query, select_all=True).candidates]
    assert scores == sorted(scores, reverse=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs, queries)
def test_compact_pack_is_the_top_of_the_full_ranking(
    bodies: list[list[str]], query: list[str]
) -> None:
    full = [c.id for c in routed(bodies, query, select_all=True).candidates]
    compact = [c.id for c in routed(bodies, query, limit=3).pack]
    assert compact == full[:3]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs, queries)
def test_scores_do_not_depend_on_file_order(bodies: list[list[str]], query: list[str]) -> None:
    forward = {c.id: round(c.score, 9) for c in routed(bodies, query).candidates}
    backward = routed(bodies[::-1], query).candidates
    last = len(bodies) - 1
    assert {f"m{last - int(c.id[1:])}": round(c.score, 9) for c in backward} == forward


scores = st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=12)


@settings(max_examples=100, deadline=None)
@given(scores, st.lists(st.booleans(), min_size=12, max_size=12))
def test_context_never_lowers_a_score_and_leaves_facts_alone(
    values: list[float], events: list[bool]
) -> None:
    from engram.store.model import Fact, Hit
    from engram.store.ranking import in_context

    hits = [
        Hit(Fact(f"f{n}", "x", "agent", kind="event" if events[n] else "fact"), v, 0, v, 1)
        for n, v in enumerate(values)
    ]
    ids = [h.fact.id for h in hits if h.fact.kind == "event"]
    neighbours = {
        fid: (ids[at - 1] if at else None, ids[at + 1] if at + 1 < len(ids) else None)
        for at, fid in enumerate(ids)
    }
    out = {h.fact.id: h for h in in_context(hits, neighbours, {})}
    assert [h.score for h in in_context(hits, neighbours, {})] == sorted(
        (h.score for h in out.values()), reverse=True
    )
    for hit in hits:
        assert out[hit.fact.id].score >= hit.score
        if hit.fact.kind == "fact":
            assert out[hit.fact.id].score == hit.score


@settings(max_examples=100, deadline=None)
@given(scores)
def test_an_event_gains_the_larger_of_its_near_and_far_neighbours_shares(
    values: list[float],
) -> None:
    from engram.store.model import Fact, Hit
    from engram.store.ranking import CONTEXT_WEIGHT, FAR_CONTEXT_WEIGHT, in_context

    hits = [
        Hit(Fact(f"e{n}", "x", "agent", kind="event"), v, 0, v, 1) for n, v in enumerate(values)
    ]
    ids = [h.fact.id for h in hits]

    def at(place: int) -> str | None:
        return ids[place] if 0 <= place < len(ids) else None

    near = {fid: (at(n - 1), at(n + 1)) for n, fid in enumerate(ids)}
    far = {fid: (at(n - 2), at(n + 2)) for n, fid in enumerate(ids)}
    out = {h.fact.id: h for h in in_context(hits, near, {}, far=far)}
    for n, fid in enumerate(ids):

        def best(places: tuple[int, int]) -> float:
            return max((values[p] for p in places if 0 <= p < len(values)), default=0.0)

        expected = max(
            CONTEXT_WEIGHT * best((n - 1, n + 1)), FAR_CONTEXT_WEIGHT * best((n - 2, n + 2))
        )
        assert out[fid].context == pytest.approx(expected)
        assert out[fid].score == pytest.approx(values[n] + expected)
