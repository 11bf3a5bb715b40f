"""Compiled rules kept for a process that loads the same ruleset again and again.

OpenSpiel makes a game anew from its string whenever it restores a state
(`pyspiel.deserialize_game_and_state`, `random_sim_test(serialize=True)`), and compiling a
ruleset takes about a second; a game's rules never change once compiled and games share them
(docs/architecture.md, "No state shared between games"), so a restored game can take the
rules compiled before for the same texts and params:

    kept = CompiledRules(limit=8)
    rules = kept.load("rulesets/royale.rules", params={"rounds": "2"})
    kept.load("rulesets/royale.rules", params={"rounds": "2"}) is rules    # True, files unchanged

An entry is found by what was asked (the folder it was asked from, the ruleset's path, the
fragments, the params) and kept only while the text of every file its program read
(`program.texts`, the very texts compiled: includes, bases, fragments) is still what it was:
an edited file is read and compiled again. At most `limit` entries, the least recently used let go first (LRU).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path

import rulesrun


class CompiledRules:
    """A bounded memo of compiled rules by their recipe and source texts, owned by whoever
    makes games of them (the OpenSpiel game factory, rulesrun/openspiel.py)."""

    __slots__ = ("limit", "compiled", "_kept")

    def __init__(self, limit: int = 8):
        self.limit = limit
        # How many times rules were compiled (misses): what a test of the memo counts.
        self.compiled = 0
        # recipe -> (((path, text), ...) of every source file, rules); oldest first.
        self._kept: OrderedDict = OrderedDict()

    def load(self, path, with_=(), params: dict | None = None):
        """`rulesrun.load(path, with_, params)`, or the rules it gave before for the same files
        with the same texts."""
        recipe = (os.getcwd(), str(path), tuple(map(str, with_)), tuple(sorted((params or {}).items())))
        entry = self._kept.get(recipe)
        if entry is not None and all(_text(file) == text for file, text in entry[0]):
            self._kept.move_to_end(recipe)
            return entry[1]
        rules = rulesrun.load(path, with_=list(with_), params=params)
        self.compiled += 1
        self._kept[recipe] = (tuple((str(file), text) for file, text in rules.program.texts.items()), rules)
        self._kept.move_to_end(recipe)
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)
        return rules

    def __len__(self) -> int:
        return len(self._kept)


def _text(path: str) -> str | None:
    """The file's text now, or None if it can no longer be read (so no entry matches it)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
