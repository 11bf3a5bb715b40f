"""Who may reach the table (docs/web.md): the server of `rulesrun serve` answers only at its own
address, only to its own page, and finds a game only for the page that dealt it; a full table
refuses a new game rather than drop someone's. Each scenario is one a red team played against
the server (issue #38): a page of another site dealing and playing, another site's name pointed
at 127.0.0.1 (DNS rebinding), a stranger's game ids, 64 foreign games pushing a person's out."""

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")

import rulesrun
from rulesrun.web.reach import Reach
from rulesrun.web.sessions import Full, Limits, Sessions

from helpers import CLASSIC
from web_client import ADDRESS, PORT, app, client, page

OURS = {"Origin": ADDRESS}


@pytest.fixture(scope="module")
def classic():
    return rulesrun.load(CLASSIC, params={"rounds": 1})


def dealt(web, seed=5):
    """A new game of the page `web`, checked to be dealt."""
    response = web.post("/api/games", json={"seed": seed})
    assert response.status_code == 200, response.text
    return response.json()


def answered(web, key, answered=0):
    return web.post(f"/api/games/{key}/answer", json={"option": 0, "answered": answered})


@pytest.mark.parametrize("host", ["rebound.example:8000", "rebound.example", "127.0.0.1.rebound.example:8000",
                                  "localhost:8001", "127.0.0.1:8000@rebound.example", "[::1]:80"])
def test_a_name_of_another_site_pointed_at_this_machine_reads_and_drives_nothing(classic, host):
    """DNS rebinding: rebound.example now resolves to 127.0.0.1, so a page of that site reaches
    the server in the browser's eyes as its own origin; the Host header still names its site."""
    web = client(classic, CLASSIC, ["human", "random"])
    game = dealt(web)
    rebound = {"Host": host}
    for response in (web.get(f"/api/games/{game['game']}", headers=rebound),
                     web.get(f"/api/games/{game['game']}/log", headers=rebound),
                     web.get("/api/setup", headers=rebound),
                     web.get("/", headers=rebound),
                     web.post("/api/games", json={"seed": 1}, headers=rebound),
                     web.post(f"/api/games/{game['game']}/answer", json={"option": 0, "answered": 0}, headers=rebound)):
        assert response.status_code == 421
        assert response.headers["content-type"].startswith("text/plain")
        assert game["game"] not in response.text and "seed" not in response.text and "plan" not in response.text
    assert web.get(f"/api/games/{game['game']}").json()["answered"] == 0


@pytest.mark.parametrize("host", [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}", f"LOCALHOST:{PORT}"])
def test_the_loopback_names_at_the_servers_port_reach_it(classic, host):
    web = client(classic, CLASSIC, ["human"])
    assert web.get("/api/setup", headers={"Host": host}).status_code == 200


def test_a_server_answers_at_the_address_a_connection_arrived_at_and_at_names_allowed_for_a_proxy(classic):
    """Listening on 0.0.0.0, a machine of the network asks at this machine's address (the ASGI
    scope's `server`); behind a proxy, at the proxy's name, on any port, from a page of https."""
    server = app(classic, CLASSIC, ["human"], reach=Reach(PORT, proxied=frozenset({"table.example"})))
    lan = page(server)
    lan.base_url = f"http://192.168.5.7:{PORT}"
    assert lan.get("/api/setup").status_code == 200
    assert lan.get("/api/setup", headers={"Host": f"192.168.5.8:{PORT}"}).status_code == 421
    proxied = page(server)
    for host, origin in (("table.example", "https://table.example"), ("table.example:8443", "https://table.example:8443")):
        assert proxied.post("/api/games", json={"seed": 2}, headers={"Host": host, "Origin": origin}).status_code == 200
    assert proxied.post("/api/games", json={"seed": 2}, headers={"Host": "table.example",
                                                                 "Origin": "https://other.example"}).status_code == 403


def test_reach_bound_to_every_address_answers_to_the_machines_own_names():
    import socket

    reach = Reach.bound("0.0.0.0", PORT, ["proxy.example"])
    assert socket.gethostname().lower() in reach.names and "localhost" in reach.names
    assert reach.serves("proxy.example", 443, None) and not reach.serves("0.0.0.0", PORT, None)
    assert Reach.bound("::1", PORT).names == Reach(PORT).names


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://localhost:3000",
                                    f"http://rebound.example:{PORT}", f"ftp://127.0.0.1:{PORT}"])
