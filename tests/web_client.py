"""A test client of the page's server (rulesrun/web/) that asks as the page does, at the
server's own address. Imported by the web tests once Starlette is known to be there."""

from starlette.testclient import TestClient

from rulesrun.interpreter.studies.log import Setup
from rulesrun.web.reach import Reach
from rulesrun.web.server import Serving, make_app

PORT = 8000
ADDRESS = f"http://127.0.0.1:{PORT}"


def serving(rules, path, seats, players=2, seed=None, replay_of=None) -> Serving:
    """What a server deals: games of `rules`; the last of `seats` repeats, as with --agent."""
    seats = [seats[min(p, len(seats) - 1)] for p in range(players)]
    setup = Setup(str(path), (), {"rounds": "1"}, players, seed or 0, tuple(seats))
    return Serving(rules, players, tuple(seats), seed, setup, replay_of)


def app(rules, path, seats, players=2, seed=None, replay_of=None, limit=64, reach=Reach(PORT)):
    """A server dealing games of `rules` at `reach` (127.0.0.1:8000 and the loopback names)."""
    return make_app(serving(rules, path, seats, players, seed, replay_of), reach, limit)


def page(server, address="127.0.0.1") -> TestClient:
    """A page of `server` in a browser at `address`."""
    return TestClient(server, base_url=ADDRESS, client=(address, 50000))


def client(rules, path, seats, **options) -> TestClient:
    """A page at a new server dealing games of `rules` (the options of `app`)."""
    return page(app(rules, path, seats, **options))
