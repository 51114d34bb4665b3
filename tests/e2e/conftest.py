"""The agent hosts (installed once, cached) and the PATH a host run gets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e import clis


@pytest.fixture(scope="session")
def host_path(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The host CLIs and node, and no `engram`: a run adds the `engram` it means to use."""
    try:
        bin_dir = clis.install()
    except clis.Unavailable as exc:
        pytest.skip(str(exc))
    node_dir = tmp_path_factory.mktemp("node-bin")
    (node_dir / "node").symlink_to(shutil.which("node") or "node")
    return [bin_dir, node_dir]
