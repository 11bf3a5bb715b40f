"""Every ruleset as an OpenSpiel game: importing this module registers the game `rulesrun`.

    import pyspiel
    import rulesrun.openspiel  # noqa: F401  (registers "rulesrun")
    game = pyspiel.load_game("rulesrun", {"rules": "rulesets/royale.rules", "players": 4,
                                          "with": "rulesets/variants/bandit.rules", "params": "rounds:2"})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():       # a die, a step of a shuffle: sample it
            state.apply_action(state.seeded_outcome())
        else:
            state.apply_action(state.legal_actions()[0])
    state.returns()                       # [0.0, 0.0, 0.0, 1.0]: each seat's share of the win

Game parameters: `rules` (a path), `players` (0: 4 or the nearest allowed), `with`
(fragments, `;` between paths), `params` (`name:value;...`, a list's items split by `|`),
`seed`, `max_actions` (256), `max_game_length` (10000), `memory` (32); OpenSpiel reads a game's string by its
`,` and `=`, so no parameter's text holds one. docs/bridges.md says it all in full.

An action is the index of one of the present decision's options, its string the option's
label; returns are shares of the win (constant sum 1). Information is imperfect when the rules
hide something. Observation and information-state strings are the seat's view as text, the
latter with the decisions so far as the seat knows them; the tensors are the same view as
numbers (`_Observer`).

Chance is EXPLICIT_STOCHASTIC: every roll of a die, step of a shuffle and `chance(p)` is a
chance node (the driven game's explicit chance, interpreter/running/chance.py) whose
`chance_outcomes()` list what it can give with their probabilities, so a search samples the
dice rather than knowing them, and a state is its actions: a clone or a serialized state
replays them. The game's `seed` names only the outcome the seed would give at each node
(`seeded_outcome()`): resolving each with it plays the game `rulesrun` plays on that seed.

`resample_from_infostate(seat, sampler)` is a world the seat cannot tell from the state, all
it cannot see drawn anew (rulesrun/worlds.py), for OpenSpiel's ISMCTS. Games made from a
string reuse the rules compiled for the same texts and params (rulesrun/compiled.py), since
OpenSpiel makes the game anew to restore every serialized state.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from .bridge import (DEFAULT_MAX_ACTIONS, TooManyOptions, check_options, default_players, hides_information,
                     prompts, win_shares)
from .compiled import CompiledRules
from .observation import encode, history_text, layout_of, view_of, view_text
from .worlds import NotResampled, World

DEFAULT_MAX_GAME_LENGTH = 10_000

DEFAULT_MEMORY = 32

# Worlds drawn for `resample_from_infostate` before the other seats' secrets are kept as they were.
RESAMPLE_TRIES = 16

_PARAMETERS = {"rules": "", "players": 0, "with": "", "params": "", "seed": 0,
               "max_actions": DEFAULT_MAX_ACTIONS, "max_game_length": DEFAULT_MAX_GAME_LENGTH,
               "memory": DEFAULT_MEMORY}


class GameTooLong(ValueError):
    """A game took more decisions than its `max_game_length`."""


def _game_type(information, min_players: int = 1, max_players: int = 99) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name="rulesrun",
        long_name="rulesrun: a .rules file",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS,
        default_loadable=False,
    )


def parse_params(text: str) -> dict:
    """`"rounds:2;forced:a|b"` -> `{"rounds": "2", "forced": "a,b"}`: settings as `--set` takes them."""
    settings = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, colon, value = item.partition(":")
        if not colon or not name.strip() or "=" in item:
            raise ValueError(f"`{item}` in params is not name:value (OpenSpiel's game string reads `,` and `=` "
                             f"itself): write params=\"rounds:2;forced:a|b\"")
        settings[name.strip()] = value.strip().replace("|", ",")
    return settings


class RulesGame(pyspiel.Game):
    """A ruleset with its fragments, parameters and seats, as an OpenSpiel game."""

    # The rules compiled in this process, taken again for the same texts and params
    # (rulesrun/compiled.py): OpenSpiel makes the game anew from its string to restore each
    # serialized state, and compiling takes about a second. The memo belongs to the class,
    # not to a factory object registered in its place, because OpenSpiel's registry is a C++
    # static that lets go of what it holds after Python has shut down, and an object whose last
    # reference it holds is then freed without the interpreter (a fatal error at exit); the
    # class, which refers to itself, never is.
    compiled = CompiledRules()

    def __init__(self, params=None):
        params = {**_PARAMETERS, **(params or {})}
        if not params["rules"]:
            raise ValueError('the game needs its ruleset: pyspiel.load_game("rulesrun", {"rules": "path/to/game.rules"})')
        fragments = [path.strip() for path in params["with"].split(";") if path.strip()]
        settings = parse_params(params["params"])
        rules = self.compiled.load(params["rules"], fragments, settings)
        players = params["players"] or default_players(rules)
        rules.check_players(players)
        information = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if hides_information(rules)
                       else pyspiel.GameType.Information.PERFECT_INFORMATION)
        info = pyspiel.GameInfo(num_distinct_actions=params["max_actions"], max_chance_outcomes=params["max_actions"],
                                num_players=players,
                                min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=params["max_game_length"])
        super().__init__(_game_type(information, rules.min_players, rules.max_players), info,
                         {**params, "players": players})
        self.rules = rules
        self.players = players
        self.max_actions = params["max_actions"]
        self.max_length = params["max_game_length"]
        self.memory = params["memory"]
        # Every state's seed: it names the outcome `seeded_outcome` gives, never the dice.
        self.seed = params["seed"]
        self._layout = None

    def layout(self):
        """Where each fact of a seat's view goes in a tensor (rulesrun/observation.py), read once
        off a game of these seats: the same for every state of the game."""
        if self._layout is None:
            start = self.rules.start(self.players, self.seed, log=False, lookahead=False, chance="explicit")
            self._layout = layout_of(start, prompts(self.rules))
        return self._layout

    def new_initial_state(self):
        return RulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"the rulesrun observer takes no parameters, not {params}")
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("rulesrun observes for one seat at a time (private_info=SINGLE_PLAYER)")
        return _Observer(self, perfect_recall=iig_obs_type is not None and iig_obs_type.perfect_recall)


class RulesState(pyspiel.State):
    """A game in progress: a driven game (interpreter/running/driven.py), started when first needed."""

    def __init__(self, game: RulesGame):
        super().__init__(game)
        self._run = _Run(game)

    def driven(self):
        """The driven game behind this state (interpreter/running/driven.py): decision, answers, scores, winners."""
        return self._run.game(self.get_game())

    def current_player(self):
        game = self.driven()
        if game.chance is not None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if game.decision is None else game.decision.seat

    def _legal_actions(self, player):
        return list(range(len(self.driven().decision.options)))

    def chance_outcomes(self):
        """(outcome, probability) of the chance node the game is at."""
        return [(index, float(p)) for index, p in enumerate(self.driven().chance.probabilities)]

    def seeded_outcome(self) -> int:
        """The outcome the game's seed gives at this chance node (`rulesrun`'s own game)."""
        return self.driven().chance.seeded

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one (the same information state string),
        with all it cannot see drawn anew: other seats' `secret` answers it has not seen, every
        zone it cannot see (a `hidden` zone, another owner's `private` one) and the chance to
        come (rulesrun/worlds.py, the engine's what-if game). A number of `probability_sampler`
        (OpenSpiel's: a callable giving a number in [0, 1)) seeds the stream that draws it
        all, so a clone or a serialized copy is the same world. Its `history()` holds only the
        actions applied to it since: its past is the real game's, which the seat may not know.

        A secret answer drawn anew may show in what the seat sees (marks on a public sheet):
        a world the seat could tell apart is drawn again (rejection sampling, `RESAMPLE_TRIES`
        times), then the secrets are kept as they were. Refused at a chance node (the seat's
        information state is whole at a decision) and for a resampled state itself."""
        if self._run.world is not None:
            raise NotResampled("this state is itself a resampled world: resample the state of the game it was drawn from")
        known = self.information_state_string(player_id)
        for attempt in range(RESAMPLE_TRIES + 1):
            world = World.of(self.driven(), player_id, int(probability_sampler() * 2 ** 53), attempt < RESAMPLE_TRIES)
            state = RulesState(self.get_game())
            state._run = _Run(self.get_game(), self._run.seed, (), None, world)
            if state.information_state_string(player_id) == known:
                return state
        raise NotResampled(f"seat {player_id} can tell every world drawn from the real game: what it cannot see "
                           f"shows in what it sees")

    def _apply_action(self, action):
        game = self.driven()
        owner = self.get_game()
        if game.chance is not None:
            game.resolve(action)
        else:
            if len(game.answers) >= owner.max_length:
                raise GameTooLong(f"the game has taken max_game_length={owner.max_length} decisions and goes on: "
                                  f"load it with a larger max_game_length")
            game.play(action)
        _check_node(game, owner.max_actions)

    def _action_to_string(self, player, action):
        node = self.driven().chance
        if player == pyspiel.PlayerId.CHANCE and node is not None and 0 <= action < len(node.outcomes):
            return f"{node.what} {node.outcomes[action]}"
        decision = self.driven().decision
        if decision is None or decision.seat != player or not 0 <= action < len(decision.options):
            return f"option {action}"
        labels = decision.labels()
        label = labels[action]
        return label if labels.count(label) == 1 else f"{label} #{action}"

    def is_terminal(self):
        return self.driven().over

    def returns(self):
        game = self.driven()
        return win_shares(game) if game.over else [0.0] * game.players

    def __str__(self):
        game = self.driven()
        decision, node = game.decision, game.chance
        if node is not None:
            now = f"chance: {node.what} " + " | ".join(map(str, node.outcomes))
        elif decision is None:
            now = f"over: scores {game.scores}, winners {game.winners}"
        else:
            now = f"seat {decision.seat} decides {decision.point}: {' | '.join(decision.labels())}"
        world = self._run.world
        if world is not None:
            # Not its steps: they begin with the real game's, which the seat may not know.
            return f"seed {self._run.seed}, a world of seat {world.seat} (drawn {world.draw}), " \
                   f"steps since {self.history()}\n{now}"
        return f"seed {self._run.seed}, steps {[index for _, index in game.steps]}\n{now}"


