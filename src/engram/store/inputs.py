"""Turning absorb inputs (strings or objects) into validated items, or rejections."""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from engram.embed.vectors import Vector
from engram.errors import EngramError, quoted
from engram.store.model import MAX_CHARS, MAX_EVENT_CHARS, MIN_CHARS, Outcome
from engram.store.normalize import content_hash
from engram.text.patterns import compiled
from engram.text.tokenize import cached_terms

MAX_IMPORTANCE = 5.0
# Metadata is ids, sources and labels: a fact's JSON metadata is at most this long (every
# search result carries it, and every item of it is scanned).
MAX_METADATA_CHARS = 16_000
# PostgreSQL's text cannot hold a NUL, so neither backend takes one
_NUL = "{name} holds a NUL character (\\x00); remove it"
# Kana and CJK ideographs: Japanese and Chinese put no spaces between words, so a sentence of
# theirs is one "word" to `str.split` and still stands alone. (Compiled on first use: a search
# process imports this module and never needs it.)
_UNSPACED = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]"


def _weight(text: str) -> int:
    """A fact's length as the shortest-fact check reads it: a Japanese or Chinese character
    counts two and a half times, since one or two say what a whole word says elsewhere
    ("朝会は9:30。", 8 characters, is "Standup is at 9:30"; "田中です", "I'm Tanaka", and
    "はい。" stay too short)."""
    if text.isascii():
        return len(text)
    return len(text) + 3 * len(compiled(_UNSPACED).findall(text)) // 2


# What a record (a JSON object given to absorb) may say; anything else is a mistake to name.
RECORD_FIELDS = ("content", "tags", "metadata", "confidence", "importance", "valid_from", "source")


@dataclass
class Item:
    """One input on its way through absorb."""

    content: str
    tags: list[str]
    metadata: dict[str, Any]
    confidence: float
    importance: float
    digest: str = ""
    terms: list[str] = field(default_factory=list)
    vector: Vector | None = None
    outcome: Outcome | None = None
    valid_from: str | None = None  # when the fact became true, if not when it was absorbed
    source: str | None = None  # where this one came from, when it says (else the batch's)


def prepare(
    raw: object, tags: Sequence[str], metadata: dict[str, Any] | None, kind: str = "fact"
) -> Item:
    """Validate one input: an Item ready to embed, or one whose `outcome` is a rejection.

    A fact must stand alone: at least MIN_CHARS characters (a Japanese or Chinese character
    counting two and a half times) and two words (or Japanese or Chinese, written without
    spaces). An event (a line of dialogue, a message, a log line) is a record of what
    happened, so any length will do as long as it has a letter or a digit: "Bye!" and "ok"
    are stored, "..." is not.

    A secret anywhere (content, tags, metadata keys and values at any depth) or a prompt
    injection is a rejection that names the field and the kind, never the text; a rejection
    for length echoes the text only when it is safe."""
    from engram.records import Unreadable
    from engram.store.unsafe import item_reason, texts_of

    item = Item("", list(tags), dict(metadata or {}), 0.8, 1.0)
    if isinstance(raw, Unreadable):
        item.outcome = Outcome("rejected", f"invalid input: {raw.reason}")
        return item
    try:
        if isinstance(raw, dict):
            if "content" not in raw:  # the fields given are not named: any may be unsafe
                raise ValueError("no content field: the fact's text goes in 'content'")
            unknown = [key for key in raw if key not in RECORD_FIELDS]
            if unknown:  # a misspelt field was dropped without a word ("tagz", "sourse")
                raise ValueError(
                    f"unknown field {_field_name(unknown[0])}: a record's fields are "
                    f"{', '.join(RECORD_FIELDS)}; put anything else in 'metadata'"
                )
            content = raw["content"]
            if raw.get("source") is not None:
                if not isinstance(raw["source"], str):
                    raise ValueError(f"source must be text, got {type(raw['source']).__name__}")
                item.source = raw["source"]
            item.tags += record_tags(raw.get("tags"))
            extra = raw.get("metadata") or {}
            if not isinstance(extra, dict):
                raise ValueError("metadata must be an object")
            item.metadata.update(extra)
            item.confidence = unit(raw.get("confidence", 0.8), "confidence")
            item.importance = positive(raw.get("importance", 1.0), "importance")
            if raw.get("valid_from") is not None:
                item.valid_from = moment(raw["valid_from"], "valid_from")
        else:
            content = raw
        if not isinstance(content, str):
            raise ValueError(f"content must be text, got {type(content).__name__}")
        item.content = " ".join(content.replace("\ufeff", " ").split())  # no byte-order mark
        for name, text in (
            ("content", item.content),
            ("tags", " ".join(item.tags)),
            ("source", item.source or ""),
        ):
            encodable(text, name)
        try:  # JSON text, as it is stored: no NaN or Infinity, which JSON does not have
            stored = json.dumps(item.metadata, ensure_ascii=False, allow_nan=False)
        except ValueError as exc:
            if "Out of range float" not in str(exc):
                raise
            raise ValueError("metadata holds NaN or Infinity, which JSON cannot store") from None
        encodable(stored, "metadata")
        if len(stored) > MAX_METADATA_CHARS:
            raise ValueError(
                f"metadata is {len(stored):,} characters of JSON, more than "
                f"{MAX_METADATA_CHARS:,}: keep ids, sources and labels there, and the text "
                "in facts"
            )
    except (ValueError, TypeError) as exc:
        item.outcome = Outcome("rejected", f"invalid input: {exc}")
        return item
    except RecursionError:
        item.outcome = Outcome("rejected", "invalid input: metadata is nested too deeply")
        return item
    item.tags = list(dict.fromkeys(t.strip() for t in item.tags if t.strip()))
    length = len(item.content)
    if kind == "event":
        if not any(unicodedata.category(ch)[0] in "LNS" for ch in item.content):
            item.outcome = Outcome(
                "rejected",
                "an event needs at least one letter, digit or symbol (an emoji will do)",
                content=item.content,
            )
            return item
    limit = MAX_EVENT_CHARS if kind == "event" else MAX_CHARS
    one_word = " " not in item.content and not compiled(_UNSPACED).search(item.content)
    short = _weight(item.content) < MIN_CHARS
    if kind != "event" and length <= limit and (short or one_word):
        # a fact past the limit is told so below, though it be one word (a pasted blob)
        why = "too short to stand alone" if short else "one word cannot stand alone"
        item.outcome = Outcome(
            "rejected",
            f"{why} ({length} characters); write a self-contained sentence",
            content=_shown(item.content),
        )
        return item
    if length > limit:
        item.outcome = Outcome(
            "rejected",
            f"longer than {limit} characters ({length}); {_too_long_hint(item.content, kind)}",
            content=_shown(item.content[:80] + "…", item.content[:160]),
        )
        return item
    for where, texts in (
        ("content", [item.content]),
        ("tags", item.tags),
        ("metadata", texts_of(item.metadata)),
        ("source", [item.source] if item.source else []),
    ):
        texts = list(texts)
        reason = item_reason(where, texts)
        if reason:
            item.outcome = Outcome("rejected", reason)
            return item
        # after the scan: an injection hidden by a NUL ("Ig\x00nore…") is named as one
        if any("\x00" in text for text in texts):
            item.outcome = Outcome("rejected", f"invalid input: {_NUL.format(name=where)}")
            return item
    item.digest = content_hash(item.content)
    item.terms = list(cached_terms(item.content))
    return item


