"""`engram hook --host <h>`: read the host's JSON, act on the event, print the host's JSON.

Fail-open: whatever goes wrong — malformed input, a broken config or memory file, a bug — the
host gets an empty, valid answer and the error goes to the hooks' log (`engram doctor` shows it).
"""

from __future__ import annotations

import json
import os

from engram.hooks import deadline
from engram.hooks import events as ev
from engram.hooks.hosts import host

TYPE_CHECKING = False  # `typing` is not imported on the hook path; type checkers read True
if TYPE_CHECKING:  # imported lazily at run time: hooks start on every prompt
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

    from engram.hooks.host import NativeRules
    from engram.hooks.state import DeliveryState
    from engram.render.pack import Pack
    from engram.workspace import Workspace

PATH_BODIES = 3  # at most this many path-triggered bodies per file event (SPEC A5)
SESSION_TAGS = ("session-start", "always", "always-load")


def run_hook(name: str, stdin_text: str, env: Mapping[str, str] | None = None) -> str:
    """Handle one hook call of host `name`; always returns valid JSON for the host, never
    raises."""
    event_name, folder = "", None
    try:
        payload = json.loads(stdin_text.removeprefix("\ufeff"))  # a BOM some shells add
        if not isinstance(payload, dict):
            raise ValueError(f"hook input must be a JSON object, got {type(payload).__name__}")
        record = host(name)
        event = record.normalize(payload, dict(os.environ if env is None else env))
        event_name, folder = event.name, event.cwd
        deadline.note_event(event_name, event.cwd)
        answer = record.respond(event, handle(event))
        return json.dumps(answer, ensure_ascii=False)
    except Exception as exc:  # a hook must never break its host
        from engram.hooks.errorlog import log_error  # only a failing hook needs the log

        log_error(name, event_name, exc, folder=folder)
        return "{}"


def native_rules(event: ev.Event, config: Mapping[str, Any]) -> NativeRules | None:
    """The host's own rule files when they carry the path-scoped memories
    (`hooks.path_rules = native` and a host that loads such files)."""
    return host(event.host).native if config["hooks.path_rules"] == "native" else None


def handle(event: ev.Event) -> str:
    """The context to inject for an event ('' for none)."""
    if event.kind == ev.IGNORED:
        return ""
    from engram.config import load_config
    from engram.files.discovery import workspace_folder
    from engram.hooks.state import DeliveryState
    from engram.workspace import open_workspace

    # The config first, so its timeout (the default until now) covers the index refresh too.
    config = load_config(workspace_folder(event.cwd))
    deadline.configure(config["hooks.timeout_ms"])
    with open_workspace(event.cwd, config=config, require=False) as ws:
        if not ws.indexes:
            return ""  # no workspace and no global folder here: nothing to do
        scope_key = str(ws.workspace_folder or ws.global_folder)
        with DeliveryState(event.host, scope_key, delivery_session(event)) as state:
            return _dispatch(event, ws, state)


def delivery_session(event: ev.Event) -> str:
    """Whose delivered set an event reads and adds to. A subagent's context is its own: it
    starts empty and is gone when the subagent ends, so its start, its file events and the
    rule files the host loads for it (events that carry its `agent_id`) use its own set: what
    it was given never counts as delivered to the main agent."""
    session = event.session or "no-session"
    if event.kind == ev.SUBAGENT_START:
        return f"{session}/subagent/{event.agent_id or 'anonymous'}"
    if event.kind in (ev.FILE_TOUCHED, ev.INSTRUCTIONS_LOADED) and event.agent_id:
        return f"{session}/subagent/{event.agent_id}"
    return session


def _dispatch(event: ev.Event, ws: Workspace, state: DeliveryState) -> str:
    config = ws.config.values
    if event.kind == ev.COMPACTION:
        state.reset()
        return ""
    if event.kind == ev.INSTRUCTIONS_LOADED:
        _mark_native_rule(event, ws, state)
        return ""
    if event.kind == ev.SESSION_START:
        state.reset()
        state.forget_old()
        if native_rules(event, config):
            _sync_rule_files(event, ws)
        return _deliver(event, ws, state, session_pack(ws), extra=session_digest(ws, event))
    if event.kind == ev.PROMPT:
        return _deliver(event, ws, state, ws.load(event.prompt), empty_reason="no match")
    if event.kind == ev.SUBAGENT_START:
        state.reset()  # a subagent starts with an empty context of its own
        return _deliver(event, ws, state, ws.load(event.agent), empty_reason="no match")
    if event.kind == ev.FILE_TOUCHED:
        if not native_rules(event, config):
            return _deliver(event, ws, state, path_pack(ws, event, state.delivered()))
        # The host loads the generated rule files itself; only a memory that has none (its
        # globs exclude paths, its id is too long to be a file name) comes through the hook.
        pack = path_pack(ws, event, state.delivered(), without_rule_file=True)
        return _deliver(event, ws, state, pack) if pack.items else ""
    return ""