def _check_node(game, max_actions: int) -> None:
    """The node the game stands at fits the game's bound on actions and chance outcomes."""
    if game.decision is not None:
        check_options(game.decision, max_actions)
    elif game.chance is not None and len(game.chance.outcomes) > max_actions:
        raise TooManyOptions(f"a {game.chance.what} has {len(game.chance.outcomes)} outcomes, more than "
                             f"max_actions={max_actions} (which bounds chance outcomes too): load the game "
                             f"with max_actions={len(game.chance.outcomes)} or more")


class _Run:
    """A state's driven game, known by its seed and steps (answers and outcomes, in order), and
    started (the steps replayed) only when first needed: OpenSpiel makes a clone from a new
    initial state, which must not take a seed, and keeps clones it never looks at (the states
    along a game's history)."""

    __slots__ = ("owner", "seed", "replay", "driven", "world")

    def __init__(self, owner=None, seed=None, replay=(), driven=None, world=None):
        """`seed`: the game's, unless the state was made by another game (a restored one);
        `world`: a resampled state's (rulesrun/worlds.py), None for the real game."""
        self.owner = owner
        self.seed = seed
        # The steps to replay when the game starts (a restored state's): ("play" or "resolve", index);
        # a world's, from the start of the real game, those up to its present made by the world itself.
        self.replay = list(replay)
        self.driven = driven
        self.world = world

    def game(self, owner):
        if self.driven is None:
            self.owner = owner = self.owner or owner
            if self.seed is None:
                self.seed = owner.seed
            if self.world is None:
                self.driven = owner.rules.start(
                    owner.players, self.seed, log=False, lookahead=False, chance="explicit",
                    answers=[index for kind, index in self.replay if kind == "play"],
                    outcomes=[index for kind, index in self.replay if kind == "resolve"])
            else:
                self.driven = self.world.start(owner.rules, owner.players, self.seed)
                for kind, index in self.replay[len(self.driven.steps):]:
                    (self.driven.play if kind == "play" else self.driven.resolve)(index)
            _check_node(self.driven, owner.max_actions)
        return self.driven

    def identity(self) -> tuple:
        """(seed, steps, world): the game, whether started or not."""
        if self.driven is not None:
            return self.seed, self.driven.steps, self.world
        if self.seed is None:
            self.seed = self.owner.seed
        return self.seed, self.replay, self.world

    def __deepcopy__(self, memo):
        seed, steps, world = self.identity()
        return _Run(self.owner, seed, steps, None, world)

    def __reduce__(self):
        seed, steps, world = self.identity()
        return _Run, (None, seed, steps, None, world)


