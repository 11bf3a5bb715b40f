"""What one game's course says (interpreter/running/course.py): its lead changes, the leaders
after each round, how far behind its winners were at their worst, and its winning margin. The
`metrics` field of a record (`simulate --metrics --out`), which the run's metrics add up
(interpreter/studies/metrics.py); docs/metrics.md has the definitions and their sources.

A standing is every seat's first score key; the course has one at the start of each turn, and
the final score closes it. The leaders of a standing are the seats with the best key (the
highest, or the lowest when the rules say lowest wins): one seat, or several tied. A round ends
when the seat that took the game's first turn begins a turn again.

    course: seats      0      1      0      1      0      1      (end)
            standings  (0, 0) (0, 0) (5, 0) (5, 5) (5, 8) (9, 8) (9, 12); seat 1 wins
            leaders    0 1    0 1    0      0 1    1      0      1
    lead_changes 3: seat 0 leads alone, then 1, then 0, then 1 (the tie between changes nothing)
    leaders      [[0], [1]]: after round 1 (at the start of round 2, (5, 0)) and round 2 ((5, 8))
    drama        5: seat 1 was 5 behind at (5, 0), its worst
    margin       3: 12 against 9
"""

from __future__ import annotations


def leaders(keys, lowest_wins: bool) -> list[int]:
    """The seats with the best of `keys`: `[2]`, or `[0, 3]` when two are tied."""
    best = (min if lowest_wins else max)(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


def summary(seats: list, standings: list, scores: list, winners: list, lowest_wins: bool,
            options: int, choices: int) -> dict:
    """A game's `metrics` record: `first` (the seat of its first turn, None without turns),
    `lead_changes`, `leaders` (the leading seats after each round the game went on from),
    `drama` (the winners' worst deficit, the mean over shared winners; None when nobody won),
    `margin` (the winners' first key against the best other seat's; None when nobody won), and
    `options` and `choices` (the options of the decisions with a choice, and their number)."""
    # Most turns change no score: the standings that differ from the one before say it all.
    points = [keys for keys, before in zip([*standings, tuple(scores)], [None, *standings]) if keys != before]
    first = seats[0] if seats else None
    leading = {}
    for at, seat in enumerate(seats):
        if seat == first and at:
            keys = standings[at]
            if keys not in leading:
                leading[keys] = leaders(keys, lowest_wins)
    return {"first": first, "lead_changes": lead_changes(points, lowest_wins),
            "leaders": [leading[standings[at]] for at, seat in enumerate(seats) if seat == first and at],
            "drama": drama(points, winners, lowest_wins) if winners else None,
            "margin": margin(scores, winners, lowest_wins) if winners else None,
            "options": options, "choices": choices}


def lead_changes(points: list, lowest_wins: bool) -> int:
    """How often a seat takes the lead alone from another that had it alone before: a tie
    between them changes nothing, and the first seat to lead is no change."""
    better = min if lowest_wins else max
    changes, last = 0, None
    for keys in points:
        best = better(keys)
        if keys.count(best) == 1:
            seat = keys.index(best)
            if last is not None and seat != last:
                changes += 1
            last = seat
    return changes


def drama(points: list, winners: list, lowest_wins: bool):
    """How far behind the best seat the winners were at their worst (0 if they never trailed);
    shared winners count the mean of theirs."""
    if lowest_wins:
        worst = [max(keys[seat] - min(keys) for keys in points) for seat in winners]
    else:
        worst = [max(max(keys) - keys[seat] for keys in points) for seat in winners]
    return worst[0] if len(worst) == 1 else sum(worst) / len(worst)


def margin(scores: list, winners: list, lowest_wins: bool):
    """The winners' first key against the best first key of the other seats: 0 when every seat
    won, or when the winners were told apart by a later key."""
    others = [key for seat, key in enumerate(scores) if seat not in winners]
    if not others:
        return 0
    best_other = (min if lowest_wins else max)(others)
    return best_other - scores[winners[0]] if lowest_wins else scores[winners[0]] - best_other
