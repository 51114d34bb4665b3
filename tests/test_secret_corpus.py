"""The secret scanner meets its targets on the generated corpora (recall ≥ 98 %, false
positives ≤ 1 %); the benchmark reports the same figures on larger corpora."""

from __future__ import annotations

from benchmarks.secrets import measure


def test_scanner_recall_and_false_positive_rate_meet_the_targets() -> None:
    recall, fpr, by_family, flagged = measure(per_family=10, ordinary_count=400)
    assert recall >= 0.98, {f: v for f, v in by_family.items() if v < 1}
    assert fpr <= 0.01, flagged


def test_every_token_family_is_caught() -> None:
    _, _, by_family, _ = measure(per_family=10, ordinary_count=10)
    assert min(by_family.values()) >= 0.9, by_family
