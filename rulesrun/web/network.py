"""The server of a table over the network (`rulesrun serve RULES --seat 0=human ...`): one game,
found by the token of the link a person holds, and pages kept up to date as the game moves.

Every route of the API wants a token (seats.py); without one, or with one this table never
gave, it answers 404 as if there were no table. The page's own files (the same for every game,
no game in them) are served to anyone who passes `reach.py`'s checks, as they are for hot-seat.

Live updates are server-sent events: `GET /api/seat/events` streams the viewer's moment at once
(so a page that reconnects, or reloads, gets its table back) and again after every change of the
table, each with the table's `version`; a comment every `KEEPALIVE` seconds keeps proxies from
closing a quiet stream, and the stream ends after `lifetime` seconds, when the page opens another.
The page reads it with `fetch`, not `EventSource`, since only `fetch` sends the token's header.

    app = make_network_app(serving, SharedTable(rules, 2, 7, ["human", "human"]), Reach(port=8000))
"""

from __future__ import annotations

import asyncio
import json

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .layout import layout
from .reach import Guarded, Reach
from .seats import NotYours, SharedTable, Viewer
from .server import TOKEN, ApiError, Serving, api, finite, json_body, locked

KEEPALIVE = 15.0
"""Seconds between two comments on a quiet stream of events."""


class Bell:
    """Rung, on the server's event loop, after every change of the table: each stream waits on
    the event it took before it last looked, so a change between its look and its wait is never
    missed."""

    def __init__(self):
        self.event = asyncio.Event()

    def ring(self) -> None:
        self.event.set()
        self.event = asyncio.Event()


def make_network_app(serving: Serving, table: SharedTable, reach: Reach, lifetime: float = 300.0) -> Starlette:
    """The app of `table`, answering at the addresses of `reach`; each stream of events lasts `lifetime` seconds."""
    plan = layout(serving.rules)
    bell = Bell()

    def viewer_of(request: Request) -> Viewer:
        viewer = table.viewer(request.headers.get(TOKEN))
        if viewer is None:
            raise ApiError(404, "no table for this link: open the link `rulesrun serve` printed for you")
        return viewer

    async def changed(request: Request, change) -> dict:
        """`change(viewer)` on the table, then every page told; the viewer's moment after it."""
        viewer = viewer_of(request)

        def step():
            try:
                change(viewer)
            except NotYours as error:
                raise ApiError(403, str(error)) from None
            return table.moment(viewer)

        moment = await locked(table, step)
        bell.ring()
        return moment

    async def setup(request: Request):
        viewer = viewer_of(request)
        return {"mode": "seat", "plan": plan, "players": serving.players, "seats": list(serving.seats),
                "moment": await locked(table, lambda: table.moment(viewer))}

    async def state(request: Request):
        viewer = viewer_of(request)
        return await locked(table, lambda: table.moment(viewer))

    async def answer(request: Request):
        body = await json_body(request)
        option, version = body.get("option"), body.get("version")
        if type(option) is not int or type(version) is not int:
            raise ApiError(400, 'send {"option": INDEX, "version": VERSION_SEEN}, both whole numbers')
        return await changed(request, lambda viewer: table.answer(viewer, option, version))

    async def undo(request: Request):
        return await changed(request, table.undo)

    async def next_game(request: Request):
        return await changed(request, table.next_game)

    async def events(request: Request):
        viewer = viewer_of(request)
        return StreamingResponse(_stream(table, viewer, bell, lifetime), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def no_seat(request: Request):
        raise ApiError(404, "this table is played by links, one per seat: open the link `rulesrun serve` "
                            "printed for you")

    routes = [
        Route("/api/setup", api(no_seat)),
        Route("/api/seat", api(setup)),
        Route("/api/seat/state", api(state)),
        Route("/api/seat/answer", api(answer), methods=["POST"]),
        Route("/api/seat/undo", api(undo), methods=["POST"]),
        Route("/api/seat/next", api(next_game), methods=["POST"]),
        Route("/api/seat/events", api(events)),
        Mount("/", StaticFiles(packages=[("rulesrun.web", "static")], html=True)),
    ]
    return Starlette(routes=routes, middleware=[Middleware(Guarded, reach=reach)])


async def _stream(table: SharedTable, viewer: Viewer, bell: Bell, lifetime: float):
    """The events of one page: its moment now and after each change, comments while quiet."""
    loop = asyncio.get_running_loop()
    end = loop.time() + lifetime
    sent = None
    while True:
        rung = bell.event
        if sent != table.version:
            moment = await locked(table, lambda: table.moment(viewer))
            sent = moment["version"]
            yield f"event: moment\ndata: {json.dumps(finite(moment))}\n\n"
        left = end - loop.time()
        if left <= 0:
            return
        try:
            await asyncio.wait_for(rung.wait(), timeout=min(KEEPALIVE, left))
        except asyncio.TimeoutError:
            yield ": quiet\n\n"
