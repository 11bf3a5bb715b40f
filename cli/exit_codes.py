"""The exit status of every `rulesrun` command, in one place; README.md documents them.

A script can tell what happened from the status alone:

    rulesrun check my.rules || echo "fix the rules"     # 2: usage or invalid rules
    rulesrun replay game.jsonl; [ $? = 1 ] && echo "the game came out differently"
"""

OK = 0
"""Done, nothing to report."""

DIFFERENCE = 1
"""A comparison found a difference: a replayed game differs from its log."""

INVALID = 2
"""The command line, the rules or an input file (a log that is not a log) are not valid: nothing ran.
At the table, an answer from a pipe that is no option: the pipe cannot be asked again."""

PLAY_ERROR = 3
"""Valid rules went wrong while a game was played (a loop that never ends, an index outside a zone)."""

INTERRUPTED = 130
"""Stopped by Ctrl-C (128 + SIGINT, as shells report it): what was played so far is written."""

TERMINATED = 143
"""Stopped by SIGTERM (128 + SIGTERM: `timeout`, `kill`, a cluster's scheduler): as after Ctrl-C,
what was played so far is written and reported."""
