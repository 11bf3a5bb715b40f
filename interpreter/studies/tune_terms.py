"""What `rulesrun tune` is asked: the parameter it turns (a number, or one entry of a list
parameter, a track), the range it searches, and the target of a metric, each read from the
command line with a hinted error for a mistake, before any game is played.

    --param track[0] --range 0..60000 --target paid_per_game:bonus=paid_per_game:refund
    --param goal --range 20..200 --target turns=40

A metric is one number per game, taken from the game's record as the report takes it (one
place for each fact: `summaries.win_credit`, `report.rule_counts`), so its mean over games is
the figure `simulate --json` reports under the same name. A target `A=B` of two metrics is
met when their per-game difference averages 0: a paired estimate, both read off the same
games, so the luck the two share cancels.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

import attrs

from ...dsl import ast
from ...dsl.errors import Diagnostic, RulesError, did_you_mean
from .report import rule_counts
from .summaries import win_credit

METRICS = {
    "win_share": "win_share:SEAT  a seat's share of the wins (seats[SEAT].win_share)",
    "score": "score:SEAT  a seat's mean score (seats[SEAT].score.mean)",
    "turns": "turns  the mean game length in turns (turns.mean)",
    "paid_per_game": "paid_per_game:RULE  what a rule, or all rules of a part (`bonus`), pays a game "
                     "(rules[].paid_per_game)",
    "lead_changes": "lead_changes  lead changes a game (metrics.lead_changes.mean, as with --metrics)",
}
_SEATED = ("win_share", "score")
_ENTRY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[\s*(-?\d+)\s*\])?\s*$")


def tune_error(message: str, hint: str, related: tuple = ()) -> RulesError:
    return RulesError([Diagnostic(None, message, hint, related)])


@attrs.frozen(slots=True)
class Knob:
    """The parameter tuned: `name`, or its entry `index` when it is a list (`items`: the list
    as declared, in which only that entry changes). `whole`: its values are whole numbers."""

    name: str
    whole: bool
    index: int | None = None
    items: tuple = ()

    @property
    def label(self) -> str:
        return self.name if self.index is None else f"{self.name}[{self.index}]"

    def setting(self, value: float) -> str:
        """The `--set` text that gives the parameter `value` (the whole list, for an entry)."""
        if self.index is None:
            return _number_text(value)
        items = list(self.items)
        items[self.index] = value
        return ",".join(map(_number_text, items))

    def value(self, number: float) -> float:
        """A point of the range as the parameter takes it: rounded, for whole numbers."""
        return round(number) if self.whole else number


def _number_text(value) -> str:
    return str(int(value)) if isinstance(value, int) or float(value).is_integer() else repr(float(value))


def knob(program, text: str) -> Knob:
    """`--param NAME` (a number parameter) or `--param NAME[I]` (entry I of a list of numbers),
    checked against the composed program's parameters."""
    match = _ENTRY.match(text)
    if match is None:
        raise tune_error(f"--param {text}: not NAME or NAME[INDEX]", "e.g. --param rounds, or --param track[0]")
    name, index = match.group(1), match.group(2)
    declared = program.parts.get(name)
    params = {n for n, d in program.parts.items() if isinstance(d, ast.Param)}
    if not isinstance(declared, ast.Param):
        raise tune_error(f"--param {text}: unknown parameter `{name}`",
                         did_you_mean(name, params) or "`rulesrun check --params RULES` lists them")
    related = ((declared.span, f"`{name}` is declared here"),) if declared.span else ()
    default = declared.default
    if index is None:
        number = _number(default)
        if number is None:
            hint = f"tune one entry: --param {name}[0]" if isinstance(default, ast.List) else \
                "tune a parameter whose default is a number"
            raise tune_error(f"--param {text}: `{name}` is not a number", hint, related)
        return Knob(name, isinstance(number, int))
    items = tuple(_number(item) for item in default.items) if isinstance(default, ast.List) else None
    if items is None or any(item is None for item in items):
        raise tune_error(f"--param {text}: `{name}` is not a list of numbers written out",
                         f"tune a number parameter: --param {name}" if not isinstance(default, ast.List)
                         else "write the list's numbers in its declaration", related)
    position = int(index)
    if not 0 <= position < len(items):
        raise tune_error(f"--param {text}: `{name}` has {len(items)} entries",
                         f"give an index from 0 to {len(items) - 1}", related)
    return Knob(name, all(isinstance(item, int) for item in items), position, items)


