"""Secret-scanner recall and false-positive rate on generated corpora (targets: ≥ 98 % and
≤ 1 %); see `benchmarks/secret_corpus.py` for what they hold."""

from __future__ import annotations

from collections import Counter

from benchmarks.common import table
from benchmarks.secret_corpus import ordinary, secrets


def measure(
    per_family: int = 40, ordinary_count: int = 1200
) -> tuple[float, float, dict[str, float], list[str]]:
    from engram.safety.secrets import find_secrets

    corpus = secrets(per_family)
    found: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for family, text in corpus:
        total[family] += 1
        found[family] += bool(find_secrets(text))
    plain = ordinary(ordinary_count)
    flagged = [text for text in plain if find_secrets(text)]
    recall = sum(found.values()) / len(corpus)
    return recall, len(flagged) / len(plain), {f: found[f] / total[f] for f in total}, flagged


def run() -> str:
    recall, fpr, by_family, flagged = measure()
    rows = [
        ["recall (all families)", f"{recall:.3f}", "≥ 0.98"],
        ["false-positive rate (ordinary facts)", f"{fpr:.3f}", "≤ 0.01"],
    ]
    rows += [
        [f"recall: {family}", f"{value:.2f}", ""]
        for family, value in sorted(by_family.items())
        if value < 1
    ]
    text = table(["secret scanner", "value", "target"], rows)
    if flagged:
        text += "\n\nflagged ordinary facts:\n" + "\n".join(f"- {t}" for t in flagged[:10])
    return text


if __name__ == "__main__":
    print(run())
