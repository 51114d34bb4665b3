"""SQL for the entity graph's tables in an SQLite file: nodes, aliases, relations and
graph_events, in one place."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engram.store.backend import EdgeRow, NodeRow
from engram.store.sqlite.facts import Statements

RELATION_COLUMNS = "id, src, relation, dst, confidence, fact_id, valid_from, valid_to"


def _edge(row: Sequence[Any]) -> EdgeRow:
    return (
        int(row[0]), int(row[1]), str(row[2]), int(row[3]), float(row[4]), row[5], str(row[6]),
        row[7],
    )  # fmt: skip


class GraphTables:
    """The entity graph's statements, on `self._conn`, in SQLite's dialect (see
    `FactTables` for the class attributes)."""

    _conn: Statements
    _LIKE = "LIKE"  # case-insensitive for ASCII, as SQLite's LIKE is
    _INSERT_ALIAS = "INSERT OR IGNORE INTO aliases VALUES (?, ?, ?, ?)"

    def _inserted_id(self, statement: str, parameters: Sequence[Any]) -> int:
        """Run an INSERT and return the id of the new row."""
        return int(self._conn.execute(statement, parameters).lastrowid or 0)

    def log_graph_event(self, at: str, kind: str, detail: dict[str, Any]) -> None:
        self._conn.execute(
            "INSERT INTO graph_events (at, kind, detail) VALUES (?, ?, ?)",
            (at, kind, json.dumps(detail, ensure_ascii=False, sort_keys=True)),
        )

    def graph_seq(self) -> int:
        row = self._conn.execute("SELECT COALESCE(MAX(seq), 0) FROM graph_events").fetchone()
        return int(row[0])

    # -- nodes ---------------------------------------------------------------------------
    def insert_node(
        self, name: str, norm: str, stem: str, type: str, attrs: dict[str, Any], at: str
    ) -> int:
        return self._inserted_id(
            "INSERT INTO nodes (name, norm, stem, type, attrs, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (name, norm, stem, type, json.dumps(attrs, ensure_ascii=False), at),
        )

    def set_node_attrs(self, node_id: int, attrs: dict[str, Any]) -> None:
        self._conn.execute(
            "UPDATE nodes SET attrs = ? WHERE id = ?",
            (json.dumps(attrs, ensure_ascii=False), node_id),
        )

    def add_alias(self, norm: str, type: str, node_id: int, alias: str) -> None:
        """Another name of a node; a name that already stands for a node stays with it."""
        self._conn.execute(self._INSERT_ALIAS, (norm, type, node_id, alias))

    def alias_exists(self, norm: str, type: str) -> bool:
        row = self._conn.execute(
            "SELECT 1 FROM aliases WHERE norm = ? AND type = ?", (norm, type)
        ).fetchone()
        return row is not None

    def node_by_norm(self, norm: str, type: str) -> int | None:
        """The node with this normalised name or alias and type (not resolved through
        merges)."""
        row = self._conn.execute(
            "SELECT id FROM nodes WHERE norm = ? AND type = ? "
            "UNION ALL SELECT node FROM aliases WHERE norm = ? AND type = ? LIMIT 1",
            (norm, type, norm, type),
        ).fetchone()
        return None if row is None else int(row[0])

    def merged_into(self, node_id: int) -> int | None:
        row = self._conn.execute(
            "SELECT merged_into FROM nodes WHERE id = ?", (node_id,)
        ).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def set_merged_into(self, node_id: int, into: int) -> None:
        self._conn.execute("UPDATE nodes SET merged_into = ? WHERE id = ?", (into, node_id))

    def node_row(self, node_id: int) -> NodeRow | None:
        row = self._conn.execute(
            "SELECT id, name, type, attrs, merged_into FROM nodes WHERE id = ?", (node_id,)
        ).fetchone()
        if row is None:
            return None
        return int(row[0]), str(row[1]), str(row[2]), str(row[3]), row[4]

    def aliases_of(self, node_id: int) -> list[str]:
        rows = self._conn.execute("SELECT alias FROM aliases WHERE node = ?", (node_id,))
        return [str(alias) for (alias,) in rows]

    def find_node_ids(self, norm: str, stem: str, type: str | None) -> list[int]:
        """Nodes with this normalised name, then those with it as an alias; if none, those
        whose stemmed name is `stem`."""
        clause, args = ("", ()) if type is None else (" AND type = ?", (type,))
        ids = [
            int(r[0])
            for r in self._conn.execute(
                f"SELECT id FROM nodes WHERE norm = ?{clause}", (norm, *args)
            )
        ]
        ids += [
            int(r[0])
            for r in self._conn.execute(
                f"SELECT node FROM aliases WHERE norm = ?{clause}", (norm, *args)
            )
        ]
        if not ids:
            ids = [
                int(r[0])
                for r in self._conn.execute(
                    f"SELECT id FROM nodes WHERE stem = ?{clause}", (stem, *args)
                )
            ]
        return ids

    def list_node_ids(self, type: str | None, limit: int) -> list[int]:
        clause, args = (
            ("WHERE merged_into IS NULL", [])
            if type is None
            else ("WHERE merged_into IS NULL AND type = ?", [type])
        )
        rows = self._conn.execute(
            f"SELECT id FROM nodes {clause} ORDER BY name LIMIT ?", (*args, limit)
        )
        return [int(r[0]) for r in rows]

    def nodes_like(self, word: str, limit: int) -> list[int]:
        """Unmerged nodes whose normalised or stemmed name contains `word`."""
        rows = self._conn.execute(
            "SELECT id FROM nodes WHERE merged_into IS NULL "
            f"AND (norm {self._LIKE} ? OR stem {self._LIKE} ?) LIMIT ?",
            (f"%{word}%", f"%{word}%", limit),
        )
        return [int(r[0]) for r in rows]

    def merged_children(self, node_id: int) -> list[int]:
        rows = self._conn.execute("SELECT id FROM nodes WHERE merged_into = ?", (node_id,))
        return [int(r[0]) for r in rows]

    def all_nodes(self) -> list[tuple[int, str, str, int | None]]:
        rows = self._conn.execute("SELECT id, name, type, merged_into FROM nodes")
        return [(int(i), str(n), str(t), m) for i, n, t, m in rows]

    # -- relations -----------------------------------------------------------------------
    def open_relations(self, src: int | None = None, relation: str | None = None) -> list[EdgeRow]:
        """Current relations (not closed), of a source and relation when given."""
        clause, args = "", ()  # type: tuple[str, tuple[Any, ...]]
        if src is not None and relation is not None:
            clause, args = " AND src = ? AND relation = ?", (src, relation)
        rows = self._conn.execute(
            f"SELECT {RELATION_COLUMNS} FROM relations WHERE valid_to IS NULL{clause} ORDER BY id",
            args,
        )
        return [_edge(row) for row in rows]

    def close_relation(self, edge_id: int, at: str) -> None:
        self._conn.execute("UPDATE relations SET valid_to = ? WHERE id = ?", (at, edge_id))

    def insert_relation(
        self,
        src: int,
        relation: str,
        dst: int,
        confidence: float,
        fact_id: str | None,
        valid_from: str,
        at: str,
    ) -> int:
        return self._inserted_id(
            "INSERT INTO relations "
            "(src, relation, dst, confidence, fact_id, valid_from, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (src, relation, dst, confidence, fact_id, valid_from, at),
        )

    def relation_row(self, edge_id: int) -> EdgeRow:
        row = self._conn.execute(
            f"SELECT {RELATION_COLUMNS} FROM relations WHERE id = ?", (edge_id,)
        ).fetchone()
        return _edge(row)

    def relations_of(self, ids: Sequence[int], include_closed: bool) -> list[EdgeRow]:
        """Relations from or to any of these nodes, oldest first."""
        marks = ",".join("?" * len(ids))
        closed = "" if include_closed else " AND valid_to IS NULL"
        rows = self._conn.execute(
            f"SELECT {RELATION_COLUMNS} FROM relations "
            f"WHERE (src IN ({marks}) OR dst IN ({marks})){closed} ORDER BY id",
            (*ids, *ids),
        )
        return [_edge(row) for row in rows]
