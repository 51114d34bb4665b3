"""The safety benchmark's corpora: reproducible, split once, every family in every disguise.

The scanners' figures are the benchmark's business (`python -m benchmarks.safety`); these tests
keep its measuring stick honest."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from benchmarks import safety, safety_corpus


def test_committed_corpora_are_what_the_generator_writes() -> None:
    for name, text in safety_corpus.render().items():
        assert (safety_corpus.DATA / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("name", ["secrets", "injection", "benign"])
def test_dev_and_test_share_no_item_and_hold_every_family(name: str) -> None:
    dev, test = safety.generated(name, "dev"), safety.generated(name, "test")
    assert not {i["text"] for i in dev} & {i["text"] for i in test}
    assert {i["family"] for i in dev} == {i["family"] for i in test}


def test_every_secret_family_comes_plain_and_in_every_disguise() -> None:
    items = safety.generated("secrets", "dev") + safety.generated("secrets", "test")
    forms = Counter((i["family"], i["form"]) for i in items)
    for family in safety_corpus.SECRET_FAMILIES:
        for form in safety_corpus.SECRET_FORMS:
            assert forms[(family, form)] == safety_corpus.BASE_PER_FAMILY, (family, form)


def test_memory_file_items_decode_to_readable_text() -> None:
    items = safety.generated("secrets", "dev") + safety.generated("injection", "dev")
    hidden = [i for i in items if i["form"].startswith("yaml")]
    assert hidden
    for item in hidden:
        front = yaml.safe_load(item["text"].split("---\n")[1])
        value = front.get("directive") or front.get("summary")
        assert "\\" not in value and "\n" not in value, value


def test_labels_name_known_corpora_and_verdicts() -> None:
    lines = safety.LABELS.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line]
    corpora = {"SciFact abstracts", "LoCoMo turns", "LongMemEval turns", "Cursor rule files"}
    for row in rows:
        assert row["corpus"] in corpora and row["why"], row
        assert row["label"] in ("benign", "secret", "injection", "secret+injection"), row
    assert len({(r["corpus"], r["id"]) for r in rows}) == len(rows)


def test_real_text_is_split_by_document() -> None:
    turns = [safety.Doc("LoCoMo turns", f"c:D1:{n}", "c:session_1", "hi") for n in range(20)]
    assert len({d.part for d in turns}) == 1


def test_a_memory_file_with_a_secret_is_kept_from_agents(tmp_path: Path) -> None:
    token = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
    kept = safety.through_library({
        "leaky": safety.memory_from_body("leaky", f"Deploy with {token}.\n"),
        "plain": safety.memory_from_body("plain", "Deploy from main.\n"),
    })  # fmt: skip
    assert kept["leaky"].startswith("secret") and kept["plain"] == ""


def test_the_prose_secrets_are_split_once_and_tested_only_on_the_blind_half() -> None:
    items = [json.loads(line) for line in safety.PROSE.read_text(encoding="utf-8").splitlines()]
    assert {item["part"] for item in items} == {"dev", "test"}
    assert {item["source"] for item in items if item["part"] == "test"} == {"blind"}
    assert {item["expect"] for item in items} == {"secret", "none"}
    assert {item["lang"] for item in items} == set(safety.LANGUAGES)
    texts = [item["text"] for item in items]
    assert len(texts) == len(set(texts))
