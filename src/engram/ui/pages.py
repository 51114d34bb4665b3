"""The HTML pages, drawn on the server from the dicts of `engram.ui.data` (the same ones the
JSON API returns). Every value is escaped here; the only markup that is not built here is a
memory body, rendered by `engram.ui.markdown` with raw HTML escaped.

Pages carry no inline script or style (the Content-Security-Policy forbids both): the small
`app.js` and `app.css`, and on the graph page the vendored layout library, are static files.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote, urlencode

NAV = (
    ("/", "Overview"),
    ("/memories", "Memories"),
    ("/load", "Routing preview"),
    ("/approvals", "Approvals"),
    ("/facts", "Facts"),
    ("/graph", "Graph"),
)


MALFORMED_ID = "(malformed id)"


def _when(moment: str | None) -> str:
    """A time to the second ('-' for a withheld fact's time that is no time)."""
    return e(moment[:19]) if moment else "-"


def e(value: object) -> str:
    return escape(str(value), quote=True)


def layout(title: str, active: str, body: str, csrf: str, scripts: tuple[str, ...] = ()) -> str:
    """A whole page: the navigation, the body, the CSRF token for forms and scripts."""
    nav = "".join(
        f'<a href="{href}"{" class=on" if href == active else ""}>{e(name)}</a>'
        for href, name in NAV
    )
    tags = "".join(f'<script src="/static/{name}" defer></script>' for name in scripts)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="csrf" content="{e(csrf)}"><title>{e(title)} · Engram</title>'
        '<link rel="icon" href="data:,">'
        f'<link rel="stylesheet" href="/static/app.css">{tags}</head>\n'
        f"<body><header><b>Engram</b><nav>{nav}</nav></header>\n<main>\n<h1>{e(title)}</h1>\n"
        f"{body}\n</main></body></html>\n"
    )


def error_page(message: str, hint: str | None, csrf: str) -> str:
    more = f"<p>{e(hint)}</p>" if hint else ""
    return layout("Error", "", f'<p class="error">{e(message)}</p>{more}', csrf)


def _table(head: list[str], rows: list[list[str]], empty: str) -> str:
    if not rows:
        return f'<p class="empty">{e(empty)}</p>'
    th = "".join(f"<th>{e(h)}</th>" for h in head)
    trs = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>"


def _chips(states: list[str]) -> str:
    return " ".join(f'<span class="state {e(s.replace(" ", "-"))}">{e(s)}</span>' for s in states)


def _memory_href(scope: str, path: str) -> str:
    return f"/memories/{quote(scope)}/{quote(path)}"


def _size(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:,} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n //= 1024
    return str(n)


def _select(name: str, value: str, options: list[str], blank: str) -> str:
    opts = f'<option value="">{e(blank)}</option>' + "".join(
        f"<option{' selected' if o == value else ''}>{e(o)}</option>" for o in options
    )
    return f'<select name="{e(name)}">{opts}</select>'


# -- pages --------------------------------------------------------------------------------------
def overview(data: dict[str, Any], csrf: str) -> str:
    mem, facts = data["memories"], data["facts"]
    cards = [
        (
            "memory files",
            sum(mem["by_scope"].values()),
            ", ".join(f"{n} {s}" for s, n in mem["by_scope"].items()) or "no memory folder",
        ),
        (
            "facts",
            facts["active"],
            f"active; {facts['superseded']} superseded, {facts['deleted']} deleted",
        ),
        ("store", _size(data["store"]["bytes"]), data["store"]["location"]),
        ("entities", data["graph"]["nodes"], f"{data['graph']['edges']} relations"),
    ]
    body = (
        '<div class="cards">'
        + "".join(
            f'<div class="card"><div class="n">{e(n)}</div><div>{e(label)}</div>'
            f"<small>{e(detail)}</small></div>"
            for label, n, detail in cards
        )
        + "</div>"
    )
    states = [
        f'<a href="/memories?state={quote(s)}">{_chips([s])} {n}</a>'
        for s, n in sorted(mem["by_state"].items())
    ]
    body += f"<h2>Memory files by state</h2><p>{' · '.join(states) or 'none'}</p>"
    rows = [
        [e(s["seen"]), e(s["host"]), e(s["workspace"]), e(s["delivered"])]
        for s in data["hook_sessions"]
    ]
    body += "<h2>Last hook sessions</h2>" + _table(
        ["last seen", "host", "workspace", "bodies delivered"], rows, "no hook has run yet"
    )
    errors = "".join(f"<li><code>{e(line)}</code></li>" for line in data["hook_errors"])
    body += "<h2>Last hook errors</h2>" + (
        f"<ul>{errors}</ul>" if errors else '<p class="empty">none logged</p>'
    )
    # filled in by app.js from /api/doctor: it reads every memory file, the counts above do not
    body += (
        '<h2>Problems (<code>engram doctor</code>): <span id="problem-count">…</span></h2>'
        '<ul class="problems" id="problems" data-api="/api/doctor"></ul>'
    )
    return layout("Overview", "/", body, csrf, ("app.js",))


