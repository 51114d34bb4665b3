"""`load --dry-run`: counts, narrowing tags, match reasons and skip reasons — no bodies.

Nothing of a memory that may not be shown is named: its tags are not offered as narrowing tags,
and an id that is itself a secret or an injection (a file named after a key) is `[unsafe id]`,
as in the pack's skip line.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engram.render.pack import requires, shown_id
from engram.routing.route import Candidate, Route
from engram.safety.ids import masked_id
from engram.terminal import printable


def narrowing_tags(route: Route, top: int = 5) -> list[tuple[str, int]]:
    """Tags shared by some (not all) candidates: adding one to the query narrows the pack."""
    anchors = {a.word for a in route.terms.anchors}
    counts = Counter(
        tag
        for c in route.candidates
        if c.row.sealed and not c.row.unsafe  # an unsafe memory's tags may be what was found
        for tag in dict.fromkeys(c.row.tags)
        if tag not in anchors
    )
    total = len(route.candidates)
    return [(tag, n) for tag, n in counts.most_common() if n < total][:top]


def match_reason(candidate: Candidate) -> str:
    """`deploy in id, tags; api in content; × workspace 1.1` — why a memory scored."""
    parts = [f"{word} in {', '.join(fields)}" for word, fields in candidate.matched.items()]
    if candidate.prerequisite_of:
        parts.append(f"prerequisite of {masked_id(candidate.prerequisite_of)}")
    factors = " ".join(f"× {name} {value:.2f}" for name, value in candidate.factors)
    return "; ".join(parts) + (f" {factors}" if factors else "")


def candidate_id(candidate: Candidate) -> str:
    """A candidate's id as the dry run names it (see the module docstring)."""
    row = candidate.row
    return shown_id(row.id, row.unsafe)


def _missing(route: Route) -> list[str]:
    """The missing prerequisites as named: an id that is itself unsafe is not repeated."""
    return [masked_id(memory_id) for memory_id in requires(route.missing_prerequisites)]


def dry_run_text(route: Route) -> str:
    terms = route.terms
    lines = ["anchors: " + (", ".join(a.word for a in terms.anchors) or "(none)")]
    if terms.generic:
        lines.append("ignored generic words: " + ", ".join(terms.generic))
    if not terms.anchors:
        lines.append("no anchors: nothing loads; name the topic of the task")
    selected = {c.key for c in route.pack}
    lines.append(
        f"candidates: {route.related} related, {len(route.pack)} selected, "
        f"{route.not_admitted} not admitted by the anchor rule"
    )
    if route.hidden:
        lines.append(
            "hidden: " + ", ".join(f"{n} by {why}" for why, n in sorted(route.hidden.items()))
        )
    tags = narrowing_tags(route)
    if tags:
        lines.append("narrowing tags: " + ", ".join(f"{printable(t)} ({n})" for t, n in tags))
    for candidate in route.pack + [c for c in route.candidates if c.key not in selected]:
        mark = "+" if candidate.key in selected else "-"
        row = candidate.row
        lines.append(
            f"{mark} {candidate_id(candidate)} [{row.type}, {row.scope}] "
            f"score {candidate.score:.3f}: " + match_reason(candidate)
        )
    for skip in route.skipped:
        lines.append(f"skipped {skip.id}: {skip.reason}")
    if route.missing_prerequisites:
        missing = _missing(route)
        lines.append("missing prerequisites: " + ", ".join(missing))
    return "\n".join(lines) + "\n"


def dry_run_json(route: Route, query: str) -> dict[str, Any]:
    selected = {c.key for c in route.pack}
    return {
        "version": 1,
        "query": query,
        "anchors": [a.word for a in route.terms.anchors],
        "ignored_words": list(route.terms.generic),
        "related": route.related,
        "selected": len(route.pack),
        "not_admitted": route.not_admitted,
        "hidden": route.hidden,
        "narrowing_tags": [{"tag": t, "count": n} for t, n in narrowing_tags(route)],
        "candidates": [
            {
                "id": candidate_id(c),
                "scope": c.row.scope,
                "type": c.row.type,
                "selected": c.key in selected,
                "score": round(c.score, 4),
                "bm25": round(c.bm25, 4),
                "matched": c.matched,
                "factors": [{"name": n, "value": v} for n, v in c.factors],
                "stale": c.stale,
                "prerequisite_of": c.prerequisite_of and masked_id(c.prerequisite_of),
            }
            for c in route.pack + [c for c in route.candidates if c.key not in selected]
        ],
        "skipped": [{"id": s.id, "scope": s.scope, "reason": s.reason} for s in route.skipped],
        "missing_prerequisites": _missing(route),
    }