def _sync_rule_files(event: ev.Event, ws: Workspace) -> None:
    """Write the host's generated rule files. A side step of the session start: a file that
    cannot be written (a name too long, a file where the folder goes) is logged for `engram
    doctor`, and the session's pack is injected all the same."""
    from engram.errors import FileWriteError
    from engram.hooks.errorlog import log_error
    from engram.hooks.native import sync_native_rules

    try:
        report = sync_native_rules(ws, hosts=(event.host,))
    except Exception as exc:
        log_error(event.host, event.name, exc)
        return
    for failure in report.failed:
        log_error(event.host, event.name, FileWriteError(failure), trace=failure)


def session_pack(ws: Workspace) -> Pack:
    """Memories tagged session-start / always / always-load, foundation first."""
    from engram.render.pack import build_pack
    from engram.routing.route import Candidate, Route
    from engram.text.tokenize import anchors_of

    options = ws.options("session start")
    rows = ws.visible_rows(lambda index: index.tagged(SESSION_TAGS), options)
    ordered = sorted(
        (Candidate(row) for row in rows),
        key=lambda c: (c.row.level, c.row.scope != "workspace", c.id),
    )
    route = Route(anchors_of("session start"), candidates=ordered)
    route.place(ordered, ws.indexes, options)
    limit = ws.config["files.max_bytes"]
    return build_pack(route, ws.folders, expand_top=len(route.pack), max_bytes=limit)


def path_pack(
    ws: Workspace, event: ev.Event, delivered: set[str], without_rule_file: bool = False
) -> Pack:
    """Up to three not-yet-delivered memories whose `applies_to` globs match the touched files
    (with `without_rule_file`, only those no generated rule file carries)."""
    from pathlib import Path

    from engram.files.globs import globs_match
    from engram.render.pack import build_pack
    from engram.routing.route import Candidate, Route
    from engram.text.tokenize import anchors_of

    cwd = Path(event.cwd)
    base = ws.project or cwd
    touched = []
    for given in event.paths:
        relative = _relative(Path(given), cwd, base)
        if relative is not None:
            touched.append(relative)
        elif ws.project is None:  # no project to be relative to: the path as the host gave it
            touched.append(Path(given).as_posix())
        # Globs are relative to the project: a file outside it (a library's README.md under
        # `*.md`) fires none of its memories.
    rules = native_rules(event, ws.config.values) if without_rule_file else None
    chosen = [
        Candidate(row)
        for row in ws.visible_rows(lambda index: index.path_scoped(), ws.options(""))
        if f"{row.scope}:{row.id}" not in delivered
        and any(globs_match(row.applies_to, path) for path in touched)
        and not (rules is not None and rules.carries(row, ws.project_folder))
    ]
    ordered = sorted(chosen, key=lambda c: (c.row.level, c.id))[:PATH_BODIES]
    route = Route(anchors_of(""), candidates=ordered, pack=ordered)
    limit = ws.config["files.max_bytes"]
    return build_pack(route, ws.folders, expand_top=PATH_BODIES, extra_cards=False, max_bytes=limit)


def _relative(path: Path, cwd: Path, base: Path) -> str | None:
    """The path relative to `base`, or None when it lies outside it.

    The path is taken as the host named it: a folder linked into the project (`src/api` a
    symlink to a shared checkout) is part of the project, so its files match `src/api/**`.
    `..` is folded by name, so a path that climbs out of the project stays outside it. A path
    named through the project's real location (the host resolved a link above the project)
    is matched there."""
    import os
    from pathlib import Path

    absolute = path if path.is_absolute() else cwd / path
    named = Path(os.path.normpath(absolute))
    for root in dict.fromkeys((Path(os.path.normpath(base)), _real(base))):
        if root is not None and named.is_relative_to(root):
            return named.relative_to(root).as_posix()
    real, real_base = _real(absolute), _real(base)
    if real is None or real_base is None or not real.is_relative_to(real_base):
        return None
    return real.relative_to(real_base).as_posix()


def _real(path: Path) -> Path | None:
    """The path with its links resolved; None for a link loop."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop (RuntimeError before Python 3.13)
        return None


def session_digest(ws: Workspace, event: ev.Event) -> str:
    """The fact store's digest when the store is in use (its file exists); '' otherwise."""
    from pathlib import Path

    from engram.store.db import resolve_db

    path = resolve_db(None, ws.config)
    if isinstance(path, Path) and not path.is_file():
        return ""
    from engram.store.sqlite.schema import upgrade_due

    if isinstance(path, Path) and upgrade_due(path):
        # the upgrade may outlast the host's wait: it runs on its own, and this session
        # starts without the digest rather than without its memory files
        deadline.upgrade_in_background(path)
        return ""
    from engram.errors import StoreError
    from engram.store.store import MemoryStore
    from engram.store.unsafe import unsealed_safe_seen

    budget = host(event.host).cap_of(ws.config.values).characters // 2  # about half of the cap
    scanned = unsealed_safe_seen()
    try:
        with MemoryStore.open(path, config=ws.config) as store:
            if not store.has_facts():
                return ""
            digest = store.digest(None, budget_chars=budget)
    except StoreError as exc:  # a damaged or locked store must not cost the memory files too
        from engram.hooks.errorlog import log_error

        log_error(event.host, event.name, exc, folder=event.cwd)
        return ""
    if unsealed_safe_seen() > scanned:
        _reseal(path)
    return digest


