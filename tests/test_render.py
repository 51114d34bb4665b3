"""The tiered pack format of SPEC A4."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import engram
from engram.render.pack import limit_note
from engram.terminal import _ESCAPES, printable
from tests.helpers import load, text


def three_memories(memory: Callable[..., Path]) -> None:
    memory("release-foundation", "# Base\n\nTag releases from main.\n\n## Origin\nsecret story\n",
           kind="rule", directive="Tag releases from main.", level="foundation")  # fmt: skip
    memory(
        "deploy-api",
        "# Deploy\n\ndeploy api steps\n\n## Example\nexample text\n",
        kind="skill",
        depends_on=["release-foundation"],
        directive="Deploy the API safely.",
    )
    memory("deploy-notes", "# Notes\n\ndeploy history\n", summary="History of deploys.")


def test_header_counts_loaded_and_related(project: Path, memory: Callable[..., Path]) -> None:
    three_memories(memory)
    assert text(project, "deploy").splitlines()[0] == (
        "loaded 3 memory files / 3 total related memories"
    )


def test_bodies_have_id_type_authority_heading_directive_and_requires_line(
    project: Path, memory: Callable[..., Path]
) -> None:
    three_memories(memory)
    out = text(project, "deploy")
    assert (
        "### deploy-api [skill, instruction]\ndirective: Deploy the API safely.\n"
        "requires: release-foundation\n# Deploy"
    ) in out


def test_a_directive_the_body_already_says_is_not_repeated(
    project: Path, memory: Callable[..., Path]
) -> None:
    three_memories(memory)
    out = text(project, "deploy")
    assert "### release-foundation [rule, instruction]\n# Base" in out
    assert out.count("Tag releases from main.") == 1


def test_frontmatter_and_human_sections_are_never_printed(
    project: Path, memory: Callable[..., Path]
) -> None:
    three_memories(memory)
    out = text(project, "deploy", mode="all")
    assert "secret story" not in out and "example text" not in out
    assert "depends_on" not in out and "---" not in out


def test_matches_beyond_expand_top_are_cards_and_a_fetch_line_ends_the_output(
    project: Path, memory: Callable[..., Path]
) -> None:
    three_memories(memory)
    out = text(project, "deploy", expand_top=1)
    assert "- deploy-api [skill] Deploy the API safely." in out
    assert "- deploy-notes [knowledge] History of deploys." in out
    assert out.rstrip("\n").splitlines()[-1] == "fetch: engram load --id deploy-api,deploy-notes"


def test_left_out_candidates_appear_as_up_to_five_cards(
    project: Path, memory: Callable[..., Path]
) -> None:
    for n in range(15):
        memory(f"kafka-{n:02}", f"# K\n\nkafka topic {n}\n")
    pack = load(project, "kafka")
    assert len(pack.loaded) == 8
    assert len([i for i in pack.items if i.extra]) == 5
    assert text(project, "kafka").splitlines()[0] == (
        "loaded 8 memory files / 15 total related memories"
    )


def test_stale_cards_are_marked(project: Path, memory: Callable[..., Path]) -> None:
    memory("cache-policy", "# Cache\n\ncache ttl\n", directive="Keep the TTL short.",
           sources=[{"path": "gone.py", "sha256": "0" * 64}])  # fmt: skip
    assert "- cache-policy [knowledge] Keep the TTL short. (stale)" in text(
        project, "cache", expand_top=0
    )


def test_disclosure_full_prints_every_selected_memory_as_a_body(
    project: Path, memory: Callable[..., Path]
) -> None:
    three_memories(memory)
    pack = load(project, "deploy", expand_top=1, disclosure="full")
    assert {i.tier for i in pack.items} == {"body"} and "fetch:" not in engram.render_text(pack)


def test_all_mode_has_no_compact_limit_and_no_tiers(
    project: Path, memory: Callable[..., Path]
) -> None:
    for n in range(12):
        memory(f"kafka-{n:02}", f"# K\n\nkafka topic {n}\n")
    pack = load(project, "kafka", mode="all")
    assert len(pack.items) == 12 and {i.tier for i in pack.items} == {"body"}


def test_budget_demotes_bodies_before_dropping_cards(
    project: Path, memory: Callable[..., Path]
) -> None:
    for n in range(4):
        memory(f"kafka-{n}", f"# K{n}\n\nkafka topic {n}. " + "Long text here. " * 40 + "\n",
               directive=f"Kafka rule {n}.")  # fmt: skip
    pack = load(project, "kafka", budget_tokens=120)
    assert pack.demoted and not pack.dropped
    assert engram.estimate_tokens(engram.render_text(pack)) <= 120
    assert "demoted" not in engram.render_text(pack)  # said apart, never in the pack


def test_the_limit_note_names_what_was_demoted_and_dropped(
    project: Path, memory: Callable[..., Path]
) -> None:
    for n in range(8):
        memory(f"kafka-{n}", f"# K{n}\n\n" + "kafka " * (8 - n) + "\n",
               directive=f"Kafka rule number {n} with a longer directive text.")  # fmt: skip
    pack = load(project, "kafka", budget_tokens=60)
    note = limit_note(pack)
    assert note == (
        f"budget 60 tokens: demoted to cards {', '.join(pack.demoted)}; "
        f"dropped {', '.join(pack.dropped)}"
    )
    assert pack.demoted and pack.dropped


def test_budget_drops_lowest_ranked_cards_last(project: Path, memory: Callable[..., Path]) -> None:
    for n in range(8):
        memory(f"kafka-{n}", f"# K{n}\n\n" + "kafka " * (8 - n) + "\n",
               directive=f"Kafka rule number {n} with a longer directive text.")  # fmt: skip
    pack = load(project, "kafka", budget_tokens=60)
    out = engram.render_text(pack)
    assert pack.dropped and engram.estimate_tokens(out) <= 60
    kept = [i.candidate.id for i in pack.items]
    ranked = [i.candidate.id for i in load(project, "kafka").items]
    assert kept == ranked[: len(kept)]
    assert pack.dropped == ranked[len(kept) :][::-1]


def test_budget_keeps_the_best_match_before_the_weaker_prerequisite_printed_first(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory(
        "db-foundation",
        "# Base\n\nUse the connection pool.\n",
        kind="rule",
        tags=["database"],
        directive="Always use the connection pool for the database.",
    )
    memory("db-migration", "# Migrate\n\nWrite the downgrade too.\n", kind="skill",
           tags=["database", "migration"], triggers=["migration"], depends_on=["db-foundation"],
           directive="Write reversible migrations and test the downgrade.")  # fmt: skip
    full = load(project, "write a database migration")
    assert [i.candidate.id for i in full.items] == ["db-foundation", "db-migration"]
    pack = load(project, "write a database migration", budget_tokens=50)
    assert [i.candidate.id for i in pack.items] == ["db-migration"]
    assert pack.dropped == ["db-foundation"]


def test_budget_never_cuts_text_mid_way(project: Path, memory: Callable[..., Path]) -> None:
    body = "# K\n\nkafka " + "word " * 200 + "END\n"
    memory("kafka-long", body)
    pack = load(project, "kafka", budget_tokens=100_000)
    assert "END" in engram.render_text(pack)
    small = load(project, "kafka", budget_tokens=40)
    assert "END" not in engram.render_text(small) and "word word" not in engram.render_text(small)


def test_json_shape_is_stable(project: Path, memory: Callable[..., Path]) -> None:
    three_memories(memory)
    data = engram.pack_json(load(project, "deploy"), "deploy")
    assert set(data) == {"version", "query", "anchors", "ignored_words", "loaded", "related",
                         "memories", "skipped", "hidden", "budget", "fetch", "notes"}  # fmt: skip
    assert set(data["memories"][0]) == {"id", "scope", "type", "authority", "tier", "loaded",
                                        "score", "stale", "requires", "prerequisite_of", "path",
                                        "card", "body"}  # fmt: skip


def test_terminal_escapes_in_depends_on_are_not_printed(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy steps\n", depends_on=["\x1b]52;c;aGk=\x07base"])
    out = text(project, "deploy")
    assert "\x1b" not in out and "\x07" not in out and "requires: base\n" in out


def test_terminal_escapes_in_depends_on_are_not_in_the_json(
    project: Path, memory: Callable[..., Path]
) -> None:
    memory("deploy-api", "# Deploy\n\ndeploy steps\n", depends_on=["\x1b[2Jbase"])
    data = engram.pack_json(load(project, "deploy"), "deploy")
    assert data["memories"][0]["requires"] == ["base"]


def test_terminal_escapes_in_a_missing_prerequisite_are_not_in_the_dry_run(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.render.report import dry_run_text

    memory("deploy-api", "# Deploy\n\ndeploy steps\n", depends_on=["\x1b[2Jbase"])
    with engram.open_workspace(project) as ws:
        out = dry_run_text(ws.route("deploy"))
    assert "missing prerequisites: base\n" in out


def test_terminal_escapes_in_a_tag_are_not_in_the_dry_run(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.render.report import dry_run_text

    memory("deploy-api", "# Deploy\n\ndeploy steps\n", tags=["\x1b[2Jops"])
    memory("deploy-web", "# Web\n\ndeploy web\n")
    with engram.open_workspace(project) as ws:
        out = dry_run_text(ws.route("deploy"))
    assert "narrowing tags: ops (1)\n" in out


KEY = "AKIAQ7XK2MZP4RT9WVBN"


def test_the_dry_run_does_not_name_a_memory_whose_id_is_a_key(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.render.report import dry_run_json, dry_run_text

    memory(KEY, "# Deploy\n\ndeploy steps\n")
    with engram.open_workspace(project) as ws:
        routed = ws.route("deploy")
        out = dry_run_text(routed) + str(dry_run_json(routed, "deploy"))
    assert KEY not in out and "[unsafe id]" in out


def test_the_dry_run_narrows_by_no_tag_of_an_unsafe_memory(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.render.report import dry_run_json, dry_run_text

    memory("deploy-keys", "# Deploy\n\ndeploy steps\n", tags=["ops", KEY])
    memory("deploy-web", "# Web\n\ndeploy web\n")
    with engram.open_workspace(project) as ws:
        routed = ws.route("deploy")
        out = dry_run_text(routed) + str(dry_run_json(routed, "deploy"))
    assert KEY not in out and "narrowing tags: ops" not in out


def test_the_dry_run_does_not_name_a_missing_prerequisite_that_is_a_key(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.render.report import dry_run_json, dry_run_text

    memory("deploy-api", "# Deploy\n\ndeploy steps\n", depends_on=[KEY])
    with engram.open_workspace(project) as ws:
        routed = ws.route("deploy")
        out = dry_run_text(routed) + str(dry_run_json(routed, "deploy"))
    assert KEY not in out and "missing prerequisites: [unsafe id]" in out


def test_the_dry_run_does_not_name_the_dependent_of_a_prerequisite_by_a_key(
    project: Path, memory: Callable[..., Path]
) -> None:
    from engram.render.report import dry_run_json, dry_run_text

    memory("base", "# Base\n\nthe base of it\n")
    memory(KEY, "# Deploy\n\ndeploy steps\n", depends_on=["base"])
    with engram.open_workspace(project) as ws:
        routed = ws.route("deploy")
        out = dry_run_text(routed) + str(dry_run_json(routed, "deploy"))
    assert KEY not in out and "prerequisite of [unsafe id]" in out


@given(st.text(st.sampled_from("ab \t\n\x00\x07\x08\x0b\x1b\x7f\x85\x9f\xa0[]\\;0m")))
def test_printable_drops_escape_sequences_and_control_characters(text: str) -> None:
    assert printable(text) == re.sub(_ESCAPES, "", text)
