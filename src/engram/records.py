"""Reading records sent as JSON: one object, a list of them, or JSON lines."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engram.errors import EngramError


@dataclass(frozen=True)
class Unreadable:
    """A line of JSON lines that could not be read: it stands in its place, so the line is
    reported (absorb's outcome `rejected`) while the other lines go on."""

    reason: str


def json_kind(value: object) -> str:
    """How a JSON value that is not text is named in an error."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return "a list" if isinstance(value, list) else "an object"


def json_lines(lines: list[str]) -> list[Any]:
    """Each line decoded as JSON, or an `Unreadable` naming the line and what is wrong."""
    out: list[Any] = []
    for number, line in enumerate(lines, start=1):
        try:
            out.append(json.loads(line))
        except RecursionError:
            out.append(Unreadable(f"line {number}: JSON nested too deeply"))
        except json.JSONDecodeError as exc:
            out.append(Unreadable(f"line {number}: not valid JSON ({exc.msg})"))
        except ValueError:  # a number too long to convert, say
            out.append(Unreadable(f"line {number}: not valid JSON"))
    return out


def json_records(text: str, what: str, *, per_line: bool = False) -> list[Any] | None:
    """The records in `text` when it is JSON-shaped (starts with `[` or `{`), else None.
    `what` names the input in the error raised when JSON-shaped text does not parse. With
    `per_line`, JSON lines are read one by one: a bad line becomes an `Unreadable`."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{":
        return None
    lines = [line for line in stripped.splitlines() if line.strip()]
    try:
        data = json.loads(stripped)
        return data if isinstance(data, list) else [data]
    except RecursionError:
        if per_line and len(lines) > 1:
            return json_lines(lines)
        raise _too_deep(what) from None
    except ValueError as whole:
        if per_line and len(lines) > 1:
            return json_lines(lines)
        records = []
        for number, line in enumerate(stripped.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except RecursionError:
                raise _too_deep(what) from None
            except ValueError as exc:
                # past the first line it is JSON lines, and this line is the broken one; on
                # the first, one document, whose own error says where it breaks
                problem = f"line {number} is not valid JSON ({exc})" if number > 1 else whole
                raise EngramError(
                    f"{what} looks like JSON but does not parse: {problem}",
                    hint="send a JSON list, JSON lines, or plain text",
                ) from None
        return records


def _too_deep(what: str) -> EngramError:
    return EngramError(
        f"{what} is JSON nested too deeply to read", hint="send flat records: one object a fact"
    )
