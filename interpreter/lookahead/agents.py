"""Agents: whoever answers a seat's decisions. Generic, so they work for every ruleset.

An agent has one method, `choose(decision) -> index` into `decision.options`, and a flag
`blind`. A decision offers what the seat may know and nothing more:

- `decision.player`, `decision.point` (the decision point or `choose` label),
  `decision.options`, `decision.labels()` (as the transcript prints them: `place(3)`);
- `decision.view`: a copy of what the seat may see (interpreter/running/view.py);
- `decision.explorer`: what-if games from here in which everything hidden from the seat is
  drawn anew (interpreter/lookahead/search.py): `lookahead(option, rng)` gives each seat's declared
  `value` one step on, `copy(rng)` a what-if game at this decision to drive to the end.

All of these are read while the decision waits: once answered, it refuses them by name
(runtime.Answered), so an agent keeps the view it took, not the decision.

An agent that never looks at the decision (it only needs how many options there are) sets
`blind = True` and implements `pick(count) -> index` instead, which spares the game building
a `Decision`. Agents draw from their own random stream, derived from the game seed, the
seat and the agent's name, so the same seed gives the same game whatever the agents draw.

A bot of your own, in Python:

    class FirstOption:
        name = "first"
        blind = False

        def __init__(self, seed):
            pass

        def choose(self, decision):
            return 0

    AGENTS["first"] = FirstOption        # now `--agent first` works

Only the person running the tool may name a bot's code (`--agent bots/mine.py:Mine`): such a
spec is a `TrustedSpec`. A plain `str`, read from a log, a snapshot set or a web request, may
name only an agent this process knows (`AGENTS`), so a stranger's file never runs code here.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import math
import random
import time
from pathlib import Path

import attrs

from .luck import Luck
from .own_bot import OwnBot, bot_failure, bot_location
from .rollout import Recurring, lead, settle, tied
from .search import fitting, margins


class RandomAgent:
    """Picks uniformly among the legal options."""

    name = "random"
    blind = True
    OPTIONS: dict = {}

    def __init__(self, seed=0):
        self._random = random.Random(seed).random

    def pick(self, count: int) -> int:
        return int(self._random() * count)

    def choose(self, decision) -> int:
        return self.pick(len(decision.options))


class GreedyAgent:
    """One step of look-ahead: the option after which the seat's `value` most exceeds the best
    other seat's, averaged over `samples` draws of chance (the same draws for every option, so
    options are compared on equal luck). Where the best options tie at a question the turn
    comes back to (roll again or stop), each is played on to the end of the turn `rollouts`
    times by a cheap policy, again on equal luck (rollout.py), and the seat's lead there
    decides; ties left are broken at random."""

    name = "greedy"
    blind = False
    looks_ahead = True
    OPTIONS = {"samples": int, "rollouts": int}
    # `rollouts=0`: ties broken at random, with no rollouts.
    ZERO_MEANS_NONE = ("rollouts",)
    # Each sample is one look-ahead per option at every decision, each rollout a turn played
    # on per tied option.
    LIMITS = {"samples": 10_000, "rollouts": 1_000}

    def __init__(self, seed=0, samples: int = 1, rollouts: int = 4):
        self._random = random.Random(seed)
        self.samples = samples
        self.rollouts = rollouts
        self._recurring = Recurring()

    def choose(self, decision) -> int:
        rollouts = self.rollouts if self.rollouts and self._recurring.met(decision) else 0
        return best_by_lookahead(decision, self.samples, self._random, rollouts)


def best_by_lookahead(decision, samples: int, rng, rollouts: int = 0) -> int:
    """The option whose look-ahead leaves the seat's `value` furthest ahead of the best other
    seat's, summed over `samples` draws of chance from `rng`; ties settled by `rollouts` to the
    end of the turn (rollout.settle), then broken with `rng`."""
    lookahead = decision.explorer.lookahead
    seat = decision.player
    lucks = [Luck(rng.random) for _ in range(samples)]
    totals = []
    for option in range(len(decision.options)):
        total = 0.0
        for luck in lucks:
            # The list is the look-ahead's own, for `lead` to spend.
            total += lead(lookahead(option, luck.again()), seat)
        totals.append(total)
    best = tied(totals)
    if rollouts and len(best) > 1:
        best = settle(decision, best, rollouts, rng, one_step)
    return best[int(rng.random() * len(best))]


def one_step(decision, rng) -> int:
    """How a rollout answers the decisions after the option, cheaply: a move by one step of
    look-ahead (ties broken at random, no rollouts of its own), a `choose` at random, as MCTS's
    playouts do. Playing on at random instead lost to it in a shipped push-your-luck game
    (docs/agents.md, "Ties and luck")."""
    if decision.is_move:
        return best_by_lookahead(decision, 1, rng)
    return int(rng.random() * len(decision.options))


class MctsAgent:
    """Information-set Monte Carlo tree search with determinization.

    Every playout is a what-if game in which what the seat cannot know is drawn anew. The
    search runs in rounds: each round draws one determinization (hidden piles, unseen secrets,
    all later chance) and plays every option of the present decision on it, so options are
    compared on equal luck. Under each option a tree over the seat's own later answers (keyed
    by option label and shared by all determinizations, as in single-observer ISMCTS) picks
    them by UCB1, counting a child as available only in playouts where it was legal. Other
    seats, and the seat itself below the tree, answer by the rollout policy: a model of the
    others rather than an exploration of every reply, which with few playouts would mostly
    meet careless replies. Rewards are shares of the win; the answer is the option with the
    best mean reward. `playouts` fixes the work per decision (and
    keeps games reproducible); `seconds`, if given, stops earlier by the clock instead, which
    makes the agent's play depend on the machine's speed. `horizon`, if given, ends each
    playout that many decisions after this one and judges it by the ruleset's `value`
    (a seat's reward grows with its lead): cheaper playouts with less noise than random play
    to the very end. `rollout=greedy` answers moves by one-step look-ahead instead of at
    random (other decisions stay random): playouts that look like real play.

    The defaults (80 playouts, cut 10 decisions on, greedy rollouts, c=0.7) were chosen against
    three greedy seats on a shipped four-seat game, among settings that keep a decision under
    half a second; docs/agents.md gives the game, the settings measured and what each won.
    `horizon=0` plays every playout to the game's end.
    """

    name = "mcts"
    blind = False
    OPTIONS = {"playouts": int, "seconds": float, "c": float, "horizon": int, "rollout": str}
    # `horizon=0`: no horizon, every playout to the game's end.
    ZERO_MEANS_NONE = ("horizon",)
    # A playout takes a few milliseconds: 100,000 of them are minutes a decision.
    LIMITS = {"playouts": 100_000}
    ROLLOUTS = ("random", "greedy")

    def __init__(self, seed=0, playouts: int = 80, seconds: float | None = None, c: float = 0.7,
                 horizon: int | None = 10, rollout: str = "greedy"):
        if rollout not in self.ROLLOUTS:
            raise AgentSpecError(f"agent `mcts`: `rollout` is one of {', '.join(self.ROLLOUTS)}, not `{rollout}`")
        self.greedy_rollouts = rollout == "greedy"
        self.looks_ahead = self.greedy_rollouts
        self._random = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.c = c
        self.horizon = horizon or None

    def choose(self, decision) -> int:
        explorer = decision.explorer
        options = len(decision.options)
        roots = [_Node() for _ in range(options)]
        deadline = time.monotonic() + self.seconds if self.seconds else None
        for _ in range(max(1, math.ceil(self.playouts / options))):
            if deadline is not None and time.monotonic() > deadline:
                break
            draw = self._random.getrandbits(64)
            for option, root in enumerate(roots):
                self._playout(explorer, option, root, random.Random(draw))
        means = [root.reward / root.visits if root.visits else 0.0 for root in roots]
        return means.index(max(means))

    def _playout(self, explorer, option: int, root: "_Node", rng) -> None:
        """One what-if game (`explorer.copy`) that answers `option` now and is driven to its end,
        or `horizon` decisions on; the seat's later answers grow the tree under `root`."""
        seat = explorer.seat
        game = explorer.copy(rng, lookahead=self.greedy_rollouts)
        path = [root]
        node = root
        asked = 0
        while not game.over:
            decision = game.decision
            asked += 1
            if self.horizon is not None and asked > self.horizon + 1:
                reward = margins(game.values)[seat]
                break
            if asked == 1:
                index = fitting(option, len(decision.options), rng)
            elif node is None or decision.player != seat:
                index = one_step(decision, rng) if self.greedy_rollouts else int(rng.random() * len(decision.options))
            else:
                index, child, expanded = self._descend(node, decision, rng)
                path.append(child)
                node = None if expanded else child
            game.play(index)
        else:
            winners = game.winners
            reward = 1 / len(winners) if seat in winners else 0.0
        game.release()
        for visited in path:
            visited.visits += 1
            visited.reward += reward

    def _descend(self, node: "_Node", decision, rng) -> tuple:
        """The seat's answer at `node` of its tree, the child it leads to, and whether that child
        is new (below a new child the rollout policy answers): an option not tried yet, drawn
        at random, else the child with the best UCB1 among those legal here."""
        labels = decision.labels()
        children = node.children
        new = [i for i, label in enumerate(labels) if label not in children]
        for label in labels:
            child = children.get(label)
            if child is not None:
                child.available += 1
        if new:
            index = new[int(rng.random() * len(new))]
            child = children[labels[index]] = _Node()
            child.available = 1
            return index, child, True
        index = max(range(len(labels)), key=lambda i: children[labels[i]].ucb(self.c))
        return index, children[labels[index]], False


class _Node:
    __slots__ = ("visits", "available", "reward", "children")

    def __init__(self):
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[str, _Node] = {}

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


class ScriptedAgent:
    """Answers from a list, by option label or index: scenario tests and log replay.

    A label names the option as the transcript shows it, e.g. "place(3)"; an index is taken
    as is. When the script runs out, the agent raises, so a test notices the game asked more
    than it scripted.
    """

    name = "scripted"
    blind = False

    def __init__(self, answers):
        self.answers = list(answers)

    def choose(self, decision) -> int:
        if not self.answers:
            raise ScriptExhausted(f"seat {decision.player} was asked `{decision.point}` "
                                  f"({', '.join(decision.labels())}) but the script has no answer left")
        answer = self.answers.pop(0)
        if isinstance(answer, int):
            return answer
        labels = decision.labels()
        if answer not in labels:
            raise ScriptExhausted(f"seat {decision.player} at `{decision.point}`: `{answer}` is not one of {labels}")
        return labels.index(answer)


class ScriptExhausted(Exception):
    """A scripted seat was asked something its script does not answer."""


class AgentSpecError(ValueError):
    """An agent named on the command line that does not exist, or an option it does not take."""


class NamesCode(AgentSpecError):
    """A spec that names a bot's code (`bots/mine.py:Mine`, `package.module:Mine`) but is no
    `TrustedSpec`: it came from a file or a request. Refused before anything is imported or
    even looked up on disk; `spec` is the spec refused."""

    def __init__(self, spec: str):
        self.spec = spec
        super().__init__(f"`{spec}` names a bot's code: a log, a snapshot set or a web request may name only "
                         f"the built-in agents ({', '.join([*AGENTS, HUMAN])}); seat your own bot with --agent "
                         "on the command line")


class TrustedSpec(str):
    """An agent spec the person running the tool gave: typed after `--agent` on the command line
    (cli/options.py), or written by a Python caller. Only such a spec may name a bot's code
    (`own_bot_class`); a spec read from a log, a snapshot set or a request stays a plain `str`.

    The trust rides on the value, as taint checking does (Perl's taint mode, turned round: the
    trusted values carry the mark), because the specs travel far from the command line: in a
    simulation plan to worker processes, in the server's seats to the table of each new game.
    Whatever goes through a file, JSON or a string operation comes out a plain `str` and is
    refused: the mark fails closed.

        make_agent(TrustedSpec("bots/mine.py:Mine"), 7, 0)   # loads the bot
        make_agent("bots/mine.py:Mine", 7, 0)                # NamesCode, nothing imported
    """

    __slots__ = ()


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}


