"""Run the benchmarks and write one report: `python -m benchmarks --help`.

    python -m benchmarks                  # everything (about 30 minutes on 2 cores)
    python -m benchmarks --quick          # smaller sizes, under two minutes
    python -m benchmarks latency scifact  # some of them
    python -m benchmarks --save graph     # and update their part of the committed report

Each benchmark prints its table; the report (`report.md`, `report.json` and the charts, with
the machine's facts and the date) goes to `benchmarks/runs/<UTC time>/`, or with `--save` to the
committed `benchmarks/results/`. The runner is `benchmarks/runner.py`.
"""

import sys

from benchmarks.runner import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
