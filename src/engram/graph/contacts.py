"""Structured contacts into facts, nodes and edges — without a model (SPEC B3, B9).

A record has `name` and any of `title` (or `role`), `company`, `location`, `industry`,
`technologies` (a list or a comma-separated string), `source`, `confidence`. One transaction per
record writes a fact that reads as a sentence, the nodes (person, company, role, location,
industry, technologies) and the edges between them, each edge pointing at the fact.
Re-absorbing the same record changes nothing; a changed record supersedes the person's previous
contact fact and, through the exclusive relations, ends the old role or employer edge.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engram.errors import EngramError
from engram.store.db import now_iso
from engram.store.normalize import new_id, normalize_text

if TYPE_CHECKING:
    from engram.store.store import MemoryStore

FIELDS = (
    "name",
    "title",
    "role",
    "company",
    "location",
    "industry",
    "technologies",
    "source",
    "confidence",
    "email",
)


@dataclass
class ContactOutcome:
    outcome: str  # new | supersede | duplicate | rejected
    reason: str
    fact_id: str | None = None
    person: int | None = None
    record: int | None = None  # its place among the records read, from 1

    def to_json(self) -> dict[str, Any]:
        return {
            "record": self.record,
            "outcome": self.outcome,
            "reason": self.reason,
            "fact_id": self.fact_id,
            "person": self.person,
        }


def parse_contacts(text: str, what: str = "the contacts input") -> list[dict[str, Any]]:
    """Records from JSON (a list or one object), JSON lines, or CSV with a header row; `what`
    names the input (its file) in the error raised when it cannot be read."""
    from engram.records import json_records

    stripped = text.strip()
    if not stripped:
        return []
    records = json_records(stripped, what)
    if records is not None:
        return records
    rows = _csv_rows(stripped, what)
    if rows and "name" not in rows[0]:
        raise EngramError(
            f"{what}: the CSV has no 'name' column", hint="the first row must name the columns"
        )
    return [{k.strip().lower(): v for k, v in row.items() if k} for row in rows]


def _csv_rows(text: str, what: str) -> list[dict[str, Any]]:
    """The rows of a CSV text with a header row; csv's own errors (a field past its 128 KiB
    limit) become one that names the line."""
    reader = csv.DictReader(io.StringIO(text))
    try:
        return list(reader)
    except csv.Error as exc:
        raise EngramError(
            f"{what} is not valid CSV (line {reader.reader.line_num}: {exc})",
            hint="fix that line, or give the contacts as JSON",
        ) from None


def _technologies(value: Any) -> list[str]:
    """A list, or a text separated by commas or semicolons ("Spark; Python")."""
    if isinstance(value, str):
        return [t.strip() for t in re.split(r"[,;]", value) if t.strip()]
    if isinstance(value, list):
        return [str(t).strip() for t in value if str(t).strip()]
    return []


def sentence(record: dict[str, Any]) -> str:
    """The contact as a self-contained fact."""
    name = str(record["name"])
    title = record.get("title") or record.get("role")
    text = name + (f" is {title}" if title else "")
    if record.get("company"):
        text += f" at {record['company']}"
    if record.get("industry"):
        text += f" ({record['industry']})"
    if record.get("location"):
        text += f", {record['location']}"
    text += "."
    technologies = _technologies(record.get("technologies"))
    if technologies:
        text += f" Technologies: {', '.join(technologies)}."
    return text


def absorb_contacts(
    store: MemoryStore,
    records: list[Any],
    *,
    scope: str = "user",
    scope_key: str | None = None,
    source: str | None = None,
) -> list[ContactOutcome]:
    from engram.store.unsafe import refuse

    outcomes = []
    key = scope_key or ""
    refuse("scope key", key)
    refuse("source", source or "")
    for number, record in enumerate(records, start=1):
        try:
            outcomes.append(_absorb_one(store, record, scope, key, source))
        except KeyboardInterrupt:  # this record's transaction was rolled back
            raise ContactsInterrupted(outcomes, number, len(records)) from None
        outcomes[-1].record = number
    return outcomes


class ContactsInterrupted(KeyboardInterrupt):
    """Ctrl-C during a contacts import, at record `at` of `total`: `outcomes` are those of
    the records before it, which stay done (each record is its own transaction)."""

    def __init__(self, outcomes: list[ContactOutcome], at: int, total: int) -> None:
        super().__init__(f"interrupted at record {at} of {total}")
        self.outcomes, self.at, self.total = outcomes, at, total

    def message(self) -> str:
        done = self.at - 1
        before = (
            f"the {done} record before it is" if done == 1 else f"the {done} records before it are"
        )
        return (
            f"interrupted at record {self.at} of {self.total}: {before} done (see above), "
            f"record {self.at} and the ones after it are not stored"
        )


def _absorb_one(
    store: MemoryStore, record: Any, scope: str, key: str, source: str | None
) -> ContactOutcome:
    from engram.store.inputs import prepare

    if not isinstance(record, dict) or not str(record.get("name") or "").strip():
        return ContactOutcome("rejected", "a contact needs a name")
    record = {k: v for k, v in record.items() if v not in (None, "", [])}
    problem = _unsafe_field(record) or _shape_problem(record)
    if problem:
        return ContactOutcome("rejected", problem)
    record["name"] = " ".join(str(record["name"]).split())
    person_key = normalize_text(record["name"])
    item = prepare(
        {
            "content": sentence(record),
            "tags": ["contact"],
            "metadata": {"contact": person_key, "record": record},
            "confidence": float(record.get("confidence", 0.8)),
        },
        (),
        None,
    )
    if item.outcome is not None:
        return ContactOutcome("rejected", item.outcome.reason)
    store._embed_items([item])
    with store._write():
        outcome = _write(store, record, item, scope, key, source or record.get("source"))
    store._fold()
    return outcome


# The fields that become entity nodes: each must be a name `engram memory graph add` takes.
_NAMED = ("name", "title", "role", "company", "location", "industry")


def _shape_problem(record: dict[str, Any]) -> str:
    """A rejection naming the first field whose value cannot be what the field is: a node's
    name (text, one line, at most `MAX_NAME_CHARS`) or a confidence; '' when all can."""
    from engram.errors import quoted
    from engram.graph.entities import name_problem

    for field in _NAMED:
        if field not in record:
            continue
        value = record[field]
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            return f"field {field} must be a name (text), got {_kind(value)}"
        problem = name_problem(f"field {field}", " ".join(str(value).split()))
        if problem:
            return problem
    technologies = record.get("technologies")
    if technologies is not None:
        items = [technologies] if isinstance(technologies, str) else technologies
        if not isinstance(items, list) or not all(
            isinstance(t, str | int | float) and not isinstance(t, bool) for t in items
        ):
            return (
                "field technologies must be names: a list of texts, or one text with the "
                f"names separated by commas; got {_kind(technologies)}"
            )
        for technology in _technologies(technologies):
            problem = name_problem("field technologies", technology)
            if problem:
                return problem
    if "confidence" in record:
        value = record["confidence"]
        try:
            number = float("nan") if isinstance(value, bool) else float(value)
        except (TypeError, ValueError, OverflowError):
            number = float("nan")
        if not 0 <= number <= 1:
            return f"field confidence must be a number from 0 to 1, got {quoted(value)}"
    return ""


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true or false"
    return "text" if isinstance(value, str) else type(value).__name__


def _unsafe_field(record: dict[str, Any]) -> str:
    """A rejection naming the first field of a record that holds a secret or an injection
    (and the kind of problem, never the value); '' when the record is safe."""
    from engram.store.unsafe import item_reason, text_reason, texts_of

    for field, value in record.items():
        label = str(field) if not text_reason(str(field)) else "a column name"
        reason = item_reason(f"field {label}", texts_of([str(field), value, {field: value}]))
        if reason:
            return reason
    return ""


def _write(
    store: MemoryStore, record: dict[str, Any], item: Any, scope: str, key: str, source: str | None
) -> ContactOutcome:
    previous = store._backend.latest_contact(scope, key, item.metadata["contact"])
    graph = store.graph
    person = graph._ensure(record["name"], "person", [], {})
    if previous and previous[1] == item.digest:
        return ContactOutcome(
            "duplicate", "the same contact is already stored", previous[0], person.id
        )
    from engram.store.model import Batch

    at = now_iso()
    fact_id = new_id()
    outcome = "supersede" if previous else "new"
    batch = Batch(scope, key, "fact", source, at, True)
    store._apply(fact_id, item, outcome, previous[0] if previous else None, batch)
    title = record.get("title") or record.get("role")
    links: list[tuple[Any, str, Any]] = []
    company = (
        graph._ensure(str(record["company"]), "company", [], {}) if record.get("company") else None
    )
    location = (
        graph._ensure(str(record["location"]), "location", [], {})
        if record.get("location")
        else None
    )
    if company:
        links.append((person, "works_at", company))
    if title:
        links.append((person, "holds_role", graph._ensure(str(title), "role", [], {})))
    if location:
        links.append((person, "located_in", location))
        if company:
            links.append((company, "located_in", location))
    if record.get("industry"):
        industry = graph._ensure(str(record["industry"]), "other", [], {"kind": "industry"})
        links.append((company or person, "in_industry", industry))
    for tech in _technologies(record.get("technologies")):
        links.append((person, "uses", graph._ensure(tech, "technology", [], {})))
    for src, relation, dst in links:
        graph._relate(src, relation, dst, at, item.confidence, fact_id)
    reason = (
        "a changed contact: the previous version is superseded" if previous else "a new contact"
    )
    return ContactOutcome(outcome, reason, fact_id, person.id)
