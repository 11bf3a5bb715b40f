"""The tables a server holds, by id: live games and replays, in memory, for as long as it runs.

An id is random and unguessable, so two browsers on one server keep apart; past `limit`
tables the oldest one is dropped, so a server left running for days stays small.

    sessions = Sessions(limit=64)
    key = sessions.add(table)
    sessions.get(key)        # KeyError once dropped (or never made)
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict


class Sessions:
    def __init__(self, limit: int = 64):
        self.limit = limit
        self._tables: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def add(self, table, key: str | None = None) -> str:
        key = key or secrets.token_urlsafe(9)
        with self._lock:
            self._tables[key] = table
            while len(self._tables) > self.limit:
                self._tables.popitem(last=False)
        return key

    def get(self, key: str):
        with self._lock:
            return self._tables[key]
