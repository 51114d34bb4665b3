"""`engram ui` through the real entry point: the address line, Ctrl-C, and one-line errors."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ADDRESS = re.compile(r"^Engram UI: http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]{20,})$")


def _start(project: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "ENGRAM_DB": str(project / "memory.db")}
    return subprocess.Popen(
        [sys.executable, "-m", "engram", "-C", str(project), "ui", "--no-open", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.fixture
def running(project: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    process = _start(project)
    assert process.stdout is not None
    line = process.stdout.readline().rstrip("\n")
    yield process, line
    if process.poll() is None:
        process.kill()
    process.communicate()


def test_the_first_line_is_the_address_with_its_token(
    running: tuple[subprocess.Popen[str], str],
) -> None:
    _, line = running
    assert ADDRESS.match(line), line


def test_the_printed_address_opens_the_overview(running: tuple[subprocess.Popen[str], str]) -> None:
    _, line = running
    with urllib.request.urlopen(line.removeprefix("Engram UI: "), timeout=30) as answer:
        assert answer.status == 200 and b"<h1>Overview</h1>" in answer.read()


def test_ctrl_c_ends_it_quietly(running: tuple[subprocess.Popen[str], str]) -> None:
    process, _ = running
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "Traceback" not in err and err.strip() == ""


def _fails(project: Path, *args: str) -> str:
    process = _start(project, *args)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and out == ""
    assert "Traceback" not in err
    return err


def test_a_port_in_use_is_one_line_and_exit_2(project: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        err = _fails(project, "--port", str(port))
    assert err.splitlines()[0] == f"engram: error: port {port} on 127.0.0.1 is in use"


def test_a_store_folder_that_is_not_there_is_one_line_and_exit_2(project: Path) -> None:
    missing = project / "typo" / "memory.db"
    err = _fails(project, "--db", str(missing))
    assert err.splitlines()[0] == (
        f"engram: error: no folder {missing.parent} for the new memory store {missing}"
    )
    assert not missing.parent.exists()


def test_a_host_that_cannot_be_resolved_is_one_line_and_exit_2(project: Path) -> None:
    err = _fails(project, "--host", "no-such-host.invalid")
    assert err.startswith("engram: error: cannot listen on host 'no-such-host.invalid'")


def test_a_host_other_machines_reach_needs_allow_network(project: Path) -> None:
    err = _fails(project, "--host", "0.0.0.0")
    assert err.startswith("engram: error: --host 0.0.0.0 is reachable from other machines")
    assert "--allow-network" in err


def test_allow_network_serves_with_a_warning(project: Path) -> None:
    process = _start(project, "--host", "0.0.0.0", "--allow-network")
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert line.startswith("Engram UI: http://0.0.0.0:")
    assert "warning: serving on 0.0.0.0, reachable from other machines" in err


def test_with_json_the_first_line_is_the_address_as_json(project: Path) -> None:
    import json

    process = _start(project, "--json")
    assert process.stdout is not None
    line = process.stdout.readline()
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=30)
    assert ADDRESS.match("Engram UI: " + json.loads(line)["url"])
