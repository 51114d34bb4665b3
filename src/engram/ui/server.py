"""`engram ui`: listen, print the address with its token, open the browser, serve until
Ctrl-C. uvicorn serves the app on a socket bound here first, so that a port in use or a host
that cannot be listened on is one line naming it, before anything is printed."""

from __future__ import annotations

import ipaddress
import json
import secrets
import signal
import socket
import sys
from typing import TYPE_CHECKING, TextIO

from engram.errors import EngramError

if TYPE_CHECKING:
    from engram.ui.data import Sources


def is_loopback(host: str) -> bool:
    """Whether every address `host` names is a loopback one (a name is resolved)."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise EngramError(
            f"cannot listen on host {host!r}: {getattr(exc, 'strerror', None) or exc}",
            hint="use an address of this machine, e.g. --host 127.0.0.1",
        ) from None
    return all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: a free one)."""
    if not 0 <= port <= 65535:
        raise EngramError(
            f"--port {port} is not a port", hint="use 1 to 65535, or 0 for a free one"
        )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise EngramError(
                f"port {port} on {host} is in use",
                hint="pick another with --port, or --port 0 for a free one",
            ) from None
        raise EngramError(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}",
            hint="use an address of this machine, e.g. --host 127.0.0.1",
        ) from None
    return sock


def serve(
    sources: Sources,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    open_browser: bool = True,
    allow_network: bool = False,
    as_json: bool = False,
    out: TextIO | None = None,
) -> None:
    """Serve the UI until interrupted. The first line on `out` (stdout) is the address with
    the token (`as_json`: `{"url": …}`). A host other than a loopback one needs
    `allow_network`: anyone who reaches it and learns the token can read and change the
    memories."""
    import uvicorn

    from engram.ui.app import create_app, url

    out = out or sys.stdout
    if not is_loopback(host):
        if not allow_network:
            raise EngramError(
                f"--host {host} is reachable from other machines: anyone who reaches it and "
                "learns the token can read and change your memories",
                hint="serve it on 127.0.0.1 (the default), or add --allow-network to accept that",
            )
        print(
            f"engram: warning: serving on {host}, reachable from other machines; the token "
            "is sent unencrypted (plain HTTP)",
            file=sys.stderr,
        )
    sock = bind(host, port)
    token = secrets.token_urlsafe(24)
    address = url(host, sock.getsockname()[1], token)
    app = create_app(sources, token)
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
    )
    # Ctrl-C before uvicorn takes the signal over (and after it hands it back) asks the
    # server to stop, like Ctrl-C while it serves: no KeyboardInterrupt, nothing printed.
    previous = signal.signal(signal.SIGINT, lambda *_: setattr(server, "should_exit", True))
    try:
        line = json.dumps({"url": address}) if as_json else f"Engram UI: {address}"
        print(line, file=out, flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(address)
        server.run(sockets=[sock])
    finally:
        signal.signal(signal.SIGINT, previous)
        sock.close()
        sources.close()
