"""The tables a server holds, live games and replays, in memory: each held by the page that
dealt it, found again only with that page's token.

A key alone finds nothing: a page sends its token (random, from `secrets`) with every request,
and another page's token, or none, is answered as if the table did not exist. The store is
bounded without ever dropping a game someone is playing to make room for someone else's:

- a page holds at most `per_page` tables: a new one replaces its own least recently used;
- a table nobody has asked for in `idle` seconds is dropped when another is dealt;
- past `per_address` tables dealt from one address, or `room` in all, finished games and
  replays make room, least recently used first; when none is left to drop, the new table is
  refused (`Full`), and everyone's games stay as they were.

    sessions = Sessions(Limits(), finished=lambda table: table.game.over)
    key, token = sessions.add(table, token=None, address="127.0.0.1")   # a fresh token
    sessions.get(key, token)       # KeyError: dropped, never dealt, or another page's
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict

import attrs


@attrs.frozen(slots=True)
class Limits:
    """How many tables a server holds (docs/web.md gives these numbers)."""

    room: int = 64
    per_page: int = 4
    per_address: int = 32
    idle: float = 30 * 60


class Full(Exception):
    """No room for another table without dropping a game someone is playing."""


@attrs.define(slots=True)
class _Held:
    table: object
    token: str
    address: str
    used: float


class Sessions:
    def __init__(self, limits: Limits = Limits(), finished=lambda table: False, clock=time.monotonic):
        self.limits = limits
        self._finished = finished
        self._clock = clock
        self._tables: OrderedDict[str, _Held] = OrderedDict()     # least recently used first
        self._lock = threading.Lock()

    def add(self, table, token: str | None, address: str) -> tuple[str, str]:
        """Hold `table` for the page with `token` (a fresh token when it holds nothing here),
        dealt from `address`; its key and the token. Full when there is no room."""
        with self._lock:
            now = self._clock()
            if token is None or not any(held.token == token for held in self._tables.values()):
                token = secrets.token_urlsafe()
            self._make_room(token, address, now)
            key = secrets.token_urlsafe(9)
            self._tables[key] = _Held(table, token, address, now)
        return key, token

    def get(self, key: str, token: str | None):
        """The table `key` if the page with `token` holds it; KeyError otherwise, alike whether
        the table was dropped, never dealt or is another page's."""
        with self._lock:
            held = self._tables.get(key)
            if held is None or token is None or not secrets.compare_digest(held.token.encode(), token.encode()):
                raise KeyError(key)
            held.used = self._clock()
            self._tables.move_to_end(key)
            return held.table

    def _make_room(self, token: str, address: str, now: float) -> None:
        """Drop what must go for one more table of `token` from `address` (see the module
        docstring), or raise Full having dropped nothing."""
        limits, tables = self.limits, self._tables
        going = [key for key, held in tables.items() if now - held.used > limits.idle]
        own = [key for key, held in tables.items() if held.token == token and key not in going]
        going += own[:max(0, len(own) + 1 - limits.per_page)]
        going += self._spare([key for key, held in tables.items() if key not in going and held.address == address],
                             limits.per_address, f"{address} has {limits.per_address} games at this table already")
        going += self._spare([key for key in tables if key not in going],
                             limits.room, f"the table is full ({limits.room} games)")
        for key in going:
            del tables[key]

    def _spare(self, staying: list[str], limit: int, why: str) -> list[str]:
        """The finished tables of `staying` to drop so that one more fits under `limit`, least
        recently used first; Full, saying `why`, when there are too few."""
        over = len(staying) + 1 - limit
        spare = [key for key in staying if self._finished(self._tables[key].table)]
        if over > len(spare):
            raise Full(f"{why}: finish a game, or wait until one has been left alone for "
                       f"{self.limits.idle / 60:g} minutes")
        return spare[:max(0, over)]
