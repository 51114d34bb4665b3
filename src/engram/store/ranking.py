"""The pieces of the search score that do not need the store: constants, top-k selection,
and the optional model rerank."""

from __future__ import annotations

import heapq
import json
import re
from collections import Counter
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from engram.store.model import Fact, Hit
from engram.text.tokenize import latin_language, terms_of, tokenize
from engram.text.words import REQUEST_STEMS

if TYPE_CHECKING:
    from engram.llm import ChatModel

COSINE_WEIGHT, BM25_WEIGHT = 0.7, 0.3
DECAY_PER_DAY, DECAY_FLOOR = 0.01, 0.5
# What an assistant's reply keeps of its score (`memory.assistant_weight`), chosen on half of
# the LongMemEval dev questions (0.5 against 1, 0.33, 0.25, 0.1, 0).
ASSISTANT_WEIGHT = 0.5
# What a fact that became true outside the stretch of time a query names keeps of its score:
# as much as the oldest fact keeps of freshness (DECAY_FLOOR), so the named time outranks age.
OUTSIDE_WINDOW = 0.5
RRF_K = 60  # reciprocal-rank fusion: the usual constant
SPARSE_POOL = 1000  # lexical candidates whose sparse cosine is computed
# Share of its best neighbour's score an event gains (`in_context`). Measured on LoCoMo's dev
# conversations (evidence recall@10 of the hybrid, offline): 0.626 without, 0.654 at 0.2 and
# 0.5–0.8 at 0.68 — the middle of the plateau's low end is taken.
CONTEXT_WEIGHT = 0.5
# Share of the better score of the events two places before and after it an event gains
# (`in_context`, `memory.far_context_weight`): a long turn cut into pieces, or an answer given a
# turn later ("Any plans?" – "Why?" – "A road trip to Big Sur."), holds the query's words two
# events away. Half the adjacent share; measured offline on LongMemEval's even-numbered dev
# questions (turn recall@10 0.833 → 0.846 and @20 0.872 → 0.929, the same at 0.15, 0.25 and
# 0.35; sessions' any@5 and all@5 held) and LoCoMo's dev conversations (hybrid recall@10 0.668 →
# 0.675).
FAR_CONTEXT_WEIGHT = 0.25
# Share of a group's best score a hit needs to rank by recency within it. Measured on the
# LongMemEval dev questions (offline): the latest answer ranked first in 8 of 10 knowledge
# updates at 0.6, all 10 at 0.5 (a newer turn that names the count without the group's name
# scores 0.56 of the older one); the other figures and LoCoMo's recall@10 (0.675 → 0.674) held.
CONTENDER = 0.5
# Share of its second-best hit's own score a group gains (`best_per_group`). Measured offline
# on SciFact's dev claims (abstracts cut into facts, grouped by abstract; nDCG@10 0.625 at 0,
# 0.640 at 0.3, 0.644 at 0.5, 0.639 at 0.7, 0.636 at 1) and LongMemEval's even-numbered dev
# questions (turns grouped by session; answer-session MRR 0.815 at 0, 0.847 at 0.3, 0.852 at
# 0.5, 0.850 at 0.7, all@5 level up to 0.5 and lower above).
GROUP_SHARE = 0.5
# How many hits after its best a group of events (a conversation's session) counts, each at
# GROUP_SHARE of the one before (the second at a half, the third at a quarter, the fourth at
# an eighth): a session that keeps coming back to the topic outranks one that touched it
# once, and no long session wins on its length alone (the shares sum to less than one hit's).
# A document's pieces (facts) count their second hit only: what they say between them counts
# through their words (GROUP_TERMS_WEIGHT). Measured on LongMemEval's even-numbered dev
# questions (answer-session MRR, offline 0.923 at 1, the second hit alone, 0.946 at 3 and at
# 10; with the onnx model the preference questions whose sessions ranked 6th and 7th rank
# 5th) and SciFact's dev claims (nDCG@10 at 3: offline 0.678 → 0.678, onnx 0.728 → 0.725, so
# not for documents).
GROUP_DEPTH = 3
# What a group of facts gains for the query's words across all its pieces found, times the
# lexical legs' weight (`best_per_group`: the group's BM25 as one document, over the best
# group's). Measured on SciFact's dev claims (abstracts cut into facts, grouped by abstract;
# nDCG@10): offline hybrid 0.641 at 0, 0.650 at 0.5, 0.656 at 1, 0.661 at 2 (BM25 and the
# sparse cosine are both lexical: the whole weight); onnx hybrid (BM25's 0.3 only) 0.722 at 0,
# 0.728 at 0.5, 0.726 at 1, 0.716 at 1.5 and 2, 0.711 at 3 — the most the onnx one holds is
# taken. A session's turns (events) are left out: on LongMemEval's even-numbered dev questions
# (offline) answer-session MRR fell 0.920 → 0.875 and all@5 0.929 → 0.893 at 0.3 already.
GROUP_TERMS_WEIGHT = 1.0
# How fast a word's count saturates in a group's BM25 (`group_bm25`), as BM25's K1 does in a
# fact's. Low: what a group's words add is how many of the query's words its pieces hold
# between them; a word said again in another piece is already counted by those pieces' own
# scores. Measured on SciFact's dev claims (fact store nDCG@10, offline hybrid): 0.673 at
# BM25's 1.2, 0.675 at 0.5, 0.678 at 0.25, 0.677 at 0.1, 0.662 at 3; confirmed on claims
# 301–809 (offline 0.704 → 0.710, onnx 0.739 → 0.746).
GROUP_K1 = 0.25
# The fewest facts each leg brings to a grouped search, so that a group's second-best hit is
# there to be counted and the groups' order does not depend on top_k.
GROUP_POOL = 100
WORD = re.compile(r"[^\W_]+")  # a word, as `tokenize` splits them
# Literals of a query — names, numbers, ids, URLs, e-mails: a fact containing one is not decayed.
LITERAL = re.compile(r"\S*[\d@/.:_]\S*|\b[A-ZА-ЯЁ][\w-]+")


