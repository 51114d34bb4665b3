"""The read path in one place: discover → index → route → check → render (SPEC A2).

`open_workspace()` finds the workspace and the global folder, reads the layered config and
opens (refreshing) their indexes; `Workspace.load()` routes a task to a pack.
"""

from __future__ import annotations

import os
from time import strftime

from engram.config import Config, load_config
from engram.errors import EngramError, WorkspaceNotFound
from engram.files.discovery import ScopeRoot, global_folder, resolved_folder, workspace_folder
from engram.files.index import MemoryIndex, rebuild
from engram.plain import Plain
from engram.render.pack import build_pack, unknown_id
from engram.routing.route import Candidate, Route, RouteOptions, Skip, route, visibility
from engram.text.stem import made_stems, remember_stems
from engram.text.tokenize import anchors_of, anchors_of_tokens, query_tokens

TYPE_CHECKING = False  # `typing` is not imported on the load path; type checkers read True
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from datetime import date
    from pathlib import Path
    from typing import Any

    from engram.files.index import DocRow, Progress
    from engram.render.pack import Pack
    from engram.routing.route import Signal
    from engram.routing.vectors import VectorSignal
    from engram.text.tokenize import QueryTerms


class Workspace(Plain):
    """An opened workspace (and global folder) ready to route queries.

    `workspace_root`, `global_root`, `project` and `roots` are `Path`s; the load path works with
    the same folders as strings (`workspace_folder`, `global_folder`, `folders`), which it can
    have without importing `pathlib` (see `engram.paths`)."""

    __slots__ = ("_vectors", "config", "global_folder", "indexes", "workspace_folder")

    def __init__(
        self,
        config: Config,
        workspace_root: str | os.PathLike[str] | None,
        global_root: str | os.PathLike[str] | None,
        indexes: list[MemoryIndex] | None = None,
    ) -> None:
        self.config = config
        self.workspace_folder = _folder(workspace_root)
        self.global_folder = _folder(global_root)
        self.indexes = [] if indexes is None else indexes
        self._vectors: VectorSignal | str | None = None  # `load.vectors`: built on first use

    @property
    def workspace_root(self) -> Path | None:
        return _as_path(self.workspace_folder)

    @property
    def global_root(self) -> Path | None:
        return _as_path(self.global_folder)

    @property
    def project(self) -> Path | None:
        return _as_path(self.project_folder)

    @property
    def project_folder(self) -> str | None:
        """The project folder that holds `.agents/.engram` (`project_of`), as a string."""
        folder = self.workspace_folder
        if folder is None:
            return None
        return _parent(_parent(folder))

    @property
    def roots(self) -> dict[str, Path]:
        return {index.root.scope: index.root.path for index in self.indexes}

    @property
    def folders(self) -> dict[str, str]:
        """`roots` as strings."""
        return {index.root.scope: index.root.folder for index in self.indexes}

    def close(self) -> None:
        for index in self.indexes:
            index.close()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def options(
        self,
        query: str,
        *,
        select_all: bool = False,
        limit: int | None = None,
        today: date | None = None,
        roles: Sequence[str] | None = None,
        signals: Sequence[Signal] = (),
        score_all: bool = True,
    ) -> RouteOptions:
        return RouteOptions(
            today=today,
            limit=limit or self.config["load.limit"],
            select_all=select_all,
            roles=tuple(self.config["load.roles"] if roles is None else roles),
            project=self.project_folder,
            signals=tuple(signals),
            query_text=query,
            score_all=score_all,
        )

    def route(self, query: str, **options: Any) -> Route:
        """Route a query without rendering it (what `load --dry-run` reports). With
        `load.vectors` on and no `signals` given, related memories are re-ranked by meaning
        (`engram.routing.vectors`)."""
        if "signals" not in options and self.config["load.vectors"]:
            signal = self.vector_signal()
            if not isinstance(signal, str):
                signal.problem = ""  # of this query alone
            options["signals"] = () if isinstance(signal, str) else (signal,)
        return route(self.indexes, self._anchors(query), self.options(query, **options))

    def _anchors(self, query: str) -> QueryTerms:
        """`anchors_of(query)`, with the stems of its words read from the indexes first and
        those the stemmer had to make recorded for the next query (see `engram.text.stem`)."""
        tokens = query_tokens(query)
        words = {t.word for t in tokens if t.script in ("latin", "cyrillic")}
        words = {w for w in words if w.isascii() or _is_text(w)}  # SQLite takes text alone
        for index in self.indexes:
            remember_stems(index.stems_of(words))
        made_stems()  # (those of files a refresh indexed are not a query's)
        terms = anchors_of_tokens(tokens)
        made = made_stems()
        if made and self.indexes:
            self.indexes[0].record_stems(made)
        return terms

    def vector_signal(self) -> VectorSignal | str:
        """The `load.vectors` signal over this workspace's indexes, or why there is none (the
        embedder could not be made). The model is loaded once a workspace."""
        if self._vectors is None:
            from engram.routing.vectors import VectorSignal
            from engram.store.providers import embedder_from_config

            try:
                embedder = embedder_from_config(self.config)
                self._vectors = VectorSignal(embedder, self.indexes, self.config["files.max_bytes"])
            except EngramError as exc:
                self._vectors = exc.message + (f" ({exc.hint})" if exc.hint else "")
        return self._vectors

    def load(
        self,
        query: str,
        *,
        mode: str = "compact",
        disclosure: str | None = None,
        expand_top: int | None = None,
        budget_tokens: int | None = None,
        **options: Any,
    ) -> Pack:
        """Route a task to a pack. `mode` is compact (default), full (wider, no tiers) or all
        (every visible match, no compact limit, no tiers)."""
        if mode not in ("compact", "full", "all"):
            raise EngramError(f"unknown load mode {mode!r}", hint="use compact, full or all")
        if mode == "full" and "limit" not in options:
            options["limit"] = 2 * self.config["load.limit"]
        # Only what the pack can print is scored in full (the pack is the same as scoring all).
        options.setdefault("score_all", False)
        routed = self.route(query, select_all=mode == "all", **options)
        disclosure = disclosure or self.config["load.disclosure"]
        tiers = mode == "compact" and disclosure == "auto"
        budget = self.config["load.budget_tokens"] if budget_tokens is None else budget_tokens
        pack = build_pack(
            routed,
            self.folders,
            expand_top=self.config["load.expand_top"] if expand_top is None else expand_top,
            tiers=tiers,
            budget_tokens=budget,
            max_bytes=self.config["files.max_bytes"],
        )
        vectors = self._vectors
        problem = vectors if isinstance(vectors, str) else vectors.problem if vectors else ""
        if problem and "signals" not in options and routed.terms.anchors:
            pack.notes.append(f"ranked by words alone: load.vectors is on, but {problem}")
        if not routed.terms.anchors:
            words = ", ".join(routed.terms.generic) or "nothing but stop words"
            pack.notes.append(
                f"no anchors: the query has only generic words ({words}); "
                'name the topic, for example `engram load "deploy the api"`'
            )
        return pack

    def visible_rows(
        self, select: Callable[[MemoryIndex], Iterable[DocRow]], options: RouteOptions
    ) -> list[DocRow]:
        """The rows `select` picks from each index that may be shown (see `visibility`), a
        global row dropped whenever the workspace has a memory with its id (the workspace wins,
        as in routing)."""
        picked = [row for index in self.indexes for row in select(index)]
        workspace = [ix for ix in self.indexes if ix.root.scope == "workspace"]
        global_ids = [row.id for row in picked if row.scope == "global"]
        shadowed = (
            {r.id for ix in workspace for r in ix.by_ids(global_ids)} if global_ids else set()
        )
        rows: dict[str, DocRow] = {}
        for row in picked:
            if row.scope == "global" and row.id in shadowed:
                continue
            if row.id not in rows and not visibility(row, options):
                rows[row.id] = row
        return list(rows.values())

    def find(self, memory_ids: Sequence[str]) -> tuple[list[DocRow], list[str]]:
        """Rows for ids (workspace wins over global), and the ids not found."""
        found: list[DocRow] = []
        missing: list[str] = []
        for memory_id in memory_ids:
            row = next((r for ix in self.indexes for r in ix.by_ids([memory_id])), None)
            if row is None:
                missing.append(memory_id)
            else:
                found.append(row)
        return found, missing

    def fetch(self, memory_ids: Sequence[str]) -> Pack:
        """Full bodies by id — what counts as an agent's fetch. Archived, superseded and
        expired memories are returned too, with a note; each fetch is recorded for the ranking
        boost. An id given twice is fetched once."""
        rows, missing = self.find(list(dict.fromkeys(memory_ids)))
        routed = Route(anchors_of(""))
        routed.pack = [Candidate(row) for row in rows]
        pack = build_pack(
            routed, self.folders, tiers=False, max_bytes=self.config["files.max_bytes"]
        )
        pack.skipped.extend(
            Skip(unknown_id(mid), "", self._unreadable(mid) or "not found") for mid in missing
        )
        today = strftime("%Y-%m-%d")
        for row in rows:
            if row.lifecycle in ("archived", "superseded"):
                pack.notes.append(f"note: {row.id} is {row.lifecycle}")
            elif row.valid_until and row.valid_until < today:
                pack.notes.append(f"note: {row.id} expired on {row.valid_until} (valid_until)")
        for index in self.indexes:
            index.record_fetch(r.id for r in rows if r.scope == index.root.scope)
        return pack

    def _unreadable(self, memory_id: str) -> str:
        """Why the memory file that may hold `memory_id` is left out, as `engram doctor` names
        it ("workspace:knowledge/x.md:4: invalid: invalid YAML: …"); '' when there is none. A
        file that does not parse has no id to look up by: it is the file named after the id,
        or the one whose frontmatter has its `id:` line."""
        from engram.files.checks import Finding

        return "; ".join(
            str(Finding(index.root.scope, path, "invalid", reason, line))
            for index in self.indexes
            for path, line, reason in index.problems()
            if _may_hold(index.root.path / path, memory_id)
        )

    def reindex(self, progress: Progress | None = None) -> dict[str, int]:
        """Throw each index away and build it again from the files (`engram reindex`); the
        number of memory files indexed, by scope. `progress(done, total)` is called as files
        are indexed, counting from 0 again for each scope."""
        counts: dict[str, int] = {}
        self._vectors = None  # it holds the indexes about to be replaced
        for n, index in enumerate(self.indexes):
            index.close()
            on_edit = self.config["files.on_hand_edit"]
            self.indexes[n] = rebuild(index.root, on_hand_edit=on_edit, progress=progress)
            counts[index.root.scope] = self.indexes[n].stats()[0]
        return counts

    def embed_memories(self, progress: Progress | None = None) -> int:
        """With `load.vectors` on, embed every memory file not yet embedded under the current
        model (a load would otherwise embed them as they first match); how many memories were
        looked at. Raises EngramError when the embedder cannot be made or fails."""
        from engram.embed.base import EmbeddingError

        signal = self.vector_signal()
        if isinstance(signal, str):
            raise EngramError(f"load.vectors: {signal}")
        try:
            return signal.prepare(progress)
        except (EmbeddingError, OSError) as exc:
            raise EngramError(
                f"load.vectors: the memory files could not be embedded: {exc}"
            ) from exc


