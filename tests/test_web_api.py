"""The table in a browser, its server side: the JSON API a page plays and replays games through
(rulesrun/web/, docs/web.md), driven in-process by Starlette's test client."""

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

import rulesrun
from rulesrun.cli.main import main
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.studies.log import read_log, replay
from rulesrun.web.layout import layout
from rulesrun.web.replay import LogMismatch, Replay
from rulesrun.web.server import LOGGED
from rulesrun.web.sessions import Limits

from helpers import CLASSIC, ROOT, RULESETS, quick_first
from web_client import client

LIARS_DICE = ROOT / "examples" / "liars_dice.rules"
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def classic():
    return rulesrun.load(CLASSIC, params={"rounds": 1})


def play_out(web, moment, choose=lambda moment: 0):
    """Answer every decision the page is shown until the game ends; the moments seen."""
    seen = [moment]
    while not moment["over"]:
        answer = {"option": choose(moment), "answered": moment["answered"]}
        moment = web.post(f"/api/games/{moment['game']}/answer", json=answer).json()
        seen.append(moment)
    return seen


def test_a_person_plays_a_whole_game_against_a_bot_and_its_log_replays(classic, tmp_path):
    web = client(classic, CLASSIC, ["human", "greedy"])
    moment = web.post("/api/games", json={"seed": 3}).json()
    assert moment["decision"]["seat"] == 0 and moment["view"]["seat"] == 0
    assert moment["decision"]["options"][0].startswith("place(")
    seen = play_out(web, moment, choose=lambda m: len(m["decision"]["options"]) - 1)
    # The bot answered on the server: every moment the page saw was the person's, or the end.
    assert all(m["decision"]["seat"] == 0 for m in seen[:-1])
    end = seen[-1]
    assert end["decision"] is None and end["view"]["seat"] is None
    assert "Final standing:" in end["standing"] and end["winners"]
    assert any(line.strip().startswith("> seat 1: Which dice do you place? -> ") for line in end["transcript"])
    log = tmp_path / "game.jsonl"
    log.write_text(web.get(f"/api/games/{end['game']}/log").text)
    setup, events = read_log(log)
    assert (setup.seed, setup.agents, setup.params) == (3, ("human", "greedy"), {"rounds": "1"})
    assert replay(setup, events).first_difference is None


@pytest.mark.slow
def test_a_downloaded_log_names_its_rules_so_that_it_replays_from_any_folder(tmp_path, monkeypatch):
    """A log downloaded from the page named its rules as the server's command line did, relative
    to the server's working folder: it replayed only from there. It names them by their absolute
    paths now, and within the reach every log has (its own folder, the shipped rulesets,
    --allow-path), as `--log` does."""
    project, downloads, elsewhere = tmp_path / "project", tmp_path / "downloads", tmp_path / "elsewhere"
    (project / "rules" / "lib").mkdir(parents=True)
    for name in ("classic.rules", "lib/majority.rules", "lib/dealing.rules"):
        (project / "rules" / name).write_text((RULESETS / name).read_text())
    downloads.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(project)
    rules = rulesrun.load("rules/classic.rules", params={"rounds": 1})
    web = client(rules, "rules/classic.rules", ["random"])
    end = web.post("/api/games", json={"seed": 6}).json()
    assert end["over"]
    log = downloads / "game-6.jsonl"
    log.write_text(web.get(f"/api/games/{end['game']}/log").text)
    head, opening = (json.loads(line) for line in log.read_text().splitlines()[:2])
    assert head["ruleset"] == str(project / "rules" / "classic.rules") and "unfinished" not in head
    named = {str(project / "rules" / name) for name in ("classic.rules", "lib/majority.rules", "lib/dealing.rules")}
    assert set(head["sources"]) == set(opening["sources"]) == named
    monkeypatch.chdir(elsewhere)
    outside = CliRunner().invoke(main, ["replay", str(log)])
    assert outside.exit_code == 2 and "lies outside the folders the log may name files in" in outside.output
    replayed = CliRunner().invoke(main, ["replay", str(log), "--allow-path", str(project / "rules")])
    assert replayed.exit_code == 0 and "identical" in replayed.output, replayed.output
    # The shipped rulesets are in every log's reach.
    shipped = client(rulesrun.load(CLASSIC, params={"rounds": 1}), CLASSIC, ["random"])
    done = shipped.post("/api/games", json={"seed": 6}).json()
    (downloads / "shipped.jsonl").write_text(shipped.get(f"/api/games/{done['game']}/log").text)
    assert CliRunner().invoke(main, ["replay", str(downloads / "shipped.jsonl")]).exit_code == 0


