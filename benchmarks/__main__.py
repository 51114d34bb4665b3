"""Run every benchmark (or the ones named) and print a table for each.

python -m benchmarks                 # all
python -m benchmarks latency scifact
"""

from __future__ import annotations

import sys
import time


def main(names: list[str]) -> None:
    from benchmarks import classifier, graph, hooks, latency, locomo, mcp, scifact, store

    benches = {
        "latency": latency.run,
        "hooks": hooks.run,
        "scifact": scifact.run,
        "store": store.run,
        "classifier": classifier.run,
        "locomo": locomo.run,
        "graph": graph.run,
        "mcp": mcp.run,
    }
    for name in names or list(benches):
        if name not in benches:
            sys.exit(f"unknown benchmark {name!r}; choose from {', '.join(benches)}")
        start = time.perf_counter()
        print(f"\n## {name}\n")
        print(benches[name]())
        print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
