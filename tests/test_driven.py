"""A game you drive (interpreter/running/driven.py): the decision it shows, answers it refuses,
and games run side by side. That undo, copy, the closed loop and a replay all play the same
game as answering from outside: tests/test_ways_agree.py, for every shipped ruleset."""

import re

import pytest

import rulesrun
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.lookahead.agents import make_agent
from rulesrun.interpreter.running.driven import NotAnOption, NothingToUndo
from rulesrun.interpreter.running.runtime import Answered

from helpers import ROOT, RULESETS, quick_first, rules_from_text, shipped


def seats(rules) -> int:
    return max(rules.min_players, min(3, rules.max_players))


@pytest.mark.parametrize("name", quick_first(["classic", "royale", "pot"]))
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_two_games_of_one_rules_stepped_in_turn_equal_each_game_alone(name, agent):
    """No state is shared between games: not the checkpoints a look-ahead keeps open across
    decisions, not the operations the compiled rules call."""
    rules = shipped(name)
    players = seats(rules)
    seeds = (11, 12)

    def agents(seed):
        return [make_agent(agent, seed, p) for p in range(players)]

    alone = []
    for seed in seeds:
        log: list = []
        rules.play(players, seed, agents(seed), log)
        alone.append(log)
    games = [rules.start(players, seed, lookahead=agent == "greedy") for seed in seeds]
    seated = [agents(seed) for seed in seeds]
    while not all(game.over for game in games):
        for game, table in zip(games, seated):
            if not game.over:
                decision = game.decision
                game.play(table[decision.seat].choose(decision))
    assert [game.log for game in games] == alone


