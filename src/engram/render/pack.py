"""The agent-facing pack (SPEC A4).

Tiered disclosure: the first `load.expand_top` memories are printed as bodies under
`### <id> [<type>, <authority>]` (with the memory's directive, unless the body says it already),
every other selected memory and up to five left-out candidates as one-line cards, and a final
`fetch: engram load --id …` line names what can be fetched. A token budget first demotes bodies
to cards (lowest-ranked first), then drops the lowest-ranked cards; text is never cut in the
middle. What the budget did is said apart from the pack (`limit_note`), so that the note never
takes the place of a memory.
"""

from __future__ import annotations

from engram.files.body import visible_body
from engram.files.guard import body_of, guarded_text
from engram.files.reading import DEFAULT_MAX_BYTES
from engram.plain import Plain
from engram.routing.route import Skip
from engram.terminal import printable
from engram.text.estimate import estimate_tokens

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from engram.files.index import DocRow
    from engram.paths import Folder
    from engram.routing.route import Candidate, Route


class PackItem(Plain):
    """One printed memory: a body or a card."""

    __slots__ = ("body", "candidate", "extra", "tier")

    def __init__(
        self, candidate: Candidate, tier: str, body: str = "", extra: bool = False
    ) -> None:
        self.candidate = candidate
        self.tier = tier  # "body" or "card"
        self.body = body
        self.extra = extra  # a left-out candidate shown as a card, not a loaded memory


class Pack(Plain):
    """What `load` prints, before it is turned into text or JSON."""

    __slots__ = (
        "already_loaded", "budget", "demoted", "dropped", "items", "limit_label", "notes",
        "route", "skipped",
    )  # fmt: skip

    def __init__(self, route: Route, skipped: list[Skip] | None = None, budget: int = 0) -> None:
        self.route = route
        self.items: list[PackItem] = []
        self.skipped = skipped or []
        self.demoted: list[str] = []
        self.dropped: list[str] = []
        self.budget = budget
        self.notes: list[str] = []
        self.already_loaded: list[str] = []  # delivered earlier in a session
        # What limited the output: "budget 400 tokens", "cap 9500 characters".
        self.limit_label = ""

    @property
    def loaded(self) -> list[PackItem]:
        return [item for item in self.items if not item.extra]

    @property
    def fetchable(self) -> list[str]:
        return [item.candidate.id for item in self.items if item.tier == "card"]


def shown_id(memory_id: str, reason: str) -> str:
    """The id to print for a skipped memory: one that is itself unsafe (a file named after a
    key) is not repeated in the very line that says it was withheld."""
    from engram.safety.ids import UNSAFE_ID, masked_id

    if "(in id)" in reason or "(in path)" in reason:
        return UNSAFE_ID
    return masked_id(memory_id)


def unknown_id(memory_id: str) -> str:
    """An id asked for that names no memory, as the skip line repeats it: without terminal
    escapes, and withheld when it is a secret or an injection (an agent may be steered into
    asking for one, and reads the pack)."""
    from engram.safety.ids import masked_id

    return masked_id(printable(memory_id))


def card_text(row: DocRow) -> str:
    """A memory's card as shown: one line, without terminal escapes or control characters."""
    return printable(" ".join(row.card_text.split()))


def _card(item: PackItem) -> str:
    row = item.candidate.row
    text = card_text(row)
    line = f"- {row.id} [{row.type}]" + (f" {text}" if text else "")
    return line + (" (stale)" if item.candidate.stale else "")


def requires(memory_ids: list[str]) -> list[str]:
    """`depends_on` ids as shown: ids are checked only where they name a memory, so one that
    names none may hold terminal escapes."""
    return [printable(memory_id) for memory_id in memory_ids]


def directive_line(directive: str, body: str) -> str:
    """`directive: …` for a body that does not say its memory's directive itself ('' then)."""
    wanted = " ".join(printable(directive).split())
    if not wanted or wanted.casefold() in " ".join(body.split()).casefold():
        return ""
    return f"directive: {wanted}"


def _body(item: PackItem) -> str:
    row = item.candidate.row
    lines = [f"### {row.id} [{row.type}, {row.authority}]"]
    directive = directive_line(row.directive, item.body)
    if directive:
        lines.append(directive)
    if row.depends_on:
        lines.append("requires: " + ", ".join(requires(row.depends_on)))
    if item.body:
        lines.append(item.body)
    return "\n".join(lines)


def render_text(pack: Pack) -> str:
    """The pack as the agent sees it."""
    route = pack.route
    parts = [f"loaded {len(pack.loaded)} memory files / {route.related} total related memories"]
    parts.extend(pack.notes)
    bodies = [_body(i) for i in pack.items if i.tier == "body"]
    cards = [_card(i) for i in pack.items if i.tier == "card"]
    text = "\n".join(parts)
    if bodies:
        text += "\n\n" + "\n\n".join(bodies)
    tail: list[str] = []
    if cards:
        tail.append("\n".join(cards))
    if pack.already_loaded:
        tail.append("already loaded: " + ", ".join(pack.already_loaded))
    if pack.skipped:
        tail.append("skipped: " + "; ".join(f"{s.id} ({s.reason})" for s in pack.skipped))
    if pack.fetchable:
        tail.append("fetch: engram load --id " + ",".join(dict.fromkeys(pack.fetchable)))
    if tail:
        text += "\n\n" + "\n".join(tail)
    return text + "\n"


