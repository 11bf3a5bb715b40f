"""`rulesrun play --resume LOG`: the game of a log stopped at the table, set up to go on from
the decision it waits at.

The log is checked as `rulesrun replay` checks it (cli/replay.py): a file that is no log, a
changed source or a log of other rules exit 2, a game that comes out differently 1, a game
that is over 2 (there is nothing to go on with). Its seats are the log's, a person where it
says `human` and each bot made anew, as a new game seeds it; `--agent` seats them otherwise,
seat by seat with the last repeating, as for a new game. A seat of the log that names a bot's
code is refused, as every log's is (a log never names code that runs): seat it with `--agent`.
The game goes on in LOG (its answers so far kept, the rest added) unless `--log` names
another file; the finished log replays as one game.

    rulesrun play --resume classic-7.jsonl
    rulesrun play --resume classic-7.jsonl --agent human --agent greedy --log whole-game.jsonl
"""

from __future__ import annotations

import attrs

from .output import InvalidInput
from .replay import differs, replayed_log
from .sitting import Sitting, seats_of


def resumed(log_path: str, agents, log_out: str | None, allow, budget) -> Sitting:
    """The game of the log at `log_path`, replayed to where it stopped and seated anew."""
    setup, events, rules, replayed = replayed_log(log_path, allow, budget)
    if replayed.first_difference is not None:
        differs(replayed, events)
    if replayed.game.over:
        raise InvalidInput(f"the game of {log_path} is over: there is nothing to go on with; hint: "
                           f"`rulesrun replay {log_path} --show` shows it")
    seated = attrs.evolve(setup, agents=seats_of(setup, agents), unfinished=False)
    return Sitting(rules, seated, tuple(replayed.game.answers), log_out, None if log_out else log_path,
                   tuple(allow), budget)
