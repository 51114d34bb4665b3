"""The web app: the HTML pages and the JSON API behind them, as one Starlette application.

Safety, in the order a request meets it:
- the token: every request carries it, once in the query (`?token=…`, what `engram ui` prints)
  and then in an HttpOnly, SameSite=Strict cookie the answer sets; anything else is refused
  with 403, static files included;
- writes are POST only and need the CSRF token (a form field `csrf` or the `X-CSRF-Token`
  header), derived from the token, so a page elsewhere cannot make the browser write;
- every answer forbids scripts, styles, images and connections from anywhere but the app
  itself (Content-Security-Policy), framing, and sending the URL (with its token) as a
  referrer.

The library is called from worker threads; the calls that use the fact store take turns.
"""

from __future__ import annotations

import hmac
import json
from hashlib import sha256
from importlib.resources import files
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlencode

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from engram.errors import EngramError, shown_parts
from engram.records import json_kind
from engram.ui import data, pages

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from starlette.types import ASGIApp, Receive, Scope, Send

    from engram.ui.data import Sources

    Handler = Callable[[Request], Awaitable[Response]]

T = TypeVar("T")
COOKIE = "engram_ui"
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
# cytoscape.js adds one <style> element of its own; inline styles (never scripts) are allowed
# on the graph page alone, which shows no memory text.
GRAPH_POLICY = POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
# Pages and API answers change with every edit; the static files only with a new version.
NO_STORE, KEEP = b"no-store", b"private, max-age=3600"


def cookie_name(token: str) -> str:
    """The name of the cookie that carries `token`: one of its own, because a browser keeps
    cookies by host and not by port, so a second `engram ui` (another project, another port)
    would otherwise replace the first one's cookie and lock its pages out."""
    return f"{COOKIE}_{hmac.new(token.encode(), b'cookie', sha256).hexdigest()[:12]}"


def csrf_token(token: str) -> str:
    """The CSRF token of a session token (pages embed it in their forms)."""
    return hmac.new(token.encode(), b"csrf", sha256).hexdigest()[:32]


