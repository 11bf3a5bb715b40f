"""The game metrics of a run (`simulate --metrics`): is the game decisive, with comebacks and
tension, or settled after the first round? docs/metrics.md defines each, with its formula,
a tiny example and the work it follows (Browne 2008; Ludii's metrics).

Each game's record brings its `metrics` (interpreter/studies/standings.py: the first seat,
lead changes, the leaders after each round, drama, margin, options and choices), and
`MetricsTally` adds them up as the games stream past, holding no record, as `report.Tally`
does (it feeds one of these with every record that has `metrics`). Sums are exact
(`streaming.ExactSum`) and spreads come from counts of each value, so the metrics of a run are
those of the whole list of its games, bit for bit.

    first seat     the seat of the game's first turn: its win share, with its interval, against 1/n
    balance        1 - the largest difference between two seats' win shares (Ludii's Balance)
    lead changes   per game, and per turn
    leader wins    after round k: the share of the games still going whose leader won
    comebacks      the share of won games whose winner trailed at some turn's start
    drama          the winners' worst deficit, per game
    decisiveness   the winning margin, in standard deviations of the final scores
    branching      options per decision (a forced one counts 1), and per decision with a choice
    luck share     the share of games won by `random` seats against better ones, against theirs of the seats
"""

from __future__ import annotations

import math

import attrs

from .streaming import Counts, ExactSum
from .summaries import Share, Spread, win_credit

RANDOM = "random"


def is_random(agent: str) -> bool:
    """Whether an agent spec is the random agent (`random`), the one that plays without skill."""
    return agent.partition(":")[0] == RANDOM


def leader_credit(record: dict, leading: list) -> float:
    """The chance that a seat drawn from the leaders `leading` won the game: the mean of their
    win credits (a shared win counts 1/k). One leader who won alone: 1; two tied, one of whom won: 1/2."""
    if len(leading) == 1:
        return win_credit(record, leading[0])
    return math.fsum(win_credit(record, seat) for seat in leading) / len(leading)


def luck_credit(record: dict) -> float | None:
    """The part of the game won by its `random` seats, if some seats are random and some not."""
    agents = record.get("agents") or ()
    random_seats = [seat for seat, agent in enumerate(agents) if is_random(agent)]
    if not random_seats or len(random_seats) == len(agents):
        return None
    return math.fsum(win_credit(record, seat) for seat in random_seats)


def _ratio(top: float, bottom: float) -> float | None:
    return top / bottom if bottom else None


@attrs.define(slots=True)
class ShareTally:
    """A share of games kept running: the credits (1, 0, or a part of a shared win) of `n` games."""

    n: int = 0
    credit: ExactSum = attrs.field(factory=ExactSum)

    def add(self, credit: float) -> None:
        self.n += 1
        self.credit.add(credit)

    def share(self, confidence: float) -> Share:
        return Share.of(self.credit.value(), self.n, confidence)


@attrs.frozen(slots=True)
class RoundShare:
    """After round `round`, in the `games` that went on from it: the share whose leader won."""

    round: int
    games: int
    share: Share

    def to_json(self) -> dict:
        return {"round": self.round, "games": self.games, "share": self.share.value,
                "interval": [self.share.low, self.share.high]}


@attrs.frozen(slots=True)
class FirstSeat:
    """The win share of the seat that took each game's first turn, over the `games` that had a
    turn, against `even` (1/players): `advantage` and its interval are the share's less `even`."""

    games: int
    share: Share
    even: float

    @property
    def advantage(self) -> float:
        return self.share.value - self.even

    def to_json(self) -> dict:
        return {"games": self.games, "win_share": self.share.value, "win_interval": [self.share.low, self.share.high],
                "even_share": self.even, "advantage": self.advantage,
                "advantage_interval": [self.share.low - self.even, self.share.high - self.even]}


@attrs.frozen(slots=True)
class Luck:
    """The games won by the `random` seats (`seats`) against seats of better agents, over the
    `games` in which both kinds sat: `share` of them, `even` the random seats' share of the seats
    (their share if skill did nothing), `relative` = share / even (1: skill did nothing; 0:
    random seats never won)."""

    seats: tuple[int, ...]
    games: int
    share: Share
    even: float

    @property
    def relative(self) -> float | None:
        return _ratio(self.share.value, self.even)

    def to_json(self) -> dict:
        return {"seats": list(self.seats), "games": self.games, "share": self.share.value,
                "interval": [self.share.low, self.share.high], "even_share": self.even, "relative": self.relative}


