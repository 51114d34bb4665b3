"""The per-session delivery state."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from engram.hooks.state import KEEP_SECONDS, DeliveryState


def test_sets_are_kept_apart_by_host_workspace_and_session(tmp_path: Path) -> None:
    with DeliveryState("claude", "/ws", "s1", tmp_path) as a:
        a.add(["workspace:x"])
    for ident in (("codex", "/ws", "s1"), ("claude", "/other", "s1"), ("claude", "/ws", "s2")):
        with DeliveryState(*ident, tmp_path) as other:
            assert other.delivered() == set()
    with DeliveryState("claude", "/ws", "s1", tmp_path) as a:
        assert a.delivered() == {"workspace:x"}


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