@pytest.mark.slow
def test_a_log_downloaded_mid_game_goes_on_at_the_terminal(classic, tmp_path):
    web = client(classic, CLASSIC, ["human", "random"])
    moment = web.post("/api/games", json={"seed": 3}).json()
    moment = web.post(f"/api/games/{moment['game']}/answer", json={"option": 1, "answered": 0}).json()
    log = tmp_path / "game-3.jsonl"
    log.write_text(web.get(f"/api/games/{moment['game']}/log").text)
    assert json.loads(log.read_text().splitlines()[0])["unfinished"] is True
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0 and "up to where the game was stopped" in replayed.output, replayed.output
    resumed = CliRunner().invoke(main, ["play", "--resume", str(log)], input="1\n" * 200)
    assert resumed.exit_code == 0 and "Final standing:" in resumed.output, resumed.output
    assert CliRunner().invoke(main, ["replay", str(log)]).exit_code == 0


def test_undo_goes_back_to_the_last_decision_a_person_answered(classic):
    web = client(classic, CLASSIC, ["human", "random"])
    first = web.post("/api/games", json={"seed": 5}).json()
    key = first["game"]
    assert not first["can_undo"]
    refused = web.post(f"/api/games/{key}/undo", json={})
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["error"]
    second = web.post(f"/api/games/{key}/answer", json={"option": 1, "answered": 0}).json()
    assert second["can_undo"] and second["answered"] > 1          # the bot answered in between
    back = web.post(f"/api/games/{key}/undo", json={}).json()
    assert back["answered"] == 0 and back["decision"] == first["decision"] and back["transcript"] == first["transcript"]
    again = web.post(f"/api/games/{key}/answer", json={"option": 0, "answered": 0}).json()
    assert "> seat 0: Which dice do you place? -> " + first["decision"]["words"][0] in "\n".join(again["transcript"])


def test_an_answer_meant_for_another_decision_a_wrong_option_or_game_gets_a_word_not_a_crash(classic):
    web = client(classic, CLASSIC, ["human", "random"])
    moment = web.post("/api/games", json={"seed": 5}).json()
    key = moment["game"]
    stale = web.post(f"/api/games/{key}/answer", json={"option": 0, "answered": 4})
    assert stale.status_code == 409 and "meant for decision 5" in stale.json()["error"]
    wrong = web.post(f"/api/games/{key}/answer", json={"option": 99, "answered": 0})
    assert wrong.status_code == 400 and "not an option" in wrong.json()["error"]
    assert web.post(f"/api/games/{key}/answer", json={"option": "1"}).status_code == 400
    assert web.post(f"/api/games/{key}/answer", content=b"{not json", headers=JSON).status_code == 400
    assert web.post("/api/games", json={"seed": "seven"}).status_code == 400
    assert web.get("/api/games/no-such-game").status_code == 404
    assert web.get(f"/api/games/{key}").json()["answered"] == 0
    # JSON nested past Python's recursion limit, and a body no page sends: the caller's mistakes.
    deep = web.post(f"/api/games/{key}/answer", content=b'{"option":' * 5_000, headers=JSON)
    assert deep.status_code == 400 and deep.json()["error"] == "the body is not JSON"
    huge = web.post("/api/games", content=b" " * (1 << 17) + b"{}", headers=JSON)
    assert huge.status_code == 413 and "over 65,536 bytes" in huge.json()["error"]
    assert web.get(f"/api/games/{key}").json()["answered"] == 0


