"""Every ruleset as a PettingZoo AEC environment, one agent per seat.

    from .pettingzoo import env
    table = env("rulesets/royale.rules", players=4, params={"rounds": 2})
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        mask = observation["action_mask"]
        table.step(None if termination or truncation else table.action_space(agent).sample(mask))

- agents: `seat_0`, `seat_1`, ...; the one selected is the seat of the present decision;
- observation: `{"observation": float32 vector, "action_mask": int8 vector}`. The vector is the
  seat's view, the same size for every game of the ruleset and seats (rulesrun/observation.py
  documents its layout; `env.unwrapped.layout.names` names each entry); the mask marks the
  options of the present decision for the seat deciding, none for the others;
- action space: `Discrete(max_actions)`; an action is the index of one of the decision's
  options (`info["labels"]` lists them for the seat deciding);
- rewards: at the end, the share of the win by default (1/k for each of the k winners);
  `reward="score"` gives each seat's final score, and a function of the finished driven game
  (interpreter/running/driven.py) any list of rewards per seat;
- `reset(seed=...)` starts the game with that seed; a reset without one takes the next seed
  of a stream seeded by the last seed given, so a run is repeatable from its first seed.
"""

from __future__ import annotations

import operator

import random

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .bridge import DEFAULT_MAX_ACTIONS, check_options, default_players, open_rules, prompts, win_shares
from .observation import encode, layout_of, view_of, view_text

REWARDS = {"win_share": win_shares, "score": lambda game: [float(score) for score in game.scores]}


def env(rules, players: int | None = None, with_=(), params: dict | None = None, reward="win_share",
        max_actions: int = DEFAULT_MAX_ACTIONS, render_mode: str | None = None):
    """The environment of the ruleset at `rules` (a path, or rules from `rulesrun.load`), with
    PettingZoo's checks that reset, step and observe are called in a sensible order."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, players, with_, params, reward, max_actions, render_mode))


class raw_env(AECEnv):
    """The environment without PettingZoo's wrappers (the name is PettingZoo's convention)."""

    metadata = {"name": "rulesrun_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, rules, players: int | None = None, with_=(), params: dict | None = None, reward="win_share",
                 max_actions: int = DEFAULT_MAX_ACTIONS, render_mode: str | None = None):
        super().__init__()
        self.rules = open_rules(rules, with_, params)
        self.players = players or default_players(self.rules)
        self.rules.check_players(self.players)
        if callable(reward):
            self._reward = reward
        elif reward in REWARDS:
            self._reward = REWARDS[reward]
        else:
            raise ValueError(f"reward={reward!r} is not one of {sorted(REWARDS)} or a function of the finished game")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.layout = layout_of(self.rules.start(self.players, 0, log=False, lookahead=False), prompts(self.rules))
        self.possible_agents = [f"seat_{p}" for p in range(self.players)]
        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (max_actions,), np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(max_actions) for agent in self.possible_agents}
        self.game = None
        self._seeds = random.Random()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._seeds.getrandbits(32)
        else:
            self._seeds = random.Random(seed)
        self.game = self.rules.start(self.players, seed, log=False, lookahead=False)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._next()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        options = len(self.game.decision.options)
        try:
            index = operator.index(action)
        except TypeError:
            index = None
        if index is None or not 0 <= index < options:
            raise ValueError(f"{agent} answers {str(action)[:40]!r}, but the decision `{self.game.decision.point}` "
                             f"has options 0 to {options - 1}: an action is a whole number the action mask allows")
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        self.game.play(index)
        self._next()

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        decision = self.game.decision
        vector = [0.0] * self.layout.size
        encode(self.layout, view_of(self.game, seat), decision, vector)
        mask = np.zeros(self.max_actions, np.int8)
        if decision is not None and decision.seat == seat:
            mask[: len(decision.options)] = 1
        return {"observation": np.asarray(vector, np.float32), "action_mask": mask}

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the env with render_mode='ansi' or 'human'")
            return None
        decision = self.game.decision
        seat = 0 if decision is None else decision.seat
        text = view_text(view_of(self.game, seat), decision)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None

    def _next(self) -> None:
        """Select the seat that decides next, or end the game for every seat with its reward."""
        self._clear_rewards()
        decision = self.game.decision
        if decision is None:
            for agent, reward in zip(self.possible_agents, self._reward(self.game)):
                self.rewards[agent] = float(reward)
                self.terminations[agent] = True
        else:
            check_options(decision, self.max_actions)
            self.agent_selection = self.possible_agents[decision.seat]
            self.infos[self.agent_selection] = {"point": decision.point, "prompt": decision.prompt,
                                                "labels": decision.labels(), "words": decision.words()}
        self._accumulate_rewards()
