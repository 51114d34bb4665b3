"""`engram mcp` over stdio: how soon a new process answers `initialize` (hosts leave out the
tools of a server that is slow to start), and `memory_search` latency at 10,000 facts through
the official SDK client (JSON-RPC round trip included)."""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import WORK, Target, quick, table
from benchmarks.store import build, queries

INITIALIZE_TARGET_MS = 300
HELLO = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "benchmark", "version": "1"}}}  # fmt: skip


def initialize_ms(db: Path) -> float:
    """Wall time from spawning the process the hosts run to the `initialize` answer."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "engram", "mcp", "--db", str(db)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write((json.dumps(HELLO) + "\n").encode())
    process.stdin.flush()
    answer = json.loads(process.stdout.readline())
    elapsed = (time.perf_counter() - start) * 1000
    process.kill()
    process.communicate()
    assert answer["result"]["serverInfo"]["name"] == "engram"
    return elapsed


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * share + 0.5) - 1)]


def run(calls: int = 200, starts: int = 40) -> str:
    calls, starts = (50, 10) if quick() else (calls, starts)
    WORK.mkdir(parents=True, exist_ok=True)
    initialize_ms(WORK / "mcp-start.db")  # warm-up: the OS file cache
    started = [initialize_ms(WORK / "mcp-start.db") for _ in range(starts)]
    p50, p95 = statistics.median(started), percentile(started, 0.95)
    target = Target(
        round(p50),
        "<=",
        INITIALIZE_TARGET_MS,
        shown=f"≤ {INITIALIZE_TARGET_MS} ms",
        measured=f"{p50:.0f} ms",
        name="`engram mcp`: spawn to initialize answer, p50",
    )
    start_table = table(
        ["from spawn to the initialize answer", "p50 ms", "p95 ms", "target p50"],
        [[f"`python -m engram mcp`, {starts} starts", f"{p50:.0f}", f"{p95:.0f}", target]],
    )  # fmt: skip
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    source, _ = build(10_000)
    path = WORK / "mcp-10000.db"
    shutil.copy(source, path)  # the server may write; keep the shared store untouched
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "engram", "mcp", "--db", str(path)]
    )
    times: list[float] = []

    async def go() -> None:
        async with Client(params) as client:
            await client.call_tool("memory_search", {"query": "warm up"})
            for query in queries(calls):
                start = time.perf_counter()
                result = await client.call_tool("memory_search", {"query": query})
                times.append((time.perf_counter() - start) * 1000)
                assert not result.is_error

    anyio.run(go)
    times.sort()
    rows = [
        [
            "memory_search over stdio, 10,000 facts",
            f"{statistics.median(times):.2f}",
            f"{percentile(times, 0.99):.2f}",
        ]
    ]
    return start_table + "\n\n" + table(["call", "p50 ms", "p99 ms"], rows)


if __name__ == "__main__":
    print(run())
