"""Writing a board or a variant (issue #39): what a designer meets when adding a part to a game.

A hook of a part runs while the part is in play, if it says so; a var starts again when it
says; double-sided boards pair up from any number of files; a text where a part is meant is
a located check error naming the part; and the sixteen boards of Royale stay short and narrow.
"""

from __future__ import annotations

from helpers import RULESETS, forced
from rulesrun.interpreter.running.rules import load_rules
from rulesrun.interpreter.testing.scenario import Scenario

ROYALE = RULESETS / "royale.rules"


# ------------------------------------------------------------------ a payment says what was paid


def _bad_luck(denny_cash, denny_jetons=0):
    """BAD LUCK out alone; Denny (seat 3) has no die in casino 1, the others one each."""
    s = Scenario(load_rules(ROYALE, params=forced("bad_luck")), players=4)
    s.call("setup")
    s.call("draw_boards")
    for seat in (0, 1, 2):
        s.place(seat, "small", [1], "casino", 1)
    s.set("cash", denny_cash, 3)
    s.set("jetons", denny_jetons, 3)
    s.call("scoring")
    return s


def test_bad_luck_a_seat_short_of_the_fine_is_said_to_pay_what_it_had():
    """Denny owes 50,000 and holds 20,000: the transcript says he paid 20,000, not 50,000."""
    said = _bad_luck(20000).said()
    assert "seat 3 must pay 50000 to the bank: pays all it has, 20000" in said
    assert "seat 3 pays 50000 to the bank" not in said


def test_bad_luck_paid_in_full_and_paid_over_with_jetons():
    assert "seat 3 pays 50000 to the bank" in _bad_luck(60000).said()
    # 45,000 in cash and a jeton for the rest: jetons give no change.
    assert "seat 3 pays 55000 to the bank for 50000 (jetons give no change)" in _bad_luck(45000, 1).said()


# ------------------------------------------------------------------ forced_boards takes names


def test_a_wrong_forced_board_is_refused_with_the_names_the_setting_takes():
    from click.testing import CliRunner

    from rulesrun.cli.main import main

    out = CliRunner().invoke(main, ["check", str(ROYALE), "--set", "forced_boards=jackpot,hot_streak"])
    assert out.exit_code == 2
    assert "error: forced_boards names no board: [hot_streak]; the boards are jackpot, pay_day, high_five" in out.output
    assert "JACKPOT" not in out.output.split("error:")[1].splitlines()[0]


# ------------------------------------------------------------------ double-sided boards add up


def _pair(folder, front, back):
    """A fragment printing a new double-sided board: two board files and the pair, no override."""
    for side in (front, back):
        (folder / f"{side}.rules").write_text(f'board {side} "{side.upper()}"\n\non activated:\n    say "{side}"\n')
    path = folder / f"pair_{front}.rules"
    path.write_text(f'fragment "{front} / {back}"\ninclude "{front}.rules"\ninclude "{back}.rules"\n'
                    f"term board_sides(): [[{front}, {back}]]\n")
    return path


def test_three_double_sided_boards_from_three_fragments_combine_without_override(tmp_path):
    pairs = [("ace", "deuce"), ("trey", "cater"), ("cinque", "sice")]
    fragments = [_pair(tmp_path, *pair) for pair in pairs]
    assert not any("override" in path.read_text() for path in fragments)
    rules = load_rules(ROYALE, fragments, params={"boards_per_round": "6"})
    s = Scenario(rules, players=4)
    box = [[side.name for side in sides] for sides in s.call("boards_in_the_box")]
    assert len(box) == 8 + 3 and box[8:] == [list(pair) for pair in pairs]
    seen = set()
    for seed in range(12):
        s = Scenario(rules, players=4, seed=seed)
        s.call("draw_boards")
        out = [getattr(s.var("board_at", c), "name", None) for c in range(1, 7)]
        assert all(not (front in out and back in out) for front, back in pairs), out
        seen.update(out)
    assert {side for pair in pairs for side in pair} & seen  # the new boards are in the draw
