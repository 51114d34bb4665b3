"""The per-session delivery state."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from engram.hooks.state import KEEP_SECONDS, DeliveryState
from tests.hooks.helpers import call, context, payload


def test_sets_are_kept_apart_by_host_workspace_and_session(tmp_path: Path) -> None:
    with DeliveryState("claude", "/ws", "s1", tmp_path) as a:
        a.add(["workspace:x"])
    for ident in (("codex", "/ws", "s1"), ("claude", "/other", "s1"), ("claude", "/ws", "s2")):
        with DeliveryState(*ident, tmp_path) as other:
            assert other.delivered() == set()
    with DeliveryState("claude", "/ws", "s1", tmp_path) as a:
        assert a.delivered() == {"workspace:x"}


def test_a_hook_call_never_waits_for_the_disk(tmp_path: Path) -> None:
    # (the file only says what was injected: a power cut costs a delivery, never a prompt)
    with DeliveryState("claude", "/ws", "s1", tmp_path) as state:
        assert state.conn.execute("PRAGMA synchronous").fetchone() == (0,)  # OFF


def test_reset_forgets_one_session_only(tmp_path: Path) -> None:
    with DeliveryState("claude", "/ws", "s1", tmp_path) as a, \
         DeliveryState("claude", "/ws", "s2", tmp_path) as b:  # fmt: skip
        a.add(["k"])
        b.add(["k"])
        a.reset()
        assert a.delivered() == set() and b.delivered() == {"k"}


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    def deliver(n: int) -> None:
        with DeliveryState("claude", "/ws", "s1", tmp_path) as state:
            state.add([f"workspace:m{n}"])

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(deliver, range(40)))
    with DeliveryState("claude", "/ws", "s1", tmp_path) as state:
        assert len(state.delivered()) == 40


def test_sessions_unseen_for_two_weeks_are_dropped(tmp_path: Path) -> None:
    with DeliveryState("claude", "/ws", "old", tmp_path) as old:
        old.add(["k"])
    with DeliveryState("claude", "/ws", "new", tmp_path) as new:
        new.add(["k"])
        assert new.forget_old(now=time.time() + KEEP_SECONDS + 60) == 2
        new.add(["k2"])
        assert new.forget_old() == 0
    with DeliveryState("claude", "/ws", "old", tmp_path) as old:
        assert old.delivered() == set()


def test_of_eight_concurrent_claims_of_a_key_exactly_one_gets_it(tmp_path: Path) -> None:
    def claim(_: int) -> set[str]:
        with DeliveryState("claude", "/ws", "s1", tmp_path) as state:
            return state.claim(["workspace:a", "workspace:b", "workspace:a"])

    with ThreadPoolExecutor(8) as pool:
        claims = list(pool.map(claim, range(8)))
    assert sorted(key for claimed in claims for key in claimed) == ["workspace:a", "workspace:b"]


def test_a_released_claim_can_be_claimed_again(tmp_path: Path) -> None:
    with DeliveryState("claude", "/ws", "s1", tmp_path) as state:
        state.release(state.claim(["workspace:a"]))
        assert state.claim(["workspace:a"]) == {"workspace:a"}


def test_a_body_claimed_by_a_call_that_then_fails_is_delivered_by_the_next(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    project: Path,
    memory: Callable[..., Path],
) -> None:
    from engram.hooks import run

    memory("deploy-api", "# Deploy\n\nDeploy the api with the script.\n")
    claim, render = DeliveryState.claim, run._with_proof
    failed: list[bool] = []

    def claim_then_break(self: DeliveryState, keys: Iterable[str]) -> set[str]:
        failed.append(False)  # the next render, after the claim, fails once
        return claim(self, keys)

    def broken_render(*args: Any) -> str:
        if failed == [False]:
            failed[0] = True
            raise RuntimeError("render failed")
        return render(*args)

    monkeypatch.setattr(DeliveryState, "claim", claim_then_break)
    monkeypatch.setattr(run, "_with_proof", broken_render)
    ask = partial(call, monkeypatch, capsys, "claude", "UserPromptSubmit", cwd=str(project))
    assert ask(prompt="deploy the api") == {}
    assert "### deploy-api" in context(ask(prompt="deploy the api"))


def test_eight_concurrent_hook_calls_of_one_session_deliver_each_body_once(
    project: Path, memory: Callable[..., Path]
) -> None:
    ids = [f"deploy-step-{n}" for n in range(3)]  # three: all bodies, none a card
    for memory_id in ids:
        memory(memory_id, f"# {memory_id}\n\nDeploy the api, {memory_id}.\n")
    # The user's witness key exists before the race: hooks creating it together is not the
    # race under test here.
    witness = "from engram.safety.witness import local_key; local_key()"
    subprocess.run([sys.executable, "-c", witness], check=True)
    for session in ("s1", "s2", "s3"):  # a race is chancy: three sessions, three races
        texts = eight_hook_calls_at_once(project, session, prompt="deploy api")
        delivered = [m for text in texts for m in ids if f"### {m} " in text]
        assert sorted(delivered) == ids  # each body once in total: never twice, none lost


def eight_hook_calls_at_once(project: Path, session: str, prompt: str) -> list[str]:
    """The injected text of eight `engram hook --host claude` processes given the same prompt
    of one session at the same moment."""
    event = payload("claude", "UserPromptSubmit", cwd=str(project), prompt=prompt)
    body = json.dumps({**event, "session_id": session})
    command = [sys.executable, "-m", "engram", "hook", "--host", "claude"]
    pipe, null = subprocess.PIPE, subprocess.DEVNULL
    processes = [
        subprocess.Popen(command, stdin=pipe, stdout=pipe, stderr=null, cwd=project, text=True)
        for _ in range(8)
    ]
    for process in processes:  # all are running before any gets its input
        assert process.stdin is not None
        process.stdin.write(body)
        process.stdin.close()
    texts = []
    for process in processes:
        assert process.stdout is not None
        with process.stdout:
            answer = json.loads(process.stdout.read())
        assert process.wait(timeout=60) == 0
        texts.append(answer.get("hookSpecificOutput", {}).get("additionalContext", ""))
    return texts


def test_a_damaged_state_file_is_set_aside_and_started_afresh(tmp_path: Path) -> None:
    damaged = b"not a database at all " * 300
    (tmp_path / "hooks.sqlite").write_bytes(damaged)
    with DeliveryState("claude", "/ws", "s1", tmp_path) as state:
        assert state.claim(["workspace:x"]) == {"workspace:x"}
    assert (tmp_path / "hooks.sqlite.damaged").read_bytes() == damaged  # kept for a look