class _Observer:
    """What OpenSpiel asks of a Python game's observer: a seat's view as text and as a tensor.

    The observation tensor is the PettingZoo environment's vector (rulesrun/observation.py:
    the seat, who decides and on what, every zone's pieces by kind, face and owner as far as
    the seat may see them, every var that holds a number). The information-state tensor adds
    the last `memory` decisions of the game as the seat knows them, newest last, each as
    the deciding seat (one-hot), the answer and whether the seat knows it (1) or not (0: another
    seat's secret); docs/bridges.md gives the sizes per ruleset."""

    def __init__(self, game: RulesGame, perfect_recall: bool):
        self.layout = game.layout()
        self.perfect_recall = perfect_recall
        self.memory = game.memory if perfect_recall else 0
        self.width = game.players + 2
        self.tensor = np.zeros(self.layout.size + self.memory * self.width, np.float32)
        self.dict = {"observation": self.tensor[:self.layout.size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[self.layout.size:].reshape(self.memory, self.width)

    def set_from(self, state, player):
        game = state.driven()
        view = view_of(game, player)
        self.tensor.fill(0)
        encode(self.layout, view, game.decision, self.dict["observation"])
        if self.perfect_recall and self.memory:
            rows = self.dict["history"]
            for row, (seat, answer) in zip(rows[self.memory - min(self.memory, len(view.history)):],
                                           view.history[-self.memory:]):
                row[seat] = 1
                if answer is not None:
                    row[-2], row[-1] = answer, 1

    def string_from(self, state, player):
        game = state.driven()
        view = view_of(game, player)
        text = view_text(view, game.decision)
        return f"{text}\n{history_text(view)}" if self.perfect_recall else text


pyspiel.register_game(_game_type(pyspiel.GameType.Information.IMPERFECT_INFORMATION), RulesGame)