def memories(data: dict[str, Any], args: dict[str, str], csrf: str) -> str:
    form = (
        '<form class="filters" method="get" action="/memories">'
        f'<input name="q" value="{e(args.get("q", ""))}" placeholder="words in id, tags, '
        'directive…" autofocus>'
        f"{_select('state', args.get('state', ''), data['states'], 'any state')}"
        f"{_select('type', args.get('type', ''), data['types'], 'any type')}"
        "<button>Filter</button></form>"
    )
    rows = []
    for m in data["memories"]:
        what = e(m["reason"]) if m["reason"] else e(m["directive"] or m["summary"])
        name = e(m["id"] or m["path"])
        rows.append(
            [
                f'<a href="{_memory_href(m["scope"], m["path"])}">{name}</a>',
                e(m["type"]),
                _chips(m["states"]),
                e(", ".join(m["tags"])),
                what,
                e(m["scope"]),
            ]
        )
    shown = f"<p>{data['matched']} of {data['total']} memory files"
    if data["matched"] > len(data["memories"]):
        nxt = {**args, "offset": str(data["offset"] + len(data["memories"]))}
        shown += f' · <a href="/memories?{urlencode(nxt)}">next page</a>'
    body = (
        form
        + shown
        + "</p>"
        + _table(
            ["id", "type", "state", "tags", "directive or reason", "scope"],
            rows,
            "no memory matches",
        )
    )
    return layout("Memories", "/memories", body, csrf)


def memory(data: dict[str, Any], rendered: str, csrf: str) -> str:
    meta = [
        ("scope", data["scope"]),
        ("path", data["path"]),
        ("type", data["type"]),
        ("tags", ", ".join(data["tags"])),
        ("directive", data["directive"]),
        ("summary", data["summary"]),
        ("lifecycle", data["lifecycle"]),
    ]
    dl = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in meta if v)
    body = f"<p>{_chips(data['states'])}</p><dl>{dl}</dl>"
    if data["body"] is None:
        body += f'<p class="withheld">Withheld: {e(data["withheld"])}</p>'
    else:
        body += f'<article class="markdown">{rendered}</article>'
    return layout(data["id"] or data["path"], "/memories", body, csrf)


def load_preview(data: dict[str, Any] | None, task: str, csrf: str) -> str:
    form = (
        '<form class="filters" method="get" action="/load">'
        f'<input name="task" value="{e(task)}" placeholder="a task, e.g. deploy the api" '
        'autofocus size="60"><button>Route</button></form>'
    )
    if data is None:
        hint = "<p>Type a task to see the pack an agent would get, and why.</p>"
        return layout("Routing preview", "/load", form + hint, csrf)
    reasons = data["reasons"]
    anchors = ", ".join(reasons["anchors"]) or "none"
    hidden = ", ".join(f"{n} by {why}" for why, n in sorted(reasons["hidden"].items()))
    head = (
        f"<p>anchors: <b>{e(anchors)}</b> · related {reasons['related']} · selected "
        f"{reasons['selected']} · not admitted {reasons['not_admitted']} · hidden: "
        f"{e(hidden or 'none')}</p>"
    )
    rows = []
    for c in reasons["candidates"]:
        factors = ", ".join(f"{f['name']} ×{f['value']}" for f in c["factors"])
        rows.append(
            [
                e(c["id"]),
                e(c["type"]),
                "yes" if c["selected"] else "no",
                e(c["score"]),
                e(c["bm25"]),
                e(", ".join(c["matched"])),
                e(factors),
                e(c["prerequisite_of"] or ""),
            ]
        )
    skips = [[e(s["id"]), e(s["scope"]), e(s["reason"])] for s in reasons["skipped"]]
    why = (
        _table(
            [
                "id",
                "type",
                "selected",
                "score",
                "bm25",
                "matched",
                "multipliers",
                "prerequisite of",
            ],
            rows,
            "no memory shares a word with the task",
        )
        + "<h3>Skipped</h3>"
        + _table(["id", "scope", "reason"], skips, "nothing skipped")
    )
    pack = f'<pre class="pack">{e(data["text"])}</pre>'
    body = (
        form
        + head
        + (
            '<div class="split"><section><h2>The pack</h2>' + pack + "</section>"
            "<section><h2>Why (<code>--dry-run</code>)</h2>" + why + "</section></div>"
        )
    )
    return layout("Routing preview", "/load", body, csrf)


