"""The pieces of the search score that do not need the store: constants, top-k selection,
and the optional model rerank."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from engram.llm import ChatModel
    from engram.store.model import Hit

COSINE_WEIGHT, BM25_WEIGHT = 0.7, 0.3
DECAY_PER_DAY, DECAY_FLOOR = 0.01, 0.5
SPARSE_POOL = 1000  # lexical candidates whose sparse cosine is computed
# Literals of a query — names, numbers, ids, URLs, e-mails: a fact containing one is not decayed.
LITERAL = re.compile(r"\S*[\d@/.:_]\S*|\b[A-ZА-ЯЁ][\w-]+")


def importance_factor(importance: float) -> float:
    return 1.0 + 0.1 * min(max(importance - 1.0, 0.0), 4.0)


def confidence_factor(confidence: float) -> float:
    return 0.9 + 0.1 * confidence


def decay(age_days: float, literal_match: bool) -> float:
    return 1.0 if literal_match else max(DECAY_FLOOR, 1.0 - DECAY_PER_DAY * age_days)


def top(scores: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k highest scores, best first."""
    if k <= 0 or not len(scores):
        return np.zeros(0, dtype=np.int64)
    if k >= len(scores):
        order: np.ndarray = np.argsort(-scores)
        return order
    part = np.argpartition(-scores, k)[:k]
    best: np.ndarray = part[np.argsort(-scores[part])]
    return best


def rerank(chat: ChatModel, query: str, hits: list[Hit]) -> list[Hit]:
    """Let the chat model re-order the hits; any failure keeps the original order."""
    from engram.llm import HttpError

    listing = "\n".join(f"{h.fact.id}: {h.fact.content}" for h in hits)
    try:
        answer = chat.complete_json(
            'Order the facts by relevance to the query. Answer {"order": [ids, best first]}.',
            f"QUERY: {query}\nFACTS:\n{listing}",
        )
        order = [str(i) for i in answer.get("order", [])]
    except (HttpError, AttributeError, TypeError):
        return hits
    rank = {fid: n for n, fid in enumerate(order)}
    return sorted(hits, key=lambda h: rank.get(h.fact.id, len(rank)))