def test_a_page_keeps_its_newest_games_and_a_new_one_replaces_its_own_oldest(classic):
    web = client(classic, CLASSIC, ["human", "random"], limits=Limits(per_page=2))
    keys = [web.post("/api/games", json={"seed": seed}).json()["game"] for seed in (1, 2, 3)]
    assert web.get(f"/api/games/{keys[0]}").status_code == 404
    assert [web.get(f"/api/games/{key}").json()["seed"] for key in keys[1:]] == [2, 3]


def test_hot_seat_shows_each_person_their_own_view_and_never_another_seats_private_zone():
    rules = rulesrun.load(LIARS_DICE)
    web = client(rules, LIARS_DICE, ["human"], players=3)
    moment = web.post("/api/games", json={"seed": 4}).json()
    seats_seen = set()
    for _ in range(3):
        seat = moment["decision"]["seat"]
        seats_seen.add(seat)
        cups = moment["view"]["zones"]["cup"]
        assert moment["view"]["seat"] == seat and cups[seat] is not None
        assert all(cup is None for owner, cup in enumerate(cups) if owner != seat)
        assert moment["view"]["counts"]["cup"] == [len(cups[seat])] * 3
        moment = web.post(f"/api/games/{moment['game']}/answer", json={"option": 0, "answered": moment["answered"]}).json()
    assert len(seats_seen) > 1
    assert web.get("/api/setup").json()["plan"]["private"] is True


def test_the_plan_tells_a_var_per_owner_from_a_plain_list_and_dice_from_cards():
    # `var eliminated per player = 0` and `var in_game = []` both show as a list of one entry per seat.
    wurf = layout(rulesrun.load(RULESETS / "grosser_wurf.rules"))
    shapes = {var["name"]: var["shape"] for var in wurf["vars"]}
    assert shapes["eliminated"] == "owners" and shapes["in_game"] == "one"
    plan = layout(rulesrun.load(CLASSIC))
    assert plan["kinds"] == {"small": "die", "biggy": "die", "bill": "card"}
    assert {zone["name"]: zone["shape"] for zone in plan["zones"]}["casino"] == "indexed"
    assert {zone["name"]: zone["seen"] for zone in plan["zones"]}["deck"] == "hidden"


def test_views_shape_families_as_objects_and_say_vars_in_words_leaving_out_internal_ones(classic):
    web = client(classic, CLASSIC, ["human", "random"])
    view = web.post("/api/games", json={"seed": 3}).json()["view"]
    assert list(view["zones"]["casino"]) == ["1", "2", "3", "4", "5", "6"]
    assert view["counts"]["deck"] > 0 and "deck" not in view["zones"]
    assert view["zones"]["bills_at"]["1"][0][0] == "bill"
    assert view["vars"] == {"start_player": "0"}          # `var prize_zones internal = []` is the rules' own


def test_a_finished_game_is_reviewed_step_by_step(classic):
    web = client(classic, CLASSIC, ["human", "random"])
    end = play_out(web, web.post("/api/games", json={"seed": 8}).json())[-1]
    replay_key = web.post(f"/api/games/{end['game']}/review", json={}).json()["replay"]
    summary = web.get(f"/api/replays/{replay_key}").json()
    log = [json.loads(line) for line in web.get(f"/api/games/{end['game']}/log").text.splitlines()][1:]
    chosen = [e["options"][e["choice"]] for e in log if e["t"] == "decide" and len(e["options"]) > 1]
    assert [step["chosen"] for step in summary["steps"][:-1]] == chosen
    assert summary["steps"][-1]["seat"] is None
    first = web.get(f"/api/replays/{replay_key}/steps/0").json()
    assert first["view"]["seat"] is None and "deck" in first["view"]["zones"]     # the whole table
    last = web.get(f"/api/replays/{replay_key}/steps/{len(summary['steps']) - 1}").json()
    assert last["over"] and last["standing"] == end["standing"] and last["transcript"] == end["transcript"]
    assert web.get(f"/api/replays/{replay_key}/steps/{len(summary['steps'])}").status_code == 404


def test_rules_that_go_wrong_before_the_first_decision_get_a_located_word_not_a_server_error():
    """A ruleset whose setup fails (an index outside its zones) cannot deal a game: the page is
    told why, located, with status 422, and the server shows no traceback."""
    path = ROOT / "tests" / "bad_inputs" / "index_outside.rules"
    web = client(rulesrun.load(path), path, ["human", "random"])
    response = web.post("/api/games", json={"seed": 3})
    assert response.status_code == 422
    assert "index_outside.rules:6:5" in response.json()["error"] and "index 7 is outside" in response.json()["error"]