@pytest.mark.slow
def test_the_example_in_docs_agents_md_runs(monkeypatch, capsys):
    import re

    text = (RULESETS.parent / "docs" / "agents.md").read_text()
    example = re.search(r"## Driving a game yourself.*?```python\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(RULESETS.parent)
    exec(compile(example, "docs/agents.md", "exec"), {})
    scores, rest = capsys.readouterr().out.split("] [")
    assert len(scores.strip("[").split(",")) == 4


def test_the_decision_says_who_is_asked_what(tmp_path):
    rules = rules_from_text(tmp_path, GUESS)
    game = rules.start(players=2, seed=1)
    decision = game.decision
    assert (decision.seat, decision.point, decision.prompt) == (0, "guess", "guess")
    assert decision.labels() == ["1", "2", "3"] and decision.options == [1, 2, 3]
    assert decision.view.seat == 0
    assert not game.over and game.winners == [] and game.scores == [0, 0]
    with pytest.raises(NothingToUndo):
        game.undo()
    for wrong in (-1, 3, True, "1", 1.0):
        with pytest.raises(NotAnOption):
            game.play(wrong)
    game.play(2)
    assert game.decision.seat == 1
    game.play(0)
    assert game.over and game.decision is None
    assert game.answers == [2, 0]
    with pytest.raises(NotAnOption):
        game.play(0)
    assert [e["choice"] for e in game.log if e["t"] == "decide"] == [2, 0, 0]
    game.undo()
    assert game.decision.seat == 1 and not game.over


ANSWERED = r"decision\.\S+: this decision \(`guess` of seat 0\) was answered; read game\.decision for the current one"


def test_a_decision_shows_the_game_as_it_was_asked_and_refuses_once_answered(tmp_path):
    """Issue #37: `d = game.decision`, `game.play(0)`, then `d.view` showed the table after the
    answer. A view taken while the decision waits keeps the table as it was; once the decision
    is answered, whatever it shows of the game refuses by name."""
    rules = rules_from_text(tmp_path, GUESS)
    game = rules.start(players=2, seed=1)
    decision = game.decision
    seen = decision.view
    game.play(2)
    assert seen.vars["guessed"] == [0, 0] and seen.history == ()
    assert game.decision.view.vars["guessed"] == [3, 0]
    for read in (lambda: decision.view, lambda: decision.options, decision.labels, decision.words,
                 lambda: decision.prompt, decision.table, decision.piece_words, lambda: decision.explorer):
        with pytest.raises(Answered, match=ANSWERED):
            read()
    assert (decision.seat, decision.point, decision.is_move, decision.secret) == (0, "guess", False, False)


def test_a_decision_an_agent_keeps_refuses_once_answered(tmp_path):
    """The same for a decision put to an agent seated in the game: the agent may keep the view
    it took, not read the decision again once it has answered."""
    kept = []

    class Keeping:
        blind = False

        def choose(self, decision):
            kept.append((decision, decision.view))
            return 2

    rules = rules_from_text(tmp_path, GUESS)
    rules.play(2, 1, [Keeping(), Keeping()])
    (first, seen), (second, _) = kept
    assert seen.vars["guessed"] == [0, 0]
    with pytest.raises(Answered, match=ANSWERED):
        first.view
    with pytest.raises(Answered, match=r"decision\.options: this decision \(`guess` of seat 1\) was answered"):
        second.options


def test_a_seed_or_a_count_that_is_no_whole_number_is_refused_by_name():
    """A game is its seed: None would draw one from the system and a float or text would not
    say which game a log replays. One fragment may be given as a path alone."""
    rules = shipped("classic")
    for wrong in (None, "7", 7.0, True):
        with pytest.raises(TypeError, match=f"seed is a whole number, not {wrong!r}"):
            rules.start(players=4, seed=wrong)
        with pytest.raises(TypeError, match=f"players is a whole number, not {wrong!r}"):
            rules.start(players=wrong, seed=7)
    numpy = pytest.importorskip("numpy")
    assert rules.start(players=numpy.int64(4), seed=numpy.int64(7)).log == rules.start(players=4, seed=7).log
    game = rules.start(players=4, seed=7)
    with pytest.raises(NothingToUndo, match="cannot go back 1 decision: 0 answered so far"):
        game.undo()
    game.play(0)
    with pytest.raises(TypeError, match="undo's count of decisions is a whole number, not '1'"):
        game.undo("1")
    alone = rulesrun.load(RULESETS / "lasvegas2012.rules", with_=str(RULESETS / "variants/bandit.rules"))
    listed = rulesrun.load(RULESETS / "lasvegas2012.rules", with_=[RULESETS / "variants/bandit.rules"])
    assert alone.start(players=3, seed=2).log == listed.start(players=3, seed=2).log
    assert [s.path for s in alone.program.sources] == [s.path for s in listed.program.sources]


def test_a_decision_with_one_option_is_logged_but_not_shown(tmp_path):
    rules = rules_from_text(tmp_path, GUESS)
    game = rules.start(players=2, seed=1, answers=[0, 1])
    assert game.over
    only = [e for e in game.log if e["t"] == "decide" and len(e["options"]) == 1]
    assert len(only) == 1 and only[0]["point"] == "confirm"


def test_answers_that_do_not_fit_are_an_error_not_a_traceback(tmp_path):
    rules = rules_from_text(tmp_path, GUESS)
    with pytest.raises(RulesError, match="the answers do not fit this game"):
        rules.start(players=2, seed=1, answers=[7])


@pytest.mark.parametrize("where", [
    "move pick(x in [ask(player)]) for somewhere:\n    pass",
    "proc f(p):\n    return [ask(p) for q in players]",
    "proc f(p):\n    let g = q => ask(q)\n    return g(p)",
])
def test_a_decision_asked_where_the_game_cannot_pause_is_a_located_error(tmp_path, where):
    with pytest.raises(RulesError) as error:
        rules_from_text(tmp_path, GUESS + "\nproc ask(p):\n    return choose(p, \"x\", [1, 2])\n" + where + "\n")
    assert "cannot be asked here" in error.value.render() and "written.rules:" in error.value.render()


GUESS = """\
game "Guess"
players 2..2

var guessed per player = 0

phase game:
    for p in players:
        guessed[p] = choose(p, "guess", [1, 2, 3])
    let sure = choose(0, "confirm", ["yes"])

score by p: guessed[p] * 0
"""


@pytest.mark.parametrize("name", quick_first(["classic", "royale"]))
@pytest.mark.parametrize("spec", quick_first(["random", "greedy", "mcts:playouts=4,horizon=3"]))
def test_a_game_played_to_its_result_leaves_nothing_for_the_garbage_collector(name, spec):
    """`Rules.play` lets its game go once it has the result, and a search lets go of its what-if
    games and explorers, paused ones included (their rules stopped while their state is
    there): nothing of them waits in a reference cycle for the collector, which would
    otherwise go through every piece of every finished game."""
    import gc

    rules = shipped(name)

    def play():
        rules.play(4, 3, [make_agent(spec if seat == 0 else "random", 3, seat) for seat in range(4)], meter=True)

    play()  # the forms this game runs are compiled once, outside what is counted
    gc.collect()
    gc.disable()
    try:
        play()
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.slow
def test_a_test_looks_at_a_game_through_its_view_params_parts_and_form():
    """What tests and tools read of a game without its state: params and parts as the rules read
    them (the very values, fixed), and the form of the rules it runs; a name that is no such
    declaration is refused with the nearest one."""
    rules = rulesrun.load(RULESETS / "royale.rules", params={"rounds": 2})
    game = rules.start(players=4, seed=7)
    assert game.param("rounds") == 2 and game.param("jackpot_track")[0] == 30000
    assert game.part("jackpot") in game.part("board")
    assert game.form is rules.form(pausing=True, books=True)
    assert rules.start(players=4, seed=7, agents=[make_agent("random", 7, p) for p in range(4)],
                       lookahead=False).form is rules.form(pausing=False, books=False)
    with pytest.raises(KeyError, match="no param is named `round`; did you mean `rounds`"):
        game.param("round")
    with pytest.raises(KeyError, match="no part or kind of parts is named `rounds`"):
        game.part("rounds")
    # A var that holds a part shows it by name in a view, a copy.
    lying = [name for name in game.view().vars["board_at"].values() if name is not None]
    assert lying and set(lying) <= {part.name for part in game.part("board")}


def test_tests_docs_and_examples_use_the_public_api_of_a_game():
    """No test, page or example reaches into a driven game's state or a decision's game: what
    they read is the public API above, so the engine may change its state freely."""
    private = re.compile(r"\._(state|game)\b")
    places = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    places += [path for folder in ("tests", "examples") for path in (ROOT / folder).rglob("*.py")]
    assert [f"{path.relative_to(ROOT)}:{number}" for path in places
            for number, line in enumerate(path.read_text().splitlines(), 1) if private.search(line)] == []
