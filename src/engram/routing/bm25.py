"""BM25F over the routed fields of a memory.

Field weights (why):
- id ×3.0: an id is chosen by a person to name the memory; a hit there is the strongest signal.
- tags ×2.5: tags are curated topic labels.
- directive ×2.0 and triggers ×2.0: the one-line instruction and the words that should fire it.
- summary ×1.5 and applies_to paths ×1.5: short descriptions of what the memory covers.
- content ×1.0: the body; long and noisy, so it carries the base weight.
Length normalisation `b` is 0.75 for the body and summary (lengths vary a lot) and 0.3 for the
short label fields, where a few extra words say little about relevance. k1 = 1.2 as in the
classic setting.
"""

from __future__ import annotations

import math

from engram.files.index import FIELDS

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Sequence

WEIGHTS = {"id": 3.0, "tags": 2.5, "directive": 2.0, "summary": 1.5, "triggers": 2.0,
           "paths": 1.5, "content": 1.0}  # fmt: skip
B = {"id": 0.3, "tags": 0.3, "directive": 0.3, "summary": 0.75, "triggers": 0.3,
     "paths": 0.3, "content": 0.75}  # fmt: skip
K1 = 1.2
_W = [WEIGHTS[f] for f in FIELDS]
_B = [B[f] for f in FIELDS]
STRONG_FIELDS = frozenset(("id", "tags", "directive", "paths"))
_STRONG = [i for i, f in enumerate(FIELDS) if f in STRONG_FIELDS]


def idf(doc_count: int, df: int) -> float:
    """Robertson–Spärck Jones idf, kept positive (the +1 inside the log)."""
    return math.log(1.0 + (doc_count - df + 0.5) / (df + 0.5))


def score(
    slot: dict[int, Sequence[int]],
    lengths: Sequence[int],
    averages: Sequence[float],
    weights: Sequence[float],
) -> float:
    """BM25F score of one memory: `slot` maps each matched query term to its frequency in each
    field, `weights` holds each query term's idf."""
    total = 0.0
    norms: dict[int, float] = {}  # only the fields a term occurs in: most memories hit one or two
    for term, tfs in slot.items():
        tf = 0.0
        for i, count in enumerate(tfs):
            if count:
                norm = norms.get(i)
                if norm is None:
                    average = averages[i]
                    ratio = lengths[i] / average if average else 1.0
                    norm = norms[i] = _W[i] / (1.0 - _B[i] + _B[i] * ratio)
                tf += norm * count
        total += weights[term] * tf / (K1 + tf)
    return total


_ID, _TAGS, _DIRECTIVE, _PATHS = _STRONG


def strong_hit(tfs: Sequence[int]) -> bool:
    """True when the term occurs in a strong field: id, tags, directive or an applies_to path."""
    return bool(tfs[_ID] or tfs[_TAGS] or tfs[_DIRECTIVE] or tfs[_PATHS])


def fields_hit(tfs: Sequence[int]) -> list[str]:
    return [FIELDS[i] for i, tf in enumerate(tfs) if tf]
