"""One adapter per agent host: `normalize(payload, env) -> Event` and
`respond(event, context) -> dict` (the JSON the host expects on stdout)."""

from __future__ import annotations

from types import ModuleType

HOSTS = ("claude", "codex", "gemini", "cursor")


def adapter(host: str) -> ModuleType:
    """The adapter module of a host."""
    from importlib import import_module

    if host not in HOSTS:
        raise ValueError(f"unknown host {host!r}")
    return import_module(f"engram.hooks.hosts.{host}")
