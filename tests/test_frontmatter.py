"""Frontmatter parsing and validation (SPEC A1)."""

from __future__ import annotations

from datetime import date

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from engram.errors import FrontmatterError
from engram.files.body import visible_body
from engram.files.frontmatter import misspelled_fields, parse_memory

FULL = """---
id: deploy-api
type: skill
authority: instruction
tags: [deploy, api]
directive: Deploy with the blue-green script.
summary: How we deploy.
triggers: [rollout, ship]
applies_to: ["src/api/**"]
depends_on: [release-foundation]
level: advanced
lifecycle: review_due
valid_until: 2027-01-31
confidence: medium
scope: workspace
role: [backend]
sources:
  - path: scripts/deploy.sh
    sha256: %s
owner: platform-team
---
# Deploy
""" % ("a" * 64)


def error_of(text: str) -> FrontmatterError:
    with pytest.raises(FrontmatterError) as info:
        parse_memory(text, path="rules/x.md")
    return info.value


def test_every_routing_field_is_read() -> None:
    m = parse_memory(FULL, path="skills/deploy-api.md")
    assert (m.id, m.type, m.authority) == ("deploy-api", "skill", "instruction")
    assert m.tags == ["deploy", "api"] and m.triggers == ["rollout", "ship"]
    assert m.applies_to == ["src/api/**"] and m.depends_on == ["release-foundation"]
    assert (m.level, m.lifecycle, m.confidence) == (2, "review_due", "medium")
    assert m.valid_until == date(2027, 1, 31)
    assert m.roles == ["backend"]
    assert m.sources[0].path == "scripts/deploy.sh" and m.sources[0].sha256 == "a" * 64


def test_unknown_fields_are_kept() -> None:
    assert parse_memory(FULL, path="skills/deploy-api.md").extra == {"owner": "platform-team"}


def test_a_misspelled_field_is_named_with_the_field_meant_and_its_line() -> None:
    text = "---\nid: x\napplies-to: [src/**]\nlifecyle: archived\ndependsOn: [y]\n---\n"
    assert misspelled_fields(text) == [
        ("applies-to", "applies_to", 3),
        ("lifecyle", "lifecycle", 4),
        ("dependsOn", "depends_on", 5),
    ]


def test_an_unknown_field_unlike_any_known_one_is_not_taken_for_a_misspelling() -> None:
    assert misspelled_fields("---\nid: x\nowner: platform-team\nauthor: ana\n---\n") == []


@pytest.mark.parametrize("key", ["source", "Source"])
def test_a_common_extra_key_of_its_own_meaning_is_not_taken_for_a_misspelling(key: str) -> None:
    assert misspelled_fields(f"---\nid: x\n{key}: https://example.com/adr/7\n---\n") == []


def test_workflow_type_is_stored_as_skill() -> None:
    assert parse_memory("---\nid: x\ntype: workflow\n---\n", path="skills/x.md").type == "skill"


def test_missing_id_defaults_to_the_file_name() -> None:
    assert parse_memory("---\ntype: rule\n---\n", path="rules/no-id.md").id == "no-id"


def test_typescript_engram_v3_file_loads_as_is() -> None:
    text = """---
author_email: dev@example.com
author_name: Dev
authority: instruction
confidence: high
created: 2026-06-01
dependency_depth: 1
depends_on:
  - release-foundation
id: release-checklist
last_confirmed: 2026-07-01
lifecycle: active
revision: 3
schema_version: 3
scope: workspace
source: manual
source_files: [docs/release.md]
source_hashes:
  docs/release.md: %s
tags:
  - release
  - task_type:deploy
task_types: [deploy]
type: rule
updated: 2026-07-01
valid_from: 2026-06-01
valid_until: null
---
# Release checklist

## Content

- Run the checks.

## Origin

From the June release.
""" % ("b" * 64)
    m = parse_memory(text, path="rules/release-checklist.md")
    assert m.level == 1 and m.triggers == ["deploy"] and m.valid_until is None
    assert m.sources[0].sha256 == "b" * 64
    assert m.extra["schema_version"] == 3 and m.extra["revision"] == 3