def _number(default):
    """The number a literal default is (a negated one too), or None."""
    if isinstance(default, ast.Negate):
        inner = _number(default.operand)
        return None if inner is None else -inner
    if isinstance(default, ast.Literal) and isinstance(default.value, (int, float)) \
            and not isinstance(default.value, bool):
        return default.value
    return None


def value_range(text: str, tuned: Knob) -> tuple[float, float]:
    """`--range LO..HI`: the values searched, LO below HI (whole numbers for a whole parameter)."""
    low, sep, high = text.partition("..")
    example = "0..10" if tuned.whole else "0.5..8"
    try:
        ends = float(low), float(high)
    except ValueError:
        ends = None
    if not sep or ends is None or not all(map(math.isfinite, ends)):
        raise tune_error(f"--range {text}: not LO..HI", f"two numbers, e.g. --range {example}")
    if tuned.whole and not all(end.is_integer() for end in ends):
        raise tune_error(f"--range {text}: `{tuned.label}` takes whole numbers", f"e.g. --range {example}")
    if ends[0] >= ends[1]:
        raise tune_error(f"--range {text}: the range is empty", f"the lower end first: --range {high}..{low}")
    return tuned.value(ends[0]), tuned.value(ends[1])


@attrs.frozen(slots=True)
class Metric:
    """One number of a game's record: `kind` (a key of METRICS) and its argument, a seat or a
    rule's name."""

    text: str
    kind: str
    seat: int = 0
    rules: tuple[str, ...] = ()

    def of(self, record: dict) -> float:
        if self.kind == "win_share":
            return win_credit(record, self.seat)
        if self.kind == "score":
            return record["scores"][self.seat]
        if self.kind == "turns":
            return record["turns"]
        if self.kind == "lead_changes":
            return record["metrics"]["lead_changes"]
        return math.fsum(rule_counts(record, name)[1] for name in self.rules)


@attrs.frozen(slots=True)
class Target:
    """The metric brought to `value`, or to the metric `against` (their difference to 0).
    `gap` is one game's distance from the target; the search brings its mean to 0."""

    text: str
    metric: Metric
    value: float = 0.0
    against: Metric | None = None

    @property
    def needs_course(self) -> bool:
        return "lead_changes" in (self.metric.kind, self.against and self.against.kind)

    def gap(self, record: dict) -> float:
        return self.metric.of(record) - (self.against.of(record) if self.against else self.value)


def target(text: str, players: int, sites: Sequence[str]) -> Target:
    """`--target METRIC=VALUE` or `--target METRIC=METRIC`; `players`: the seats in play,
    `sites`: the names of the rules the meter counts (`Rules.rule_sites`)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise tune_error(f"--target {text}: not METRIC=VALUE", "e.g. --target win_share:0=0.25, --target turns=40, "
                                                              "--target paid_per_game:a=paid_per_game:b")
    metric = _metric(name.strip(), text, players, sites)
    try:
        number = float(value)
    except ValueError:
        return Target(text, metric, against=_metric(value.strip(), text, players, sites))
    if not math.isfinite(number):
        raise tune_error(f"--target {text}: `{value.strip()}` is no finite number", "e.g. --target turns=40")
    return Target(text, metric, number)


def _metric(text: str, target_text: str, players: int, sites: Sequence[str]) -> Metric:
    kind, sep, argument = text.partition(":")
    kind, argument = kind.strip(), argument.strip()
    if kind not in METRICS:
        raise tune_error(f"--target {target_text}: unknown metric `{kind}`",
                         (did_you_mean(kind, METRICS) + "; " if did_you_mean(kind, METRICS) else "")
                         + "one of: " + "; ".join(METRICS.values()))
    if kind in _SEATED:
        if not argument.isdigit() or int(argument) >= players:
            raise tune_error(f"--target {target_text}: `{kind}` needs a seat from 0 to {players - 1}",
                             f"e.g. {kind}:0")
        return Metric(text, kind, seat=int(argument))
    if kind == "paid_per_game":
        rules = tuple(site for site in sites if site == argument or site.startswith(argument + ": "))
        if not argument or not rules:
            parts = {site.partition(": ")[0] for site in sites if ": " in site}
            raise tune_error(f"--target {target_text}: no rule or part `{argument}` in these rules",
                             did_you_mean(argument, set(sites) | parts)
                             or "a rule's name as `simulate` reports it, or a part's name: "
                             + ", ".join(sorted(parts)[:8]))
        return Metric(text, kind, rules=rules)
    if sep:
        raise tune_error(f"--target {target_text}: `{kind}` takes no `:{argument}`", f"write {kind} alone")
    return Metric(text, kind)
