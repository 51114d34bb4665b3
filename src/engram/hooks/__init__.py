"""Agent-host hooks (SPEC A5): one event model, one small adapter per host, fail-open."""
