"""A pair of facts through the classifier, alone or through the real absorb pipeline, as the
classifier tests read it."""

from __future__ import annotations

from engram.store import MemoryStore
from engram.store.classify import classify

HIDING = ("duplicate", "supersede")  # the outcomes that hide the new fact from search


def absorbed(store: MemoryStore, old: str, new: str) -> str:
    """The outcome of `new` absorbed after `old`, the two alone in a scope key of their own."""
    key = f"{old} / {new}"
    store.absorb([old], scope="agent", scope_key=key)
    return store.absorb([new], scope="agent", scope_key=key)[0].outcome


def outcome(old: str, new: str) -> str:
    """The classifier's outcome for `new` against the stored `old` (their vectors unknown)."""
    return classify(new, [(old, 0.0)]).outcome
