"""The storage seam: the fact store, the entity graph, the digest, the profile and maintenance
reach their database only through a backend (`engram.store.backend.Backend`)."""

from __future__ import annotations

import re
from pathlib import Path

import engram

SOURCE = Path(engram.__file__).parent
BACKENDS = ("store/sqlite/", "store/postgres/")
# Other databases than the fact store, each private to its module: the memory files' own
# index (rebuilt from the files at will) and the hooks' per-session state.
OTHER_DATABASES = ("files/index.py", "hooks/state.py")
STATEMENT = re.compile(r"\.(execute|executemany|executescript)\(|\.conn\b")


def _outside_backends(root: Path = SOURCE) -> list[tuple[str, str]]:
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name.startswith(BACKENDS) or name in OTHER_DATABASES:
            continue
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if STATEMENT.search(text):
                found.append((f"{name}:{number}", text.strip()))
    return found


def test_no_statement_runs_outside_the_backend_packages() -> None:
    assert _outside_backends() == []


def test_the_check_finds_a_statement_where_it_does_not_belong(tmp_path: Path) -> None:
    statement = 'def probe(conn):\n    conn.execute("SELECT 1")\n'
    for name in ("store/sqlite/facts.py", "store/digest.py", "graph/entities.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(statement, encoding="utf-8")
    (tmp_path / "store" / "profile.py").write_text("x = store.conn\n", encoding="utf-8")
    found = [where for where, _ in _outside_backends(tmp_path)]
    assert found == ["graph/entities.py:2", "store/digest.py:2", "store/profile.py:1"]


def test_a_store_keeps_its_connection_private(tmp_path: Path) -> None:
    from engram.config import load_config
    from engram.store import MemoryStore

    with MemoryStore.open(tmp_path / "memory.db", config=load_config(None, env={})) as store:
        assert not hasattr(store, "conn")
        assert not hasattr(store.graph, "conn")
        assert store.stats()["backend"] == "sqlite"
