"""Reading records sent as JSON: one object, a list of them, or JSON lines."""

from __future__ import annotations

import json
from typing import Any

from engram.errors import EngramError


def json_records(text: str, what: str) -> list[Any] | None:
    """The records in `text` when it is JSON-shaped (starts with `[` or `{`), else None.
    `what` names the input in the error raised when JSON-shaped text does not parse."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{":
        return None
    try:
        data = json.loads(stripped)
        return data if isinstance(data, list) else [data]
    except RecursionError:
        raise _too_deep(what) from None
    except ValueError:
        try:
            return [json.loads(line) for line in stripped.splitlines() if line.strip()]
        except RecursionError:
            raise _too_deep(what) from None
        except ValueError as exc:
            raise EngramError(
                f"{what} looks like JSON but does not parse: {exc}",
                hint="send a JSON list, JSON lines, or plain text",
            ) from None


def _too_deep(what: str) -> EngramError:
    return EngramError(
        f"{what} is JSON nested too deeply to read", hint="send flat records: one object a fact"
    )