ID_LINE_CHARS = 4096  # how far into a file that does not parse its `id:` line is looked for


def _may_hold(path: Path, memory_id: str) -> bool:
    """Whether a memory file that does not parse is the one of `memory_id`."""
    import re

    if path.stem == memory_id:
        return True
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(ID_LINE_CHARS)
    except OSError:
        return False
    line = rf"""^id:[ \t]*(['"]?){re.escape(memory_id)}\1[ \t]*$"""
    return re.search(line, head, re.MULTILINE) is not None


def open_workspace(
    start: str | os.PathLike[str] | None = None,
    *,
    config: Config | None = None,
    flags: dict[str, Any] | None = None,
    require: bool = True,
    refresh: bool = True,
) -> Workspace:
    """Find the workspace above `start` (default: the current folder) and the global folder,
    read the config and open their indexes, refreshing them from the files (unless `refresh` is
    false: for `Workspace.reindex`, which builds them anew anyway)."""
    here = os.getcwd() if start is None else os.fspath(start)
    workspace_root = workspace_folder(here)  # folders as strings: see `engram.paths`
    config = config or load_config(workspace_root, flags=flags)
    global_dir = global_folder(config)
    if global_dir and workspace_root:
        # the same folder as `Path.resolve()` would compare them (Windows: in any case)
        same = os.path.normcase(resolved_folder(global_dir))
        if same == os.path.normcase(resolved_folder(workspace_root)):
            global_dir = None
    if workspace_root is None and require:
        _refuse_a_workspace_file(here)
        if global_dir is None:
            _refuse_a_global_setting(config)
            raise WorkspaceNotFound(
                f"no .agents/.engram folder in {resolved_folder(here)} or above it",
                hint="run `engram init` in your project, or set ENGRAM_GLOBAL_DIR",
            )
    ws = Workspace(config, workspace_root, global_dir)
    on_edit, limit = config["files.on_hand_edit"], config["files.max_bytes"]
    for path, scope in ((workspace_root, "workspace"), (global_dir, "global")):
        if path is not None:
            root = ScopeRoot(path, scope, limit)
            ws.indexes.append(MemoryIndex.open(root, on_hand_edit=on_edit, refresh=refresh))
    return ws