def approvals(data: dict[str, Any], csrf: str) -> str:
    parts = []
    for f in data["files"]:
        form = (
            '<form method="post" action="/api/approve">'
            f'<input type="hidden" name="csrf" value="{e(csrf)}">'
            f'<input type="hidden" name="scope" value="{e(f["scope"])}">'
            f'<input type="hidden" name="path" value="{e(f["path"])}">'
            '<input type="hidden" name="next" value="/approvals">'
            "<button>Approve this file</button></form>"
        )
        shown = ""
        if f["diff"]:
            shown = f'<pre class="diff">{_diff_lines(f["diff"])}</pre>'
        elif f["current"] is not None:
            shown = f'<pre class="diff">{e(f["current"])}</pre>'
        note = f'<p class="note">{e(f["note"])}</p>' if f["note"] else ""
        parts.append(
            f'<section class="approval"><h2><a href="{_memory_href(f["scope"], f["path"])}">'
            f"{e(f['path'])}</a> {_chips(f['states'])}</h2>{note}{shown}{form}</section>"
        )
    body = "".join(parts) or '<p class="empty">Every memory file is approved.</p>'
    return layout("Approvals", "/approvals", body, csrf)


def _diff_lines(diff: str) -> str:
    out = []
    for line in diff.splitlines():
        kind = "add" if line.startswith("+") else "del" if line.startswith("-") else ""
        out.append(f'<span class="{kind}">{e(line)}</span>' if kind else e(line))
    return "\n".join(out)


def facts(data: dict[str, Any], args: dict[str, str], csrf: str) -> str:
    def field(name: str, hint: str, kind: str = "text") -> str:
        return (
            f'<input type="{kind}" name="{name}" value="{e(args.get(name, ""))}" '
            f'placeholder="{e(hint)}" title="{e(hint)}">'
        )

    form = (
        '<form class="filters" method="get" action="/facts">'
        + field("q", "search words")
        + _select("scope", args.get("scope", ""), ["agent", "user", "run"], "any scope")
        + field("key", "scope key")
        + field("tag", "tag")
        + field("since", "recorded since", "date")
        + field("until", "recorded until", "date")
        + "<button>Search</button></form>"
    )
    rows = []
    for f in data["facts"]:
        link = _fact_link(f["id"], "")
        if f.get("withheld"):
            text = f'<span class="withheld">withheld: {e(f["reason"])}</span>'
            tags = ""
        else:
            text, tags = e(f["content"]), e(", ".join(f["tags"]))
        rows.append(
            [link, text, e(f["scope"] or ""), e(f["scope_key"] or ""), tags, _when(f["created_at"])]
        )
    what = "results" if data["q"] else "facts, newest first"
    shown = f'<p class="count">{data["total"]} {what}</p>'
    if not data["q"] and data["total"] > data["offset"] + len(data["facts"]):
        nxt = {**args, "offset": str(data["offset"] + len(data["facts"]))}
        shown += f'<p><a href="/facts?{urlencode(nxt)}">next page</a></p>'
    body = (
        form
        + shown
        + _table(["id", "fact", "scope", "key", "tags", "recorded"], rows, "no facts match")
    )
    return layout("Facts", "/facts", body, csrf)


