"""`engram hook` (what the hosts run) and `engram hooks install | uninstall | status | sync`."""

from __future__ import annotations

import os
import sys

from engram.cli.output import add_command, emit
from engram.hooks.hosts import HOSTS, host

TYPE_CHECKING = False  # `typing` is not imported on the hot commands; type checkers read True
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Any

    from engram.instructions.export import ExportReport


def register_hook(sub: Any) -> None:
    hook = add_command(sub, "hook", "Answer one agent-host hook call (JSON on stdin).", cmd_hook)
    # Free-form on purpose: a wrong --host must still exit 0 with "{}" (and a logged error)
    # rather than break the host with a usage error.
    hook.add_argument("--host", required=True, help="claude, codex, gemini or cursor")


def register(sub: Any) -> None:
    register_hook(sub)

    hooks = sub.add_parser("hooks", help="Install, remove and inspect agent-host hooks.")
    hooks_sub = hooks.add_subparsers(dest="hooks_command", metavar="ACTION", required=True)
    for name, run, text in (
        ("install", cmd_install, "Add Engram's hooks to a host's config, keeping yours."),
        ("uninstall", cmd_uninstall, "Remove Engram's hooks (and only them) from a host."),
    ):
        parser = add_command(hooks_sub, name, text, run)
        parser.add_argument("--host", required=True, choices=HOSTS, help="the agent host")
        parser.add_argument(
            "--global",
            dest="is_global",
            action="store_true",
            help="the user-level config instead of the project's",
        )
        parser.add_argument("--no-mcp", action="store_true",
                            help="leave the host's MCP server list alone")  # fmt: skip
        if name == "install":
            parser.add_argument(
                "--trust-mcp", action="store_true",
                help="let Engram's MCP tools run without asking (Claude: those that delete "
                "nothing; Gemini: the trusted server entry, which `gemini -p` needs)",
            )  # fmt: skip
    add_command(hooks_sub, "status", "Show which hosts have Engram's hooks, and where.", cmd_status)
    sync_help = "Write the hosts' native rule files and the recorded exports again."
    add_command(hooks_sub, "sync", sync_help, cmd_sync)


def cmd_hook(args: argparse.Namespace, start: Path | None) -> int:
    """Answer one hook call. Whatever fails, the host gets a neutral answer and exit 0 (exit 2
    would block it): the error goes to the hooks' log."""
    try:
        return _answer_hook(args)
    except Exception as exc:
        from engram.hooks.errorlog import log_error

        log_error(args.host, "", exc)
        sys.stdout.write("{}\n")
        return 0


def _answer_hook(args: argparse.Namespace) -> int:
    from engram.hooks.deadline import answer_in_time, initial_timeout

    def work() -> str:
        from engram.hooks.run import run_hook

        try:
            stdin = _read_stdin()
        except Exception:  # unreadable stdin is malformed input: answer neutrally
            stdin = ""
        return run_hook(args.host, stdin)

    # Everything, reading stdin included, runs against `hooks.timeout_ms`.
    answer, in_time = answer_in_time(args.host, work, initial_timeout())
    _write_stdout(answer + "\n")
    if not in_time:
        # The worker may be blocked in a read that nothing can interrupt: end the process now
        # rather than wait for it (os._exit skips the usual flush, so flush first).
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    return 0


def _read_stdin() -> str:
    """The host's input as UTF-8, which every host writes, whatever the locale says (a Windows
    pipe's code page, a strict locale): a byte that is not UTF-8 spoils only itself."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes beneath (a test's StringIO)
        return sys.stdin.read()
    data: bytes = buffer.read()
    return data.decode("utf-8", "replace")


def _write_stdout(text: str) -> None:
    """Write the answer as UTF-8, which every host reads, whatever the locale's encoding."""
    data = text.encode("utf-8", "replace")  # a lone surrogate becomes "?", not an error
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
        return
    sys.stdout.flush()
    buffer.write(data)
    buffer.flush()


def _project(start: Path | None) -> Path:
    from pathlib import Path

    from engram.files.discovery import find_workspace, project_of

    root = find_workspace(start)
    return project_of(root) if root else (start or Path.cwd()).resolve()


