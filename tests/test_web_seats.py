"""Seats over the network (docs/web.md, "Seats over the network"): one game of Liar's dice, whose
dice lie under private cups, served to two people at their own links and a greedy bot. A link's
token reads only its seat's view and acts only for its seat; no token, another site's page or a
page of an older table gets nothing."""

import asyncio
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")

from click.testing import CliRunner
from starlette.testclient import TestClient

import rulesrun
from rulesrun.cli.main import main
from rulesrun.interpreter.studies.log import Setup
from rulesrun.web.network import Bell, _stream, make_network_app
from rulesrun.web.reach import Reach
from rulesrun.web.seats import SharedTable, Viewer
from rulesrun.web.server import TOKEN, Serving

from helpers import RULESETS

LIARS_DICE = RULESETS / "games" / "liars_dice.rules"
SEATS = ("human", "human", "greedy")
ADDRESS = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def rules():
    return rulesrun.load(LIARS_DICE, params={"dice_each": 3})


def served(rules, spectators="table", seed=7, lifetime=0.05):
    """The shared table, its app's test client and each link's token by who holds it."""
    table = SharedTable(rules, 3, seed, list(SEATS), spectators)
    serving = Serving(rules, 3, SEATS, seed, Setup(str(LIARS_DICE), (), {"dice_each": "3"}, 3, seed, SEATS))
    web = TestClient(make_network_app(serving, table, Reach(8000), lifetime=lifetime), base_url=ADDRESS)
    return table, web, dict(table.links())


def holding(token):
    return {TOKEN: token}


def test_each_link_sees_its_own_cup_and_only_counts_of_the_others(rules):
    table, web, tokens = served(rules)
    whole = table.live.game.shown(None)
    cups = [json.dumps(pile) for pile in whole.zones["cup"]]
    for seat in (0, 1):
        answered = web.get("/api/seat/state", headers=holding(tokens[f"seat {seat}"]))
        assert answered.status_code == 200
        text, view = answered.text, answered.json()["view"]
        assert view["seat"] == seat and view["counts"]["cup"] == [3, 3, 3]
        assert [pile is not None for pile in view["zones"]["cup"]] == [owner == seat for owner in range(3)]
        assert json.dumps(view["zones"]["cup"][seat]) == cups[seat]
        for owner in range(3):
            for kind, face, _ in whole.zones["cup"][owner] if owner != seat else ():
                assert json.dumps([kind, face, owner]) not in text
        assert '"seed"' not in text
    onlooker = web.get("/api/seat", headers=holding(tokens["spectators"])).json()["moment"]
    assert onlooker["view"]["zones"]["cup"] == [None, None, None] and onlooker["view"]["counts"]["cup"] == [3, 3, 3]
    assert onlooker["decision"]["options"] == [] and "seed" not in onlooker
    assert any("face down" in line for line in onlooker["view"]["lines"])


def test_only_the_seat_asked_answers_and_only_at_the_table_it_has_seen(rules):
    table, web, tokens = served(rules)
    asked = web.get("/api/seat/state", headers=holding(tokens["seat 0"])).json()
    assert asked["decision"]["yours"] and len(asked["decision"]["options"]) > 2
    waiting = web.get("/api/seat/state", headers=holding(tokens["seat 1"])).json()
    assert waiting["decision"]["seat"] == 0 and waiting["decision"]["options"] == [] and not waiting["decision"]["yours"]
    for who in ("seat 1", "spectators"):
        refused = web.post("/api/seat/answer", json={"option": 0, "version": 0}, headers=holding(tokens[who]))
        assert refused.status_code == 403, refused.text
    assert table.version == 0 and table.live.game.answers == []
    assert web.post("/api/seat/answer", json={"option": 0, "version": 5},
                    headers=holding(tokens["seat 0"])).status_code == 409
    moved = web.post("/api/seat/answer", json={"option": 0, "version": 0}, headers=holding(tokens["seat 0"]))
    assert moved.status_code == 200 and moved.json()["version"] == 1 and moved.json()["decision"]["seat"] == 1
    again = web.post("/api/seat/answer", json={"option": 0, "version": 1}, headers=holding(tokens["seat 0"]))
    assert again.status_code == 403 and "seat 1 decides now" in again.json()["error"]