@attrs.frozen(slots=True)
class Metrics:
    """The game metrics of a run (the module's docstring; docs/metrics.md)."""

    games: int
    players: int
    first_seat: FirstSeat
    balance: float
    lead_changes: Spread
    lead_changes_per_turn: float | None
    leader_wins: tuple[RoundShare, ...]
    won: int
    comebacks: Share
    drama: Spread
    margin: Spread
    score_sd: float
    decisiveness: float | None
    branching: float | None
    decision_factor: float | None
    decisions: Spread
    choices: Spread
    luck: Luck | None

    @property
    def drama_in_sd(self) -> float | None:
        """The mean drama in standard deviations of the final scores."""
        return _ratio(self.drama.mean, self.score_sd)

    def to_json(self) -> dict:
        return {"games": self.games, "first_seat": self.first_seat.to_json(), "balance": self.balance,
                "lead_changes": self.lead_changes.to_json(), "lead_changes_per_turn": self.lead_changes_per_turn,
                "leader_wins": [r.to_json() for r in self.leader_wins],
                "comebacks": {"games": self.won, "share": self.comebacks.value,
                              "interval": [self.comebacks.low, self.comebacks.high]},
                "drama": self.drama.to_json(), "drama_in_sd": self.drama_in_sd,
                "margin": self.margin.to_json(), "score_sd": self.score_sd, "decisiveness": self.decisiveness,
                "branching": self.branching, "decision_factor": self.decision_factor,
                "decisions": self.decisions.to_json(), "choices": self.choices.to_json(),
                "luck": self.luck.to_json() if self.luck else None}


@attrs.define(slots=True)
class MetricsTally:
    """The metrics kept running: `add` each record that has `metrics`, `report()` at any moment.
    Mutable, as an accumulator is: one per run (and one per side of a comparison)."""

    players: int | None = None
    games: int = 0
    seat_wins: list = attrs.field(factory=list)
    first: ShareTally = attrs.field(factory=ShareTally)
    lead_changes: Counts = attrs.field(factory=Counts)
    # Whole-number sums over the games: lead changes, turns, options, decisions, choices.
    totals: list = attrs.field(factory=lambda: [0, 0, 0, 0, 0])
    rounds: list = attrs.field(factory=list)
    comebacks: ShareTally = attrs.field(factory=ShareTally)
    drama: Counts = attrs.field(factory=Counts)
    margin: Counts = attrs.field(factory=Counts)
    scores: Counts = attrs.field(factory=Counts)
    decisions: Counts = attrs.field(factory=Counts)
    choices: Counts = attrs.field(factory=Counts)
    luck: ShareTally = attrs.field(factory=ShareTally)
    luck_even: ExactSum = attrs.field(factory=ExactSum)
    random_seats: dict = attrs.field(factory=dict)

    def add(self, record: dict) -> None:
        course = record["metrics"]
        if self.players is None:
            self.players = len(record["scores"])
            self.seat_wins = [ExactSum() for _ in range(self.players)]
        self.games += 1
        for seat, wins in enumerate(self.seat_wins):
            wins.add(win_credit(record, seat))
        if course["first"] is not None:
            self.first.add(win_credit(record, course["first"]))
        self.lead_changes.add(course["lead_changes"])
        for at, value in enumerate((course["lead_changes"], record["turns"], course["options"], record["decisions"],
                                    course["choices"])):
            self.totals[at] += value
        for k, leading in enumerate(course["leaders"]):
            if k == len(self.rounds):
                self.rounds.append(ShareTally())
            self.rounds[k].add(leader_credit(record, leading))
        if course["drama"] is not None:
            self.comebacks.add(1 if course["drama"] > 0 else 0)
            self.drama.add(course["drama"])
            self.margin.add(course["margin"])
        for score in record["scores"]:
            self.scores.add(score)
        self.decisions.add(record["decisions"])
        self.choices.add(course["choices"])
        luck = luck_credit(record)
        if luck is not None:
            agents = record["agents"]
            self.luck.add(luck)
            random_seats = [seat for seat, agent in enumerate(agents) if is_random(agent)]
            self.luck_even.add(len(random_seats) / len(agents))
            self.random_seats.update(dict.fromkeys(random_seats))

    def report(self, confidence: float = 0.95) -> Metrics:
        n, players = self.games, self.players or 0
        shares = [wins.value() / n if n else 0.0 for wins in self.seat_wins]
        balance = 1 - (max(shares) - min(shares)) if shares else 1.0
        score_sd = self.scores.sd()
        margin = Spread.of_counts(self.margin)
        lead_changes, turns, options, decisions, choices = self.totals
        luck = Luck(tuple(sorted(self.random_seats)), self.luck.n, self.luck.share(confidence),
                    self.luck_even.value() / self.luck.n) if self.luck.n else None
        return Metrics(n, players, FirstSeat(self.first.n, self.first.share(confidence), 1 / players if players else 0.0),
                       balance, Spread.of_counts(self.lead_changes),
                       _ratio(lead_changes, turns),
                       tuple(RoundShare(k + 1, tally.n, tally.share(confidence)) for k, tally in enumerate(self.rounds)),
                       self.comebacks.n, self.comebacks.share(confidence), Spread.of_counts(self.drama), margin,
                       score_sd, _ratio(margin.mean, score_sd) if self.margin.n else None,
                       _ratio(options + decisions - choices, decisions), _ratio(options, choices),
                       Spread.of_counts(self.decisions), Spread.of_counts(self.choices), luck)
