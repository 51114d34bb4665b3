"""Every failure explained: the fault list of the reliability review, through the real CLI.

Each case runs `engram` in its own home, state and config folders and checks three things: what
the user is told (one line on stderr, the right exit code, never a traceback), that nothing the
user had is lost, and that the outcome is what the case promises. The table counts the cases
handled, and the tracebacks and lost facts over all cases (targets: all, 0 and 0).
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.common import Target, engram_command, table


@dataclass
class Case:
    name: str
    ok: bool
    detail: str
    tracebacks: int = 0
    lost: int = 0


class Sandbox:
    """A home, state and config folder of its own, and a way to run `engram` in it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.env = {
            **os.environ,
            "HOME": str(root / "home"),
            "ENGRAM_STATE_DIR": str(root / "state"),
            "ENGRAM_CONFIG_DIR": str(root / "config"),
            "ENGRAM_DB": str(root / "memory.db"),
            "ENGRAM_HOOKS_TIMEOUT_MS": "20000",
        }
        for name in ("ENGRAM_GLOBAL_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            self.env.pop(name, None)
        self.tracebacks = 0

    @property
    def db(self) -> Path:
        return self.root / "memory.db"

    def run(
        self, *args: str, stdin: str | bytes = "", cwd: Path | None = None, **env: str
    ) -> subprocess.CompletedProcess[str]:
        data = stdin.encode("utf-8", "surrogateescape") if isinstance(stdin, str) else stdin
        done = subprocess.run(
            [*engram_command(), *args],
            input=data,
            capture_output=True,
            cwd=cwd or self.root,
            env={**self.env, **env},
            timeout=120,
        )
        out = done.stdout.decode("utf-8", "replace")
        err = done.stderr.decode("utf-8", "replace")
        self.tracebacks += "Traceback (most recent call last)" in out + err
        return subprocess.CompletedProcess(done.args, done.returncode, out, err)

    def facts(self, scope: str = "agent", key: str = "k") -> list[str]:
        done = self.run("memory", "list", "--json", "--scope", scope, "--key", key)
        return [f["content"] for f in json.loads(done.stdout or "{}").get("facts", [])]


def _one_line(done: subprocess.CompletedProcess[str], code: int = 2) -> bool:
    """Exit `code` with one error line on stderr (and at most the hint line after it)."""
    lines = done.stderr.strip().splitlines()
    return (
        done.returncode == code
        and 1 <= len(lines) <= 2
        and lines[0].startswith("engram: ")
        and all(line.startswith("engram: hint:") for line in lines[1:])
    )


def bad_items_in_a_batch(box: Sandbox) -> Case:
    good = [f"Service {n} listens on port {8000 + n} in staging." for n in range(5)]
    lines = [json.dumps(g) for g in good[:2]]
    lines += [
        '{"content": "The cache holds 42 entries per shard.", "importance": NaN}',
        '{"content": "Broken \\ud800 surrogate in this fact text."}',
        json.dumps({"content": "Deeply nested metadata here.", "metadata": {}}).replace(
            "{}", "[" * 3000 + "]" * 3000
        ),
    ]
    lines += [json.dumps(g) for g in good[2:]]
    done = box.run(
        "memory",
        "absorb",
        "--scope",
        "agent",
        "--key",
        "k",
        "--json",
        stdin="\n".join(lines) + "\n",
    )
    stored = box.facts()
    lost = sum(g not in stored for g in good)
    ok = lost == 0 and done.returncode in (0, 1)
    return Case(
        "bad items in a batch (NaN, surrogate, deep nesting)",
        ok,
        f"exit {done.returncode}; {len(stored)}/5 good facts stored",
        lost=lost,
    )


def binary_stdin(box: Sandbox) -> Case:
    done = box.run(
        "memory",
        "absorb",
        "--scope",
        "agent",
        "--key",
        "bin",
        stdin=b"\xff\xfe\x00binary\x80 garbage\n",
    )
    ok = done.returncode in (1, 2) and "Traceback" not in done.stderr
    return Case("binary stdin", ok, f"exit {done.returncode}: {done.stderr.strip()[:70]}")


def bad_dates(box: Sandbox) -> Case:
    a = box.run("memory", "search", "x", "--since", "2025-13-01")
    b = box.run("memory", "list", "--as-of", "yesterday")
    ok = _one_line(a) and _one_line(b)
    return Case(
        "--since 2025-13-01, --as-of yesterday",
        ok,
        f"exits {a.returncode}, {b.returncode}: {a.stderr.strip()[:60]}",
    )


def corrupt_store(box: Sandbox) -> Case:
    box.db.write_bytes(b"this is not a database" * 500)
    done = box.run("memory", "stats")
    box.db.unlink()
    return Case("corrupt store", _one_line(done), done.stderr.strip()[:80])


def newer_schema(box: Sandbox) -> Case:
    box.run("memory", "absorb", "--scope", "agent", "--key", "k", "Kafka runs on 3 brokers now.")
    conn = sqlite3.connect(box.db)
    conn.execute("PRAGMA user_version = 999")
    conn.commit()
    conn.close()
    done = box.run("memory", "stats")
    conn = sqlite3.connect(box.db)
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    conn.close()
    box.db.unlink()
    return Case("schema newer than the code", _one_line(done), done.stderr.strip()[:80])


def lock_held(box: Sandbox) -> Case:
    box.run("memory", "absorb", "--scope", "agent", "--key", "k", "Redis runs on port 6380 now.")
    holder = sqlite3.connect(box.db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    started = time.monotonic()
    done = box.run(
        "memory",
        "absorb",
        "--scope",
        "agent",
        "--key",
        "k",
        "Postgres runs on port 5433 now.",
        ENGRAM_MEMORY_LOCK_TIMEOUT_S="2",
    )
    seconds = time.monotonic() - started
    holder.execute("ROLLBACK")
    holder.close()
    ok = _one_line(done) and seconds < 10 and "locked" in done.stderr
    return Case(
        "write lock held by another process (timeout 2 s)",
        ok,
        f"gave up after {seconds:.1f} s: {done.stderr.strip()[:60]}",
    )


def nuke_twice_in_a_second(box: Sandbox) -> Case:
    for key in ("a", "b", "c"):
        box.run("memory", "absorb", "--scope", "run", "--key", key, f"Run {key} used 4 workers.")
    first = box.run("memory", "nuke", "--scope", "run", "--key", "a", "--yes", "--json")
    second = box.run("memory", "nuke", "--scope", "run", "--key", "b", "--yes", "--json")
    backups = {json.loads(d.stdout or "{}").get("backup") for d in (first, second)}
    backups.discard(None)
    empty = box.run("memory", "nuke", "--scope", "run", "--key", "zzz", "--yes", "--json")
    no_key = box.run("memory", "nuke", "--scope", "run", "--yes")
    eof = box.run("memory", "nuke", "--scope", "run", "--key", "c", stdin="")
    kept = box.facts("run", "c")
    ok = (
        len(backups) == 2
        and all(Path(b).is_file() for b in backups)
        and json.loads(empty.stdout or "{}").get("backup") in (None, "")
        and _one_line(no_key)
        and _one_line(eof)
        and len(kept) == 1
    )
    return Case(
        "nuke: two in one second, nothing to erase, no key, EOF",
        ok,
        f"{len(backups)} distinct backups; no-key exit {no_key.returncode}; "
        f"EOF exit {eof.returncode}, facts kept {len(kept)}",
    )


def fact_lifecycle(box: Sandbox) -> Case:
    done = box.run(
        "memory",
        "absorb",
        "--scope",
        "agent",
        "--key",
        "life",
        "--json",
        "The billing service runs on host b7 in rack 4.",
    )
    fact_id = json.loads(done.stdout)["outcomes"][0]["id"]
    upd = box.run(
        "memory", "update", fact_id, "The billing service runs on host b9 in rack 4.", "--json"
    )
    new_id = json.loads(upd.stdout or "{}").get("id") or fact_id
    gone = box.run("memory", "delete", new_id, "--erase", "--yes")
    text = box.db.read_bytes() + (
        Path(f"{box.db}-wal").read_bytes() if Path(f"{box.db}-wal").exists() else b""
    )
    ok = upd.returncode == 0 and gone.returncode == 0 and b"host b9" not in text
    return Case(
        "update, then delete --erase",
        ok,
        f"exits {upd.returncode}, {gone.returncode}; text left in file: {b'host b9' in text}",
    )


def _workspace(box: Sandbox) -> Path:
    project = box.root / "project"
    project.mkdir(exist_ok=True)
    box.run("init", cwd=project)
    folder = project / ".agents" / ".engram" / "rules"
    for name in ("deploy", "review"):
        (folder / f"{name}.md").write_text(
            f"---\nid: {name}-rule\ntype: rule\ntags: [{name}]\n---\n# {name}\n\n"
            f"Always {name} with care.\n",
            encoding="utf-8",
        )
    box.run("rehash", cwd=project)
    return project


def corrupt_index(box: Sandbox) -> Case:
    project = _workspace(box)
    box.run("load", "deploy", cwd=project)
    index = project / ".agents" / ".engram" / ".cache" / "index.sqlite"
    index.write_bytes(b"garbage" * 1000)
    for suffix in ("-wal", "-shm"):
        Path(f"{index}{suffix}").unlink(missing_ok=True)
    done = box.run("load", "deploy", cwd=project)
    ok = done.returncode == 0 and "Always deploy with care." in done.stdout
    return Case("corrupt derived index", ok, f"load exit {done.returncode}")


def conflicted_approvals(box: Sandbox) -> Case:
    project = _workspace(box)
    hashes = project / ".agents" / ".engram" / "memory.hashes.json"
    text = hashes.read_text(encoding="utf-8")
    hashes.write_text("<<<<<<< ours\n" + text + "=======\n{}\n>>>>>>> theirs\n", "utf-8")
    done = box.run("load", "deploy", cwd=project)
    doctor = box.run("doctor", cwd=project)
    ok = (
        done.returncode == 0
        and "Always deploy with care." in done.stdout
        and "approvals" in doctor.stdout + doctor.stderr
    )
    return Case(
        "merge conflict in memory.hashes.json",
        ok,
        f"load exit {done.returncode}; doctor exit {doctor.returncode}",
    )


def settings_file_kept(box: Sandbox) -> Case:
    project = _workspace(box)
    dotfiles = box.root / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "settings.json"
    target.write_text('{"env": {"API_KEY": "kept"}}\n', encoding="utf-8")
    target.chmod(0o600)
    link = project / ".claude" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(target)
    done = box.run("hooks", "install", "--host", "claude", cwd=project)
    mode = stat.S_IMODE(target.stat().st_mode)
    ok = (
        done.returncode == 0
        and link.is_symlink()
        and mode == 0o600
        and "engram" in (target.read_text(encoding="utf-8"))
    )
    return Case(
        "hooks install on a 0600 symlinked settings file",
        ok,
        f"still a link: {link.is_symlink()}; mode {oct(mode)}",
    )


def concurrent_hooks(box: Sandbox) -> Case:
    project = _workspace(box)
    (project / ".agents" / ".engram" / "rules" / "deploy.md").write_text(
        "---\nid: deploy-rule\ntype: rule\ntags: [deploy]\n---\n# deploy\n\n"
        "Always deploy with care, body marker 7731.\n",
        encoding="utf-8",
    )
    box.run("rehash", cwd=project)
    box.run("load", "deploy", cwd=project)
    payload = json.dumps(
        {
            "session_id": "s1",
            "hook_event_name": "UserPromptSubmit",
            "cwd": str(project),
            "prompt": "deploy the service",
        }
    )
    procs = [
        subprocess.Popen(
            [*engram_command(), "hook", "--host", "claude"],
            cwd=project,
            env=box.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(8)
    ]
    outputs = [p.communicate(payload.encode(), timeout=120) for p in procs]
    delivered = sum(out.decode().count("body marker 7731") for out, _ in outputs)
    box.tracebacks += sum(b"Traceback" in err for _, err in outputs)
    ok = delivered == 1 and all(p.returncode == 0 for p in procs)
    return Case("8 hook calls of one session at once", ok, f"body delivered {delivered}×")


CASES: list[Callable[[Sandbox], Case]] = [
    bad_items_in_a_batch,
    binary_stdin,
    bad_dates,
    corrupt_store,
    newer_schema,
    lock_held,
    nuke_twice_in_a_second,
    fact_lifecycle,
    corrupt_index,
    conflicted_approvals,
    settings_file_kept,
    concurrent_hooks,
]


def measure() -> list[Case]:
    results = []
    for case in CASES:
        with tempfile.TemporaryDirectory(prefix="engram-faults-") as folder:
            box = Sandbox(Path(folder))
            try:
                result = case(box)
            except Exception as exc:  # a broken case is a failed case, with its reason
                result = Case(case.__name__.replace("_", " "), False, f"{type(exc).__name__}")
            result.tracebacks += box.tracebacks
            results.append(result)
    return results


def run() -> str:
    results = measure()
    rows: list[list[object]] = [[r.name, "ok" if r.ok else "FAILED", r.detail] for r in results]
    passed = sum(r.ok for r in results)
    tracebacks = sum(r.tracebacks for r in results)
    lost = sum(r.lost for r in results)
    rows.append(
        [
            "cases ok",
            f"{passed}/{len(results)}",
            Target(
                passed,
                "==",
                len(results),
                shown=f"all {len(results)}",
                measured=f"{passed}/{len(results)}",
                name="fault cases handled",
            ),
        ]
    )
    rows.append(
        [
            "tracebacks over all cases",
            str(tracebacks),
            Target(tracebacks, "==", 0, shown="none", name="tracebacks over all cases"),
        ]
    )
    rows.append(
        [
            "facts lost over all cases",
            str(lost),
            Target(lost, "==", 0, shown="none", name="facts lost over all cases"),
        ]
    )
    return table(["fault", "result", "detail"], rows)


if __name__ == "__main__":
    print(run())
    sys.exit(0)