def test_a_seat_reads_the_options_of_its_own_decisions_only(rules):
    table, web, tokens = served(rules)
    web.post("/api/seat/answer", json={"option": 0, "version": 0}, headers=holding(tokens["seat 0"]))
    web.post("/api/seat/answer", json={"option": 0, "version": 1}, headers=holding(tokens["seat 1"]))
    assert {event["player"] for event in table.live.game.log if event["t"] == "decide"} >= {0, 1}
    for seat in (0, 1):
        moment = web.get("/api/seat/state", headers=holding(tokens[f"seat {seat}"])).json()
        lines = [moment["transcript"][int(k)] for k in moment["offered"]]
        assert lines and all(line.lstrip().startswith(f"> seat {seat}:") for line in lines)
    everything = SharedTable(rules, 3, 7, list(SEATS), "all")
    everything.live.answer(0, 0)
    moment = everything.moment(Viewer(None, everything=True))
    assert {line.lstrip()[:8] for k, line in enumerate(moment["transcript"]) if str(k) in moment["offered"]} == {"> seat 0"}
    assert all(pile is not None for pile in moment["view"]["zones"]["cup"])


@pytest.mark.parametrize("token", [None, "", "not-a-token", "x" * 43])
def test_without_a_token_of_this_table_nothing_is_there(rules, token):
    table, web, _ = served(rules)
    headers = {} if token is None else {TOKEN: token}
    for response in (web.get("/api/seat", headers=headers), web.get("/api/seat/state", headers=headers),
                     web.get("/api/seat/events", headers=headers),
                     web.post("/api/seat/answer", json={"option": 0, "version": 0}, headers=headers),
                     web.post("/api/seat/undo", json={}, headers=headers),
                     web.get("/api/setup", headers=headers)):
        assert response.status_code == 404, response.text
        assert "cup" not in response.text and "Liar" not in response.text
    # The hot-seat table's routes are not served: no game to deal, none to find.
    assert web.post("/api/games", json={"seed": 1}).status_code in (404, 405)
    assert table.version == 0