def _refuse_a_workspace_file(here: str) -> None:
    """A `.agents/.engram` that is no folder is named: the walk passes it by, and a command
    would report the memories of the global folder alone (or none) without a word."""
    from engram.files.discovery import blocked_workspace

    blocked = blocked_workspace(here)
    if blocked is not None:
        raise WorkspaceNotFound(
            f"{blocked} is not a folder",
            hint="the memory files go in a .agents/.engram folder: move this away, then run "
            "`engram init`",
        )


def _refuse_a_global_setting(config: Config) -> None:
    """A global folder the config names that is no folder is named with where it is set, not
    met with advice to set what is set already."""
    if not config["files.global_dir"] or not config["files.use_global"]:
        return
    from engram.paths import setting_path

    path = setting_path(config, "files.global_dir")
    origin = config.sources.get("files.global_dir", "")
    setting = origin.removeprefix("env ") if origin.startswith("env ") else (
        f"files.global_dir ({origin})" if origin else "files.global_dir"
    )  # fmt: skip
    what = "is not a folder" if os.path.lexists(path) else "does not exist"
    raise WorkspaceNotFound(
        f"{setting} names {path}, which {what}; and there is no .agents/.engram folder here",
        hint=f"point {setting} at a folder, or run `engram init` in your project",
    )


def _folder(path: str | os.PathLike[str] | None) -> str | None:
    """A folder given as a string or a `Path`, as `pathlib` spells it."""
    if path is None:
        return None
    from engram.paths import plain_path

    return plain_path(os.fspath(path))


def _is_text(word: str) -> bool:
    """Whether a word can be written as UTF-8 (the Python API may pass lone surrogates)."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _parent(folder: str) -> str:
    """`str(Path(folder).parent)` for a folder spelt as `pathlib` spells it."""
    return os.path.dirname(folder) or "."


def _as_path(folder: str | None) -> Path | None:
    if folder is None:
        return None
    from pathlib import Path

    return Path(folder)
