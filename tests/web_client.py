"""A test client of the page's server (rulesrun/web/) that behaves as the page does: it asks at
the server's own address and sends the token its first game came with on every request after
(rulesrun/web/static/table.js). Imported by the web tests once Starlette is known to be there."""

from starlette.testclient import TestClient

from rulesrun.interpreter.studies.log import Setup
from rulesrun.web.reach import Reach
from rulesrun.web.server import TOKEN, Serving, make_app
from rulesrun.web.sessions import Limits

PORT = 8000
ADDRESS = f"http://127.0.0.1:{PORT}"


class Page(TestClient):
    """A TestClient that keeps the token a dealt game or replay comes with, as the page does."""

    def request(self, method, url, **kwargs):
        response = super().request(method, url, **kwargs)
        if response.headers.get("content-type") == "application/json":
            body = response.json()
            if isinstance(body, dict) and "token" in body:
                self.headers[TOKEN] = body["token"]
        return response


def serving(rules, path, seats, players=2, seed=None, replay_of=None) -> Serving:
    """What a server deals: games of `rules`; the last of `seats` repeats, as with --agent."""
    seats = [seats[min(p, len(seats) - 1)] for p in range(players)]
    setup = Setup(str(path), (), {"rounds": "1"}, players, seed or 0, tuple(seats))
    return Serving(rules, players, tuple(seats), seed, setup, replay_of)


def app(rules, path, seats, players=2, seed=None, replay_of=None, limits=Limits(), reach=Reach(PORT)):
    """A server dealing games of `rules` at `reach` (127.0.0.1:8000 and the loopback names)."""
    return make_app(serving(rules, path, seats, players, seed, replay_of), reach, limits)


def page(server, address="127.0.0.1") -> Page:
    """A page of `server` in a browser at `address`, with no game yet."""
    return Page(server, base_url=ADDRESS, client=(address, 50000))


def client(rules, path, seats, **options) -> Page:
    """A page at a new server dealing games of `rules` (the options of `app`)."""
    return page(app(rules, path, seats, **options))
