"""A module-level name is bound once: a second binding further down silently replaces the
first for every function that reads it (the classifier once had two clock patterns, and two
article sets of which the later counted "a" as "the"). Extending a name with itself
(`WORDS = WORDS | MORE`) is no second meaning and is allowed."""

from __future__ import annotations

import ast
from pathlib import Path

import engram

PACKAGE = Path(engram.__file__).parent


def _rebound(tree: ast.Module) -> list[str]:
    seen: set[str] = set()
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            if target.id in seen and target.id not in read:
                found.append(f"{target.id} (line {node.lineno})")
            seen.add(target.id)
    return found


def test_no_module_constant_is_bound_twice() -> None:
    found = {
        str(path.relative_to(PACKAGE)): names
        for path in sorted(PACKAGE.rglob("*.py"))
        if (names := _rebound(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_a_second_binding_is_found() -> None:
    tree = ast.parse("_CLOCK = 1\n\ndef f():\n    return _CLOCK\n\n_CLOCK = 2\n")
    assert _rebound(tree) == ["_CLOCK (line 6)"]
