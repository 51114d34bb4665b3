"""A compact load scores in full only the memories it may print (`RouteOptions.score_all`):
for any workspace and query its route must be the one scoring every candidate gives."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engram
import engram.routing.route as route_module
from engram.files.authoring import init_workspace
from engram.render.pack import build_pack, render_text
from engram.routing.route import Candidate, Route
from engram.safety.hashes import content_hash
from tests.conftest import write_memory
from tests.helpers import TODAY

VOCAB = ["deploy", "api", "kafka", "schema", "cache", "docker", "tests", "release"]
SOURCE = "TTL = 60\n"

memories = st.lists(
    st.fixed_dictionaries(
        {
            "words": st.lists(st.sampled_from(VOCAB), min_size=1, max_size=6),
            # A copy of the memory before under another id: equal scores, broken by scope and id.
            "copy": st.booleans(),
            "tags": st.lists(st.sampled_from(VOCAB), max_size=2, unique=True),
            "directive": st.sampled_from(["", *VOCAB]),
            "kind": st.sampled_from(["knowledge", "rule", "skill"]),
            "confidence": st.sampled_from(["high", "medium", "low"]),
            "lifecycle": st.sampled_from(["active", "active", "active", "review_due", "archived"]),
            "expired": st.integers(0, 9).map(lambda n: n == 0),
            "source": st.sampled_from([None, "fresh", "changed"]),
            "fetches": st.sampled_from([0, 0, 0, 1, 7]),
            "depends_on": st.lists(st.integers(0, 39), max_size=2),
            "scope": st.sampled_from(["workspace", "workspace", "global"]),
            "id": st.integers(0, 39),
        }
    ),
    min_size=15,
    max_size=40,
)
queries = st.lists(
    st.sampled_from([*VOCAB, *VOCAB, "workflow"]), min_size=1, max_size=5, unique=True
)


def _write(folder: Path, specs: list[dict[str, Any]]) -> Path:
    """A project with a workspace and a global folder holding the memories; returns the global
    folder."""
    init_workspace(folder)
    (folder / "src.txt").write_text(SOURCE, encoding="utf-8")
    roots = {"workspace": folder / ".agents" / ".engram", "global": folder / "global"}
    written: set[tuple[str, str]] = set()
    previous = specs[0]
    for spec in specs:
        if spec["copy"]:
            spec = {**previous, "id": spec["id"], "scope": spec["scope"]}
        previous = spec
        memory_id = f"m{spec['id']:02}"
        if (spec["scope"], memory_id) in written:
            continue  # one file a (scope, id): a duplicate id is `doctor`'s business
        written.add((spec["scope"], memory_id))
        fields: dict[str, Any] = {"confidence": spec["confidence"], "tags": spec["tags"]}
        if spec["directive"]:
            fields["directive"] = f"Use {spec['directive']}."
        if spec["lifecycle"] != "active":
            fields["lifecycle"] = spec["lifecycle"]
        if spec["expired"]:
            fields["valid_until"] = "2020-01-01"
        if spec["source"]:
            digest = content_hash(SOURCE if spec["source"] == "fresh" else "TTL = 120\n")
            fields["sources"] = [{"path": "src.txt", "sha256": digest}]
        if spec["depends_on"]:
            fields["depends_on"] = [f"m{n:02}" for n in spec["depends_on"]]
        write_memory(roots[spec["scope"]], memory_id, f"# Note\n\n{' '.join(spec['words'])}\n",
                     kind=spec["kind"], **fields)  # fmt: skip
    roots["global"].mkdir(exist_ok=True)
    return roots["global"]


def _shown(candidates: list[Candidate]) -> list[tuple[Any, ...]]:
    return [(c.key, c.score, c.bm25, c.factors, c.hits, c.stale, c.strong, c.prerequisite_of)
            for c in candidates]  # fmt: skip


def _same(bounded: Route, full: Route) -> None:
    assert _shown(bounded.pack) == _shown(full.pack)
    assert _shown(bounded.extra_cards) == _shown(full.extra_cards)
    # What was scored is the top of the full ranking, in its order.
    assert _shown(bounded.candidates) == _shown(full.candidates[: len(bounded.candidates)])
    assert bounded.related == full.related
    assert bounded.skipped == full.skipped
    assert bounded.hidden == full.hidden
    assert bounded.not_admitted == full.not_admitted
    assert bounded.missing_prerequisites == full.missing_prerequisites


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(memories, queries, st.integers(1, 3))
def test_a_compact_route_is_the_top_of_scoring_every_candidate(
    specs: list[dict[str, Any]], query: list[str], limit: int
) -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        global_dir = _write(folder, specs)
        flags = {"files.global_dir": str(global_dir)}
        with engram.open_workspace(folder, flags=flags) as ws:
            for spec in specs:
                if spec["fetches"]:
                    for index in ws.indexes:
                        for _ in range(spec["fetches"]):
                            index.record_fetch([f"m{spec['id']:02}"])
            text = " ".join(query)
            full = ws.route(text, today=TODAY, limit=limit, score_all=True)
            bounded = ws.route(text, today=TODAY, limit=limit, score_all=False)
            _same(bounded, full)
            packs = [build_pack(r, ws.roots, expand_top=2) for r in (bounded, full)]
            assert render_text(packs[0]) == render_text(packs[1])
            loaded = ws.load(text, today=TODAY, limit=limit, expand_top=2)
            loaded.notes = []  # "no anchors" is said by `load` alone
            assert render_text(loaded) == render_text(packs[1])
    finally:
        shutil.rmtree(folder)


def test_a_compact_route_scores_only_what_it_may_print(project: Path) -> None:
    root = project / ".agents" / ".engram"
    bodies = {f"deploy-{n:02}": "# Deploy\n\n" + "deploy " * (n % 7 + 1) + "\n" for n in range(40)}
    for memory_id, body in bodies.items():
        write_memory(root, memory_id, body)
    with engram.open_workspace(project) as ws:
        bounded = ws.route("deploy", today=TODAY, limit=3, score_all=False)
        full = ws.route("deploy", today=TODAY, limit=3, score_all=True)
    _same(bounded, full)
    assert len(bounded.candidates) == 3 + 5
    assert len(full.candidates) == bounded.related == 40
    # A prerequisite from below the cards is not shown as a card again: one more is scored.
    top, low = full.candidates[0].id, full.candidates[20].id
    write_memory(root, top, bodies[top], depends_on=[low])
    with engram.open_workspace(project) as ws:
        bounded = ws.route("deploy", today=TODAY, limit=3, score_all=False)
        full = ws.route("deploy", today=TODAY, limit=3, score_all=True)
    _same(bounded, full)
    assert low in [c.id for c in bounded.pack]
    assert len(bounded.candidates) == 3 + 5 + 1


def test_a_compact_route_computes_no_bm25_for_what_its_idf_alone_keeps_from_the_top(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A memory matching only the query's common word scores less than that word's idf (times
    its multipliers): while the printed top holds memories with the rare word too, the BM25 of
    none of the forty others is computed."""
    root = project / ".agents" / ".engram"
    for n in range(8):
        write_memory(root, f"kafka-{n}", "# Kafka\n\nkafka schema registry\n")
    for n in range(40):
        write_memory(root, f"note-{n:02}", "# Note\n\nschema notes\n")
    computed: list[int] = []
    real_score = route_module.score

    def counted(*args: Any) -> float:
        computed.append(1)
        return real_score(*args)

    with engram.open_workspace(project) as ws:
        monkeypatch.setattr(route_module, "score", counted)
        bounded = ws.route("kafka schema", today=TODAY, limit=2, score_all=False)
        monkeypatch.undo()
        full = ws.route("kafka schema", today=TODAY, limit=2, score_all=True)
    _same(bounded, full)
    assert [c.id for c in bounded.candidates] == [c.id for c in full.candidates[:7]]
    assert all(c.id.startswith("kafka-") for c in bounded.candidates)
    assert len(computed) <= 2 * 8  # a bound, then the full score, of each kafka memory at most
