"""OpenSpiel's counterfactual regret minimization (CFR) solves the bridge's Liar's dice as it
solves OpenSpiel's own `liars_dice`: the chance nodes, the information-state strings and the
returns make the same game, up to the scale of the returns."""

import pytest

pyspiel = pytest.importorskip("pyspiel")
cfr = pytest.importorskip("open_spiel.python.algorithms.cfr")
exploitability = pytest.importorskip("open_spiel.python.algorithms.exploitability")
policy = pytest.importorskip("open_spiel.python.policy")

import rulesrun.openspiel  # noqa: E402,F401  (registers "rulesrun")

from helpers import ROOT  # noqa: E402

# Three faces, not six: CFR walks the whole tree at every iteration, and each step of the
# bridge's game is a step of the rules (a clone replays them), so the six-faced game (4,096
# bid sequences a roll) takes minutes an iteration; three faces give 64.
SIDES = 3


def both_games():
    ours = pyspiel.load_game("rulesrun", {"rules": str(ROOT / "rulesets/games/liars_dice.rules"), "players": 2,
                                          "params": f"sides:{SIDES}", "max_actions": 16})
    theirs = pyspiel.load_game("liars_dice", {"numdice": 1, "dice_sides": SIDES})
    return ours, theirs


@pytest.mark.slow
def test_the_information_states_are_openspiels_less_those_with_one_action():
    """A seat knows its die and the bids so far: 3 faces x 64 bid sequences = 192 information
    states in OpenSpiel's game, of which the 32 sequences after the highest bid leave only
    "Liar"; the rules answer a decision of one option themselves, so the bridge has 96."""
    ours, theirs = both_games()
    mine, openspiels = policy.TabularPolicy(ours), policy.TabularPolicy(theirs)
    with_a_choice = [key for key, state in zip(openspiels.state_lookup, openspiels.states)
                     if len(state.legal_actions()) > 1]
    assert len(openspiels.state_lookup) == 192 and len(with_a_choice) == 96
    assert len(mine.state_lookup) == 96
    for key, state in zip(mine.state_lookup, mine.states):
        seat = state.current_player()
        own = next(line for line in key.splitlines() if line.startswith(f"cup[{seat}]:"))
        hidden = next(line for line in key.splitlines() if line.startswith(f"cup[{1 - seat}]:"))
        dice = state.driven().view(seat).zones["cup"][seat]
        assert own.split()[1:] == [f"d:{face}@{seat}" for _, face, _ in dice] and hidden.endswith("1 unseen")
        assert key.splitlines()[-1] == "history: " + " ".join(f"{p}:{a}" for p, a in state.driven().history)


@pytest.mark.slow
def test_cfr_brings_exploitability_down_as_on_openspiels_own_liars_dice():
    """Exploitability of CFR's average policy (measured): OpenSpiel's liars_dice(numdice=1,
    dice_sides=3) 0.5556 after 1 iteration, 0.1711 after 5, 0.0848 after 10; the bridge's game
    0.2778, 0.0856, 0.0424: exactly half at every iteration, since its returns are shares of
    the win (0 or 1) where OpenSpiel's are -1 or +1, and CFR's regrets scale with the returns.
    Five iterations here: each exploitability of the bridge's game walks the tree in some 5 s."""
    ours, theirs = both_games()
    solvers = cfr.CFRSolver(ours), cfr.CFRSolver(theirs)
    found = {}
    for iteration in range(1, 6):
        for solver in solvers:
            solver.evaluate_and_update_policy()
        if iteration in (1, 5):
            found[iteration] = [exploitability.exploitability(game, solver.average_policy())
                                for game, solver in zip((ours, theirs), solvers)]
    for mine, openspiels in found.values():
        assert mine == pytest.approx(openspiels / 2, abs=1e-9)
    assert found[5][0] < found[1][0] / 3 and found[5][0] < 0.09
