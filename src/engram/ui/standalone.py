"""The entity graph as one HTML file that works alone (`memory graph show --format html`):
the same view, script and layout library as the UI's graph page, all inlined, nothing fetched."""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from typing import Any

from engram.graph.types import NODE_TYPES


def _static(name: str) -> str:
    return (files("engram.ui") / "static" / name).read_text(encoding="utf-8")


def _inline(text: str) -> str:
    """Text made safe inside a <script> element: it cannot close the element early."""
    return text.replace("</", "<\\/")


def standalone_html(view: dict[str, Any], title: str) -> str:
    """A whole page drawing `view` (a `GraphView.to_json()`), with its hop and type filters."""
    data = json.dumps(view, ensure_ascii=False).replace("<", "\\u003c")
    boxes = "".join(
        f'<label><input type="checkbox" name="type" value="{t}">{t}</label>' for t in NODE_TYPES
    )
    hops = "".join(
        f"<option{' selected' if n == view['hops'] else ''}>{n}</option>"
        for n in range(1, view["hops"] + 1)
    )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)} · Engram graph</title>\n"
        f"<style>{_static('app.css')}</style>\n</head><body><main>\n"
        f"<h1>{escape(title)}</h1>\n"
        '<form class="filters" id="graph-form">'
        f'<label>hops <select name="hops">{hops}</select></label>'
        f'<span class="types">{boxes}</span></form>\n'
        '<div id="graph-status" class="count"></div>\n'
        '<div class="graph-wrap"><div id="graph"></div><aside id="graph-legend"></aside></div>\n'
        f'<script type="application/json" id="graph-data">{data}</script>\n'
        f"<script>{_inline(_static('cytoscape.min.js'))}</script>\n"
        f"<script>{_inline(_static('graph.js'))}</script>\n"
        "</main></body></html>\n"
    )
