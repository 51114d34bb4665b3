"""Routing: anchors, BM25 ranking, multipliers, admission, refinement and prerequisites."""