def _too_long_hint(content: str, kind: str) -> str:
    """What to do with a text too long to keep: an event is a message, kept whole or not at
    all; a fact of several sentences can be split (`engram memory absorb` cuts plain text at
    sentence ends); one long sentence no one can cut but its writer."""
    if kind == "event":
        return "a text that long is a document: absorb it as facts, not as one event"
    from engram.text.sentences import sentences

    if len(sentences(content)) > 1:
        return (
            "split it into self-contained facts — `engram memory absorb` splits plain text "
            "from stdin for you"
        )
    return "it is one sentence: write it as shorter self-contained statements"


def _field_name(key: object) -> str:
    """A record's unknown field, named without echoing what may be a secret or kilobytes."""
    from engram.store.unsafe import text_reason

    name = str(key)
    if text_reason(name) or len(name) > 40 or not name.isprintable():
        return "(a name not shown)"
    return repr(name)


def _shown(excerpt: str, around: str | None = None) -> str:
    """The excerpt a rejection may echo: none when it (or the text `around` it, which catches a
    secret the cut would split) is unsafe."""
    from engram.store.unsafe import text_reason

    return "" if text_reason(around if around is not None else excerpt) else excerpt


def readable(text: str, name: str) -> None:
    """Text that can be stored: no lone surrogates (they come from undecodable bytes) and no
    NUL character."""
    encodable(text, name)
    if "\x00" in text:
        raise ValueError(_NUL.format(name=name))


def encodable(text: str, name: str) -> None:
    """Text without lone surrogates: it can be encoded (and so scanned)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{name} holds bytes that are not UTF-8 text; send it as UTF-8") from None


def readable_argument(name: str, value: object) -> None:
    """An EngramError naming `name` when an argument that looks a fact up (an id, a key, a
    tag, or a list of them) holds a lone surrogate or a NUL: no stored text can, and the
    database fails on it with an error that tells the caller nothing. Other values are left to
    the checks of their type."""
    texts = value if isinstance(value, list | tuple) else [value]
    for text in texts:
        if isinstance(text, str):
            try:
                readable(text, name)
            except ValueError as exc:
                raise EngramError(str(exc)) from None


def moment(value: object, name: str) -> str:
    """An ISO 8601 moment (a date means its start), in UTC."""
    from engram.store.db import iso_start

    if not isinstance(value, str):
        raise ValueError(f"{name} must be an ISO date or date-time, got {quoted(value)}")
    try:
        return iso_start(value)
    except (ValueError, OverflowError):
        raise ValueError(f"{name} must be an ISO date or date-time, got {quoted(value)}") from None


def as_list(value: object, name: str) -> list[object]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list of strings")
    return value


def record_tags(value: object) -> list[str]:
    """A record's tags: a string, or a list of strings. Anything else is named, not stored as
    its Python text (null was the tag 'None', a list the tag "['x']")."""
    from engram.records import json_kind

    tags = as_list(value, "tags")
    for number, tag in enumerate(tags, start=1):
        if not isinstance(tag, str):
            raise ValueError(f"tags must be a list of strings; tag {number} is {json_kind(tag)}")
    return cast(list[str], tags)


def unit(value: object, name: str) -> float:
    number = _finite(value)
    if number is None or not 0 <= number <= 1:
        raise ValueError(f"{name} must be a number from 0 to 1, got {quoted(value)}")
    return number


def positive(value: object, name: str) -> float:
    number = _finite(value)
    if number is None or number < 0:
        raise ValueError(f"{name} must be a number ≥ 0, got {quoted(value)}")
    return min(number, MAX_IMPORTANCE)


def _finite(value: object) -> float | None:
    """The value as a float if it is a finite int or float (not a bool, NaN or infinity)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer too large for a float
        return None
    return number if math.isfinite(number) else None
