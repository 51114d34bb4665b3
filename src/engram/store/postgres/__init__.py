"""The PostgreSQL backend (the `engram[postgres]` extra): one database a team's agents share."""

from engram.store.postgres.backend import PostgresBackend

__all__ = ["PostgresBackend"]
