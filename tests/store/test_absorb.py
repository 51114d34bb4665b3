"""The absorb pipeline (SPEC B1–B3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engram.config import load_config
from engram.errors import EngramError
from engram.store import MemoryStore
from engram.store.normalize import content_hash
from tests.store.conftest import absorb_one

CTO = "Ivan Petrov works at Acme Corp as CTO since 2021."


def test_a_new_fact_is_stored_with_its_scope(store: MemoryStore) -> None:
    [outcome] = store.absorb([CTO], scope="user", scope_key="acme", source="crm", tags=["people"])
    assert outcome.outcome == "new" and outcome.id
    fact = store.get(outcome.id)
    assert fact is not None and not isinstance(fact, list)
    assert (fact.scope, fact.scope_key, fact.source, fact.tags) == (
        "user",
        "acme",
        "crm",
        ["people"],
    )
    assert (fact.status, fact.confidence, fact.importance) == ("active", 0.8, 1.0)


def test_content_hash_is_stable_forever() -> None:
    # Stored hashes must keep matching across versions: never change this value.
    assert (
        content_hash("  Ｉvan   PETROV ")
        == content_hash("ivan petrov")
        == ("dcc13b9685bdcd573d3558f362718f4c558af4b6f38f582175cda8e7a2301720")
    )


def test_normalised_repeats_are_duplicates(store: MemoryStore) -> None:
    first = store.absorb([CTO], scope="user", scope_key="acme")[0]
    again = store.absorb(
        ["  ivan petrov WORKS at acme corp as cto since 2021. "], scope="user", scope_key="acme"
    )[0]
    assert (again.outcome, again.id) == ("duplicate", first.id)


def test_duplicates_are_found_only_within_the_same_scope_and_key(store: MemoryStore) -> None:
    absorb_one(store, CTO)
    assert absorb_one(store, CTO, scope_key="globex") == "new"
    assert absorb_one(store, CTO, scope="agent", scope_key=None) == "new"


def test_repeats_within_one_batch_merge(store: MemoryStore) -> None:
    outcomes = store.absorb([CTO, CTO.upper()], scope="user", scope_key="acme")
    assert [o.outcome for o in outcomes] == ["new", "duplicate"]
    assert outcomes[1].id == outcomes[0].id
    assert len(store.list()) == 1


def test_a_new_value_supersedes_and_keeps_the_old_version(store: MemoryStore) -> None:
    old = store.absorb([CTO], scope="user", scope_key="acme")[0]
    new = store.absorb(
        ["Ivan Petrov works at Globex as CTO since 2024."], scope="user", scope_key="acme"
    )[0]
    assert new.outcome == "supersede" and new.related_ids == [old.id]
    previous = store.get(old.id, mode="latest")
    assert previous is not None and not isinstance(previous, list) and previous.id == new.id
    history = store.get(old.id, mode="full_history")
    assert isinstance(history, list)
    assert [f.status for f in history] == ["superseded", "active"]
    assert history[0].valid_to == history[1].valid_from
    assert (new.id, "supersedes", old.id) in store.edges(old.id)


def test_active_read_of_a_superseded_fact_returns_its_current_version(store: MemoryStore) -> None:
    old = store.absorb([CTO], scope="user", scope_key="acme")[0]
    new = store.absorb(
        ["Ivan Petrov works at Globex as CTO since 2024."], scope="user", scope_key="acme"
    )[0]
    current = store.get(old.id, mode="active")
    assert current is not None and not isinstance(current, list) and current.id == new.id


def test_a_flipped_polarity_is_a_contradiction_and_both_stay(store: MemoryStore) -> None:
    old = store.absorb(["Feature flags are enabled in production."], scope="agent")[0]
    new = store.absorb(["Feature flags are disabled in production."], scope="agent")[0]
    assert new.outcome == "contradict" and new.related_ids == [old.id]
    assert {f.status for f in store.list(scope="agent")} == {"active"}
    assert (new.id, "contradicts", old.id) in store.edges(new.id)


def test_negation_flips_polarity(store: MemoryStore) -> None:
    absorb_one(store, "The payments service supports refunds for card payments.")
    assert absorb_one(
        store, "The payments service does not support refunds for card payments."
    ) == ("contradict")


def test_additive_facts_are_related(store: MemoryStore) -> None:
    absorb_one(store, "The staging database runs PostgreSQL 16.")
    assert absorb_one(
        store, "The staging database runs PostgreSQL 16 and is backed up nightly."
    ) == ("related")


def test_unrelated_facts_are_new(store: MemoryStore) -> None:
    absorb_one(store, "The staging database runs PostgreSQL 16.")
    assert absorb_one(store, "The coffee machine on the third floor is broken again.") == "new"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Офис компании находится в Казани.", "Офис компании находится в Москве.", "supersede"),
        (
            "Ночные сборки включены на сервере CI.",
            "Ночные сборки выключены на сервере CI.",
            "contradict",
        ),
        (
            "La oficina principal está en Madrid.",
            "La oficina principal está en Barcelona.",
            "supersede",
        ),
        (
            "El cliente quiere recibir informes semanales.",
            "El cliente no quiere recibir informes semanales.",
            "contradict",
        ),
    ],
)
def test_russian_and_spanish_facts_are_classified(
    store: MemoryStore, old: str, new: str, expected: str
) -> None:
    absorb_one(store, old)
    assert absorb_one(store, new) == expected


@pytest.mark.parametrize(
    ("where", "payload"),
    [
        ("content", "deploy key ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5 is in vault"),
        (
            "tags",
            {"content": "The deploy key lives in the vault.", "tags": ["AKIAABCDEFGHIJKLMNOP"]},
        ),
        (
            "metadata",
            {
                "content": "The deploy key lives in the vault.",
                "metadata": {"url": "postgres://admin:hunter2pass@db:5432/app"},
            },
        ),
    ],
)
def test_secrets_are_rejected_naming_the_family_not_the_value(
    store: MemoryStore, where: str, payload: object
) -> None:
    [outcome] = store.absorb([payload], scope="agent")  # type: ignore[list-item]
    assert outcome.outcome == "rejected" and f"secret in {where}" in outcome.reason
    assert "ghp_" not in outcome.reason and "hunter2" not in outcome.reason
    assert store.list(status=None) == []


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ("too short", "too short"),
        ("word " * 120, "longer than 500 characters"),
        (42, "content must be text"),
        ({"tags": ["x"]}, "no content field"),
        ({"content": "A perfectly fine fact about Kafka.", "confidence": 3}, "confidence"),
        ({"content": "A perfectly fine fact about Kafka.", "metadata": "x"}, "metadata"),
    ],
)
def test_bad_inputs_are_rejected_with_a_reason(
    store: MemoryStore, payload: object, reason: str
) -> None:
    [outcome] = store.absorb([payload], scope="agent")  # type: ignore[list-item]
    assert outcome.outcome == "rejected" and reason in outcome.reason


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("x" * 600, "longer than 500 characters (600)"),
        ("Supercalifragilistic", "one word cannot stand alone (20 characters)"),
    ],
)
def test_a_single_long_word_is_not_called_too_short(
    store: MemoryStore, content: str, reason: str
) -> None:
    [outcome] = store.absorb([content], scope="agent")
    assert outcome.outcome == "rejected" and reason in outcome.reason
    assert "too short" not in outcome.reason


@pytest.mark.parametrize(
    "fact", ["私は東京の本社でデプロイを担当しています。", "张伟在北京的总部负责部署工作。"]
)
def test_a_sentence_written_without_spaces_stands_alone(store: MemoryStore, fact: str) -> None:
    [outcome] = store.absorb([fact], scope="user")
    assert outcome.outcome == "new", outcome.reason


def test_one_outcome_per_input_in_order(store: MemoryStore) -> None:
    outcomes = store.absorb(["tiny", CTO, 7, "The deploy runs on Tuesdays at noon."], scope="agent")  # type: ignore[list-item]
    assert [o.outcome for o in outcomes] == ["rejected", "new", "rejected", "new"]


def test_dry_run_reports_the_same_outcomes_and_writes_nothing(store: MemoryStore) -> None:
    store.absorb([CTO], scope="user", scope_key="acme")
    batch = ["Ivan Petrov works at Globex as CTO since 2024.", "Kafka topics are compacted."]
    planned = store.absorb(batch, scope="user", scope_key="acme", dry_run=True)
    assert len(store.list(status=None)) == 1
    done = store.absorb(batch, scope="user", scope_key="acme")
    assert [o.outcome for o in planned] == [o.outcome for o in done] == ["supersede", "new"]


# Absorb looks stored facts up by more than a new fact's own index terms (`probes.py`).
# Other facts in the scope make each word common enough that a lookup must pick its terms.
NEIGHBOURS = ["The weather in Lyon is mild.", "Paris has many museums.", "Javier likes tennis."]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # "Carlos" is `carl` stemmed as Spanish, `carlo` as English
        ("El jefe de Carlos es Javier.", "Desde abril, Carlos reporta a Marta.", "supersede"),
        # only "I" is shared, and a move is news of where someone lives
        ("I live in Paris.", "I moved to Lyon last month.", "supersede"),
    ],
)
def test_a_stored_fact_is_found_without_a_shared_index_term(
    store: MemoryStore, old: str, new: str, expected: str
) -> None:
    store.absorb(NEIGHBOURS, scope="user", scope_key="acme")
    absorb_one(store, old)
    assert absorb_one(store, new) == expected


def test_a_key_of_few_facts_finds_an_update_by_a_word_common_in_other_keys(
    store: MemoryStore,
) -> None:
    # "user" is in more facts of the store than a lookup may pool, yet in one fact of this key
    others = [f"The user of account {n} picked plan {n}." for n in range(650)]
    store.absorb(others, scope="user", scope_key="accounts")
    absorb_one(store, "The user is 34.")
    assert absorb_one(store, "The user is 35.") == "supersede"


@pytest.mark.parametrize(
    "new",
    [
        "The user is 35.",  # "35" finds another fact ("… on day 35"): "user" fills the room
        "The user is 1035.",  # no fact holds "1035": the shortest facts about the user
    ],
)
def test_a_short_update_finds_its_fact_among_a_keys_many_facts_about_one_subject(
    store: MemoryStore, new: str
) -> None:
    absorb_one(store, "The user is 34.")
    hobbies = ["chess", "golf", "jazz", "tennis", "opera", "sushi", "hiking"]
    many = [f"The user likes {hobbies[n % 7]} and {hobbies[n % 5]} on day {n}." for n in range(700)]
    store.absorb(many, scope="user", scope_key="acme")
    assert absorb_one(store, new) == "supersede"


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("Отчёт подготовил Павел.", "Павлом подготовлен отчёт."),  # a vowel that drops
        ("Алексея перевели в Казань.", "Алексей живёт в Казани."),  # `алексе` / `алекс`
        ("El jefe de Carlos es Javier.", "Carlos reports to Marta."),
        ("Bob lives in Paris.", "Alice moved to Berlin."),
        ("Мой руководитель — Вера.", "Я подчиняюсь Олегу."),
    ],
)
def test_probes_hold_a_term_the_stored_fact_is_indexed_under(stored: str, new: str) -> None:
    from engram.store.probes import probe_terms
    from engram.text.tokenize import terms_of

    assert set(probe_terms(new, terms_of(new))) & set(terms_of(stored))


def test_probes_are_never_indexed(store: MemoryStore) -> None:
    store.absorb(["El jefe de Carlos es Javier."], scope="user")
    store.absorb(["Desde abril, Carlos reporta a Marta."], scope="user")
    postings = store.index().postings
    assert "carlo" in postings and "carl" in postings  # each fact's own stem
    assert "boss" not in postings and "gerent" not in postings  # probes of "jefe"


def test_unknown_scope_is_an_error(store: MemoryStore) -> None:
    with pytest.raises(EngramError, match="unknown scope 'team'"):
        store.absorb([CTO], scope="team")


def test_every_write_is_in_the_change_log(store: MemoryStore) -> None:
    old = store.absorb([CTO], scope="user", scope_key="acme")[0]
    store.boost(old.id)
    store.absorb(["Ivan Petrov works at Globex as CTO since 2024."], scope="user", scope_key="acme")
    kinds = [event["kind"] for event in store.history(old.id)]
    assert kinds == ["absorbed", "boosted", "superseded"]


def test_a_fact_can_say_since_when_it_is_true(store: MemoryStore) -> None:
    [outcome] = store.absorb(
        [{"content": "Ivan moved to the Berlin office last spring.", "valid_from": "2025-04-01"}],
        scope="user",
    )
    fact = store.get(outcome.id or "")
    assert fact is not None and not isinstance(fact, list)
    assert fact.valid_from.startswith("2025-04-01") and fact.created_at > fact.valid_from


def test_a_bad_valid_from_is_rejected(store: MemoryStore) -> None:
    [outcome] = store.absorb(
        [{"content": "Ivan moved to the Berlin office.", "valid_from": "last spring"}], scope="user"
    )
    assert outcome.outcome == "rejected" and "valid_from must be an ISO date" in outcome.reason


def test_a_batch_leaves_what_separate_calls_leave_after_a_supersede(tmp_path: Path) -> None:
    texts = ["Alice now lives in Munich, she moved from Berlin.", "Alice lives in Berlin."]
    outcomes = []
    for name, calls in (("one", [texts]), ("two", [[t] for t in texts])):
        with MemoryStore.open(tmp_path / f"{name}.db", config=load_config(None, env={})) as s:
            s.absorb(["Alice lives in Berlin."], scope="user", scope_key="a")
            outcomes.append(
                [o.outcome for c in calls for o in s.absorb(c, scope="user", scope_key="a")]
            )
    assert outcomes[0] == outcomes[1]
    assert "duplicate" not in outcomes[0]  # the Berlin fact the batch replaced repeats nothing