def cmd_install(args: argparse.Namespace, start: Path | None) -> int:
    from engram.hooks.install import setup

    report = setup(args.host, project=_project(start), is_global=args.is_global,
                   mcp=not args.no_mcp, trust_mcp=args.trust_mcp)  # fmt: skip
    hooks, mcp = report.hooks, report.mcp
    lines = [f"{'installed' if hooks.changed else 'already installed'}: {hooks.path}"]
    lines += [f"backup: {hooks.backup}"] if hooks.backup else []
    if mcp:
        lines.append(
            f"MCP server {'registered' if mcp.changed else 'already registered'}: {mcp.path}"
        )
        lines += [f"backup: {mcp.backup}"] if mcp.backup else []
    for setting in report.settings:
        lines.append(f"{'set' if setting.changed else 'already set'} in {setting.path}: "
                     f"{setting.why}")  # fmt: skip
        lines += [f"backup: {setting.backup}"] if setting.backup else []
    data: dict[str, Any] = {
        "host": args.host, "path": str(hooks.path), "changed": hooks.changed,
        "events": hooks.events, "backup": str(hooks.backup) if hooks.backup else None,
        "mcp": str(mcp.path) if mcp else None,
        "settings": [{"path": str(s.path), "changed": s.changed, "why": s.why}
                     for s in report.settings],
        "steps": [{"text": s.text, "done": s.done} for s in report.steps],
    }  # fmt: skip
    if host(args.host).native and not args.is_global:
        synced = _sync(start, (args.host,))
        if synced is not None:
            data["native_rules"] = synced
            lines += [f"wrote {p}" for p in synced["written"]]
            lines += [f"note: {failure}" for failure in synced["failed"]]
    todo = [step.text for step in report.steps if not step.done]
    if todo:
        lines.append(f"still to do in {host(args.host).title} (only you can):")
        lines += [f"  - {text}" for text in todo]
    emit(args, data, "\n".join(lines) + "\n")
    return 0


def cmd_uninstall(args: argparse.Namespace, start: Path | None) -> int:
    from engram.hooks.install import teardown

    report = teardown(args.host, project=_project(start), is_global=args.is_global,
                      mcp=not args.no_mcp)  # fmt: skip
    hooks = report.hooks
    text = f"{'removed Engram from' if hooks.changed else 'nothing to remove in'} {hooks.path}\n"
    text += f"backup: {hooks.backup}\n" if hooks.backup else ""
    for other in report.files[1:]:
        if other.changed:
            what = "MCP server removed" if other is report.mcp else f"unset ({other.why})"
            text += f"{what}: {other.path}\n" + (
                f"backup: {other.backup}\n" if other.backup else ""
            )
    data = {"host": args.host, "path": str(hooks.path), "changed": hooks.changed,
            "backup": str(hooks.backup) if hooks.backup else None}  # fmt: skip
    emit(args, data, text)
    return 0


def cmd_status(args: argparse.Namespace, start: Path | None) -> int:
    from engram.hooks.status import status

    rows = status(project=_project(start))
    lines = []
    for row in rows:
        state = row.error or (", ".join(row.events) if row.events else "not installed")
        lines.append(f"{row.host:<7} {row.scope:<8} {state}  ({row.path})")
        if row.works is not None:
            lines.append(f"  hooks: {'run' if row.works else 'DO NOT RUN'}"
                         + (f": {row.note}" if row.note else ""))  # fmt: skip
        if row.mcp:
            lines.append(f"  MCP server: {'starts' if row.mcp_works else 'DOES NOT START'}"
                         + (f": {row.mcp_note}" if row.mcp_note else "")
                         + f"  ({row.mcp})")  # fmt: skip
        lines += [f"  to do: {text}" for text in row.pending]
    emit(args, {"hosts": [row.to_json() for row in rows]}, "\n".join(lines) + "\n")
    return 0


def _sync(start: Path | None, hosts: tuple[str, ...] | None) -> dict[str, list[str]] | None:
    from engram.hooks.native import sync_native_rules
    from engram.workspace import open_workspace

    with open_workspace(start, require=False) as ws:
        if ws.workspace_root is None or ws.config["hooks.path_rules"] != "native":
            return None
        report = sync_native_rules(ws, hosts=hosts)
    return {"written": report.written, "removed": report.removed, "kept": report.kept,
            "failed": report.failed}  # fmt: skip


def _sync_exports(start: Path | None) -> list[ExportReport]:
    from engram.instructions.export import sync_exports
    from engram.workspace import open_workspace

    with open_workspace(start, require=False) as ws:
        return sync_exports(ws)


def cmd_sync(args: argparse.Namespace, start: Path | None) -> int:
    synced = _sync(start, None)
    exports = _sync_exports(start)
    lines = []
    if synced is None:
        lines.append("native rule files: none (no workspace, or hooks.path_rules is not native)")
        synced = {"written": [], "removed": [], "kept": [], "failed": []}
    else:
        lines += [f"wrote {p}" for p in synced["written"]]
        lines += [f"removed {p}" for p in synced["removed"]]
        lines += [f"kept hand-written {p}" for p in synced["kept"]]
        if not any(synced.values()):
            lines.append("native rule files are up to date")
    from engram.cli.instructions import export_lines

    failed = list(synced["failed"])
    hint = "fix what it names"
    for report in exports:
        name = f"export {report.format} {report.out}"
        if report.error:
            failed.append(f"{name} not written: {report.error}")
            hint = "fix what it names, or remove its entry from .agents/.engram/exports.json"
        elif report.gone:
            lines.append(f"{name}: its file is gone, so it is no longer kept current")
        else:
            lines += export_lines(report, name)
            lines += [f"note: {n}" for n in report.notes]
    data = {**synced, "exports": [report.to_json() for report in exports]}
    emit(args, data, "\n".join(lines) + "\n")
    if failed:  # the others were written; each failure is named, and the exit says it
        for line in failed:
            print(f"engram: error: {line}", file=sys.stderr)
        print(f"engram: hint: {hint}", file=sys.stderr)
        return 2
    return 0
