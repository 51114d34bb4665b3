"""Errors the user can act on: each names the file, field or value and says how to fix it."""

from __future__ import annotations

SHOWN_CHARS = 300  # of an unexpected error's message
SCANNED_CHARS = 10_000  # of it, for what it holds: far past what is shown


def shown_message(exc: BaseException) -> str:
    """An unexpected error's message as it may be shown: one line of at most `SHOWN_CHARS`,
    control characters (terminal escapes too) as spaces, and withheld when it holds a secret
    or an instruction to agents. Such a message may quote whatever the failing input held,
    and an agent reads what a command or a tool says."""
    try:
        from engram.safety.normalize import spaced_reading

        raw = str(exc)[:SCANNED_CHARS]
        kind = _unsafe_kind(raw)  # before the cut, which could leave half a key to print
        if kind:
            return f"(message withheld: {kind})"
        text = " ".join((spaced_reading(raw) or raw).split())
    except Exception:  # a message that cannot be read or scanned is not shown
        return "(message not shown)"
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


def _unsafe_kind(text: str) -> str:
    """'secret' or 'prompt injection: <family>' for a text that holds one, '' for none."""
    from engram.safety.scan import unsafe_reason

    return unsafe_reason(text).split(" (", 1)[0]


def quoted(value: object, limit: int | None = None) -> str:
    """`repr(value)`, for an error that names a bad value, or '(not shown: <kind>)' when the
    value is a secret or an instruction to agents: it may come from a file someone else wrote
    (a cloned project's config), and an agent reads the error. With `limit`, a longer repr is
    cut to that many characters, "…" last: cut after the whole of it was scanned, since a cut
    first could leave half a key to show."""
    text = repr(value)
    try:
        kind = _unsafe_kind(text)
    except Exception:  # a value that cannot be scanned is not shown
        return "(not shown)"
    if kind:
        return f"(not shown: {kind.split(':', 1)[0]})"
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def shown_text(text: str) -> str:
    """An error's own message (or hint) as it may be shown: itself, or '(message withheld:
    <kind>)' when it quotes a secret or an instruction to agents (see `quoted`)."""
    try:
        kind = _unsafe_kind(text)
    except Exception:  # a message that cannot be scanned is not shown
        return "(message not shown)"
    return f"(message withheld: {kind})" if kind else text


def shown_error(exc: EngramError) -> str:
    """An EngramError on one line, its hint in brackets, as `shown_text` may show it (an MCP
    tool error, the MCP server's start-up failure)."""
    return shown_text(exc.message + (f" ({exc.hint})" if exc.hint else ""))


def shown_parts(exc: EngramError) -> tuple[str, str | None]:
    """An EngramError's message and hint, each as `shown_text` may show it (a command's
    error lines, the web UI's error page and API answer)."""
    return shown_text(exc.message), shown_text(exc.hint) if exc.hint else exc.hint


class EngramError(Exception):
    """A problem with the user's input or files, reported without a traceback."""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


class ConfigError(EngramError):
    """A configuration file, environment variable or flag holds an unknown key or a bad value."""


class FrontmatterError(EngramError):
    """A memory file's frontmatter does not parse or does not validate."""

    def __init__(self, reason: str, *, line: int | None = None, path: str | None = None) -> None:
        self.reason = reason
        self.line = line
        self.path = path
        where = path or "memory file"
        if line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {reason}")


class WorkspaceNotFound(EngramError):
    """No `.agents/.engram/` folder above the current directory."""


class StoreError(EngramError):
    """The fact store's file cannot be used as it is: damaged, read-only, full, locked by
    another process, or written by a newer Engram. The message names the file and the fix."""


class StoreCorrupt(StoreError):
    """The file is not an SQLite database, or its pages are damaged."""


class StoreReadOnly(StoreError):
    """The file, or the folder that holds it, cannot be written (or opened at all)."""


class StoreFull(StoreError):
    """The disk (or a size limit) is full; the transaction was rolled back."""


class StoreLocked(StoreError):
    """Another process held the write lock for longer than `memory.lock_timeout_s`."""


class StoreTooNew(StoreError):
    """The file records migrations this version does not know: it is never used or downgraded."""


class FileWriteError(EngramError):
    """A file Engram writes for the user could not be written; the old file (or none) is left
    as it was, never a partial one."""

    def __init__(self, message: str, *, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno
