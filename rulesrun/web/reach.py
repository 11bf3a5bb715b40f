"""Who may reach the table: the checks a request passes before the app sees it, so that a page
of another site, or another site's name pointed at this machine (DNS rebinding), can neither
read nor drive a game (docs/web.md, "Who may reach the table").

- Every request names, in its `Host` header, an address this server serves: a loopback name
  or the name it was started on, at its port; the address the connection arrived at; or a name
  allowed for a reverse proxy (`--allow-host`, at any port). Otherwise 421, and nothing else.
- The API (and any request but a GET of the page's files) is refused with 403 when its `Origin`
  is not such an address, or when `Sec-Fetch-Site` says another site sent it (`same-site` too:
  another port of this machine is the same site); a POST that is not `application/json` is
  415. What a browser sends for another site's page without asking this server first (a form,
  a `text/plain` fetch) thus never reaches a game.

    app = Guarded(starlette_app, reach=Reach(port=8000))
"""

from __future__ import annotations

import ipaddress
import re
import socket

import attrs
from starlette.datastructures import Headers
from starlette.responses import JSONResponse, PlainTextResponse

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})

# A host as a Host header or an origin writes it: a name or IPv4 address, or an IPv6 address in
# brackets, then maybe a port; nothing else (no user, no path, no trailing dot).
_HOST = r"(?:\[(?P<v6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?))(?::(?P<port>[0-9]{1,5}))?"
_HOST_HEADER = re.compile(_HOST, re.IGNORECASE)
_ORIGIN = re.compile(r"(?P<scheme>https?)://" + _HOST, re.IGNORECASE)
_DEFAULT_PORTS = {"http": 80, "https": 443}


@attrs.frozen(slots=True)
class Reach:
    """The addresses a server answers to: `names` at `port`, the address a connection arrived
    at (`local`, an IP address) at `port`, and `proxied` names at any port."""

    port: int
    names: frozenset = LOOPBACK
    proxied: frozenset = frozenset()

    @classmethod
    def bound(cls, host: str, port: int, proxied=()) -> Reach:
        """What a server listening on `host`:`port` answers to: the loopback names and `host`,
        or for every address (0.0.0.0) the machine's own names; with `proxied` names."""
        own = {socket.gethostname(), socket.getfqdn()} if host in WILDCARDS else {host.strip("[]")}
        return cls(port, LOOPBACK | {name.lower() for name in own}, frozenset(name.lower() for name in proxied))

    def serves(self, host: str, port: int, local: str | None) -> bool:
        """Whether `host`:`port` is this server, for a connection that arrived at `local`."""
        if host in self.proxied:
            return True
        return port == self.port and (host in self.names or (host == local and _is_address(local)))

    def refusal(self, scope) -> PlainTextResponse | JSONResponse | None:
        """Why the request of ASGI `scope` is refused, as the response to send; None to let it in."""
        headers = Headers(scope=scope)
        local = (scope.get("server") or (None,))[0]
        host = _host_of(headers.get("host", ""))
        if host is None or not self.serves(*host, local):
            return PlainTextResponse("this server answers only at the address `rulesrun serve` printed "
                                     "(behind a proxy, start it with --allow-host NAME)\n", status_code=421)
        if scope["method"] in ("GET", "HEAD") and not scope["path"].startswith("/api/"):
            return None
        origin = headers.get("origin")
        if origin is not None and not ((seen := _origin_of(origin)) and self.serves(*seen, local)):
            return _refused(403, "a page of another site may not use this table")
        if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return _refused(403, "a page of another site may not use this table")
        if scope["method"] == "POST" and _media_type(headers) != "application/json":
            return _refused(415, "send JSON, with Content-Type: application/json")
        return None


class Guarded:
    """ASGI middleware: `app` behind `reach`'s checks."""

    def __init__(self, app, reach: Reach):
        self.app = app
        self.reach = reach

    async def __call__(self, scope, receive, send):
        refused = self.reach.refusal(scope) if scope["type"] == "http" else None
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)


def page_address(host: str, port: int) -> str:
    """The page's address for a server listening on `host`:`port`; listening on every address,
    127.0.0.1, which reaches it from this machine."""
    if host in WILDCARDS:
        host = "127.0.0.1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def host_name(text: str) -> str | None:
    """`text` as a host name or address the way `Reach` compares them (lower case, an IPv6
    address without brackets); None if it is no host name (a port, a scheme, a path)."""
    match = _HOST_HEADER.fullmatch(text)
    if match is None or match["port"] is not None:
        return None
    return (match["v6"] or match["name"]).lower()


def _host_of(header: str) -> tuple[str, int] | None:
    """A Host header's host and port: `[::1]:8000` is ("::1", 8000); None if it is no host."""
    return _named(_HOST_HEADER.fullmatch(header), 80)


def _origin_of(header: str) -> tuple[str, int] | None:
    """An Origin header's host and port; None for `null` or anything but http(s)://HOST[:PORT]."""
    match = _ORIGIN.fullmatch(header)
    return _named(match, _DEFAULT_PORTS[match["scheme"].lower()]) if match else None


def _named(match: re.Match | None, default_port: int) -> tuple[str, int] | None:
    if match is None:
        return None
    return (match["v6"] or match["name"]).lower(), int(match["port"] or default_port)


def _is_address(text: str | None) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _media_type(headers: Headers) -> str:
    return headers.get("content-type", "").split(";", 1)[0].strip().lower()


def _refused(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)