def fact(data: dict[str, Any], csrf: str) -> str:
    current = data["current"]
    items = []
    for v in data["versions"]:
        text = (
            f'<span class="withheld">withheld: {e(v["reason"])}</span>'
            if v.get("withheld")
            else e(v["content"])
        )
        links = "".join(
            f"<li>{_fact_link(x['source'], v['id'])} <b>{e(x['relation'])}</b> "
            f"{_fact_link(x['target'], v['id'])}</li>"
            for x in v["edges"]
        )
        events = "".join(
            f"<li>{e(ev['at'][:19])} {e(ev['kind'])}"
            f"{' (' + e(ev['detail'].get('outcome')) + ')' if ev['detail'].get('outcome') else ''}"
            "</li>"
            for ev in v["events"]
        )
        meta = ""
        if not v.get("withheld"):
            extra = [
                ("source", v["source"]),
                ("tags", ", ".join(v["tags"])),
                ("metadata", v["metadata"] or ""),
                ("confidence", v["confidence"]),
                ("importance", v["importance"]),
                ("valid", f"{v['valid_from'][:19]} → {(v['valid_to'] or '')[:19]}"),
            ]
            meta = "".join(f"<dt>{e(k)}</dt><dd>{e(x)}</dd>" for k, x in extra if x)
        items.append(
            f'<li class="version {e(v["status"])}"><div class="when">'
            f"{_when(v['created_at'])} · <b>{e(v['status'] or '-')}</b> · "
            f"{e(v['id'] or MALFORMED_ID)}</div>"
            f'<div class="text">{text}</div><dl>{meta}</dl>'
            f'<ul class="edges">{links}</ul><ul class="events">{events}</ul></li>'
        )
    body = f'<ol class="timeline">{"".join(items)}</ol>'
    if current["status"] == "active" and not current.get("withheld"):
        fid = quote(current["id"])
        body += (
            '<h2>Change it</h2><div class="split">'
            f'<form method="post" action="/api/facts/{fid}/update">'
            f'<input type="hidden" name="csrf" value="{e(csrf)}">'
            f'<textarea name="content" rows="3" cols="60">{e(current["content"])}</textarea>'
            "<button>Save as a new version</button></form>"
            f'<form method="post" action="/api/facts/{fid}/delete" class="confirm">'
            f'<input type="hidden" name="csrf" value="{e(csrf)}">'
            '<button class="danger">Delete</button></form></div>'
        )
    return layout(f"Fact {data['id']}", "/facts", body, csrf, ("app.js",))


def _fact_link(fact_id: str | None, here: str) -> str:
    if fact_id is None:  # a withheld fact's id that is no fact id is never shown
        return e(MALFORMED_ID)
    if fact_id == here:
        return "this version"
    return f'<a href="/facts/{quote(fact_id)}">{e(fact_id)}</a>'


def graph(args: dict[str, Any], csrf: str) -> str:
    """The graph page: the picture is drawn by graph.js from `/api/graph` (same query)."""
    from engram.graph.types import NODE_TYPES

    wanted = set(args.get("type") or ())
    boxes = "".join(
        f'<label><input type="checkbox" name="type" value="{t}"'
        f"{' checked' if t in wanted else ''}>{t}</label>"
        for t in NODE_TYPES
    )
    hops = "".join(
        f"<option{' selected' if str(n) == str(args.get('hops', 1)) else ''}>{n}</option>"
        for n in range(1, 5)
    )
    form = (
        '<form class="filters" method="get" action="/graph" id="graph-form">'
        f'<input name="start" value="{e(args.get("start", ""))}" placeholder="start: a name or id">'
        f'<label>hops <select name="hops">{hops}</select></label>'
        f'<span class="types">{boxes}</span><button>Show</button></form>'
    )
    body = (
        form + '<div id="graph-status" class="count"></div>'
        '<div class="graph-wrap"><div id="graph" data-api="/api/graph"></div>'
        '<aside id="graph-legend"></aside></div>'
    )
    return layout("Entity graph", "/graph", body, csrf, ("cytoscape.min.js", "graph.js"))
