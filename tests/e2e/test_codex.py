"""Codex CLI against the fake model: what Engram's hooks and MCP server put in front of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import checks
from tests.e2e.harness import BREAKAGES, Run, broken_run, session_run

pytestmark = pytest.mark.e2e
HOST = "codex"


@pytest.fixture(scope="module")
def run(host_path: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Run:
    return session_run(HOST, tmp_path_factory.mktemp(HOST), host_path)


def test_session_context(run: Run) -> None:
    checks.session_context(run)


def test_prompt_context(run: Run) -> None:
    checks.prompt_context(run)


def test_directive_comes_with_the_body(run: Run) -> None:
    checks.directive(run)


def test_engram_tools_in_the_first_request(run: Run) -> None:
    checks.mcp_tools_first(run)


def test_engram_tool_result_reads_as_text(run: Run) -> None:
    checks.mcp_result_as_text(run)


def test_path_rule_arrives_once_when_its_file_is_read(run: Run) -> None:
    checks.path_rule_on_read(run)


def test_rule_the_prompt_matches_too_arrives_once(run: Run) -> None:
    checks.matched_rule_once(run)


@pytest.fixture(scope="module", params=BREAKAGES)
def broken(
    request: pytest.FixtureRequest, host_path: list[Path], tmp_path_factory: pytest.TempPathFactory
) -> Run:
    base = tmp_path_factory.mktemp(f"{HOST}-broken")
    return broken_run(HOST, base, host_path, request.param)


def test_fail_open(broken: Run) -> None:
    checks.fail_open(broken)


def test_status_says_whether_the_hooks_still_run(broken: Run) -> None:
    checks.status_tells(broken)