_KINDS = {int: "a whole number", float: "a number", str: "a word"}


def _check_amount(name: str, key: str, amount) -> None:
    """A number an agent's option gives: finite, above 0 (0 or above where 0 means none), and
    at most the agent's `LIMITS` for it, so that a slip of the keyboard (`playouts=10000000000`)
    is a message, not a run that never ends."""
    agent = AGENTS[name]
    zero = key in getattr(agent, "ZERO_MEANS_NONE", ())
    if not math.isfinite(amount) or (amount < 0 if zero else amount <= 0):
        raise AgentSpecError(f"agent `{name}`: `{key}` must be a number {'0 or above' if zero else 'above 0'}, not {amount}")
    limit = getattr(agent, "LIMITS", {}).get(key)
    if limit is not None and amount > limit:
        raise AgentSpecError(f"agent `{name}`: `{key}` is at most {limit:,}, not {amount:,}")


def parse_agent(spec: str) -> tuple[str, dict]:
    """`mcts:playouts=200,c=1.0` -> ("mcts", {"playouts": 200, "c": 1.0}), checked against the agent.
    A bot of one's own (`bots/mine.py:Mine`, `package.module:Mine`) in a `TrustedSpec` is loaded:
    ("bots/mine.py:Mine", {}); in a plain `str` it is refused (NamesCode)."""
    if own_bot_class(spec) is not None:
        return spec, {}
    name, _, rest = spec.partition(":")
    if name not in AGENTS:
        raise AgentSpecError(f"unknown agent `{name}`; known: {', '.join([*AGENTS, HUMAN])}, or a bot of your own: "
                             "PATH.py:Class or module:Class")
    known = getattr(AGENTS[name], "OPTIONS", {})
    options = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if key not in known or not sep:
            hint = f"it takes {', '.join(f'{k}=...' for k in known)}" if known else "it takes no options"
            raise AgentSpecError(f"agent `{name}` has no option `{item}`: {hint}")
        try:
            options[key] = known[key](value)
        except ValueError:
            raise AgentSpecError(f"agent `{name}`: `{key}` takes {_KINDS[known[key]]}, not `{value}`") from None
        if known[key] is not str:
            _check_amount(name, key, options[key])
    AGENTS[name](0, **options)
    return name, options


