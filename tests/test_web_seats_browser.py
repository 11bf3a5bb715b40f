"""Seats over the network in real browsers: two people, each in a browser context of their own
(nothing shared, as two machines), play one game of Liar's dice to its end against a greedy bot
from the links `rulesrun serve --seat` prints; each page moves when the other person does, and
a reload gets the seat's page back. A spectator watches the public table.

Debian's chromium driven by Playwright for Python; skipped, saying why, where either is missing
(the launch and its flags are test_web_browser.py's).
"""

import contextlib
import socket
import threading
import time

import pytest

from test_web_browser import browser, settled  # noqa: F401 (a fixture, and skips as that module does)

import uvicorn

import rulesrun
from rulesrun.interpreter.studies.log import Setup
from rulesrun.web.network import make_network_app
from rulesrun.web.reach import Reach
from rulesrun.web.seats import SharedTable
from rulesrun.web.server import Serving

from helpers import RULESETS

LIARS_DICE = RULESETS / "games" / "liars_dice.rules"
SEATS = ("human", "human", "greedy")


@contextlib.contextmanager
def served_table(seed):
    """A table of Liar's dice over the network on a free port of 127.0.0.1, in a thread: its
    address and each link's token by who holds it."""
    rules = rulesrun.load(LIARS_DICE, params={"dice_each": 2})
    table = SharedTable(rules, 3, seed, list(SEATS))
    serving = Serving(rules, 3, SEATS, seed, Setup(str(LIARS_DICE), (), {"dice_each": "2"}, 3, seed, SEATS))
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(16)
    port = listening.getsockname()[1]
    app = make_network_app(serving, table, Reach(port), lifetime=5)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/", dict(table.links())
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()


@contextlib.contextmanager
def person(browser, link):  # noqa: F811 (the fixture's value)
    """A page in a browser context of its own, opened at `link`; its script errors fail the test."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    page.wait_for_selector("body[data-ready=true]")
    try:
        yield page
    finally:
        context.close()
    assert not errors, errors


def heading(page) -> str:
    return page.locator("#question h2").inner_text()


@pytest.mark.slow
def test_two_people_at_their_own_browsers_play_liars_dice_to_the_end_against_a_bot(browser):  # noqa: F811
    with served_table(seed=12) as (address, tokens), \
            person(browser, address + "#token=" + tokens["seat 0"]) as zero, \
            person(browser, address + "#token=" + tokens["seat 1"]) as one, \
            person(browser, address + "#token=" + tokens["spectators"]) as watching:
        assert zero.locator("#title").inner_text().endswith("· seat 0")
        assert "#token" not in zero.url                         # out of the address bar, kept for the tab
        assert heading(zero) == "seat 0: Raise the bid, or call it a lie?"
        assert heading(one).startswith("Waiting for seat 0:") and one.locator("#question button.option").count() == 0
        # Each sees its own two dice face up and the others' cups face down.
        assert zero.locator("#table h2").inner_text() == "The table as seat 0 sees it"
        assert zero.locator("#table tr.deciding .die").count() == 2
        assert zero.locator("#table table.owners .face-down").count() == 2
        assert watching.locator("#table h2").inner_text() == "The table as spectators see it"
        assert watching.locator("#table table.owners .face-down").count() == 3

        zero.locator("#question button.option").first.click()
        settled(zero)
        one.wait_for_function("document.querySelector('#question h2').textContent.startsWith('seat 1:')")
        assert heading(zero).startswith("Waiting for seat 1:")
        one.reload()                                            # a reload gets the seat's page back
        one.wait_for_selector("body[data-ready=true]")
        assert heading(one).startswith("seat 1:") and one.locator("#title").inner_text().endswith("· seat 1")

        moves, deadline = 0, time.monotonic() + 60
        while "Game over" not in (heading(zero), heading(one)) and time.monotonic() < deadline:
            for page in (zero, one):
                options = page.locator("#question button.option:not([disabled])")
                if options.count():
                    # The lowest bid twice more, then the last option: call the bid a lie.
                    (options.first if moves < 2 else options.last).click()
                    settled(page)
                    moves += 1
            time.sleep(0.05)
        for page in (zero, one, watching):
            page.wait_for_function("document.querySelector('#question h2').textContent === 'Game over'")
            assert "Winner" in page.locator("#question .standing").inner_text()
        assert "calls" in zero.locator("#transcript").inner_text()
        assert zero.locator("#transcript").inner_text() == one.locator("#transcript").inner_text()
        # The next game, dealt from one seat, reaches the others on the same links.
        assert watching.locator("#next").count() == 0
        one.get_by_role("button", name="Next game").click()
        settled(one)
        zero.wait_for_function("document.querySelector('#question h2').textContent.startsWith('seat 0:')")
        assert heading(one).startswith("Waiting for seat 0:")
