"""Classifying a new fact against similar stored facts (SPEC B3).

The offline classifier is deterministic and looks at the words themselves:

- **duplicate** — the same words (after normalisation and stemming), the same values and the
  same polarity;
- **contradict** — the same claim with its polarity flipped: a negation on one side only
  (not / never / не / no / nunca / ない …) or an antonym pair split across the two (enabled /
  disabled, always / never, разрешено / запрещено …), the values unchanged;
- **supersede** — the same subject and attribute with a new value: most words shared, and the
  difference is a swapped value — a number, date, version, e-mail, URL, name — or a small
  one-for-one word substitution (a changed role or place);
- **related** — similar but additive: a good share of words in common, nothing swapped;
- **new** — otherwise.

With an OpenAI-compatible chat model configured, `classify_with_model` asks the model first and
falls back to this classifier on any failure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.store.normalize import normalize_text
from engram.text.tokenize import terms_of, tokenize

PRIORITY = ("duplicate", "contradict", "supersede", "related", "new")

NEGATIONS = frozenset(
    """
not no never none nobody nothing neither nor without cannot can't don't doesn't didn't isn't
aren't wasn't weren't won't wouldn't shouldn't couldn't hasn't haven't hadn't dont doesnt didnt
isnt arent wasnt cant wont
не нет никогда ни без нельзя
nunca jamás jamas ni sin tampoco
ない ません なかった ず
""".split()
)
# Antonym pairs, compared on stems; a pair split across the two facts flips the claim.
ANTONYMS = [
    ("enabl", "disabl"), ("true", "fals"), ("allow", "forbid"), ("allow", "forbidden"),
    ("allow", "deni"), ("succeed", "fail"), ("work", "broken"),
    ("allow", "disallow"), ("allow", "block"), ("alway", "never"), ("like", "dislik"),
    ("love", "hate"), ("accept", "reject"), ("open", "close"), ("on", "off"),
    ("increas", "decreas"), ("pass", "fail"), ("success", "failur"), ("prefer", "avoid"),
    ("requir", "option"), ("public", "privat"), ("safe", "unsaf"), ("support", "unsupport"),
    ("включ", "выключ"), ("разреш", "запрещ"), ("люб", "ненавид"), ("всегд", "никогд"),
    ("habilit", "deshabilit"), ("permit", "prohib"), ("siempr", "nunc"), ("verdader", "fals"),
    ("activ", "desactiv"), ("gust", "odi"),
]  # fmt: skip
_ANTONYM_STEMS = {s for pair in ANTONYMS for s in pair}
_VALUE = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.]+"  # e-mail
    r"|https?://\S+"  # URL
    r"|\d+(?:[.,:/-]\d+)*%?"  # numbers, versions, dates, times, percentages
    r"|\b[A-ZА-ЯЁ][\w-]*(?:\s+[A-ZА-ЯЁ][\w-]*)*"  # capitalised names and acronyms
)


@dataclass(frozen=True)
class Verdict:
    outcome: str
    reason: str
    candidate: int | None = None  # index into the candidates list


@dataclass(frozen=True)
class Shape:
    """What the classifier looks at in one fact."""

    normalized: str
    stems: frozenset[str]
    content: frozenset[str]  # stems without negations, antonyms and values
    values: frozenset[str]
    negated: bool


def shape(text: str) -> Shape:
    words = [t.word for t in tokenize(text)]
    negations = sum(1 for w in words if w in NEGATIONS) + text.casefold().count("n't")
    stems = frozenset(terms_of(text))
    values = frozenset(_values(text))
    value_stems = frozenset(terms_of(" ".join(values)))
    content = frozenset(
        s for s in stems if s not in _ANTONYM_STEMS and s not in NEGATIONS and s not in value_stems
    )
    return Shape(normalize_text(text), stems, content, values, negations % 2 == 1)


def _values(text: str) -> list[str]:
    from engram.text.words import STOP_WORDS

    found = []
    for match in _VALUE.finditer(text):
        value = match.group().strip(".,;:")
        if value[:1].isupper():
            words = value.split()
            # A capitalised word that opens the sentence is usually not a name.
            if match.start() == 0 and not words[0].isupper():
                words = words[1:]
            found += [w.casefold() for w in words if w.casefold() not in STOP_WORDS]
        else:
            found.append(value.casefold())
    return found


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _antonym_split(a: frozenset[str], b: frozenset[str]) -> str | None:
    """The first antonym pair with one word on each side only (None if there is none)."""
    for left, right in ANTONYMS:
        one_way = left in a and right in b and right not in a and left not in b
        other_way = right in a and left in b and left not in a and right not in b
        if one_way or other_way:
            return f"{left}…/{right}…"
    return None


def compare(new: Shape, old: Shape, similarity: float) -> Verdict:
    """Classify a new fact against one stored fact (cosine `similarity` of their vectors)."""
    same_values = new.values == old.values
    if new.normalized == old.normalized:
        return Verdict("duplicate", "identical after normalisation")
    if new.stems == old.stems and same_values and new.negated == old.negated:
        return Verdict("duplicate", "same words, values and polarity")
    overlap = _jaccard(new.content, old.content)
    if overlap >= 0.5 and same_values:
        if new.negated != old.negated:
            return Verdict("contradict", "the same claim with the polarity flipped (negation)")
        pair = _antonym_split(new.stems, old.stems)
        if pair:
            return Verdict("contradict", f"the same claim with opposite words ({pair})")
    if similarity >= 0.97 and same_values and new.negated == old.negated:
        return Verdict("duplicate", f"near-identical (cosine {similarity:.2f})")
    old_only, new_only = old.values - new.values, new.values - old.values
    if overlap >= 0.4 and old_only and new_only:
        changed = f"{', '.join(sorted(old_only))} → {', '.join(sorted(new_only))}"
        return Verdict("supersede", f"the same subject with a new value ({changed})")
    added, removed = new.stems - old.stems, old.stems - new.stems
    substitution = 0 < len(added) <= 3 and 0 < len(removed) <= 3
    if (
        substitution
        and _jaccard(new.stems, old.stems) >= 0.4
        and new.negated == old.negated
        and not _antonym_split(new.stems, old.stems)
    ):
        changed = f"{', '.join(sorted(removed))} → {', '.join(sorted(added))}"
        return Verdict("supersede", f"the same subject with a detail replaced ({changed})")
    if overlap >= 0.25 or similarity >= 0.5:
        return Verdict("related", f"similar and additive ({overlap:.0%} of words shared)")
    return Verdict("new", "no stored fact says the same thing")


def classify(text: str, candidates: list[tuple[str, float]]) -> Verdict:
    """Classify `text` against (content, cosine) candidates: the strongest verdict wins."""
    if not candidates:
        return Verdict("new", "no similar fact in this scope")
    mine = shape(text)
    best: Verdict | None = None
    for index, (content, similarity) in enumerate(candidates):
        verdict = compare(mine, shape(content), similarity)
        verdict = Verdict(verdict.outcome, verdict.reason, index)
        if best is None or PRIORITY.index(verdict.outcome) < PRIORITY.index(best.outcome):
            best = verdict
    assert best is not None
    return best


SYSTEM_PROMPT = (
    "You maintain a knowledge base of short facts. Compare a NEW fact with EXISTING facts and "
    'answer a JSON object {"verdict": one of duplicate|supersede|contradict|related|new, '
    '"candidate": the id of the existing fact concerned (or null for new), "reason": a short '
    "reason}. duplicate: same information. supersede: the same subject and attribute with a "
    "newer value. contradict: opposite claims. related: similar but adds information. new: "
    "unrelated."
)


def classify_with_model(model: object, text: str, candidates: list[tuple[str, float]]) -> Verdict:
    """Ask an OpenAI-compatible chat model; fall back to the offline classifier on any failure
    or malformed answer."""
    from engram.llm import ChatModel, HttpError

    if not candidates or not isinstance(model, ChatModel):
        return classify(text, candidates)
    listing = "\n".join(f"c{i + 1}: {content}" for i, (content, _) in enumerate(candidates))
    try:
        answer = model.complete_json(SYSTEM_PROMPT, f"NEW: {text}\nEXISTING:\n{listing}")
        verdict = str(answer.get("verdict", "")).lower()
        aliases = {
            "update": "supersede",
            "conflict": "contradict",
            "add": "new",
            "coexist": "related",
        }
        verdict = aliases.get(verdict, verdict)
        if verdict not in PRIORITY:
            raise HttpError(f"unknown verdict {verdict!r}")
        index = None
        if verdict != "new":
            label = str(answer.get("candidate") or "c1").lower().lstrip("c")
            index = int(label) - 1 if label.isdigit() else 0
            if not 0 <= index < len(candidates):
                raise HttpError(f"unknown candidate {answer.get('candidate')!r}")
        reason = str(answer.get("reason") or "classified by the model")
        return Verdict(verdict, f"model: {reason}", index)
    except (HttpError, ValueError, TypeError):
        fallback = classify(text, candidates)
        return Verdict(
            fallback.outcome, fallback.reason + " (offline; the model failed)", fallback.candidate
        )
