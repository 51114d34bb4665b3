"""The documentation names every command, so it cannot silently fall behind the CLI."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from engram.cli import _parser
from engram.docs import page

ROOT = Path(__file__).resolve().parent.parent


def commands() -> list[str]:
    parser = _parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(action.choices)


@pytest.mark.parametrize("command", commands())
def test_every_command_is_in_the_readme(command: str) -> None:
    assert f"`engram {command}" in (ROOT / "README.md").read_text()


def test_every_memory_action_is_documented() -> None:
    readme = (ROOT / "README.md").read_text()
    shapes = page("json")
    for action in (
        "absorb",
        "search",
        "list",
        "get",
        "stats",
        "boost",
        "link",
        "rebuild",
        "update",
        "delete",
        "nuke",
        "digest",
        "distill",
        "gc",
        "restore",
    ):
        assert f"`engram memory {action}" in readme and f"`memory {action}`" in shapes, action


def leaf_commands(parser: argparse.ArgumentParser | None = None, words: str = "") -> list[str]:
    """Every command line that runs something: `load`, `hooks install`, `memory graph add`…"""
    parser = _parser() if parser is None else parser
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [words]
    return [
        leaf
        for name, sub in subs[0].choices.items()
        for leaf in leaf_commands(sub, f"{words} {name}".strip())
    ]


@pytest.mark.parametrize("command", leaf_commands())
def test_every_command_has_a_documented_json_shape(command: str) -> None:
    assert f"`{command}" in page("json")


def test_readme_starts_with_exactly_two_setup_commands() -> None:
    text = (ROOT / "README.md").read_text()
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    assert block.strip().splitlines() == [
        'pip install . && engram -C examples/demo load "deploy the api"',
        'pip install -e ".[test]" && python -m pytest',
    ]


def test_ci_runs_the_readme_test_command() -> None:
    assert 'pip install -e ".[test]" && python -m pytest' in (ROOT / ".ci" / "run").read_text()


def test_every_setting_is_in_the_readme() -> None:
    from engram.config import SETTINGS

    text = (ROOT / "README.md").read_text()
    for key in SETTINGS:
        assert f"`{key}`" in text, key


def test_the_docs_ship_as_package_data_and_nothing_points_at_a_docs_file() -> None:
    """A pip install has the package, not the repository: every page is package data, and help
    texts, hints and docstrings name `engram docs TOPIC`, never a path under docs/."""
    import re
    import tomllib

    import engram

    package = Path(engram.__file__).parent
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert data["package-data"]["engram.docs"] == ["*.md", "*.png"]
    assert sorted(p.stem for p in (package / "docs").glob("*.md")) == [
        "architecture", "hooks", "instructions", "json", "mcp", "mem0", "team-memory", "ui",
    ]  # fmt: skip
    assert not list(ROOT.glob("docs/*.md"))  # one copy of each page
    for source in package.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"\bdocs/\w+\.md", text), source


def test_the_readme_links_point_at_pages_that_exist() -> None:
    import re

    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"\]\(((?:src|docs|tests|benchmarks)/[^)#]*)", readme)
    assert "src/engram/docs/json.md" in links
    for link in links:
        assert (ROOT / link).exists(), link
