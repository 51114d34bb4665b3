"""`memory_search` latency over stdio: a real `engram mcp` process at 10,000 facts, called
through the official SDK client (JSON-RPC round trip included)."""

from __future__ import annotations

import shutil
import statistics
import sys
import time

from benchmarks.common import WORK, quick, table
from benchmarks.store import build, queries


def run(calls: int = 200) -> str:
    calls = 50 if quick() else calls
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
            f"{times[int(len(times) * 0.99) - 1]:.2f}",
        ]
    ]
    return table(["call", "p50 ms", "p99 ms"], rows)


if __name__ == "__main__":
    print(run())