def test_missing_frontmatter_is_reported_on_line_1() -> None:
    err = error_of("# just a body\n")
    assert err.line == 1 and "frontmatter" in err.reason and err.path == "rules/x.md"


def test_a_date_that_is_no_date_is_reported_with_its_file_line() -> None:
    err = error_of("---\nid: x\nvalid_until: 2026-13-45\n---\n")
    assert err.line == 3 and err.reason == "invalid YAML value: month must be in 1..12"


def test_unclosed_frontmatter_is_reported() -> None:
    assert "not closed" in error_of("---\nid: x\n").reason


def test_invalid_yaml_is_reported_with_its_file_line() -> None:
    err = error_of("---\nid: x\ntags: [a, b\n---\n")
    assert err.line is not None and err.line >= 3 and "invalid YAML" in err.reason


def test_duplicate_keys_are_rejected_at_their_line() -> None:
    err = error_of("---\nid: a\ntype: rule\nid: b\n---\n")
    assert (err.line, err.reason) == (4, "duplicate key 'id'")


def test_yaml_aliases_are_rejected() -> None:
    assert "aliases" in error_of("---\nid: x\na: &big [1, 2]\nb: *big\n---\n").reason


def test_deeply_nested_yaml_is_rejected_instead_of_crashing() -> None:
    depth = 30_000
    err = error_of("---\nid: x\na: " + "[" * depth + "]" * depth + "\n---\n")
    # PyYAML >= 6.0.4 has a nesting limit of its own; either way the file is rejected cleanly.
    assert ("nested deeper than" in err.reason or "nesting depth" in err.reason) and err.line == 3


def test_oversized_frontmatter_is_rejected() -> None:
    assert "64 KiB" in error_of("---\nid: x\nnote: " + "a" * 70_000 + "\n---\n").reason


def test_python_object_tags_are_rejected() -> None:
    assert "invalid YAML" in error_of("---\nid: !!python/object/apply:os.system [ls]\n---\n").reason


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("level: expert", "level"),
        ("confidence: sure", "confidence"),
        ("lifecycle: retired", "lifecycle"),
        ("valid_until: someday", "valid_until"),
        ("authority: evidence", "authority"),
        ("tags: {a: 1}", "tags"),
        ("directive: [a]", "directive"),
        ("type: recipe", "type"),
        ("id: 'has space'", "id"),
    ],
)
def test_bad_field_values_name_the_field_and_line(line: str, field: str) -> None:
    err = error_of(f"---\nsummary: ok\n{line}\n---\n")
    assert err.reason.startswith(f"{field}:") and err.line == 3


def test_words_yaml_would_read_as_booleans_or_numbers_are_read_as_written() -> None:
    m = parse_memory(
        "---\nid: 0777\ntags: [api, no, yes, off, 1.50, 2024-01-01]\ntriggers:\n  - on\n"
        "  - true\ndirective: yes\nsummary: 3.10\n---\nbody\n",
        path="rules/x.md",
    )
    assert m.id == "0777"
    assert m.tags == ["api", "no", "yes", "off", "1.50", "2024-01-01"]
    assert m.triggers == ["on", "true"]
    assert (m.directive, m.summary) == ("yes", "3.10")


def test_values_that_are_not_text_fields_keep_their_yaml_type() -> None:
    m = parse_memory("---\nid: x\nlevel: 2\nvalid_until: 2027-01-31\n---\n", path="rules/x.md")
    assert (m.level, m.valid_until) == (2, date(2027, 1, 31))


def test_an_empty_list_item_is_skipped() -> None:
    m = parse_memory("---\nid: x\ntags:\n  - api\n  -\n  - db\n---\n", path="rules/x.md")
    assert m.tags == ["api", "db"]


def test_applies_to_as_text_is_split_at_commas_outside_braces() -> None:
    text = '---\nid: x\napplies_to: "web/**/*.{ts,tsx}, src/{api,lib}/*.py"\n---\n'
    assert parse_memory(text, path="rules/x.md").applies_to == [
        "web/**/*.{ts,tsx}", "src/{api,lib}/*.py"
    ]  # fmt: skip