def _reseal(path: Path | str) -> None:
    """Seal the store's facts anew in the background: the digest had to scan safe facts whose
    seals no longer hold (a scanner upgrade breaks them all), and until they are sealed every
    command that shows a fact pays for loading the scanners. Not where no seal can be kept (a
    state folder that keeps no key)."""
    from engram.safety.witness import key_lasts

    if key_lasts():
        deadline.reseal_in_background(path)


def _deliver(
    event: ev.Event,
    ws: Workspace,
    state: DeliveryState,
    pack: Pack,
    empty_reason: str = "",
    extra: str = "",
) -> str:
    """Fold already-delivered memories into one line, fit the host's cap, remember what was
    injected, and return the text (with the proof line when `hooks.proof = compact`).

    Each memory has one way in: where the host loads generated rule files, a path-scoped
    memory's body comes with its rule file (when a matching file is touched), so a pack shows
    it as a card; one without a rule file (its globs exclude paths, its id is too long to be
    a file name) has its body come here."""
    from engram.render.pack import fit

    delivered = state.delivered()
    rules = native_rules(event, ws.config.values)
    fresh = []
    for item in pack.items:
        if item.candidate.key in delivered:
            pack.already_loaded.append(item.candidate.id)
            continue
        row = item.candidate.row
        if (
            rules is not None
            and item.tier == "body"
            and row.applies_to
            and rules.carries(row, ws.project_folder)
        ):
            item.tier, item.body = "card", ""
        fresh.append(item)
    pack.items = fresh
    pack.notes = []  # notes are for people at a terminal, not for the agent
    cap = host(event.host).cap_of(ws.config.values)
    proof = ws.config["hooks.proof"] == "compact"

    def render(p: Pack) -> str:
        text = _with_proof(p, proof, empty_reason)
        return f"{text}\n{extra}" if text and extra else text or extra

    pack.limit_label = cap.label
    fit(pack, cap.fits, render)
    # Claim the bodies in one transaction only now: a call of the same session running alongside
    # may have injected some since `delivered()` was read. Those fold into "already loaded"
    # (fewer bodies only shorten the text, so it still fits the cap).
    claimed = state.claim(item.candidate.key for item in pack.items if item.tier == "body")
    lost = [i for i in pack.items if i.tier == "body" and i.candidate.key not in claimed]
    if lost:
        pack.items = [i for i in pack.items if i not in lost]
        pack.already_loaded += [i.candidate.id for i in lost]
    try:
        return render(pack)
    except BaseException:
        state.release(claimed)  # not injected after all: a later call delivers them
        raise


def _with_proof(pack: Pack, proof: bool, empty_reason: str) -> str:
    from engram.render.pack import render_text

    has_content = bool(pack.items or pack.already_loaded)
    text = render_text(pack) if has_content else ""
    if not proof:
        return text
    return proof_line(pack, empty_reason) + ("\n" + text if text else "")


def proof_line(pack: Pack, empty_reason: str = "") -> str:
    """`engram: loaded 2 (a, b); reused 1 (c); skipped 1 (d: lifecycle)` — one line for people."""
    parts = []
    loaded = [i.candidate.id for i in pack.items if not i.extra]
    if loaded:
        parts.append(f"loaded {len(loaded)} ({', '.join(loaded)})")
    if pack.already_loaded:
        parts.append(f"reused {len(pack.already_loaded)} ({', '.join(pack.already_loaded)})")
    if pack.skipped:
        skipped = ", ".join(f"{s.id}: {s.reason}" for s in pack.skipped)
        parts.append(f"skipped {len(pack.skipped)} ({skipped})")
    if pack.demoted or pack.dropped:
        parts.append(f"over the {pack.limit_label}")
    if not parts:
        reason = "no anchors" if not pack.route.terms.anchors and empty_reason else empty_reason
        parts.append(f"nothing loaded ({reason or 'nothing matched'})")
    return "engram: " + "; ".join(parts)


def _mark_native_rule(event: ev.Event, ws: Workspace, state: DeliveryState) -> None:
    """The host loaded one of our generated rule files: its memory is now in context. The path
    comes from the host, so only a regular file in the generated rules folder is read."""
    from pathlib import Path

    from engram.hooks.native import generated_key

    rules = host(event.host).native
    if not event.loaded_file or ws.project is None or rules is None:
        return
    path = Path(event.loaded_file)
    key = generated_key(
        path if path.is_absolute() else Path(event.cwd) / path, ws.project / rules.folder
    )
    if key:
        state.add([key])