class Guard:
    """ASGI middleware: the token check and the security headers (see the module docstring)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token
        self.cookie = cookie_name(token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("token")
        from_query = given is not None and same(given, self.token)
        if not from_query and not same(request.cookies.get(self.cookie, ""), self.token):
            refused = Response(
                "refused: this Engram UI needs its token; open the URL `engram ui` printed\n",
                status_code=403,
                media_type="text/plain",
                headers={**HEADERS, "Content-Security-Policy": POLICY, "Cache-Control": "no-store"},
            )
            await refused(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                policy = GRAPH_POLICY if request.url.path == "/graph" else POLICY
                headers.append((b"content-security-policy", policy.encode()))
                static = request.url.path.startswith("/static/")
                headers.append((b"cache-control", KEEP if static else NO_STORE))
                if from_query:
                    cookie_value = f"{self.cookie}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                    headers.append((b"set-cookie", cookie_value.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def same(given: str, secret: str) -> bool:
    """A constant-time comparison that any text may be given to (compare_digest refuses
    non-ASCII str, and a request may carry anything)."""
    return hmac.compare_digest(given.encode("utf-8"), secret.encode("utf-8"))


def local(target: str) -> str:
    """Where a form may send the browser next: a path of this app (never `//host` or
    `/\\host`, which browsers read as another site), else the overview."""
    if target.startswith("/") and not target.startswith(("//", "/\\")):
        return target
    return "/"


def _args(request: Request) -> dict[str, str]:
    return {k: v for k, v in request.query_params.items() if k != "token" and v}


# A bound on the whole numbers of a query: the stores take 64-bit integers, and an offset or a
# limit past a billion means nothing here.
MAX_NUMBER = 1_000_000_000


def _int(value: str, name: str, default: int) -> int:
    if not value:
        return default
    # ASCII digits only: str.isdigit() also passes '²', which int() refuses
    if not (value.isascii() and value.isdigit()):
        raise EngramError(f"{name} must be a whole number, got {value!r}")
    number = int(value)
    if number > MAX_NUMBER:
        raise EngramError(f"{name} must be at most {MAX_NUMBER}, got {value}")
    return number


# The fields a write reads, all text: one given as another JSON type is refused by name (read
# as missing, `{"content": 5}` was "too short (0 characters)").
TEXT_FIELDS = ("content", "scope", "path", "next", "csrf")


def create_app(sources: Sources, token: str) -> Starlette:
    """The app over `sources`, answering only requests that carry `token`."""
    csrf = csrf_token(token)

    # The library is synchronous: each call runs in a worker thread, so that a slow one (the
    # doctor reading every file) never holds up the static files or the next page. Calls that
    # use the fact store take turns on its one connection; the others open what they read.
    store_turn = anyio.CapacityLimiter(1)

    async def call(fn: Callable[..., T], *args: Any, store: bool) -> T:
        return await anyio.to_thread.run_sync(fn, *args, limiter=store_turn if store else None)

    def page(build: Callable[[Request], str], store: bool = False) -> Handler:
        async def endpoint(request: Request) -> Response:
            try:
                return HTMLResponse(await call(build, request, store=store))
            except EngramError as exc:
                return HTMLResponse(pages.error_page(*shown_parts(exc), csrf), 400)

        return endpoint

    def api(build: Callable[[Request], dict[str, Any]], store: bool = False) -> Handler:
        async def endpoint(request: Request) -> Response:
            try:
                return _json(await call(build, request, store=store))
            except EngramError as exc:
                return _error(exc)

        return endpoint

    def write(act: Callable[[Request, dict[str, str]], dict[str, Any]], store: bool) -> Handler:
        """A POST: the CSRF token checked first; a form gets a redirect (to `next`, else the
        page it came from), a script gets JSON."""

        async def endpoint(request: Request) -> Response:
            is_form = request.headers.get("content-type", "").startswith(
                ("application/x-www-form-urlencoded", "multipart/form-data")
            )
            if is_form:
                form = await request.form()
                fields = {k: v for k, v in form.items() if isinstance(v, str)}
            else:
                body = await request.body()
                try:
                    loaded = json.loads(body or b"{}")
                except ValueError:
                    loaded = None
                if not isinstance(loaded, dict):
                    return _json({"error": {"message": "the body is not a JSON object"}}, 400)
                wrong = next(
                    (k for k in TEXT_FIELDS if k in loaded and not isinstance(loaded[k], str)), None
                )
                if wrong is not None:
                    kind = json_kind(loaded[wrong])
                    message = f"the field {wrong!r} must be text, got {kind}"
                    return _json({"error": {"message": message}}, 400)
                fields = {k: v for k, v in loaded.items() if isinstance(v, str)}
            given = fields.get("csrf") or request.headers.get("x-csrf-token", "")
            if not same(given, csrf):
                return _json({"error": {"message": "refused: missing or wrong CSRF token"}}, 403)
            try:
                result = await call(act, request, fields, store=store)
            except EngramError as exc:
                if is_form:
                    return HTMLResponse(pages.error_page(*shown_parts(exc), csrf), 400)
                return _error(exc)
            if is_form:
                return RedirectResponse(local(fields.get("next", "")), 303)
            return _json(result)

        return endpoint

    # -- what each route shows -------------------------------------------------------------
    def overview(request: Request) -> dict[str, Any]:
        return data.overview(sources)

    def doctor(request: Request) -> dict[str, Any]:
        return data.problems(sources)

    def memories(request: Request) -> dict[str, Any]:
        q = request.query_params
        return data.memories(
            sources,
            q.get("q", ""),
            q.get("state", ""),
            q.get("type", ""),
            _int(q.get("offset", ""), "offset", 0),
        )

    def memory(request: Request) -> dict[str, Any]:
        return data.memory(sources, request.path_params["scope"], request.path_params["path"])

    def load(request: Request) -> dict[str, Any]:
        return data.load_preview(sources, request.query_params.get("task", ""))

    def facts(request: Request) -> dict[str, Any]:
        q = request.query_params
        return data.facts(
            sources,
            q.get("q", ""),
            scope=q.get("scope", ""),
            key=q.get("key", ""),
            tag=q.get("tag", ""),
            since=q.get("since", ""),
            until=q.get("until", ""),
            offset=_int(q.get("offset", ""), "offset", 0),
        )

    def fact(request: Request) -> dict[str, Any]:
        return data.fact(sources, request.path_params["id"])

    def graph(request: Request) -> dict[str, Any]:
        q = request.query_params
        return data.graph(
            sources,
            q.get("start", ""),
            _int(q.get("hops", ""), "hops", 1),
            q.getlist("type") or None,
            _int(q.get("limit", ""), "limit", 200),
        )

    def approvals(request: Request) -> dict[str, Any]:
        return data.approvals(sources)

    def approve(request: Request, fields: dict[str, str]) -> dict[str, Any]:
        return data.approve(sources, fields.get("scope", ""), fields.get("path", ""))

    def update(request: Request, fields: dict[str, str]) -> dict[str, Any]:
        fields.setdefault("next", f"/facts/{request.path_params['id']}")
        result = data.update_fact(sources, request.path_params["id"], fields.get("content", ""))
        fields["next"] = f"/facts/{result['updated']['id']}"
        return result

    def delete(request: Request, fields: dict[str, str]) -> dict[str, Any]:
        fields["next"] = f"/facts/{request.path_params['id']}"
        return data.delete_fact(sources, request.path_params["id"])

    # -- the pages, drawn from the same dicts ----------------------------------------------
    def load_page(request: Request) -> str:
        task = request.query_params.get("task", "")
        return pages.load_preview(load(request) if task.strip() else None, task, csrf)

    def memory_page(request: Request) -> str:
        from engram.ui.markdown import render

        shown = memory(request)
        return pages.memory(shown, render(shown["body"]) if shown["body"] else "", csrf)

    def graph_page(request: Request) -> str:
        args: dict[str, Any] = _args(request)
        args["type"] = request.query_params.getlist("type")
        return pages.graph(args, csrf)

    static = StaticFiles(directory=str(files("engram.ui") / "static"))
    routes = [
        Route("/", page(lambda r: pages.overview(overview(r), csrf), store=True)),
        Route("/memories", page(lambda r: pages.memories(memories(r), _args(r), csrf))),
        Route("/memories/{scope}/{path:path}", page(memory_page)),
        Route("/load", page(load_page)),
        Route("/approvals", page(lambda r: pages.approvals(approvals(r), csrf))),
        Route("/facts", page(lambda r: pages.facts(facts(r), _args(r), csrf), store=True)),
        Route("/facts/{id}", page(lambda r: pages.fact(fact(r), csrf), store=True)),
        Route("/graph", page(graph_page)),
        Route("/api/overview", api(overview, store=True)),
        Route("/api/doctor", api(doctor)),
        Route("/api/memories", api(memories)),
        Route("/api/memories/{scope}/{path:path}", api(memory)),
        Route("/api/load", api(load)),
        Route("/api/approvals", api(approvals)),
        Route("/api/approve", write(approve, store=False), methods=["POST"]),
        Route("/api/facts", api(facts, store=True)),
        Route("/api/facts/{id}", api(fact, store=True)),
        Route("/api/facts/{id}/update", write(update, store=True), methods=["POST"]),
        Route("/api/facts/{id}/delete", write(delete, store=True), methods=["POST"]),
        Route("/api/graph", api(graph, store=True)),
        Mount("/static", static),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(Guard, token=token)
    return app


def _error(exc: EngramError) -> Response:
    # shown as the commands print it: withheld when it quotes a secret or an instruction to
    # agents (an id or a path in the request may hold one, and an answer is kept and shared)
    message, hint = shown_parts(exc)
    return _json({"error": {"message": message, "hint": hint}}, 400)


def _json(value: dict[str, Any], status: int = 200) -> Response:
    body = json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    return Response(body, status, media_type="application/json")


def url(host: str, port: int, token: str, path: str = "/") -> str:
    """The address `engram ui` prints: the token once, in the query."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}?{urlencode({'token': token})}"
