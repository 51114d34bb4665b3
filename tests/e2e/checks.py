"""What must reach the model in a host run; each check asserts one target of the suite."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.e2e import fakemodel
from tests.e2e.harness import (
    FETCHED,
    FETCHED_MARK,
    PATH_RULE_MARK,
    PROMPT,
    PROMPT_DIRECTIVE,
    PROMPT_MARK,
    ROUTED_RULE_MARK,
    SESSION_MARK,
    UNRELATED_MARK,
    Run,
)


def answered(run: Run) -> None:
    """The host ran the whole session and printed the model's final answer."""
    assert run.returncode == 0, run.describe()
    assert fakemodel.ANSWER in run.stdout, run.describe()


def session_context(run: Run) -> None:
    """The session-start pack is in the first request."""
    answered(run)
    assert run.count(SESSION_MARK, 0) >= 1, run.describe()


def prompt_context(run: Run) -> None:
    """The memory the prompt routes to is in the first request; an unrelated one never is."""
    answered(run)
    assert run.count(PROMPT_MARK, 0) >= 1, run.describe()
    assert not any(UNRELATED_MARK in run.text(body) for body in run.turns)


def directive(run: Run) -> None:
    """A memory sent as a body keeps its one-line directive."""
    answered(run)
    assert run.count(PROMPT_DIRECTIVE, 0) >= 1, run.describe()


def mcp_tools_first(run: Run) -> None:
    """Engram's MCP tools are offered from the first request on."""
    answered(run)
    assert run.host.offers_engram_tools(run.turns[0]), run.describe()


def mcp_result_as_text(run: Run) -> None:
    """A memory fetched through Engram's MCP tool reaches the model as the readable pack (its
    heading on a line of its own), not as JSON around it."""
    answered(run)
    assert run.count(FETCHED_MARK, 0) == 0
    found = [text for text in strings(run.turns[-1]) if FETCHED_MARK in text]
    assert found, run.describe()
    heading = re.compile(rf"^### {FETCHED}\b", re.M)
    assert any(heading.search(text) for text in found), found


def strings(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            yield from strings(item)


def path_rule_on_read(run: Run) -> None:
    """A path-scoped rule no prompt routes arrives once, after the host touched its file."""
    answered(run)
    assert len(run.turns) >= 2, run.describe()  # the file tool call, then the answer
    assert run.count(PATH_RULE_MARK, 0) == 0
    assert run.count(PATH_RULE_MARK) == 1


def matched_rule_once(run: Run) -> None:
    """A path-scoped rule the prompt matches too arrives once in the session: with the prompt
    or with its file (where the host loads generated rule files), never with both."""
    answered(run)
    assert run.count(ROUTED_RULE_MARK) == 1, run.describe()


def fail_open(run: Run) -> None:
    """With Engram broken the prompt still reaches the model and the host answers."""
    answered(run)
    assert run.turns and PROMPT in run.text(run.turns[0]), run.describe()


def first_run_done_by_install(run: Run) -> None:
    """`engram hooks install` did the project's side of the first run (MCP server approval)."""
    assert not run.host.gaps, run.host.gaps


def status_tells(run: Run) -> None:
    """`engram hooks status` says whether the installed entries still start Engram: they do
    when it is only off PATH (they run the installing interpreter), not once it is gone or
    exits 2."""
    works = run.breakage == "not on PATH"
    assert run.status.get("works") is works, run.status
    assert run.status.get("mcp_works") is works, run.status