def test_answers_that_do_not_fit_the_game_are_refused_where_they_part(classic):
    result = classic.play(2, 4, [make_agent("random", 4, p) for p in range(2)], log=[])
    events = json.loads(json.dumps(result.log))
    assert len(Replay(classic, 2, 4, events, ["random", "random"]).steps) > 1
    decisions = [k for k, event in enumerate(events) if event["t"] == "decide" and len(event["options"]) > 1]
    with pytest.raises(LogMismatch, match="the log ends after 2 decisions, before the game does"):
        Replay(classic, 2, 4, events[:decisions[2]], ["random", "random"])


@pytest.mark.slow
def test_serve_log_opens_with_the_logged_game(tmp_path):
    log = tmp_path / "game.jsonl"
    played = CliRunner().invoke(main, [str(CLASSIC), "--seed", "2", "--players", "2", "--set", "rounds=1",
                                       "--agent", "random", "--log", str(log)])
    assert played.exit_code == 0, played.output
    setup, events = read_log(log)
    rules = rulesrun.load(CLASSIC, params={"rounds": 1})
    web = client(rules, CLASSIC, setup.agents, replay_of=Replay(rules, 2, 2, events, list(setup.agents)))
    shown = web.get("/api/setup").json()
    assert shown["mode"] == "replay" and shown["replay"] == LOGGED
    assert web.get(f"/api/replays/{LOGGED}/steps/0").json()["turn"] == 1


def test_the_page_is_served_from_the_package_with_nothing_from_the_net(classic):
    web = client(classic, CLASSIC, ["human"])
    page = web.get("/")
    assert page.status_code == 200 and 'src="table.js"' in page.text
    for name in ("table.js", "tabletop.js", "table.css"):
        text = web.get(f"/{name}").text
        assert "http://" not in text and "https://" not in text


def test_the_engine_shows_the_whole_table_only_when_asked_with_no_seat(classic):
    game = classic.start(2, 3)
    assert game.view(0) == game.decision.view
    whole = game.view()
    assert whole.seat is None and whole.counts == {} and len(whole.zones["deck"]) == game.view(0).counts["deck"]


# ---------------------------------------------------------------- the command


def serve(*args):
    return CliRunner().invoke(main, ["serve", *[str(a) for a in args]])


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    log = tmp_path_factory.mktemp("logs") / "game.jsonl"
    played = CliRunner().invoke(main, [str(CLASSIC), "--seed", "2", "--players", "2", "--set", "rounds=1",
                                       "--agent", "random", "--log", str(log)])
    assert played.exit_code == 0, played.output
    return log


@pytest.mark.slow
def test_serve_refuses_what_it_cannot_serve_with_a_word_and_a_status(logged, tmp_path, monkeypatch):
    fixed = serve(logged, "--agent", "greedy")
    assert fixed.exit_code == 2 and "a log fixes its game" in fixed.output
    not_a_log = tmp_path / "notes.jsonl"
    not_a_log.write_text('{"hello": 1}\n')
    refused = serve(not_a_log)
    assert refused.exit_code == 2 and "not a log:" in refused.output and "hint:" in refused.output
    lines = logged.read_text().splitlines()
    head = json.loads(lines[0])
    head["seed"] += 1
    other = tmp_path / "other.jsonl"
    other.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    differs = serve(other)
    assert differs.exit_code == 1 and "other.jsonl: does not replay on its rules: the game differs at event" in differs.output
    assert serve(CLASSIC, "--agent", "grredy").exit_code == 2
    assert serve(CLASSIC, "--players", 9).exit_code == 2
    proxy = serve(CLASSIC, "--allow-host", "https://table.example")
    assert proxy.exit_code == 2 and "a host name or address, without scheme, port or path" in proxy.output
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    missing = serve(CLASSIC)
    assert missing.exit_code == 2 and "pip install 'rulesrun[web]'" in missing.output


