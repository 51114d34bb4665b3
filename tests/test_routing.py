"""Routing rules of SPEC A2, A3 and A6, one behaviour a test."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import engram
from engram.routing.route import Candidate
from tests.conftest import write_memory
from tests.helpers import TODAY, load, routed_ids


def route(project: Path, query: str, **options: object) -> engram.Route:
    with engram.open_workspace(project) as ws:
        return ws.route(query, today=TODAY, **options)


def factors(project: Path, query: str, memory_id: str) -> dict[str, float]:
    found = next(c for c in route(project, query).candidates if c.id == memory_id)
    return dict(found.factors)


def test_query_without_anchors_loads_nothing(project: Path, memory: Callable[..., Path]) -> None:
    memory("rule-notes", "# Rules\n\nrules rules knowledge\n", kind="rule")
    pack = load(project, "rules and knowledge")
    assert pack.items == []
    assert any("no anchors" in note for note in pack.notes)


def test_workspace_memory_wins_over_global_with_same_id(
    project: Path, memory: Callable[..., Path], global_root: Path
) -> None:
    memory("deploy-guide", "# Deploy\n\nworkspace version of deploy\n")
    write_memory(global_root, "deploy-guide", "# Deploy\n\nglobal version of deploy\n")
    result = route(project, "deploy")
    assert [(c.id, c.row.scope) for c in result.candidates] == [("deploy-guide", "workspace")]
    assert result.hidden == {"shadowed": 1}


def test_global_memories_route_when_no_workspace_copy(project: Path, global_root: Path) -> None:
    write_memory(global_root, "python-style", "# Style\n\nuse ruff for python formatting\n")
    assert routed_ids(project, "python formatting") == ["python-style"]


def test_engramignore_hides_memories_and_counts_them(
    project: Path, memory: Callable[..., Path], ws_root: Path
) -> None:
    memory("deploy-old", "# Deploy\n\nold deploy notes\n")
    memory("deploy-new", "# Deploy\n\nnew deploy notes\n")
    (ws_root / ".engramignore").write_text("knowledge/deploy-old.md\n", encoding="utf-8")
    result = route(project, "deploy")
    assert [c.id for c in result.candidates] == ["deploy-new"]
    assert result.hidden == {"ignore": 1}


def test_role_filter_hides_memories_for_other_roles(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("css-rules", "# CSS\n\nstyling with tailwind\n", role=["frontend"])
    memory("db-rules", "# DB\n\nstyling of sql queries\n", role=["backend"])
    result = route(project, "styling", roles=["backend"])
    assert [c.id for c in result.candidates] == ["db-rules"]
    assert result.hidden == {"role": 1}


def test_id_hit_outranks_body_only_hit(project: Path, memory: Callable[..., Path]) -> None:
    memory("kafka-consumers", "# Consumers\n\nHow our consumers work.\n")
    memory("queues", "# Queues\n\nWe once tried kafka for a week.\n")
    assert routed_ids(project, "kafka") == ["kafka-consumers", "queues"]


def test_review_due_multiplier_is_0_7(project: Path, memory: Callable[..., Path]) -> None:
    memory("cache-policy", "# Cache\n\ncache policy\n", lifecycle="review_due")
    assert factors(project, "cache", "cache-policy")["review_due"] == 0.7


def test_medium_confidence_multiplier_is_0_9(project: Path, memory: Callable[..., Path]) -> None:
    memory("cache-policy", "# Cache\n\ncache policy\n", confidence="medium")
    assert factors(project, "cache", "cache-policy")["confidence medium"] == 0.9


def test_workspace_multiplier_is_1_1(project: Path, memory: Callable[..., Path]) -> None:
    memory("cache-policy", "# Cache\n\ncache policy\n")
    assert factors(project, "cache", "cache-policy")["workspace"] == 1.1


def test_stale_source_multiplier_is_0_6(project: Path, memory: Callable[..., Path]) -> None:
    source = project / "src" / "cache.py"
    source.parent.mkdir()
    source.write_text("TTL = 60\n")
    from engram.safety.hashes import content_hash

    memory("cache-policy", "# Cache\n\ncache ttl\n",
           sources=[{"path": "src/cache.py", "sha256": content_hash("TTL = 60\n")}])  # fmt: skip
    assert "stale" not in factors(project, "cache", "cache-policy")
    source.write_text("TTL = 120\n")
    assert factors(project, "cache", "cache-policy")["stale"] == 0.6


def test_fetch_boost_is_small_and_bounded(project: Path, memory: Callable[..., Path]) -> None:
    memory("cache-policy", "# Cache\n\ncache policy\n")
    with engram.open_workspace(project) as ws:
        for _ in range(50):
            ws.fetch(["cache-policy"])
    boost = factors(project, "cache", "cache-policy")["fetched"]
    assert 1.0 < boost <= 1.10


def test_expired_valid_until_is_skipped_with_reason_lifecycle(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("old-api", "# Old\n\nlegacy api notes\n", valid_until="2020-01-01")
    memory("new-api", "# New\n\ncurrent api notes\n", valid_until="2030-01-01")
    result = route(project, "api")
    assert [c.id for c in result.candidates] == ["new-api"]
    assert [(s.id, s.reason) for s in result.skipped] == [("old-api", "lifecycle")]


def test_archived_and_superseded_are_hidden_from_routing(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("api-v1", "# V1\n\napi version one\n", lifecycle="archived")
    memory("api-v2", "# V2\n\napi version two\n", lifecycle="superseded")
    assert route(project, "api").candidates == []


def test_archived_memory_can_still_be_fetched_by_id(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("api-v1", "# V1\n\napi version one\n", lifecycle="archived")
    with engram.open_workspace(project) as ws:
        pack = ws.fetch(["api-v1"])
    assert [i.candidate.id for i in pack.items] == ["api-v1"]
    assert pack.notes == ["note: api-v1 is archived"]


def test_many_anchors_need_two_hits_or_a_strong_field(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("one-weak-hit", "# Notes\n\nsomething about postgres\n")
    memory("two-hits", "# Notes\n\npostgres vacuum tuning\n")
    memory("strong-hit", "# Notes\n\nnothing else\n", tags=["postgres"])
    ids = routed_ids(project, "postgres vacuum replication failover")
    assert set(ids) == {"two-hits", "strong-hit"}


def test_few_anchors_need_only_one_hit(project: Path, memory: Callable[..., Path]) -> None:
    memory("one-weak-hit", "# Notes\n\nsomething about postgres\n")
    assert routed_ids(project, "postgres replication") == ["one-weak-hit"]


def test_vector_signal_never_admits_a_memory_without_term_overlap(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy the api\n")
    memory("unrelated", "# Garden\n\ntomatoes and basil\n")
    seen: list[str] = []

    def vector(query: str, pool: Sequence[Candidate]) -> dict[str, float]:
        seen.extend(c.id for c in pool)
        return {"workspace:unrelated": 1.0, "workspace:deploy-api": 0.1}

    assert routed_ids(project, "deploy", signals=[vector]) == ["deploy-api"]
    assert "unrelated" not in seen


def test_vector_signal_reranks_term_sharing_memories(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy deploy the api\n")
    memory("deploy-web", "# Web\n\ndeploy the web client\n")
    assert routed_ids(project, "deploy")[0] == "deploy-api"

    def prefers_web(query: str, pool: Sequence[Candidate]) -> dict[str, float]:
        return {"workspace:deploy-web": 1.0}

    assert routed_ids(project, "deploy", signals=[prefers_web])[0] == "deploy-web"


def test_strong_vector_signal_widens_to_a_memory_the_anchor_rule_missed(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("pg-notes", "# Notes\n\nsomething about postgres\n")
    query = "postgres vacuum replication failover"
    assert routed_ids(project, query) == []

    def vouches(query: str, pool: Sequence[Candidate]) -> dict[str, float]:
        return {"workspace:pg-notes": 0.9}

    assert routed_ids(project, query, signals=[vouches]) == ["pg-notes"]


def test_workflow_word_routes_to_skills(project: Path, memory: Callable[..., Path]) -> None:
    memory("release-notes", "# Release\n\nrelease notes format\n")
    memory("release-steps", "# Release\n\nrelease notes steps\n", kind="skill")
    assert routed_ids(project, "release workflow")[0] == "release-steps"


def test_bare_type_words_never_produce_a_broad_match(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("release-steps", "# Release\n\na workflow for releases\n", kind="workflow")
    memory("style", "# Style\n\nrule: use ruff\n", kind="rule")
    assert routed_ids(project, "workflow") == []
    assert routed_ids(project, "rule skill knowledge") == []


def test_prerequisites_load_first_even_without_keyword_overlap(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("release-foundation", "# Base\n\nsemantic versions only\n", kind="rule",
           level="foundation")  # fmt: skip
    memory("deploy-api", "# Deploy\n\ndeploy the api\n", kind="skill",
           depends_on=["release-foundation"], level="advanced")  # fmt: skip
    result = route(project, "deploy")
    assert [c.id for c in result.pack] == ["release-foundation", "deploy-api"]
    assert result.pack[0].prerequisite_of == "deploy-api"


def test_prerequisite_chains_are_ordered_foundation_first(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("base", "# Base\n\nbasics\n", level=0)
    memory("middle", "# Middle\n\nmore\n", level=1, depends_on=["base"])
    memory("deep", "# Deep\n\nkafka details\n", level=2, depends_on=["middle"])
    assert routed_ids(project, "kafka") == ["base", "middle", "deep"]


def test_dependency_cycles_do_not_loop(project: Path, memory: Callable[..., Path]) -> None:
    memory("a", "# A\n\nkafka a\n", depends_on=["b"])
    memory("b", "# B\n\nother\n", depends_on=["a"])
    assert sorted(routed_ids(project, "kafka")) == ["a", "b"]


def test_a_hidden_workspace_prerequisite_does_not_fall_back_to_the_global_copy(
    project: Path, memory: Callable[..., Path], global_root: Path
) -> None:
    memory("base", "# Base\n\nworkspace base\n", lifecycle="archived")
    memory("deep", "# Deep\n\nkafka details\n", depends_on=["base"])
    write_memory(global_root, "base", "# Base\n\nglobal base\n")
    assert routed_ids(project, "kafka") == ["deep"]


def test_a_prerequisite_chain_longer_than_the_recursion_limit_loads(
    project: Path, memory: Callable[..., Path]
) -> None:
    for n in range(1500):
        memory(f"n{n}", "# N\n\nkafka\n" if n == 0 else "# N\n\nother\n",
               **({"depends_on": [f"n{n + 1}"]} if n < 1499 else {}))  # fmt: skip
    ids = routed_ids(project, "kafka")
    assert len(ids) == 1500 and ids[0] == "n1499" and ids[-1] == "n0"


def test_missing_prerequisites_are_reported(project: Path, memory: Callable[..., Path]) -> None:
    memory("deep", "# Deep\n\nkafka details\n", depends_on=["nowhere"])
    assert route(project, "kafka").missing_prerequisites == ["nowhere"]


def test_a_withheld_prerequisite_is_told_as_skipped_with_its_reason(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("old-base", "# Old\n\nold basics\n", valid_until="2020-01-01")
    memory("gone-base", "# Gone\n\ngone basics\n", lifecycle="superseded")
    memory("deep", "# Deep\n\nkafka details\n", depends_on=["old-base", "gone-base"])
    result = route(project, "kafka")
    assert [c.id for c in result.pack] == ["deep"]
    assert sorted((s.id, s.reason) for s in result.skipped) == [
        ("gone-base", "superseded"),
        ("old-base", "lifecycle"),
    ]
    assert result.missing_prerequisites == []


def test_an_expired_prerequisite_that_also_matched_is_skipped_once(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("old-base", "# Old\n\nkafka basics\n", valid_until="2020-01-01")
    memory("deep", "# Deep\n\nkafka details\n", depends_on=["old-base"])
    assert [(s.id, s.reason) for s in route(project, "kafka").skipped] == [
        ("old-base", "lifecycle")
    ]


def test_an_ignored_prerequisite_is_withheld_without_a_word(
    project: Path, memory: Callable[..., Path], ws_root: Path
) -> None:
    memory("secret-base", "# Base\n\nbasics\n")
    memory("deep", "# Deep\n\nkafka details\n", depends_on=["secret-base"])
    (ws_root / ".engramignore").write_text("knowledge/secret-base.md\n", encoding="utf-8")
    result = route(project, "kafka")
    assert [c.id for c in result.pack] == ["deep"]
    assert result.skipped == [] and result.missing_prerequisites == []


def test_of_two_files_with_one_id_the_pack_prints_the_one_a_fetch_reads(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("kafka-notes", "# A\n\nkafka kafka kafka\n", kind="rule", directive="Kafka rule.")
    memory("kafka-notes", "# B\n\nkafka notes\n", kind="knowledge")
    ws = engram.open_workspace(project)
    fetched = [item.candidate.row.path for item in ws.fetch(["kafka-notes"]).items]
    assert [c.row.path for c in route(project, "kafka").pack] == fetched


def test_compact_limit_selects_top_matches_and_counts_all_related(
    project: Path, memory: Callable[..., Path]
) -> None:
    for n in range(12):
        memory(f"kafka-{n}", f"# K{n}\n\nkafka topic {n}\n")
    result = route(project, "kafka")
    assert len(result.pack) == 8 and result.related == 12
    assert len(route(project, "kafka", select_all=True).pack) == 12


def test_dry_run_counts_memories_the_anchor_rule_turned_away(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("one-weak-hit", "# Notes\n\nsomething about postgres\n")
    memory("two-hits", "# Notes\n\npostgres vacuum tuning\n")
    result = route(project, "postgres vacuum replication failover")
    assert [c.id for c in result.candidates] == ["two-hits"] and result.not_admitted == 1
