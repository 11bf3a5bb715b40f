"""The page's server: a Starlette app serving the static page and a small JSON API over the
live tables and replays it holds (docs/web.md lists every route).

Starlette because it is small, typed, well kept and has a test client that needs no server
(tests run the API in-process in milliseconds); uvicorn runs it (`rulesrun serve`). Both are
the optional extra `web`, imported only here and by `rulesrun serve`.

Every request passes `reach.py`'s checks first (its Host, its Origin, JSON only), and a
game is found only with the token of the page that dealt it (`sessions.py`).

Playing and replaying run the rules, which can take a while for a searching bot, so they run
in a worker thread (`run_in_threadpool`), one request per game at a time (the table's lock),
and the event loop stays free for other requests.

    app = make_app(Serving(rules, players=2, seats=("human", "greedy"), seed=None, setup=setup), Reach(port=8000))
"""

from __future__ import annotations

import json
import math
import random

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..interpreter.lookahead.agents import AgentSpecError
from ..interpreter.lookahead.own_bot import BotError
from ..interpreter.running.driven import NotAnOption, PlayError
from ..interpreter.running.values import format_value
from ..interpreter.studies.log import Setup, portable, portable_records
from .layout import layout
from .live import LiveTable, Stale
from .reach import Guarded, Reach
from .replay import LogMismatch, Replay
from .sessions import Full, Limits, Sessions

# The key of the replay `rulesrun serve LOG` opens with: the server's own, shown to every page.
LOGGED = "log"
# The header a page sends its token in: a header of its own, which a page of another site
# cannot send without asking the server first (a CORS preflight, which this server refuses).
TOKEN = "X-Rulesrun-Token"


@attrs.frozen(slots=True)
class Serving:
    """What a server deals: games of `rules` with these seats (per seat "human" or an agent
    spec), the first one on `seed` (None: a random one); `setup` names the rules for the logs
    a page downloads. With `replay`, the server opens with that logged game."""

    rules: object
    players: int
    seats: tuple
    seed: int | None
    setup: Setup
    replay: Replay | None = None


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def make_app(serving: Serving, reach: Reach, limits: Limits = Limits()) -> Starlette:
    """The app for `serving`, answering at the addresses of `reach`, holding tables within `limits`."""
    if len(serving.seats) != serving.players:
        raise ValueError(f"one seat (human or an agent spec) per player: {len(serving.seats)} for {serving.players}")
    plan = layout(serving.rules)
    # The setup of the logs the page downloads: saved wherever the browser puts them, they name
    # the rules by their absolute paths, each source with its sha256 as it was read.
    recorded = portable(serving.setup, [source.path for source in serving.rules.program.sources])
    sessions = Sessions(limits, finished=lambda table: isinstance(table, Replay) or table.game.over)

    def table(request: Request, kind) -> object:
        key = request.path_params["key"]
        if key == LOGGED and serving.replay is not None:
            found = serving.replay
        else:
            try:
                found = sessions.get(key, request.headers.get(TOKEN))
            except KeyError:
                found = None
        if not isinstance(found, kind):
            raise ApiError(404, "no such game on this server for this page (it may have been dropped): start a new one")
        return found

    def hold(request: Request, made) -> tuple[str, str]:
        """`made` held for the page that asked: its key and the page's token."""
        address = request.client.host if request.client else "an unknown address"
        try:
            return sessions.add(made, request.headers.get(TOKEN), address)
        except Full as error:
            raise ApiError(503, str(error)) from None

    async def setup(request: Request):
        return {"mode": "replay" if serving.replay is not None else "play", "plan": plan, "players": serving.players,
                "seats": list(serving.seats), "seed": serving.seed,
                "replay": LOGGED if serving.replay is not None else None}

    async def new_game(request: Request):
        body = await json_body(request)
        seed = body.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(10**6)
        if type(seed) is not int:
            raise ApiError(400, f"a seed is a whole number, not {seed!r}")
        try:
            made = await run_in_threadpool(LiveTable, serving.rules, serving.players, seed, list(serving.seats))
        except PlayError as error:
            # The rules go wrong before anyone is asked anything: there is no game to show, only why.
            raise ApiError(422, error.render()) from None
        except AgentSpecError as error:
            # A seat of a logged game (`serve LOG`) that names a bot's code: never made from a file.
            raise ApiError(422, str(error)) from None
        except BotError as error:
            # A bot of one's own (seated with --agent) that could not be made: its own mistake, at its line.
            raise ApiError(422, str(error)) from None
        key, token = hold(request, made)
        return {"game": key, "token": token, **made.moment()}

    async def state(request: Request):
        live = table(request, LiveTable)
        return {"game": request.path_params["key"], **await locked(live, live.moment)}

    async def answer(request: Request):
        live = table(request, LiveTable)
        body = await json_body(request)
        option, answered = body.get("option"), body.get("answered")
        if type(option) is not int or type(answered) is not int:
            raise ApiError(400, 'send {"option": INDEX, "answered": ANSWERS_SEEN}, both whole numbers')

        def step():
            live.answer(option, answered)
            return live.moment()

        return {"game": request.path_params["key"], **await locked(live, step)}

    async def undo(request: Request):
        live = table(request, LiveTable)

        def step():
            if not live.undo():
                raise ApiError(409, "nothing to undo: no person has answered yet")
            return live.moment()

        return {"game": request.path_params["key"], **await locked(live, step)}

    async def game_log(request: Request):
        live = table(request, LiveTable)

        def lines():
            game = live.game
            # A game not over yet is logged as stopped where it waits: `rulesrun play --resume` goes on with it.
            head = attrs.evolve(recorded, seed=live.seed, agents=tuple(live.seats), unfinished=not game.over)
            return [json.dumps(record) for record in portable_records(head, game.log)]

        return Response("\n".join(await locked(live, lines)) + "\n", media_type="application/jsonl", headers={
            "Content-Disposition": f'attachment; filename="game-{live.seed}.jsonl"'})

    async def review(request: Request):
        live = table(request, LiveTable)

        def make():
            if not live.game.over:
                raise ApiError(409, "the game is not over yet: review it at its end")
            return Replay(serving.rules, serving.players, live.seed, json.loads(json.dumps(live.game.log)),
                          live.seats)

        key, token = hold(request, await locked(live, make))
        return {"replay": key, "token": token}

    async def replay_summary(request: Request):
        return table(request, Replay).summary()

    async def replay_step(request: Request):
        shown = table(request, Replay)
        index = request.path_params["index"]
        if not 0 <= index < len(shown.steps):
            raise ApiError(404, f"no step {index}: steps are 0 to {len(shown.steps) - 1}")
        return shown.step(index)

    routes = [
        Route("/api/setup", api(setup)),
        Route("/api/games", api(new_game), methods=["POST"]),
        Route("/api/games/{key}", api(state)),
        Route("/api/games/{key}/answer", api(answer), methods=["POST"]),
        Route("/api/games/{key}/undo", api(undo), methods=["POST"]),
        Route("/api/games/{key}/log", api(game_log)),
        Route("/api/games/{key}/review", api(review), methods=["POST"]),
        Route("/api/replays/{key}", api(replay_summary)),
        Route("/api/replays/{key}/steps/{index:int}", api(replay_step)),
        Mount("/", StaticFiles(packages=[("rulesrun.web", "static")], html=True)),
    ]
    return Starlette(routes=routes, middleware=[Middleware(Guarded, reach=reach)])