def topic_terms(terms: list[str]) -> list[str]:
    """A query's terms without the words of a request for advice (`words.REQUEST_STEMS`:
    suggest, recommend, think, sure, choose…), unless those are all it has."""
    kept = [term for term in terms if term not in REQUEST_STEMS]
    return kept or terms


def topic_wording(text: str) -> str:
    """A query's text for its vector: without the words of a request for advice
    (`words.REQUEST_STEMS`, read in the text's own language) when the asker makes one — the
    query speaks of the asker or to the listener (`asks_for_itself`) — unless those are all it
    says. A sentence model reads "Do you think it would be a good idea to…" as much as what
    follows, and the turns that asked something the same way ("Do you think that's a good
    price?") outrank the one about the topic; the query's terms leave them out already
    (`topic_terms`). "What does Joanna recommend?" asks what someone else advised: there the
    word is what the query is about."""
    language = latin_language(tokenize(text))
    if REQUEST_STEMS.isdisjoint(terms_of(text, language)):
        return text  # (most queries: one look, and the pronouns' list is not loaded)
    words = list(WORD.finditer(text))
    if not asks_for_itself(match.group() for match in words):
        return text
    asking = [
        match.span()
        for match in words
        if (found := terms_of(match.group(), language)) and set(found) <= REQUEST_STEMS
    ]
    if not asking:
        return text
    ends = [0] + [end for _, end in asking]
    starts = [start for start, _ in asking] + [len(text)]
    rest = " ".join("".join(text[a:b] for a, b in zip(ends, starts, strict=True)).split())
    return rest if terms_of(rest, language) else text


def asks_for_itself(words: Iterable[str]) -> bool:
    """Whether a text's words name its speaker or its listener: a first- or second-person
    pronoun (I, my, you, me, ты, вы, tú…; `lexicon.PRONOUNS`)."""
    # (imported here: the classifier's word lists cost a cold search process about 3 ms, and
    # only a query with words of a request asks this)
    from engram.store.lexicon import PRONOUNS

    return any(PRONOUNS.get(word.casefold(), "").startswith(("@1", "@2")) for word in words)


def importance_factor(importance: float) -> float:
    return 1.0 + 0.1 * min(max(importance - 1.0, 0.0), 4.0)


def confidence_factor(confidence: float) -> float:
    return 0.9 + 0.1 * confidence


def decay(age_days: float, literal_match: bool) -> float:
    return 1.0 if literal_match else max(DECAY_FLOOR, 1.0 - DECAY_PER_DAY * age_days)


def speaker_factor(metadata: object, assistant_weight: float) -> float:
    """`assistant_weight` for a fact its metadata says an assistant said (`role` =
    "assistant", as chat messages name it), else 1: in a conversation the user's own
    statements are what is known about them, the assistant's replies mostly restate them."""
    if isinstance(metadata, dict) and metadata.get("role") == "assistant":
        return assistant_weight
    return 1.0


def window_factor(valid_day: float, window: tuple[float, float]) -> float:
    """1 for a fact that became true inside the query's time window (days since the epoch,
    [start, end)), OUTSIDE_WINDOW for one outside it."""
    return 1.0 if window[0] <= valid_day < window[1] else OUTSIDE_WINDOW


