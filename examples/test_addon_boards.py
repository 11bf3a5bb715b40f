"""Two example boards for Las Vegas Royale (LOAN SHARK, LOTTERY): each puts itself in the draw
by being included and adds a term to `money` (so to `value` and the score), and both compose
together, with any number of other add-ons, and with every variant that composes with Royale."""

from pathlib import Path

import pytest

from rulesrun import Scenario
from rulesrun.interpreter.lookahead.agents import RandomAgent, make_agent
from rulesrun.interpreter.running.rules import load_rules

HERE = Path(__file__).resolve().parent
ROYALE = HERE.parent / "rulesets" / "royale.rules"
BOARDS = [HERE / "loan_shark.rules", HERE / "lottery.rules"]
# Royale already plays the seed-001 neutral dice for two players, which these two variants
# declare again: they do not compose with Royale itself, with or without the boards.
CLASH_WITH_ROYALE = {"neutral_dice.rules", "neutral_dice_boulevard.rules"}
VARIANTS = sorted(p for p in (HERE.parent / "rulesets" / "variants").glob("*.rules") if p.name not in CLASH_WITH_ROYALE)


def royale(*boards, players=3):
    rules = load_rules(ROYALE, BOARDS, params={"forced_boards": ",".join(boards), "boards_per_round": str(len(boards))})
    s = Scenario(rules, players=players)
    s.call("setup")
    s.call("draw_boards")
    return s


def test_both_boards_are_in_the_draw_each_a_board_of_one_side():
    s = royale("jackpot")
    box = s.call("boards_in_the_box")
    assert [[b.name for b in sides] for sides in box[-2:]] == [["loan_shark"], ["lottery"]]
    assert len(box) == 8 + 2


def test_a_loan_pays_now_and_counts_against_money_and_value_at_once():
    s = royale("loan_shark")
    before_cash, before_value = s.var("cash", 0), s.rules.values_of(s.game)[0]
    s.script(0, "borrow")
    s.call("activate", s.var("board_at", 1), 0, 1, [])
    assert s.var("cash", 0) == before_cash + 50000 and s.var("loans", 0) == 1
    assert s.rules.values_of(s.game)[0] == before_value + 50000 - 70000


@pytest.mark.slow
def test_every_loan_is_repaid_at_the_end_of_the_game():
    rules = load_rules(ROYALE, BOARDS, params={"forced_boards": "loan_shark"})
    log = []
    rules.play(3, 2, [RandomAgent(f"2:{p}") for p in range(3)], log)
    said = [e["text"] for e in log if e.get("t") == "say"]
    loans = [sum(line == f"LOAN SHARK: seat {p} borrows 50000" for line in said) for p in range(3)]
    assert sum(loans) > 0
    assert [line for line in said if "repays" in line] == [f"LOAN SHARK: seat {p} repays {70000 * k}"
                                                            for p, k in enumerate(loans) if k]


@pytest.mark.slow
def test_a_ticket_is_worth_a_sixth_of_the_prize_until_the_draw():
    s = royale("lottery")
    s.set("cash", 20000, 0)
    before = s.rules.values_of(s.game)[0]
    s.script(0, "buy a ticket")
    s.call("activate", s.var("board_at", 1), 0, 1, [])
    assert s.var("tickets", 0) == 1
    assert s.rules.values_of(s.game)[0] == before - 10000 + 100000 // 6


@pytest.mark.slow  # three greedy seats through a game of Royale
@pytest.mark.parametrize("seed", [0, 1])
def test_greedy_sees_through_the_loan_and_buys_the_tickets(seed):
    rules = load_rules(ROYALE, BOARDS, params={"forced_boards": "loan_shark,lottery"})
    log = []
    rules.play(3, seed, [make_agent("greedy", seed, p) for p in range(3)], log)
    asked = [(e["point"], e["options"][e["choice"]]) for e in log if e.get("t") == "decide"
             and e["point"] in ("loan_shark", "lottery")]
    assert {point for point, _ in asked} == {"loan_shark", "lottery"}
    assert ("loan_shark", "borrow") not in asked and ("lottery", "no ticket") not in asked


@pytest.mark.slow  # Royale compiled with each variant and both boards
@pytest.mark.parametrize("variant", [pytest.param(v, id=v.stem) for v in VARIANTS])
def test_the_boards_load_together_with_every_variant_and_play(variant):
    rules = load_rules(ROYALE, [variant] + BOARDS, params={"forced_boards": "loan_shark,lottery"})
    result = rules.play(3, 5, [RandomAgent(f"5:{p}") for p in range(3)])
    assert len(result.scores) == 3 and result.turns > 0


def test_the_lottery_balls_are_its_own_kind_so_no_board_sweeps_them_up(tmp_path):
    """Made of PRIME TIME's `extra` kind instead, the balls would be swept up: refused, located."""
    text = (HERE / "lottery.rules").read_text().replace("create lottery_ball", "create extra")
    (tmp_path / "lottery.rules").write_text(text)
    from rulesrun.dsl.errors import RulesError
    with pytest.raises(RulesError) as error:
        load_rules(ROYALE, [BOARDS[0], tmp_path / "lottery.rules"])
    assert "every `extra` is taken here" in error.value.render() and "prime_time.rules" in error.value.render()
