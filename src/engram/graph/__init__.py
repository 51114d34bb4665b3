"""Graphs: the dependency layers of memory files (the entity graph of the store lives here too)."""
