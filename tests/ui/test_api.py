"""The JSON API behind every page, through Starlette's test client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import AWS, INJECTION, Site


def _json(site: Site, path: str, status: int = 200, **params: Any) -> Any:
    answer = site.client.get(path, params=params)
    assert answer.status_code == status, answer.text
    return answer.json()


def _states(site: Site) -> dict[str, list[str]]:
    return {m["path"]: m["states"] for m in _json(site, "/api/memories")["memories"]}


def test_memories_lists_every_file_with_its_state(site: Site) -> None:
    states = _states(site)
    assert states["skills/deploy-api.md"] == ["approved"]
    assert states["knowledge/db-migrations.md"] == ["changed"]
    assert states["rules/new-rule.md"] == ["unapproved"]
    assert states["knowledge/leaky.md"] == ["approved", "unsafe"]
    assert states["knowledge/huge.md"] == ["too large"]


def test_a_memory_whose_source_changed_is_stale(site: Site, memory: Any) -> None:
    from engram.safety.hashes import content_hash

    source = site.project / "src" / "cache.py"
    source.parent.mkdir()
    source.write_text("TTL = 60\n")
    memory(
        "cache-policy",
        "# Cache\n\ncache ttl\n",
        sources=[{"path": "src/cache.py", "sha256": content_hash("TTL = 60\n")}],
    )
    source.write_text("TTL = 120\n")
    assert "stale" in _states(site)["knowledge/cache-policy.md"]


def test_memories_of_the_global_folder_are_listed_with_their_scope(
    site: Site, global_root: Path
) -> None:
    from tests.conftest import write_memory

    write_memory(global_root, "house-style", "# Style\n\nWrite short sentences.\n", kind="rule")
    listed = _json(site, "/api/memories", q="house-style")["memories"]
    assert [(m["scope"], m["path"]) for m in listed] == [("global", "rules/house-style.md")]


def test_a_file_too_large_to_read_says_so(site: Site) -> None:
    [huge] = [m for m in _json(site, "/api/memories")["memories"] if m["path"].endswith("huge.md")]
    assert "too large" in huge["reason"]


def test_a_file_with_broken_frontmatter_is_invalid_with_its_line(site: Site) -> None:
    (site.root / "rules" / "broken.md").write_text("---\nid: [unclosed\n---\nbody\n")
    [broken] = [m for m in _json(site, "/api/memories")["memories"] if "broken" in m["path"]]
    assert broken["states"] == ["invalid"] and broken["reason"].startswith("line ")


def test_memories_filter_by_words_state_and_type(site: Site) -> None:
    found = _json(site, "/api/memories", q="deploy", type="skill")["memories"]
    assert [m["id"] for m in found] == ["deploy-api"]
    changed = _json(site, "/api/memories", state="changed")["memories"]
    assert [m["id"] for m in changed] == ["db-migrations"]


def test_an_unknown_state_is_an_error_naming_it(site: Site) -> None:
    error = _json(site, "/api/memories", 400, state="shiny")["error"]
    assert error["message"] == "unknown state 'shiny'"


def test_a_memory_shows_its_body(site: Site) -> None:
    shown = _json(site, "/api/memories/workspace/skills/deploy-api.md")
    assert "Run **scripts/deploy.sh** after tagging." in shown["body"]
    assert shown["directive"].startswith("Deploy with scripts/deploy.sh")


def test_a_memory_page_renders_its_body_as_markdown(site: Site) -> None:
    page = site.client.get("/memories/workspace/skills/deploy-api.md").text
    assert "<strong>scripts/deploy.sh</strong>" in page


def test_raw_html_in_a_memory_body_is_escaped(site: Site, memory: Any) -> None:
    memory("html-note", "# Note\n\n<script>alert(1)</script> and <b>bold</b>\n")
    page = site.client.get("/memories/workspace/knowledge/html-note.md").text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_an_unsafe_memory_shows_its_reason_not_its_text(site: Site) -> None:
    shown = _json(site, "/api/memories/workspace/knowledge/leaky.md")
    assert shown["body"] is None and shown["withheld"].startswith("secret: AWS access key")
    page = site.client.get("/memories/workspace/knowledge/leaky.md").text
    assert "Withheld: secret: AWS access key" in page and AWS not in page


def test_the_memory_list_never_shows_an_unsafe_files_text(site: Site) -> None:
    assert AWS not in site.client.get("/memories").text
    assert AWS not in site.client.get("/api/memories").text


def test_the_routing_preview_gives_the_pack_and_its_reasons(site: Site) -> None:
    preview = _json(site, "/api/load", task="deploy the release")
    assert preview["pack"]["memories"][0]["id"] == "deploy-api"
    assert preview["text"].startswith("loaded ")
    reasons = preview["reasons"]
    assert reasons["anchors"] == ["deploy", "release"]
    top = next(c for c in reasons["candidates"] if c["id"] == "deploy-api")
    assert top["selected"] and "deploy" in top["matched"] and top["factors"]
    skipped = {s["id"]: s["reason"] for s in preview["pack"]["skipped"]}
    assert skipped["leaky"].startswith("secret: AWS access key")


def test_the_routing_preview_without_a_task_is_an_error(site: Site) -> None:
    assert _json(site, "/api/load", 400, task=" ")["error"]["message"] == "no task given"


def test_approvals_list_changed_and_unapproved_files_with_a_diff(site: Site) -> None:
    files = {f["path"]: f for f in _json(site, "/api/approvals")["files"]}
    assert set(files) == {"knowledge/db-migrations.md", "rules/new-rule.md"}
    assert files["rules/new-rule.md"]["note"] == "never approved: the whole file is new"
    # approved by a load, whose text was not kept: the hash alone is known
    assert "not kept" in files["knowledge/db-migrations.md"]["note"]


def test_a_diff_shows_what_changed_since_the_file_was_approved(site: Site) -> None:
    post = site.client.post(
        "/api/approve",
        json={"scope": "workspace", "path": "knowledge/db-migrations.md"},
        headers={"X-CSRF-Token": site.csrf},
    )
    assert post.status_code == 200
    path = site.root / "knowledge" / "db-migrations.md"
    path.write_text(path.read_text().replace("before deploys", "after each merge"))
    [entry] = _json(site, "/api/approvals")["files"][:1]
    assert "-Alembic runs them in CI before deploys." in entry["diff"]
    assert "+Alembic runs them in CI after each merge." in entry["diff"]


def test_without_a_kept_copy_the_diff_is_against_the_last_commit(site: Site) -> None:
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    path = site.root / "knowledge" / "db-migrations.md"
    edited = path.read_text()
    path.write_text(edited.replace("in CI before deploys", "in CI"))  # back to the approved text
    git = ["git", "-C", str(site.project), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "memories"], check=True)
    path.write_text(edited)
    [entry] = [f for f in _json(site, "/api/approvals")["files"] if "db-migrations" in f["path"]]
    assert "+Alembic runs them in CI before deploys." in entry["diff"]
    assert "-Alembic runs them in CI." in entry["diff"] and entry["note"] == ""


def test_approving_one_file_leaves_the_others_as_they_are(site: Site) -> None:
    answer = site.client.post(
        "/api/approve",
        data={
            "csrf": site.csrf,
            "scope": "workspace",
            "path": "rules/new-rule.md",
            "next": "/approvals",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/approvals"
    states = _states(site)
    assert states["rules/new-rule.md"] == ["approved"]
    assert states["knowledge/db-migrations.md"] == ["changed"]


def test_approving_a_file_that_is_not_there_is_an_error(site: Site) -> None:
    answer = site.client.post(
        "/api/approve",
        json={"scope": "workspace", "path": "rules/no.md"},
        headers={"X-CSRF-Token": site.csrf},
    )
    assert answer.status_code == 400
    assert (
        answer.json()["error"]["message"] == "no memory file 'rules/no.md' in the workspace folder"
    )


def test_facts_search_finds_a_fact(site: Site) -> None:
    found = _json(site, "/api/facts", q="where does Alice live")["facts"]
    assert found[0]["id"] == site.facts["paris"]


def test_facts_filter_by_scope_key_and_tag(site: Site) -> None:
    assert [f["id"] for f in _json(site, "/api/facts", tag="infra")["facts"]] == [
        site.facts["kafka"]
    ]
    keyed = _json(site, "/api/facts", scope="user", key="alice")["facts"]
    assert site.facts["kafka"] not in {f["id"] for f in keyed}
    assert _json(site, "/api/facts", q="kafka brokers", since="2999-01-01")["facts"] == []


def test_an_unsafe_fact_shows_its_reason_not_its_text(site: Site) -> None:
    listed = {f["id"]: f for f in _json(site, "/api/facts", scope="user")["facts"]}
    planted = listed[site.facts["unsafe"]]
    assert planted["withheld"] and planted["reason"].startswith("prompt injection")
    assert "content" not in planted
    page = site.client.get(f"/facts/{site.facts['unsafe']}").text
    assert "withheld: prompt injection" in page and "curl evil" not in page
    assert "curl evil" not in site.client.get("/facts", params={"scope": "user"}).text


def test_a_fact_shows_its_versions_as_a_timeline(site: Site) -> None:
    shown = _json(site, f"/api/facts/{site.facts['paris']}")
    versions = shown["versions"]
    assert [v["id"] for v in versions] == [site.facts["berlin"], site.facts["paris"]]
    assert [v["status"] for v in versions] == ["superseded", "active"]
    assert {
        "source": site.facts["paris"],
        "relation": "supersedes",
        "target": site.facts["berlin"],
    } in versions[1]["edges"]
    assert versions[1]["events"][0]["detail"]["outcome"] == "supersede"


def _plant_unsafe_event_and_link(site: Site) -> str:
    """A change-log entry and a link an older store wrote for the Kafka fact, unscanned."""
    kafka = site.facts["kafka"]
    with site.store._write():
        site.store._backend.log_event("2026-01-01T00:00:00Z", "boosted", kafka, note=INJECTION)
        site.store._backend.add_edge(kafka, INJECTION, site.facts["paris"], "2026-01-01")
    return kafka


def test_a_fact_page_withholds_an_unsafe_change_log_entry(site: Site) -> None:
    kafka = _plant_unsafe_event_and_link(site)
    [version] = _json(site, f"/api/facts/{kafka}")["versions"]
    [planted] = [ev for ev in version["events"] if ev["kind"] == "boosted"]
    assert planted["detail"] == {"withheld": "prompt injection: instruction override (line 1)"}
    assert "curl evil" not in site.client.get(f"/facts/{kafka}").text


def test_a_fact_page_masks_an_unsafe_link_name(site: Site) -> None:
    kafka = _plant_unsafe_event_and_link(site)
    [version] = _json(site, f"/api/facts/{kafka}")["versions"]
    assert {"source": kafka, "relation": "[unsafe]", "target": site.facts["paris"]} in version[
        "edges"
    ]
    assert "curl evil" not in json.dumps(version)


def test_an_unknown_fact_is_an_error(site: Site) -> None:
    assert _json(site, "/api/facts/f_nope", 400)["error"]["message"] == "no fact with id 'f_nope'"


def test_updating_a_fact_makes_a_new_version(site: Site) -> None:
    answer = site.client.post(
        f"/api/facts/{site.facts['kafka']}/update",
        json={"content": "Kafka runs on five brokers in production."},
        headers={"X-CSRF-Token": site.csrf},
    )
    new = answer.json()["updated"]
    assert new["content"] == "Kafka runs on five brokers in production."
    versions = _json(site, f"/api/facts/{new['id']}")["versions"]
    assert [v["status"] for v in versions] == ["superseded", "active"]


def test_an_update_holding_a_secret_is_refused_naming_the_problem(site: Site) -> None:
    answer = site.client.post(
        f"/api/facts/{site.facts['kafka']}/update",
        json={"content": f"Kafka's key is {AWS} in production."},
        headers={"X-CSRF-Token": site.csrf},
    )
    assert answer.status_code == 400 and AWS not in answer.text


def test_an_update_whose_content_is_not_text_is_refused_naming_the_field(site: Site) -> None:
    answer = site.client.post(
        f"/api/facts/{site.facts['kafka']}/update",
        json={"content": 5},
        headers={"X-CSRF-Token": site.csrf},
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["message"] == "the field 'content' must be text, got a number"
    assert [v["status"] for v in _json(site, f"/api/facts/{site.facts['kafka']}")["versions"]] == [
        "active"
    ]


def test_deleting_a_fact_from_its_page_keeps_it_in_its_history(site: Site) -> None:
    answer = site.client.post(
        f"/api/facts/{site.facts['kafka']}/delete", data={"csrf": site.csrf}, follow_redirects=False
    )
    assert answer.status_code == 303
    assert site.facts["kafka"] not in {f["id"] for f in _json(site, "/api/facts")["facts"]}
    assert _json(site, f"/api/facts/{site.facts['kafka']}")["current"]["status"] == "deleted"


def test_the_graph_around_a_node_has_its_nodes_and_relations(site: Site) -> None:
    view = _json(site, "/api/graph", start="Acme Corp", hops=1)
    assert {n["name"] for n in view["nodes"]} == {"Acme Corp", "Kazan", "Ivan Petrov"}
    assert {e["relation"] for e in view["edges"]} == {"works_at", "located_in"}


def test_the_graph_with_no_start_withholds_an_unsafe_entity(site: Site) -> None:
    view = _json(site, "/api/graph")
    [held] = [n for n in view["nodes"] if n.get("withheld")]
    assert held["name"] == "withheld" and held["withheld"].startswith("prompt injection")
    assert INJECTION not in site.client.get("/api/graph").text


def test_the_graph_filters_by_type(site: Site) -> None:
    view = _json(site, "/api/graph", start="Acme Corp", hops=2, type="person")
    assert {n["name"] for n in view["nodes"]} == {"Acme Corp", "Ivan Petrov"}


def test_the_graph_with_bad_hops_is_an_error(site: Site) -> None:
    assert _json(site, "/api/graph", 400, hops="9")["error"]["message"] == (
        "hops must be from 1 to 4, got 9"
    )


def test_the_overview_counts_memory_files_facts_and_entities(site: Site) -> None:
    shown = _json(site, "/api/overview")
    assert shown["memories"]["by_scope"] == {"workspace": 5}
    assert shown["memories"]["by_state"]["changed"] == 1
    assert shown["facts"] == {"active": 3, "superseded": 1, "deleted": 0}
    assert shown["graph"] == {"nodes": 4, "edges": 2}


def test_the_doctor_problems_come_from_their_own_call(site: Site) -> None:
    kinds = {p["kind"] for p in _json(site, "/api/doctor")["problems"]}
    assert {"changed", "unapproved", "unsafe", "invalid"} <= kinds


def test_the_overview_lists_the_last_hook_sessions(site: Site) -> None:
    from engram.hooks.state import DeliveryState

    with DeliveryState("claude", str(site.project), "s1") as state:
        state.add(["deploy-api", "db-migrations"])
    [session] = _json(site, "/api/overview")["hook_sessions"]
    assert (session["host"], session["delivered"]) == ("claude", 2)


def test_every_page_answers(site: Site) -> None:
    for path in (
        "/",
        "/memories",
        "/load",
        "/load?task=deploy",
        "/approvals",
        "/facts",
        f"/facts/{site.facts['paris']}",
        "/graph",
    ):
        answer = site.client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].startswith("text/html")


def test_a_date_filter_without_words_is_an_error_saying_so(site: Site) -> None:
    error = _json(site, "/api/facts", 400, since="2026-01-01")["error"]
    assert error["message"] == "recorded since / until filter a search"


@pytest.mark.sqlite_only
def test_the_facts_page_withholds_a_fact_whose_id_and_time_are_planted(site: Site) -> None:
    conn = site.store._backend._conn
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute(
        "UPDATE facts SET id = ?, created_at = ? WHERE id = ?",
        (INJECTION, INJECTION, site.facts["kafka"]),
    )
    listed = _json(site, "/api/facts", scope="agent")["facts"]
    [planted] = [f for f in listed if f.get("withheld")]
    assert planted["id"] is None and planted["reason"].startswith("malformed fact")
    page = site.client.get("/facts", params={"scope": "agent"})
    assert page.status_code == 200 and "curl evil" not in page.text + json.dumps(listed)


@pytest.mark.parametrize("offset", ["²", "١٢"])
def test_an_offset_of_other_digits_is_an_error_naming_it(site: Site, offset: str) -> None:
    error = _json(site, "/api/facts", 400, offset=offset)["error"]
    assert error["message"] == f"offset must be a whole number, got {offset!r}"


def test_an_offset_too_large_is_an_error_naming_it(site: Site) -> None:
    error = _json(site, "/api/facts", 400, offset="9" * 30)["error"]
    assert error["message"].startswith("offset must be at most")


def test_a_graph_start_of_other_digits_is_looked_up_as_a_name(site: Site) -> None:
    assert _json(site, "/api/graph", 400, start="²")["error"]["message"] == "no node named '²'"


def test_a_graph_start_id_too_large_is_looked_up_as_a_name(site: Site) -> None:
    huge = "9" * 30
    assert _json(site, "/api/graph", 400, start=huge)["error"]["message"] == (
        f"no node named {huge!r}"
    )


def test_an_error_naming_a_secret_does_not_repeat_it(site: Site) -> None:
    error = _json(site, f"/api/facts/{AWS}", 400)["error"]
    assert error["message"] == "(message withheld: secret: AWS access key)"
    assert AWS not in site.client.get(f"/facts/{AWS}").text


def test_a_refused_write_naming_a_secret_does_not_repeat_it(site: Site) -> None:
    answer = site.client.post(f"/api/facts/{AWS}/delete", data={"csrf": site.csrf})
    assert answer.status_code == 400 and AWS not in answer.text
    answer = site.client.post(
        "/api/approve",
        json={"scope": "workspace", "path": f"knowledge/{AWS}.md"},
        headers={"X-CSRF-Token": site.csrf},
    )
    assert answer.status_code == 400 and AWS not in answer.text


def test_the_overview_withholds_a_hook_error_naming_a_secret(site: Site) -> None:
    from engram.hooks.errorlog import log_error

    for message in (f"cannot read {AWS}", "timed out"):
        error = ValueError(message)
        log_error("claude", "UserPromptSubmit", error, trace="t", folder=site.project)
    held, plain = _json(site, "/api/overview")["hook_errors"]
    assert held == "details withheld: they name an unsafe value"
    assert plain.endswith("ValueError: timed out")
    assert AWS not in site.client.get("/").text


def test_the_graph_masks_an_unsafe_relation_name(site: Site) -> None:
    graph = site.store.graph
    with site.store._write():  # a relation an older version stored, past the name check
        kazan, acme = graph.resolve("Kazan"), graph.resolve("Acme Corp")
        graph._relate(kazan, INJECTION, acme, "2024-01-01T00:00:00+00:00", 0.8, None)
    view = _json(site, "/api/graph", start="Kazan")
    assert {e["relation"] for e in view["edges"]} == {"located_in", "[unsafe]"}
    assert "curl evil" not in json.dumps(view)
