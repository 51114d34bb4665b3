"""The agent hosts: one module each, holding its `HOST` record (`engram.hooks.host.Host`) with
its `normalize(payload, env) -> Event` and `respond(event, context) -> dict`.

A host is found by its module's name, so a new host is a new module here (and its cap's setting
in `engram.config`, which a test asks for).
`engram hook --host <h>` imports only that host's module."""

from __future__ import annotations

import os
import sys
from functools import cache

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:
    from engram.hooks.host import Host

# The modules beside this file (a listing, not pkgutil: hooks start on every prompt).
HOSTS: tuple[str, ...] = tuple(
    sorted(
        name[:-3]
        for name in os.listdir(os.path.dirname(__file__))
        if name.endswith(".py") and not name.startswith("_")
    )
)


@cache
def host(name: str) -> Host:
    """The record of a host; ValueError for a name no module has."""
    if name not in HOSTS:
        raise ValueError(f"unknown host {name!r}")
    # `__import__` rather than `importlib.import_module`: the `importlib` package (and the
    # `warnings` module it imports) would cost a hook more than the lookup.
    module = f"{__name__}.{name}"
    __import__(module)
    record: Host = sys.modules[module].HOST
    return record


def every_host() -> list[Host]:
    return [host(name) for name in HOSTS]
