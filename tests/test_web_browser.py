"""The table in a real browser: Debian's chromium, driven by Playwright for Python, plays a short
game through clicks, undoes once, steps through a replay, opens a game of bots on its timeline
and photographs Royale mid-game; marked slow, plays a whole game of Royale against greedy bots.

Skipped, with the reason, where Playwright or chromium is missing (`.ci/run` installs both).
The screenshot goes to a temporary folder; with RULESRUN_SCREENSHOTS=1 it replaces
docs/web-royale.png, the picture in the README.
"""

import contextlib
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (starlette, uvicorn) is not installed")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("chromium is not installed (`apt-get install chromium`; .ci/run does it)", allow_module_level=True)

import rulesrun
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.studies.log import Setup
from rulesrun.web.reach import Reach
from rulesrun.web.replay import Replay
from rulesrun.web.server import Serving, make_app

from helpers import CLASSIC, ROOT, RULESETS

# As root on a machine with no network but loopback: no sandbox, no GPU, nothing phoning home.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except sync_api.Error as error:
            pytest.skip(f"chromium does not start here: {str(error).splitlines()[0]}")
        yield launched
        launched.close()


@contextlib.contextmanager
def served(serving):
    """The app for `serving` on a free port of 127.0.0.1, in a thread; yields its address."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(16)
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(make_app(serving, Reach(port)), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()


def playing(path, seats, players, seed, params=None):
    """What a server deals; the last of `seats` repeats, as with --agent."""
    rules = rulesrun.load(path, params=params)
    seats = [seats[min(p, len(seats) - 1)] for p in range(players)]
    return Serving(rules, players, tuple(seats), seed, Setup(str(path), (), dict(params or {}), players, seed, tuple(seats)))


@contextlib.contextmanager
def opened(browser, address, width=1280, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(address)
    page.wait_for_selector("body[data-ready=true]")
    try:
        yield page
    finally:
        page.close()
    assert not errors, errors


def settled(page):
    page.wait_for_function("!document.body.classList.contains('busy')")


@pytest.mark.slow
def test_a_person_plays_a_short_game_by_clicks_and_keys_and_undoes_once(browser):
    serving = playing(CLASSIC, ["human", "random"], 2, 3, {"rounds": 1})
    with served(serving) as address, opened(browser, address) as page:
        question = page.locator("#question")
        assert question.locator("h2").inner_text() == "seat 0: Which dice do you place?"
        first = question.get_by_role("button", name="Option 1:")
        first.click()
        settled(page)
        before_undo = page.locator("#transcript li").count()
        page.get_by_role("button", name="Undo").click()
        settled(page)
        assert "Undone" in page.locator("#status").inner_text()
        assert page.locator("#transcript li").count() < before_undo
        page.keyboard.press("2")                 # the second option, by key
        settled(page)
        assert "> seat 0: Which dice do you place? -> " in page.locator("#transcript").inner_text()
        # A reload finds the game again: its key is in the address, the page's token in the tab.
        transcript = page.locator("#transcript").inner_text()
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        assert page.locator("#transcript").inner_text() == transcript
        for _ in range(40):
            if question.locator("h2").inner_text() == "Game over":
                break
            question.locator("button.option").first.click()
            settled(page)
        assert question.locator("h2").inner_text() == "Game over"
        assert "Winner" in question.locator(".standing").inner_text()
        assert page.locator("#table .die").count() > 0 and page.locator("#table .card").count() > 0
        with page.expect_download() as saving:
            page.get_by_role("button", name="Download the log").click()
        assert saving.value.suggested_filename == "game-3.jsonl"
        assert Path(saving.value.path()).read_text().startswith('{"')


@pytest.mark.slow
def test_a_replay_steps_jumps_to_a_turn_and_plays_back(browser):
    rules = rulesrun.load(CLASSIC, params={"rounds": 1})
    log = []
    rules.play(2, 6, [make_agent("random", 6, p) for p in range(2)], log)
    seats = ("random", "random")
    replay = Replay(rules, 2, 6, log, list(seats))
    serving = Serving(rules, 2, seats, 6, Setup(str(CLASSIC), (), {"rounds": "1"}, 2, 6, seats), replay)
    steps = len(replay.steps)
    with served(serving) as address, opened(browser, address) as page:
        where = page.locator("#where")
        assert where.inner_text() == f"step 1 of {steps}, turn 1"
        assert page.locator("#new-game").is_hidden()
        page.get_by_role("button", name="Next step").click()
        page.wait_for_function(f"document.getElementById('where').textContent.startsWith('step 2 of {steps}')")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.getElementById('where').textContent.startsWith('step 3 of {steps}')")
        assert page.locator("#question button.chosen").count() == 1
        page.get_by_label("Jump to turn").select_option(label="turn 4")
        page.wait_for_function("document.getElementById('where').textContent.endsWith('turn 4')")
        page.get_by_label("Playback speed").select_option("10")
        page.get_by_role("button", name="Play back").click()
        page.wait_for_function("document.getElementById('where').textContent.startsWith('the end')", timeout=20000)
        assert "Winner" in page.locator("#question .standing").inner_text()


@pytest.mark.slow
def test_hot_seat_covers_the_table_while_the_screen_passes_to_the_next_person(browser):
    serving = playing(ROOT / "examples" / "liars_dice.rules", ["human"], 2, 4)
    with served(serving) as address, opened(browser, address) as page:
        assert page.locator("#question h2").inner_text().startswith("seat 0:")
        page.locator("#question button.option").first.click()
        settled(page)
        curtain = page.get_by_role("dialog")
        assert curtain.is_visible() and curtain.inner_text().startswith("Pass the screen to seat 1.")
        assert page.locator("#table").is_hidden()
        page.keyboard.press("Enter")             # the curtain's button has the focus
        assert curtain.is_hidden() and page.locator("#table").is_visible()
        assert page.locator("#question h2").inner_text().startswith("seat 1:")
        assert page.locator("#table h2").inner_text() == "The table as seat 1 sees it"
        # Seat 1's own dice in its row, face up; seat 0's cup a face-down pile with its count.
        assert page.locator("#table tr.deciding .die").count() == 3
        assert page.locator("#table table.owners .face-down").count() == 1
        page.get_by_text("The table in words").click()
        assert "your cup: " in page.locator("#table .in-words pre").inner_text()


@pytest.mark.slow
def test_a_game_of_bots_only_opens_on_its_timeline(browser):
    serving = playing(CLASSIC, ["random"], 2, 9, {"rounds": 1})
    with served(serving) as address, opened(browser, address) as page:
        page.wait_for_function("document.getElementById('where').textContent.startsWith('step 1 of')")
        assert page.locator("#timeline").is_visible() and page.locator("#question button.chosen").count() == 1


@pytest.mark.slow
def test_royale_mid_game_looks_like_a_table(browser, tmp_path):
    boards = {"forced_boards": ["double_down", "block_it", "my_choice"]}
    serving = playing(RULESETS / "royale.rules", ["human", "greedy", "greedy", "greedy"], 4, 11, boards)
    with served(serving) as address, opened(browser, address, 1360, 900) as page:
        for _ in range(6):
            page.keyboard.press("1")
            settled(page)
        table = page.locator("#table")
        assert table.locator("table.owners tbody tr").count() >= 4          # four seats, and owners with pieces
        assert table.locator("table.family").count() >= 1
        assert table.locator(".die").count() > 20 and table.locator(".card").count() > 10
        assert page.locator("#question button.option").count() >= 2
        # Each board in play in a box of its own, with its field and its groups of grey dice,
        # which show no face (they are never rolled); no var the rules keep for themselves.
        titles = table.locator("section.part h3").all_inner_texts()
        assert {"DOUBLE DOWN", "BLOCK IT!", "MY CHOICE"} <= set(titles), titles
        groups = table.get_by_role("region", name="BLOCK IT!")
        assert groups.locator(".die.unrolled").count() > 0 and "group 5" in groups.inner_text()
        assert "used boards" not in table.inner_text() and "used_boards" not in table.inner_text()
        keep = os.environ.get("RULESRUN_SCREENSHOTS")
        path = ROOT / "docs" / "web-royale.png" if keep else tmp_path / "web-royale.png"
        page.screenshot(path=str(path), full_page=False)
        assert path.stat().st_size > 20000
        # A bot's line names the option it took; a click lists every option it had.
        line = page.locator("#transcript details").last
        assert "(of " in line.locator("summary").inner_text() and not line.locator(".offered").is_visible()
        line.locator("summary").click()
        assert line.locator(".offered li").count() >= 2


@pytest.mark.slow
def test_a_person_plays_a_whole_game_of_royale_against_three_greedy_bots_by_clicks(browser):
    serving = playing(RULESETS / "royale.rules", ["human", "greedy", "greedy", "greedy"], 4, 5)
    with served(serving) as address, opened(browser, address) as page:
        question = page.locator("#question")
        for _ in range(400):
            if question.locator("h2").inner_text() == "Game over":
                break
            question.locator("button.option").last.click()
            settled(page)
        assert question.locator("h2").inner_text() == "Game over"
        assert "Winner" in question.locator(".standing").inner_text()
        page.get_by_role("button", name="Review this game").click()
        page.wait_for_function("document.getElementById('where').textContent.startsWith('step 1 of')")
        page.keyboard.press("End")
        page.wait_for_function("document.getElementById('where').textContent.startsWith('the end')")