@pytest.mark.slow
def test_serve_prints_its_address_and_answers_there():
    command = [sys.executable, "-m", "rulesrun", "serve", str(CLASSIC), "--agent", "human", "--agent", "greedy",
               "--players", "2", "--seed", "4", "--port", "0"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout.readline().startswith("Las Vegas (classic): 2 players (human, greedy)")
            address = re.search(r"serving (http://127\.0\.0\.1:\d+/)", server.stdout.readline()).group(1)
            with urllib.request.urlopen(address + "api/setup", timeout=10) as answer:
                setup = json.load(answer)
            assert setup["seats"] == ["human", "greedy"] and setup["seed"] == 4 and setup["mode"] == "play"
            # Another site's name pointed at this machine (DNS rebinding) is not this server's address.
            rebound = urllib.request.Request(address + "api/setup", headers={"Host": "rebound.example"})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(rebound, timeout=10)
            assert refused.value.code == 421
        finally:
            server.terminate()


SHIPPED = [RULESETS / "classic.rules", RULESETS / "lasvegas.rules", RULESETS / "lasvegas2012.rules",
           RULESETS / "royale.rules", RULESETS / "pot.rules", RULESETS / "grosser_wurf.rules", LIARS_DICE]


@pytest.mark.parametrize("path", quick_first(SHIPPED), ids=lambda path: path.stem)
def test_every_shipped_ruleset_is_laid_out_from_its_declarations_alone(path):
    rules = rulesrun.load(path)
    players = max(rules.min_players, min(3, rules.max_players))
    web = client(rules, path, ["human", "random"], players=players)
    plan = web.get("/api/setup").json()["plan"]
    moment = web.post("/api/games", json={"seed": 1}).json()
    view = moment["view"]
    games = [zone["name"] for zone in plan["zones"] if zone["part"] is None]
    assert set(games) == set(view["zones"]) | set(view["counts"])
    assert [var["name"] for var in plan["vars"] if var["part"] is None] == list(view["vars"])
    parts = {part["name"]: part for part in view["parts"]}
    for part in parts.values():
        mine = [zone["short"] for zone in plan["zones"] if zone["part"] == part["name"]]
        assert set(mine) == set(part["zones"]) | set(part["counts"])
    for zone in plan["zones"]:
        if zone["part"] is not None and zone["part"] not in parts:
            continue
        seen = parts[zone["part"]] if zone["part"] is not None else view
        key = zone["short"] if zone["part"] is not None else zone["name"]
        shaped = seen["zones"].get(key, seen["counts"].get(key))
        expected = {"one": (list, int), "owners": (list,), "indexed": (dict,)}[zone["shape"]]
        assert isinstance(shaped, expected), zone
    pieces = [piece for shaped in view["zones"].values() for piece in _all_pieces(shaped)]
    assert pieces and all(kind in plan["kinds"] for kind, _, _ in pieces)


def _all_pieces(shaped):
    """Every piece [kind, face, owner] in a zone, a family or a zone per owner."""
    if isinstance(shaped, dict):
        shaped = list(shaped.values())
    if isinstance(shaped, list) and len(shaped) == 3 and isinstance(shaped[0], str):
        return [shaped]
    return [piece for member in shaped or [] if not isinstance(member, int) for piece in _all_pieces(member)]


def test_a_live_page_hides_a_bots_secret_answer_until_the_game_is_over():
    """LUCKY PUNCH: the bot in seat 0 hides markers, the person in seat 1 guesses how many."""
    royale = RULESETS / "royale.rules"
    rules = rulesrun.load(str(royale), params={"rounds": "1", "forced_boards": "lucky_punch"})
    web = client(rules, royale, ["greedy", "human"], players=3)
    moments = play_out(web, web.post("/api/games", json={"seed": 1}).json())
    guessing = next(m for m in moments if m["decision"] and "does seat 0 hold" in m["decision"]["prompt"])
    hidden = [line for line in guessing["transcript"] if "how many markers do you hide" in line]
    assert hidden and all(" -> (secret) (of 3)" in line for line in hidden)
    assert not any("(secret)" in line for line in moments[-1]["transcript"])
