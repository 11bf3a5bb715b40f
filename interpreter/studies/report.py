"""What a simulation says about a ruleset: balance per seat and per agent, score spread,
game length and what each named rule is worth, computed from the games' records alone.

A record is the dict `simulate.run` yields (and `simulate --out` writes): `scores` (first
score key per seat), `winners`, `turns`, `agents` and, when the engine meters rules,
`rules` = {name: {"fired": int, "paid": number, "moved": int, "asked": int}}, and with
`--metrics` the game's `metrics` (interpreter/studies/standings.py), which the report adds up
as the game metrics (metrics.py). Building a
report from records rather than from a plan keeps it usable on a saved `--out` file and keeps
printing elsewhere. Given the ruleset's `sites` (`Rules.rule_sites`: every rule the meter can
count, with where it is written), the report also groups rules by file and names the rules
that never fired in any game: a misspelled `when board == "..."` shows up there. `Tally`
keeps the report running while games stream past, holding no record; `build` is a Tally fed
a list.

A shared win counts 1/k for each of the k winners, so win shares over the seats add up to 1.
Intervals are Wilson score intervals; quantiles interpolate linearly (numpy's default).
`Report.to_json()` is a contract read by other tools: README.md lists its fields.
"""

from __future__ import annotations

from typing import Iterable

import attrs

from .metrics import Metrics, MetricsTally
from .streaming import Counts, ExactSum
from .summaries import QUANTILES, Share, Spread, win_credit


@attrs.frozen(slots=True)
class SeatReport:
    seat: int
    agent: str
    wins: float
    win_share: Share
    score: Spread

    def to_json(self) -> dict:
        return {"seat": self.seat, "agent": self.agent, "wins": self.wins, "win_share": self.win_share.value,
                "win_interval": [self.win_share.low, self.win_share.high], "score": self.score.to_json()}


@attrs.frozen(slots=True)
class AgentReport:
    """An agent's share of the games won by any seat it plays. `even_share` is what it would
    win if every seat were equally strong: its number of seats over the players."""

    agent: str
    seats: tuple[int, ...]
    even_share: float
    wins: float
    win_share: Share

    def to_json(self) -> dict:
        return {"agent": self.agent, "seats": list(self.seats), "even_share": self.even_share, "wins": self.wins,
                "win_share": self.win_share.value, "win_interval": [self.win_share.low, self.win_share.high]}


@attrs.frozen(slots=True)
class RuleReport:
    """How often a named rule ran and what it did: paid (change of the seats' first score keys
    while it ran, less what the rules it set off paid), pieces moved, decisions asked (of more
    than one option). `paid_per_firing` is None when the rule never fired. `file` and `at`
    (line, column) say where it is written, when the report was given the ruleset's sites."""

    rule: str
    fired_games: int
    fired_share: float
    mean_fired: float
    paid_per_firing: float | None
    paid_per_game: float
    moved_per_game: float = 0.0
    asked_per_game: float = 0.0
    file: str | None = None
    at: tuple[int, int] | None = None

    @property
    def did_nothing(self) -> bool:
        """Fired, perhaps, but paid nothing, moved nothing and asked nothing: bookkeeping."""
        return not (self.paid_per_game or self.moved_per_game or self.asked_per_game)

    def to_json(self) -> dict:
        return {"rule": self.rule, "fired_games": self.fired_games, "fired_share": self.fired_share,
                "mean_fired": self.mean_fired, "paid_per_firing": self.paid_per_firing,
                "paid_per_game": self.paid_per_game, "moved_per_game": self.moved_per_game,
                "asked_per_game": self.asked_per_game, "file": self.file,
                "at": list(self.at) if self.at else None}


@attrs.frozen(slots=True)
class Report:
    games: int
    players: int
    confidence: float
    seats: tuple[SeatReport, ...]
    agents: tuple[AgentReport, ...]
    turns: Spread
    rules: tuple[RuleReport, ...]
    never_fired: tuple[RuleReport, ...] = ()
    # The game metrics, when the records had them (`simulate --metrics`; metrics.py).
    metrics: Metrics | None = None

    def to_json(self) -> dict:
        data = {"games": self.games, "players": self.players, "confidence": self.confidence,
                "interval": "wilson", "quantiles": list(QUANTILES),
                "seats": [s.to_json() for s in self.seats], "agents": [a.to_json() for a in self.agents],
                "turns": self.turns.to_json(), "rules": [r.to_json() for r in self.rules],
                "never_fired": [r.to_json() for r in self.never_fired]}
        if self.metrics is not None:
            data["metrics"] = self.metrics.to_json()
        return data


def rule_counts(record: dict, name: str) -> tuple[int, float]:
    """(firings, paid) of a rule in one game; a rule missing from a metered game did not fire."""
    entry = (record.get("rules") or {}).get(name) or {}
    return entry.get("fired", 0), entry.get("paid", 0)