def test_another_sites_page_is_refused_even_with_a_token(rules):
    table, web, tokens = served(rules)
    seat = holding(tokens["seat 0"])
    assert web.get("/api/seat/state", headers={**seat, "Origin": "http://evil.example"}).status_code == 403
    assert web.get("/api/seat/events", headers={**seat, "Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert web.post("/api/seat/answer", content='{"option": 0, "version": 0}',
                    headers={**seat, "Content-Type": "text/plain"}).status_code == 415
    assert web.get("/api/seat/state", headers={**seat, "Host": "rebound.example:8000"}).status_code == 421
    assert table.version == 0 and web.get("/api/seat/state", headers={**seat, "Origin": ADDRESS}).status_code == 200


def test_undo_is_the_last_movers_until_another_person_answers(rules):
    table, web, tokens = served(rules)
    zero, one = holding(tokens["seat 0"]), holding(tokens["seat 1"])
    assert web.post("/api/seat/undo", json={}, headers=zero).status_code == 403       # nothing answered yet
    web.post("/api/seat/answer", json={"option": 3, "version": 0}, headers=zero)
    assert web.get("/api/seat/state", headers=zero).json()["can_undo"]
    assert not web.get("/api/seat/state", headers=one).json()["can_undo"]
    assert web.post("/api/seat/undo", json={}, headers=one).status_code == 403
    web.post("/api/seat/answer", json={"option": 0, "version": 1}, headers=one)      # then the bot, then seat 0
    assert web.post("/api/seat/undo", json={}, headers=zero).status_code == 403
    undone = web.post("/api/seat/undo", json={}, headers=one)
    assert undone.status_code == 200 and undone.json()["decision"]["seat"] == 1 and undone.json()["answered"] == 1
    assert table.version == 3
    # Seat 0's page still shows version 2: its answer, meant for that table, is refused.
    assert web.post("/api/seat/answer", json={"option": 0, "version": 2}, headers=zero).status_code in (403, 409)


def test_once_the_game_is_over_a_seat_deals_the_next_on_the_same_links(rules):
    table, web, tokens = served(rules)
    zero, one, onlooker = (holding(tokens[who]) for who in ("seat 0", "seat 1", "spectators"))
    assert web.post("/api/seat/next", json={}, headers=zero).status_code == 403      # not over yet
    web.post("/api/seat/answer", json={"option": 0, "version": 0}, headers=zero)
    asked = web.get("/api/seat/state", headers=one).json()["decision"]
    assert asked["words"][-1].startswith("call")
    over = web.post("/api/seat/answer", json={"option": len(asked["options"]) - 1, "version": 1}, headers=one).json()
    assert over["over"] and over["can_deal"] and over["scores"] is not None and "Winner" in over["standing"]
    assert web.post("/api/seat/next", json={}, headers=onlooker).status_code == 403
    dealt = web.post("/api/seat/next", json={}, headers=one)
    assert dealt.status_code == 200 and dealt.json()["version"] == 3
    assert not dealt.json()["over"] and dealt.json()["answered"] == 0 and dealt.json()["scores"] is None
    assert web.get("/api/seat/state", headers=zero).json()["decision"]["yours"]


def test_a_page_that_connects_or_reconnects_gets_the_table_as_it_is_now(rules):
    table, web, tokens = served(rules)
    web.post("/api/seat/answer", json={"option": 0, "version": 0}, headers=holding(tokens["seat 0"]))
    with web.stream("GET", "/api/seat/events", headers=holding(tokens["seat 1"])) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        text = stream.read().decode()
    event, data = text.split("\n")[:2]
    assert event == "event: moment"
    moment = json.loads(data.removeprefix("data: "))
    assert moment["version"] == 1 and moment["decision"]["yours"] and moment["viewer"] == {"seat": 1, "everything": False}


def test_a_change_is_pushed_to_every_page_listening():
    async def listened(rules):
        table = SharedTable(rules, 3, 7, list(SEATS))
        bell = Bell()
        events = _stream(table, Viewer(1), bell, lifetime=5)
        first = await anext(events)
        pending = asyncio.ensure_future(anext(events))
        await asyncio.sleep(0.05)
        assert not pending.done()
        table.answer(Viewer(0), 0, version=0)
        bell.ring()
        second = await asyncio.wait_for(pending, 5)
        await events.aclose()
        return [json.loads(text.split("data: ", 1)[1]) for text in (first, second)]

    first, second = asyncio.run(listened(rulesrun.load(LIARS_DICE)))
    assert (first["version"], second["version"]) == (0, 1)
    assert not first["decision"]["yours"] and second["decision"]["yours"]


def serve(*args):
    return CliRunner().invoke(main, ["serve", str(LIARS_DICE), *args])


def test_serve_with_seats_wants_every_seat_once_and_not_with_agents():
    missing = serve("--seat", "0=human", "--seat", "2=greedy")
    assert missing.exit_code == 2 and "say who plays seat 1 too" in missing.output
    twice = serve("--seat", "0=human", "--seat", "0=greedy")
    assert twice.exit_code == 2 and "seat 0 is named twice" in twice.output
    beyond = serve("--players", "2", "--seat", "0=human", "--seat", "1=human", "--seat", "2=greedy")
    assert beyond.exit_code == 2 and "seat 2 of a game of 2" in beyond.output
    assert serve("--seat", "0=human", "--agent", "human").exit_code == 2
    assert serve("--seat", "zero=human").exit_code == 2
    misspelt = serve("--seat", "0=human", "--seat", "1=grredy")
    assert misspelt.exit_code == 2 and "--seat" in misspelt.output


def test_links_for_every_address_name_the_machines_address_on_its_network():
    from rulesrun.cli.serve import _network_address

    assert _network_address("127.0.0.1", 8000) is None and _network_address("::", 8000) is None
    shared = _network_address("0.0.0.0", 8123)
    if shared is not None:          # a machine with a route out: its address there, at the port
        host = re.fullmatch(r"http://([0-9.]+):8123/", shared).group(1)
        assert not host.startswith("127.")
        assert Reach(8123).serves(host, 8123, local=host)


@pytest.mark.slow
def test_serve_with_seats_prints_a_link_per_person_and_one_for_spectators():
    command = [sys.executable, "-m", "rulesrun", "serve", str(LIARS_DICE), "--seat", "0=human", "--seat", "1=greedy",
               "--seat", "2=human", "--port", "0"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout.readline().startswith("Liar's dice (OpenSpiel): 3 players (human, greedy, human)")
            links = {}
            for _ in range(3):
                who, address, token = re.fullmatch(r"(seat \d|spectators): (http://127\.0\.0\.1:\d+/)#token=(\S+)\n",
                                                   server.stdout.readline()).groups()
                links[who] = token
            assert sorted(links) == ["seat 0", "seat 2", "spectators"] and len(set(links.values())) == 3
            asked = urllib.request.Request(address + "api/seat", headers={TOKEN: links["seat 2"]})
            with urllib.request.urlopen(asked, timeout=10) as answer:
                assert json.load(answer)["moment"]["viewer"] == {"seat": 2, "everything": False}
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(address + "api/seat", timeout=10)
            assert refused.value.code == 404
        finally:
            server.terminate()
