"""Benchmarks: `python -m benchmarks` runs them all and prints a table per benchmark."""