def build(records: Iterable[dict], confidence: float = 0.95, sites: dict | None = None) -> Report:
    """The report over `records` (in game order; all with the same number of seats); `sites`:
    every rule the meter can count, with (file, line, column), as `Rules.rule_sites` has them."""
    tally = Tally()
    for record in records:
        tally.add(record)
    return tally.report(confidence, sites)


@attrs.define(slots=True)
class RuleTally:
    """One rule's running sums over the games so far (a game it did not fire in adds nothing)."""

    fired: int = 0
    fired_games: int = 0
    paid: ExactSum = attrs.field(factory=ExactSum)
    moved: int = 0
    asked: int = 0

    def add(self, entry: dict) -> None:
        fired = entry.get("fired", 0)
        self.fired += fired
        self.fired_games += fired > 0
        self.paid.add(entry.get("paid", 0))
        self.moved += entry.get("moved", 0)
        self.asked += entry.get("asked", 0)

    def report(self, name: str, n: int, site: tuple | None) -> RuleReport:
        paid = self.paid.value()
        return RuleReport(name, self.fired_games, self.fired_games / n if n else 0.0, self.fired / n if n else 0.0,
                          paid / self.fired if self.fired else None, paid / n if n else 0.0,
                          self.moved / n if n else 0.0, self.asked / n if n else 0.0,
                          site[0] if site else None, tuple(site[1:]) if site else None)


@attrs.define(slots=True)
class Tally:
    """The report kept running: `add` each game's record as it finishes, `report()` at any
    moment. It keeps sums and counts of distinct values (`streaming.py`), never the records,
    so memory does not grow with the number of games, and the report is the one `build` gave
    from the whole list, field for field: win sums are added in game order as `sum` added
    them, the rest is exact. Mutable, as an accumulator is: one per run."""

    players: int | None = None
    seat_wins: list = attrs.field(factory=list)
    seat_agents: list = attrs.field(factory=list)
    scores: list = attrs.field(factory=list)
    turns: Counts = attrs.field(factory=Counts)
    agent_seats: dict = attrs.field(factory=dict)
    agent_wins: dict = attrs.field(factory=dict)
    rules: dict = attrs.field(factory=dict)
    metered: bool = False
    metrics: MetricsTally | None = None

    @property
    def games(self) -> int:
        return self.turns.n

    def add(self, record: dict) -> None:
        if self.players is None:
            self.players = len(record["scores"])
            self.seat_wins = [0] * self.players
            self.seat_agents = [{} for _ in range(self.players)]
            self.scores = [Counts() for _ in range(self.players)]
        credits = [win_credit(record, seat) for seat in range(self.players)]
        agents = record.get("agents") or ()
        for seat in range(self.players):
            self.seat_wins[seat] += credits[seat]
            self.scores[seat].add(record["scores"][seat])
            if agents:
                self.seat_agents[seat][agents[seat]] = None
        for seat, agent in enumerate(agents):
            self.agent_seats.setdefault(agent, set()).add(seat)
            self.agent_wins[agent] = self.agent_wins.get(agent, 0.0) + credits[seat]
        self.turns.add(record["turns"])
        rules = record.get("rules")
        self.metered = self.metered or rules is not None
        for name, entry in (rules or {}).items():
            tally = self.rules.get(name)
            if tally is None:
                tally = self.rules[name] = RuleTally()
            tally.add(entry or {})
        if "metrics" in record:
            if self.metrics is None:
                self.metrics = MetricsTally()
            self.metrics.add(record)

    def report(self, confidence: float = 0.95, sites: dict | None = None) -> Report:
        """The report over the games added so far (see `build`)."""
        n, players = self.games, self.players or 0
        seats = tuple(SeatReport(seat, " | ".join(self.seat_agents[seat]) if self.seat_agents[seat] else "?",
                                 self.seat_wins[seat],
                                 Share.of(self.seat_wins[seat], n, confidence), Spread.of_counts(self.scores[seat]))
                      for seat in range(players))
        agents = tuple(AgentReport(agent, tuple(sorted(self.agent_seats[agent])),
                                   len(self.agent_seats[agent]) / players, self.agent_wins[agent],
                                   Share.of(self.agent_wins[agent], n, confidence))
                       for agent in sorted(self.agent_seats, key=lambda a: min(self.agent_seats[a])))
        sites = sites or {}
        rules = [self.rules[name].report(name, n, sites.get(name)) for name in sorted(self.rules)]
        order = {rule: index for index, rule in enumerate(sites)}
        files = {}
        for site in sites.values():
            if site is not None:
                files.setdefault(site[0], len(files))
        rules.sort(key=lambda r: (files.get(r.file, len(files)), order.get(r.rule, len(order)), r.rule))
        never = tuple(RuleTally().report(name, n, site) for name, site in sites.items() if name not in self.rules) \
            if self.metered else ()
        return Report(n, players, confidence, seats, agents, Spread.of_counts(self.turns), tuple(rules), never,
                      self.metrics.report(confidence) if self.metrics is not None else None)