def rank_shares(values: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """Reciprocal-rank fusion's share of each position: 1 / (RRF_K + rank), its rank by
    `values` over the whole index (1 = the highest); 0 where the value is 0 (no match)."""
    ordered = np.sort(values)
    above = len(values) - np.searchsorted(ordered, values[positions], side="right")
    return np.where(values[positions] > 0, 1.0 / (RRF_K + 1.0 + above), 0.0)


def group_of(hit: Hit, key: str) -> str:
    """The group of a hit by metadata `key`; a fact without the key is a group of its own."""
    value = hit.fact.metadata.get(key) if isinstance(hit.fact.metadata, dict) else None
    return f"id:{hit.fact.id}" if value is None else "v:" + json.dumps(value, sort_keys=True)


def group_bm25(counts: Mapping[str, int], rarity: Mapping[str, float]) -> float:
    """BM25 of a group read as one document: each query term's count summed over the group's
    facts, saturating faster than in a fact (GROUP_K1: a word said in one piece counts
    nearly as much as one said in every piece), weighed by `rarity` (its idf times its count
    in the query). No length normalisation: only the facts a search found are counted, not
    the group's whole length."""
    score = 0.0
    for term, weight in rarity.items():
        tf = counts.get(term, 0)
        if tf:
            score += weight * tf * (GROUP_K1 + 1.0) / (tf + GROUP_K1)
    return score


def stored_counts(terms: Sequence[str], wanted: Container[str]) -> dict[str, int]:
    """How often a fact's stored index terms hold each of the `wanted` terms (those it holds)."""
    return dict(Counter(term for term in terms if term in wanted))


def best_per_group(
    hits: list[Hit],
    key: str,
    share: float = GROUP_SHARE,
    counts: Mapping[str, Mapping[str, int]] | None = None,
    rarity: Mapping[str, float] | None = None,
    weight: float = 0.0,
) -> list[Hit]:
    """The best hit of each value of metadata `key`, scored for its group: its own score plus
    `share` of what the group's second-best hit scores for itself (without what it owes its
    neighbours, `Hit.context`), and for a group of events `share` of that share of the
    third's, and so on for GROUP_DEPTH hits after the best; best first. A fact without the
    key is a group of its own. A document cut into pieces ranks above one whose single piece
    scores the same, a conversation that keeps returning to the topic above one that touched
    it once; an off-topic piece that happens to score well is one piece.

    With `counts` (how often each hit holds each query term, by fact id) and `rarity` (query
    term → weight), a group of facts (not events) also gains `weight` times its BM25 as one
    document (`group_bm25`) over the best group's: the query's words spread over a document's
    pieces (a title's words, said once, and the body's) count for it, though no single piece
    holds them all."""
    firsts: dict[str, Hit] = {}
    others: dict[str, list[float]] = {}
    summed: dict[str, Counter[str]] = {}
    for hit in hits:
        group = group_of(hit, key)
        if weight and counts is not None and hit.fact.kind == "fact":
            summed.setdefault(group, Counter()).update(counts.get(hit.fact.id, {}))
        if group not in firsts:
            firsts[group] = hit
        else:
            others.setdefault(group, []).append(hit.score - hit.context)
    spread = {group: group_bm25(found, rarity or {}) for group, found in summed.items()}
    most = max(spread.values(), default=0.0)
    scale = weight / most if most > 0 else 0.0
    gains = {
        group: following(others.get(group, []), share, depth(hit)) + scale * spread.get(group, 0.0)
        for group, hit in firsts.items()
    }
    best = [
        replace(hit, score=hit.score + gains[group]) if gains[group] else hit
        for group, hit in firsts.items()
    ]
    best.sort(key=lambda h: (-h.score, h.fact.id))
    return best


def depth(best: Hit) -> int:
    """How many hits after its best a group counts (GROUP_DEPTH), by its best hit's kind: a
    session's events all of them, a document's pieces only the second."""
    return GROUP_DEPTH if best.fact.kind == "event" else 1


def following(scores: list[float], share: float, count: int) -> float:
    """What a group gains from `count` of its hits after the best (their own scores, in any
    order): the best of them times `share`, the next times `share` squared, and so on."""
    best = heapq.nlargest(count, scores)
    return sum(score * share ** (n + 1) for n, score in enumerate(best))


# Metadata keys that name a conversation: events of two values of one are no neighbours, as
# the turns of two sessions written one after the other are not one exchange.
CONVERSATION_KEYS = (
    "session_id", "session", "conversation_id", "conversation", "thread_id", "thread", "chat_id",
)  # fmt: skip


def apart(first: Fact | None, second: Fact | None, keys: Sequence[str]) -> bool:
    """Whether two events belong to different conversations: a key of `keys` that both carry
    holds another value in each."""
    if first is None or second is None:
        return False
    ours, theirs = first.metadata, second.metadata
    return any(key in ours and key in theirs and ours[key] != theirs[key] for key in keys)


def in_context(
    hits: list[Hit],
    neighbours: dict[str, tuple[str | None, str | None]],
    unseen: dict[str, Fact],
    weight: float = CONTEXT_WEIGHT,
    far: dict[str, tuple[str | None, str | None]] | None = None,
    far_weight: float = FAR_CONTEXT_WEIGHT,
    assistant_weight: float = 1.0,
) -> list[Hit]:
    """Events with `weight` of the better score of the events written just before and after
    them added to their own: in a conversation the answer ("Five years, since college.")
    follows the question that holds the query's words ("How long have you been surfing?").
    `far`: each event hit's events two places before and after, whose better score counts at
    `far_weight` instead when that gains more (a turn cut into pieces, an answer a turn later).
    `neighbours`: each event hit's (before, after) ids; `unseen`: the neighbours, near or far,
    no leg found, which join the hits on their neighbours' scores alone. An assistant's reply
    keeps `assistant_weight` of what it gains, as of its own score (`speaker_factor`): the
    reply to the user's statement would otherwise rank beside it on the statement's words,
    crowding out the user's other statements. Best first."""
    scores = {hit.fact.id: hit.score for hit in hits}
    rings = [(neighbours, weight), (far or {}, far_weight)]

    def gained(hit: Hit) -> float:
        best = 0.0
        for ring, share in rings:
            pair = ring.get(hit.fact.id, (None, None))
            near = [scores.get(n, 0.0) for n in pair if n is not None]
            best = max(best, share * max(near, default=0.0))
        return best * speaker_factor(hit.fact.metadata, assistant_weight)

    out = [
        replace(hit, score=hit.score + gain, context=gain) if gain else hit
        for hit in hits
        for gain in (gained(hit),)
    ]
    # an unseen neighbour scores by the hits near it (two each side at most)
    beside: dict[str, float] = {}
    for ring, share in rings:
        for fact_id, pair in ring.items():
            for near in pair:
                if near in unseen and fact_id in scores:
                    beside[near] = max(beside.get(near, 0.0), share * scores[fact_id])
    out += [
        Hit(unseen[fid], score, 0.0, 0.0, 1.0, score)
        for fid, found in beside.items()
        for score in (found * speaker_factor(unseen[fid].metadata, assistant_weight),)
    ]
    out.sort(key=lambda h: (-h.score, h.fact.id))
    return out


def latest_first(hits: list[Hit], query_terms: list[str], terms: dict[str, list[str]]) -> list[Hit]:
    """Among hits about the same thing, the one that became true last ranks first.

    Two hits are about the same thing when they belong to the same scope and key and match
    mostly the same meaningful words of the query (at least two in common, or all of a shorter
    query, and two thirds of the words either matches): "where does Alice live" matches
    "Alice lives in Berlin" and "Alice lives in Munich now" on the same words. Groups are
    closed under that relation; each keeps the places it held in the ranking, and within it
    the newest `valid_from` takes the best place among the hits scoring at least CONTENDER of
    the group's best (a far weaker newer hit stays where it is). `terms` holds each hit's
    stored index terms, by id.
    """
    wanted = set(query_terms)
    if len(hits) < 2 or not wanted:
        return hits
    need = min(2, len(wanted))
    matched = [frozenset(wanted.intersection(terms.get(h.fact.id, ()))) for h in hits]
    parent = list(range(len(hits)))

    def root(at: int) -> int:
        while parent[at] != at:
            parent[at] = parent[parent[at]]
            at = parent[at]
        return at

    for i in range(len(hits)):
        for j in range(i + 1, len(hits)):
            a, b = matched[i], matched[j]
            same_place = (hits[i].fact.scope, hits[i].fact.scope_key) == (
                hits[j].fact.scope, hits[j].fact.scope_key,
            )  # fmt: skip
            if same_place and len(a & b) >= need and 3 * len(a & b) >= 2 * len(a | b):
                parent[root(j)] = root(i)
    groups: dict[int, list[int]] = {}
    for at in range(len(hits)):
        groups.setdefault(root(at), []).append(at)
    out = list(hits)
    own = [hit.score - hit.context for hit in hits]  # what a hit scores for itself
    for places in groups.values():
        best = max(own[p] for p in places)
        # Only contenders trade places: a newer hit far weaker than the best stays where it is.
        contenders = [p for p in places if own[p] >= CONTENDER * best]
        if len(contenders) > 1:
            members = sorted((hits[p] for p in contenders), key=lambda h: h.fact.valid_from,
                             reverse=True)  # fmt: skip
            for place, member in zip(contenders, members, strict=True):
                out[place] = member
    return out


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
