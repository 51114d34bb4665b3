"""One verdict for any text an agent may see or the store may keep.

Every caller — the memory-file index, absorb, the graph, the digest, hooks and MCP — asks the
same three questions here, so a fix to a scanner reaches every path at once. The scanners see
the text as an agent would read it (see `engram.safety.normalize`), not as it was typed.
"""

from __future__ import annotations

from functools import lru_cache

# Bump whenever a scanner or the normalisation changes: a verdict recorded by another
# version is not trusted and is computed again.
SCANNER_VERSION = "18"


def secret_reason(text: str) -> str:
    """'secret: <family> (line N)' for the first secret-like value, '' when there is none."""
    from engram.safety.secrets import find_secrets

    found = find_secrets(text) if text else []
    return f"secret: {found[0].family} (line {found[0].line})" if found else ""


def injection_reason(text: str) -> str:
    """'prompt injection: <family> (line N)' for the first injection, '' when there is none."""
    from engram.safety.injection import find_injection

    found = find_injection(text) if text else []
    return f"prompt injection: {found[0][0]} (line {found[0][1]})" if found else ""


def unsafe_reason(text: str) -> str:
    """Why this text must not be shown to an agent or stored ('' when it is safe).

    Secrets are reported before injection: a secret must never be printed, even to say where
    an injection is."""
    return secret_reason(text) or injection_reason(text)


@lru_cache(maxsize=4096)
def remembered_reason(text: str) -> str:
    """`unsafe_reason`, remembered for the last few thousand texts: the same texts come back
    again and again (a fact the digest and the MCP server show, tags many memories share),
    and a scan costs far more than a lookup."""
    return unsafe_reason(text)


def masked(text: str, label: str = "[unsafe]") -> str:
    """The text to print, or `label` when the text is itself a secret or an injection (an id or
    a file name chosen to smuggle one into a report)."""
    return label if unsafe_reason(text) else text