def api(handler):
    """`handler`'s dict as JSON; a mistake of the caller as {"error": ...} with its status."""
    async def endpoint(request: Request):
        try:
            result = await handler(request)
        except ApiError as error:
            return JSONResponse({"error": str(error)}, status_code=error.status)
        except Stale as error:
            return JSONResponse({"error": str(error)}, status_code=409)
        except NotAnOption as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        except LogMismatch as error:
            return JSONResponse({"error": str(error)}, status_code=500)
        return result if isinstance(result, Response) else JSONResponse(finite(result))

    return endpoint


MAX_BODY = 1 << 16
"""The largest request body read: every request of the page is a few numbers."""


async def json_body(request: Request) -> dict:
    """The request's JSON object; a body too large, nested too deep or not JSON is the caller's
    mistake (400, 413), not the server's."""
    read = bytearray()
    async for chunk in request.stream():
        read += chunk
        if len(read) > MAX_BODY:
            raise ApiError(413, f"the body is over {MAX_BODY:,} bytes")
    try:
        body = json.loads(bytes(read) or b"{}")
    except (ValueError, RecursionError):
        raise ApiError(400, "the body is not JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the body is a JSON object")
    return body


async def locked(live: LiveTable, step):
    """`step()` in a worker thread, holding the game's lock."""
    def run():
        with live.lock:
            return step()

    return await run_in_threadpool(run)


def finite(value):
    """`value` with every number that is not finite (a var of the rules grown past about
    1.8e308) written as the rules language writes it, `inf`, `-inf` or `nan`: JSON has no word
    for them, so the page would get no answer at all."""
    if type(value) is float and not math.isfinite(value):
        return format_value(value)
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(item) for item in value]
    return value