def test_a_page_of_another_site_can_neither_deal_nor_play(classic, origin):
    """A page of evil.example posts to http://127.0.0.1:8000 (no preflight for a form or a
    text/plain fetch, but the browser says where it comes from): refused, nothing dealt."""
    web = client(classic, CLASSIC, ["human", "random"])
    game = dealt(web)
    foreign = {"Origin": origin}
    refused = [web.post("/api/games", json={"seed": 1}, headers=foreign),
               web.post(f"/api/games/{game['game']}/answer", json={"option": 0, "answered": 0}, headers=foreign),
               web.post(f"/api/games/{game['game']}/undo", json={}, headers=foreign),
               web.get(f"/api/games/{game['game']}", headers=foreign)]
    assert [response.status_code for response in refused] == [403] * 4
    assert all("another site" in response.json()["error"] for response in refused)
    assert web.get(f"/api/games/{game['game']}").json()["answered"] == 0
    assert answered(web, game["game"], 0).status_code == 200                  # the page's own request
    assert web.post("/api/games", json={"seed": 1}, headers=OURS).status_code == 200


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_browser_that_says_another_site_sent_the_request_is_refused(classic, site):
    web = client(classic, CLASSIC, ["human", "random"])
    game = dealt(web)
    assert web.post("/api/games", json={}, headers={"Sec-Fetch-Site": site}).status_code == 403
    assert web.get(f"/api/games/{game['game']}", headers={"Sec-Fetch-Site": site}).status_code == 403
    assert web.get(f"/api/games/{game['game']}", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
    # A link of another site to the page itself still opens it.
    assert web.get("/", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}).status_code == 200


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_a_body_that_is_not_declared_json_is_refused(classic, kind):
    """What a form or a fetch of another site can send without a preflight never reaches a game."""
    web = client(classic, CLASSIC, ["human", "random"])
    game = dealt(web)
    plain = {"Content-Type": kind} if kind else {}
    assert web.post("/api/games", content=b'{"seed": 1}', headers=plain).status_code == 415
    answer = web.post(f"/api/games/{game['game']}/answer", content=b'{"option": 0, "answered": 0}', headers=plain)
    assert answer.status_code == 415 and "Content-Type: application/json" in answer.json()["error"]
    assert web.get(f"/api/games/{game['game']}").json()["answered"] == 0
    assert web.post("/api/games", content=b'{"seed": 1}',
                    headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 200


def test_a_game_is_found_only_with_the_token_of_the_page_that_dealt_it(classic):
    server = app(classic, CLASSIC, ["human", "random"])
    mine, other = page(server), page(server)
    game = dealt(mine, seed=5)
    end = dealt(mine, seed=8)
    while not end["over"]:
        end = answered(mine, end["game"], end["answered"]).json()
    replay = mine.post(f"/api/games/{end['game']}/review", json={}).json()["replay"]
    dealt(other)                                      # a page with a token of its own
    stranger = page(server)                           # and one with none
    nothing = mine.get("/api/games/no-such-game").json()
    for web in (other, stranger):
        for response in (web.get(f"/api/games/{game['game']}"),
                         answered(web, game["game"]),
                         web.post(f"/api/games/{game['game']}/undo", json={}),
                         web.get(f"/api/games/{end['game']}/log"),
                         web.post(f"/api/games/{end['game']}/review", json={}),
                         web.get(f"/api/replays/{replay}"),
                         web.get(f"/api/replays/{replay}/steps/0")):
            assert response.status_code == 404 and response.json() == nothing
    assert mine.get(f"/api/games/{game['game']}").json()["answered"] == 0
    assert answered(mine, game["game"]).status_code == 200
    assert mine.get(f"/api/replays/{replay}/steps/0").status_code == 200
    assert len(game["token"]) >= 32 and game["token"] not in other.headers.values()


def test_a_full_table_refuses_a_new_game_and_every_game_dealt_stays_playable(classic):
    server = app(classic, CLASSIC, ["human", "random"], limits=Limits(room=4))
    pages = [page(server, f"10.0.0.{k}") for k in range(1, 5)]
    games = [dealt(web, seed) for seed, web in enumerate(pages, 1)]
    refused = page(server, "10.0.0.9").post("/api/games", json={"seed": 9})
    assert refused.status_code == 503 and refused.json()["error"].startswith("the table is full (4 games): finish a game")
    for web, game in zip(pages, games):
        assert answered(web, game["game"]).status_code == 200
    # A finished game makes room; the games still being played stay.
    first = pages[0]
    game = first.get(f"/api/games/{games[0]['game']}").json()
    while not game["over"]:
        game = answered(first, game["game"], game["answered"]).json()
    assert dealt(page(server, "10.0.0.9"), 9)["seed"] == 9
    assert first.get(f"/api/games/{game['game']}").status_code == 404
    assert all(web.get(f"/api/games/{g['game']}").status_code == 200 for web, g in zip(pages[1:], games[1:]))


def test_one_address_holds_at_most_its_share_of_the_table(classic):
    server = app(classic, CLASSIC, ["human", "random"], limits=Limits(room=8, per_address=2))
    neighbours = [page(server, "10.0.0.7") for _ in range(3)]
    games = [dealt(web) for web in neighbours[:2]]
    refused = neighbours[2].post("/api/games", json={"seed": 1})
    assert refused.status_code == 503 and "10.0.0.7 has 2 games at this table already" in refused.json()["error"]
    assert dealt(page(server, "10.0.0.8"))["seed"] == 5
    assert all(answered(web, game["game"]).status_code == 200 for web, game in zip(neighbours, games))


@pytest.mark.slow  # 400 requests: some 3 s
def test_a_persons_game_survives_a_flood_of_foreign_requests(classic):
    """The red team's eviction: 64 games dealt by others dropped the oldest, someone's game."""
    server = app(classic, CLASSIC, ["human", "random"])
    person = page(server)
    game = dealt(person)
    flood, statuses = page(server, "10.6.6.6"), set()
    for k in range(100):
        flood.headers.pop("X-Rulesrun-Token", None)                # a new page each time
        statuses.add(flood.post("/api/games", json={"seed": k}).status_code)
        statuses.add(flood.post("/api/games", json={"seed": k}, headers={"Origin": "http://evil.example"}).status_code)
        statuses.add(flood.post("/api/games", content=b"{}", headers={"Content-Type": "text/plain"}).status_code)
        statuses.add(flood.post("/api/games", json={"seed": k}, headers={"Host": "rebound.example"}).status_code)
    assert answered(person, game["game"]).status_code == 200
    assert statuses == {200, 403, 415, 421, 503}
    assert dealt(person, 6)["seed"] == 6                             # and there is room for the person's next


def test_a_table_left_alone_makes_room_and_a_page_replaces_its_own_oldest():
    now = [0.0]
    sessions = Sessions(Limits(room=2, per_page=1, idle=60), clock=lambda: now[0])
    left, token = sessions.add("left", None, "10.0.0.1")
    played, other = sessions.add("played", None, "10.0.0.2")
    now[0] = 50
    assert sessions.get(played, other) == "played"
    now[0] = 70                                           # `left` is idle: 70 s, `played` 20 s
    third, new = sessions.add("third", None, "10.0.0.1")
    assert new != token
    with pytest.raises(KeyError):
        sessions.get(left, token)
    with pytest.raises(Full):
        sessions.add("fourth", None, "10.0.0.3")
    assert sessions.get(played, other) == "played" and sessions.get(third, new) == "third"
    fourth, same = sessions.add("fourth", other, "10.0.0.2")           # the page's own oldest goes
    assert same == other and sessions.get(fourth, other) == "fourth"
    with pytest.raises(KeyError):
        sessions.get(played, other)