HUMAN = "human"
"""The seat a person takes (`--agent human`): no agent answers it, the game shows its decisions."""


def make_agent(spec: str, game_seed: int, seat: int):
    """An agent from its spec, e.g. `random`, `greedy:samples=4`, `mcts:playouts=200`, or a bot
    of one's own in a `TrustedSpec`, `bots/mine.py:Mine` (its class is called with the seed)."""
    return AgentSpec.parse(spec).make(game_seed, seat)


@attrs.frozen(slots=True)
class AgentSpec:
    """A spec parsed and checked once, to make the agents of many games: a run of thousands of
    games would otherwise parse the spec, build a throwaway agent to check it (and load a
    bot's file) again for every seat of every game. `make` seeds each agent exactly as
    `make_agent` does, so a game does not depend on which of the two made its agents."""

    spec: str
    name: str
    factory: type
    options: dict
    own: bool

    @classmethod
    def parse(cls, spec: str) -> "AgentSpec":
        own = own_bot_class(spec)
        if own is not None:
            return cls(spec, spec, own, {}, True)
        name, options = parse_agent(spec)
        return cls(spec, name, AGENTS[name], options, False)

    def make(self, game_seed: int, seat: int):
        """The agent of `seat` in the game of `game_seed`; a bot of one's own whose making
        fails (its `__init__` raises, or calls `sys.exit`) is a BotError at its own line."""
        if not self.own:
            return self.factory(f"{game_seed}:{seat}:{self.name}", **self.options)
        try:
            bot = self.factory(f"{game_seed}:{seat}:{self.spec}")
        except (Exception, SystemExit) as error:  # noqa: BLE001 - the bot's own code: its mistake, reported at its line
            raise bot_failure(error, f"making the bot {self.spec}") from None
        return OwnBot(bot)


