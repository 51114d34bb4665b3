"""Rendering routed memories: tiered packs, budgets, dry-run reports and JSON."""
