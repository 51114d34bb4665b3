"""A hook answers within `hooks.timeout_ms` whatever happens: a slow handler, a config read that
hangs, stdin that never ends, or a host naming a FIFO or a device as the file it loaded."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram.hooks import deadline
from engram.hooks.deadline import answer_in_time, initial_timeout
from engram.hooks.errorlog import last_errors
from engram.hooks.run import run_hook
from tests.hooks.helpers import payload

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX file types")


@pytest.fixture
def stuck(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """An event a monkeypatched step waits on; released when the test ends, and the hook's
    abandoned worker waited for, so that what it logs when it wakes goes to this test's state
    folder, not to the user's (the environment is restored after this fixture ends)."""
    before = set(threading.enumerate())
    abandoned = len(deadline._abandoned)
    release = threading.Event()
    yield release
    release.set()
    for worker in set(threading.enumerate()) - before:
        worker.join(timeout=5)
    for left in deadline._abandoned[abandoned:]:
        left.join(timeout=5)


def prompt(project: Path) -> str:
    return json.dumps(payload("claude", "UserPromptSubmit", cwd=str(project), prompt="deploy"))


def test_a_slow_hook_answers_empty_json_at_the_configured_timeout_and_logs_it(
    project: Path, ws_root: Path, monkeypatch: pytest.MonkeyPatch, stuck: threading.Event
) -> None:
    monkeypatch.delenv("ENGRAM_HOOKS_TIMEOUT_MS")
    (ws_root / "engram.toml").write_text("[hooks]\ntimeout_ms = 100\n")
    monkeypatch.setattr("engram.hooks.run._dispatch", lambda *args: stuck.wait() and "")
    started = time.monotonic()
    answer = answer_in_time("claude", lambda: run_hook("claude", prompt(project)), 2000)
    assert answer == ("{}", False)
    assert time.monotonic() - started < 1.5  # the configured 100 ms, not the 2 s default
    assert "event=UserPromptSubmit HookTimeout: timed out after 100 ms" in last_errors()[-1]


def test_the_deadline_holds_while_the_config_is_being_read(
    project: Path, monkeypatch: pytest.MonkeyPatch, stuck: threading.Event
) -> None:
    monkeypatch.setattr("engram.config.load_config", lambda *args, **kw: stuck.wait())
    started = time.monotonic()
    answer = answer_in_time("claude", lambda: run_hook("claude", prompt(project)), 100)
    assert answer == ("{}", False) and time.monotonic() - started < 1.5
    assert "timed out after 100 ms" in last_errors()[-1]


def test_the_timeout_before_the_config_is_read_comes_from_the_environment_or_the_default() -> None:
    assert initial_timeout({}) == 2000
    assert initial_timeout({"ENGRAM_HOOKS_TIMEOUT_MS": "150"}) == 150
    assert initial_timeout({"ENGRAM_HOOKS_TIMEOUT_MS": "soon"}) == 2000


def test_a_timeout_beyond_the_settings_maximum_falls_back_to_the_default() -> None:
    assert initial_timeout({"ENGRAM_HOOKS_TIMEOUT_MS": "99999999999999"}) == 2000


def test_a_deadline_longer_than_a_lock_can_wait_is_waited_in_turns() -> None:
    # a lock's single wait is bounded by the platform (`_thread.TIMEOUT_MAX`)
    longest = deadline.Deadline(10**15)
    done = threading.Timer(0.05, longest.finish)
    done.start()
    assert longest.wait()
    done.join()


def test_a_hook_that_fails_outside_its_handler_answers_neutrally_and_exits_0(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from engram.cli import main

    def broken(*args: Any) -> tuple[str, bool]:
        raise OverflowError("timestamp out of range for platform time_t")

    monkeypatch.setattr(deadline, "answer_in_time", broken)
    monkeypatch.chdir(project)
    assert main(["hook", "--host", "claude"]) == 0
    assert capsys.readouterr().out == "{}\n"
    assert "OverflowError: timestamp out of range" in last_errors()[-1]


def test_the_hook_process_answers_and_exits_when_stdin_never_ends(project: Path) -> None:
    exe = shutil.which("engram")
    command = [exe] if exe else [sys.executable, "-m", "engram"]
    env = {**os.environ, "ENGRAM_HOOKS_TIMEOUT_MS": "300"}
    started = time.monotonic()
    with subprocess.Popen(
        [*command, "hook", "--host", "claude"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, cwd=project, env=env,
    ) as process:  # fmt: skip
        try:
            code = process.wait(timeout=20)  # stdin stays open: the read never ends
        finally:
            process.kill()
        assert process.stdout is not None
        assert (code, process.stdout.read()) == (0, b"{}\n")
    assert time.monotonic() - started < 10
    assert "timed out after 300 ms" in last_errors()[-1]


@pytest.mark.parametrize("target", ["fifo", "/dev/zero"])
def test_instructions_loaded_for_a_fifo_or_a_device_answers_at_once(
    project: Path, memory: Any, target: str
) -> None:
    if target == "fifo":
        rules = project / ".claude" / "rules" / "engram"
        rules.mkdir(parents=True)
        os.mkfifo(rules / "api-errors.md")
        target = str(rules / "api-errors.md")
    elif not os.path.exists(target):
        pytest.skip("no /dev/zero here")
    memory("api-errors", applies_to=["src/api/**"])
    event = json.dumps(payload("claude", "InstructionsLoaded", cwd=str(project), path=target))
    answers: list[str] = []
    thread = threading.Thread(target=lambda: answers.append(run_hook("claude", event)))
    thread.daemon = True
    thread.start()
    thread.join(10)
    assert answers == ["{}"]
    assert last_errors() == []


def test_a_timed_out_first_build_is_finished_in_the_background(
    project: Path, ws_root: Path, isolated_env: Path
) -> None:
    from engram.files.index import index_path
    from tests.conftest import write_memory

    for n in range(60):
        write_memory(ws_root, f"deploy-note-{n}", f"# Deploy {n}\n\ndeploy step {n}\n")
    env = {**os.environ, "ENGRAM_HOOKS_TIMEOUT_MS": "10"}
    done = subprocess.run(
        [sys.executable, "-m", "engram", "hook", "--host", "claude"], cwd=project,
        input=prompt(project), capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0 and done.stdout.strip() == "{}"
    markers = isolated_env / "state"
    waited = 0.0
    while list(markers.glob("warm-*")) and waited < 60:
        time.sleep(0.2)
        waited += 0.2
    import sqlite3

    conn = sqlite3.connect(index_path(ws_root))
    try:
        assert conn.execute("SELECT COUNT(*) FROM docs").fetchone()[0] == 60
    finally:
        conn.close()