def names_code(spec: str) -> bool:
    """Whether a spec names a bot's code, `PATH.py:Class` or `package.module:Class`, rather than
    an agent this process knows (`mcts:playouts=200`): told from the text alone."""
    where, sep, class_name = spec.rpartition(":")
    return bool(sep) and class_name.isidentifier() and (
        where.endswith(".py") or "." in where or "/" in where or where.isidentifier() and where not in AGENTS)


def own_bot_class(spec: str):
    """The class a spec `PATH.py:Class` or `package.module:Class` names, or None for a spec of a
    shipped agent. The one place that loads a bot's code, so the one place that decides
    whether it may: only for a `TrustedSpec` (else NamesCode, before the file is even looked
    for). Mistakes in the bot's file are an AgentSpecError at the bot's own line."""
    if not names_code(spec):
        return None
    if not isinstance(spec, TrustedSpec):
        raise NamesCode(spec)
    where, _, class_name = spec.rpartition(":")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise AgentSpecError(f"no bot file {where}")
            module_spec = importlib.util.spec_from_file_location(f"rulesrun_bot_{path.stem}", path)
            module = importlib.util.module_from_spec(module_spec)
            module_spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except AgentSpecError:
        raise
    except SyntaxError as error:
        raise AgentSpecError(f"{error.filename}:{error.lineno}:{error.offset or 0}: {error.msg} (in the bot {spec})") from None
    except ImportError as error:
        raise AgentSpecError(f"cannot load the bot {spec}: {error}") from None
    except Exception as error:  # noqa: BLE001 - the bot's own code: its mistake, reported at its line
        raise AgentSpecError(f"{bot_location(error)}: {type(error).__name__}: {error} (loading the bot {spec})") from None
    found = getattr(module, class_name, None)
    if not isinstance(found, type):
        raise AgentSpecError(f"{where} has no class {class_name}")
    if not callable(getattr(found, "choose", None)):
        raise AgentSpecError(f"{where}:{class_name} has no method choose(decision)")
    _takes_a_seed(found, spec)
    return found


def _takes_a_seed(bot: type, spec: str) -> None:
    """An AgentSpecError at the bot's `__init__` if its class cannot be called with the seed
    every game makes it with (`Mine(seed)`); said when the spec is read, before any game."""
    try:
        inspect.signature(bot).bind("seed")
    except TypeError:
        init = getattr(bot.__init__, "__code__", None)
        where = f"{init.co_filename}:{init.co_firstlineno}: " if init else ""
        raise AgentSpecError(f"{where}the bot {spec} cannot be made with a seed: give it "
                             "`def __init__(self, seed)` (each game makes it with its own)") from None
    except ValueError:
        return