def test_a_glob_given_from_dot_slash_is_read_from_the_project() -> None:
    text = '---\nid: x\napplies_to: ["./src/**/*.py", "!./src/gen/**"]\n---\n'
    assert parse_memory(text, path="rules/x.md").applies_to == ["src/**/*.py", "!src/gen/**"]


def test_hidden_sections_are_removed_from_the_visible_body() -> None:
    body = (
        "# T\n\nShown.\n\n## Context\nwhy\n\n## Steps\nshown too\n\n"
        "## Example\nex\n\n## Origin\no\n"
    )
    shown = visible_body(body)
    assert "Shown." in shown and "shown too" in shown
    assert "why" not in shown and "ex" not in shown and "\no" not in shown


def test_hidden_sections_in_other_languages_are_removed() -> None:
    assert visible_body("A\n## Контекст\nскрыто\n## Ejemplo\noculto\n") == "A"


def test_headings_inside_code_fences_do_not_hide_text() -> None:
    body = "```\n## Origin\n```\nafter"
    assert visible_body(body) == body


@given(st.text(max_size=400))
def test_parser_returns_a_memory_or_a_frontmatter_error(text: str) -> None:
    try:
        parse_memory(text, path="rules/x.md")
    except FrontmatterError as exc:
        assert exc.reason


@given(st.text(max_size=200))
def test_parser_handles_arbitrary_frontmatter_text(inner: str) -> None:
    try:
        parse_memory(f"---\n{inner}\n---\nbody", path="rules/x.md")
    except FrontmatterError as exc:
        assert exc.reason


_word = st.text(
    alphabet=st.characters(whitelist_categories=("Ll", "Lu", "Nd")), min_size=1, max_size=12
)


@given(
    tags=st.lists(_word, max_size=5),
    directive=_word,
    level=st.sampled_from(["foundation", "intermediate", "advanced"]),
    confidence=st.sampled_from(["high", "medium", "low"]),
)
def test_dumped_frontmatter_round_trips(
    tags: list[str], directive: str, level: str, confidence: str
) -> None:
    fields = {"id": "x", "type": "rule", "tags": tags, "directive": directive,
              "level": level, "confidence": confidence}  # fmt: skip
    text = "---\n" + yaml.safe_dump(fields, allow_unicode=True) + "---\nbody\n"
    m = parse_memory(text, path="rules/x.md")
    assert m.tags == [t.strip() for t in tags if t.strip()]
    assert m.directive == directive.strip()
    assert m.confidence == confidence
    assert m.body == "body\n"


@pytest.mark.parametrize("value", ["99999999999999999999999999", "'99999999999999999999999999'"])
def test_a_level_too_large_to_store_is_reported_as_a_bad_level(value: str) -> None:
    err = error_of(f"---\nid: x\nlevel: {value}\n---\n")
    assert err.reason.startswith("level: must be") and err.line == 3


def test_a_level_of_digits_that_are_not_decimal_is_reported_as_a_bad_level() -> None:
    err = error_of("---\nid: x\nlevel: '²'\n---\n")
    assert err.reason.startswith("level: must be") and err.line == 3


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("---\nid: x\ntags: !foo bar\n---\n", 3),
        ("---\nid: x\ntags: !!python/object/apply:os.system [ls]\n---\n", 3),
        ("---\nid: x\ntags: [a\x00b]\n---\n", 3),
    ],
)
def test_a_yaml_value_error_is_one_line_with_its_file_line(text: str, line: int) -> None:
    err = error_of(text)
    assert "\n" not in err.reason and err.line == line


def test_an_error_quotes_a_long_bad_value_cut_short() -> None:
    with pytest.raises(FrontmatterError) as caught:
        parse_memory(f"---\nid: a\nlevel: '{'9' * 5000}'\n---\nbody\n", path="rules/a.md")
    assert "level:" in caught.value.message and len(caught.value.message) < 200


def test_an_error_never_quotes_a_secret_it_was_given() -> None:
    token = "ghp_1x8Kq2ZpR7mVt4Yw9LcN3bHs6dFj0aUeQiOo"
    with pytest.raises(FrontmatterError) as caught:
        parse_memory(f"---\nid: a\nvalid_until: {token}\n---\nbody\n", path="rules/a.md")
    assert "valid_until" in caught.value.message and token not in caught.value.message