def limit_note(pack: Pack) -> str:
    """`budget 60 tokens: demoted to cards a, b; dropped c` ('' when the limit changed nothing):
    for people, on stderr, never in the pack itself."""
    if not (pack.demoted or pack.dropped):
        return ""
    note = f"{pack.limit_label}:"
    if pack.demoted:
        note += " demoted to cards " + ", ".join(pack.demoted) + ";"
    if pack.dropped:
        note += " dropped " + ", ".join(pack.dropped) + ";"
    return note.rstrip(";")


def build_pack(
    route: Route,
    roots: Mapping[str, Folder],
    *,
    expand_top: int = 3,
    tiers: bool = True,
    budget_tokens: int = 0,
    extra_cards: bool = True,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Pack:
    """Check every memory to be printed, lay out bodies and cards, then apply the budget.
    `max_bytes` is `files.max_bytes`: no larger file is read."""
    pack = Pack(route, skipped=list(route.skipped), budget=budget_tokens)
    # A memory prints `requires: <id>`: a prerequisite no folder holds is named, as one
    # withheld is, so the agent is told why it is not in the pack.
    pack.skipped += [Skip(unknown_id(m), "", "not found") for m in route.missing_prerequisites]
    bodies_left = expand_top if tiers else len(route.pack)
    chosen = [(c, False) for c in route.pack]
    if tiers and extra_cards:
        chosen += [(c, True) for c in route.extra_cards]
    for candidate, extra in chosen:
        text, reason = guarded_text(candidate.row, roots[candidate.row.scope], max_bytes)
        if text is None:
            pack.skipped.append(Skip(shown_id(candidate.id, reason), candidate.row.scope, reason))
            continue
        if not extra and bodies_left > 0:
            pack.items.append(PackItem(candidate, "body", printable(visible_body(body_of(text)))))
            bodies_left -= 1
        else:
            pack.items.append(PackItem(candidate, "card", extra=extra))
    if budget_tokens:
        pack.limit_label = f"budget {budget_tokens} tokens"
        fit(pack, lambda text: estimate_tokens(text) <= budget_tokens)
    return pack


def fit(
    pack: Pack, fits: Callable[[str], bool], render: Callable[[Pack], str] | None = None
) -> None:
    """Demote bodies (lowest-ranked first), then drop cards (lowest-ranked first), until the
    rendered text `fits`. The header and the fetch line always stay; text is never cut. The
    rank is the routing score, not the place in the pack: a prerequisite is printed before the
    memory that needs it, and the best match must not go first because of that."""
    render = render or render_text
    while not fits(render(pack)):
        bodies = [item for item in pack.items if item.tier == "body"]
        if bodies:
            item = _lowest(bodies)
            item.tier, item.body = "card", ""
            pack.demoted.append(item.candidate.id)
            continue
        if not pack.items:
            return
        item = _lowest(pack.items)
        pack.items.remove(item)
        pack.dropped.append(item.candidate.id)


def _lowest(items: list[PackItem]) -> PackItem:
    """The item of the lowest routing score; of equal ones, the one printed last."""
    return min(reversed(items), key=lambda item: item.candidate.score)


def _dependent(candidate: Candidate) -> str | None:
    """The memory a prerequisite is loaded for, as named: that memory may be one withheld
    because its id is itself a secret or an injection (a file named after a key)."""
    from engram.safety.ids import masked_id

    return candidate.prerequisite_of and masked_id(candidate.prerequisite_of)


def pack_json(pack: Pack, query: str) -> dict[str, Any]:
    """The stable JSON shape of `load --json` (documented in `engram docs json`)."""
    route = pack.route
    return {
        "version": 1,
        "query": query,
        "anchors": [a.word for a in route.terms.anchors],
        "ignored_words": list(route.terms.generic),
        "loaded": len(pack.loaded),
        "related": route.related,
        "memories": [
            {
                "id": item.candidate.id,
                "scope": item.candidate.row.scope,
                "type": item.candidate.row.type,
                "authority": item.candidate.row.authority,
                "tier": item.tier,
                "loaded": not item.extra,
                "score": round(item.candidate.score, 4),
                "stale": item.candidate.stale,
                "requires": requires(item.candidate.row.depends_on),
                "prerequisite_of": _dependent(item.candidate),
                "path": item.candidate.row.path,
                "card": card_text(item.candidate.row),
                "body": item.body if item.tier == "body" else None,
            }
            for item in pack.items
        ],
        "skipped": [{"id": s.id, "scope": s.scope, "reason": s.reason} for s in pack.skipped],
        "hidden": route.hidden,
        "budget": {
            "tokens": pack.budget,
            "demoted": pack.demoted,
            "dropped": pack.dropped,
        }
        if pack.budget
        else None,
        "fetch": list(dict.fromkeys(pack.fetchable)),
        "notes": pack.notes,
    }
