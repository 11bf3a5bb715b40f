"""Game logs as JSON lines, and replaying them.

The first line says how the game was set up (ruleset, fragments, parameters, players,
seed, agents); the rest are the game's events. Replaying plays the same setup with every
seat answering from the logged decisions, and checks that the new log equals the old one
event for event: a log is a complete, checkable record of a game. A game stopped at the
table (`q`, the end of the input, Ctrl-C) is logged up to the decision it waits at, its
setup marked `"unfinished": true`: it replays as far as it went, and `rulesrun play --resume`
goes on with it.

A log names its files by their paths relative to the log's own folder and records the
sha256 of every source the rules were composed from, so it replays from any directory and
an edited source is told apart from a game gone differently:

    {"t": "setup", "ruleset": "../rulesets/classic.rules", ..., "sources": {"../rulesets/classic.rules": "9f2c..."}}

A log whose writer cannot know the folder it will be kept in (the web page's download, saved
wherever the browser puts it) names its files by their absolute paths instead (`portable`):
it replays from any folder on the same machine, as long as its files are in its reach.

A log is someone's file: the files it names are read only within its reach (`log_reach`,
dsl/files.py): its own folder and below, the shipped rulesets, and `--allow-path` folders.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import attrs

from ...dsl.files import MAX_BYTES, Reach, Refused, path_mistake, read_file, real, refusal
from ..running.budget import Budget
from ..running.rules import load_rules


@attrs.frozen(slots=True)
class Setup:
    ruleset: str
    fragments: tuple[str, ...]
    params: dict
    players: int
    seed: int
    agents: tuple[str, ...]
    # Each source file's sha256 when the game was played, by its path (as `ruleset` is);
    # empty for a log written before logs recorded them.
    sources: dict = attrs.field(factory=dict)
    # The folder the paths of a log are relative to ("" for paths as typed).
    base: str = ""
    # The folder of the log read ("" for a setup made here): what the files it names may lie in.
    folder: str = ""
    # The game was stopped before its end: its log ends at the decision it waits at.
    unfinished: bool = False

    def to_json(self) -> dict:
        """The setup line; `sources` only when recorded (`log_records`), which makes the paths relative to the log."""
        head = {"t": "setup", "ruleset": self.ruleset, "fragments": list(self.fragments), "params": self.params,
                "players": self.players, "seed": self.seed, "agents": list(self.agents)}
        if self.sources:
            head["sources"] = self.sources
        if self.unfinished:
            head["unfinished"] = True
        return head


def log_records(folder: str | Path, setup: Setup, events: list[dict], sources) -> list[dict]:
    """The lines of a log to be written in `folder`: `setup` and `events` with every file named
    relative to it, and each of `sources` (the paths the rules were composed from) with its
    sha256."""
    relative = _relative_to(str(Path(folder).absolute()))
    written = attrs.evolve(setup, ruleset=relative(setup.ruleset), fragments=tuple(map(relative, setup.fragments)),
                           sources={relative(source): digest(source) for source in sources})
    return [written.to_json(), *_sources_relative(events, relative)]


def portable(setup: Setup, sources) -> Setup:
    """`setup` naming its files by their absolute paths, with each of `sources` (the paths the
    rules were composed from) and its sha256 as it is now: the setup of logs written later
    (`portable_records`) by a writer that cannot know the folder a log will be kept in, the
    web page's download. Digested when the rules are read, so a source edited meanwhile is
    told apart when the log is replayed.

        portable(Setup("rulesets/classic.rules", ...), ["rulesets/classic.rules", ...]).ruleset
        # "/home/me/rulesrun/rulesets/classic.rules"
    """
    return attrs.evolve(setup, ruleset=_absolute(setup.ruleset), fragments=tuple(map(_absolute, setup.fragments)),
                        sources={_absolute(source): digest(source) for source in sources})


def portable_records(setup: Setup, events: list[dict]) -> list[dict]:
    """The lines of a log of `setup` (made by `portable`) whose game's opening event names its
    sources by their absolute paths too, as the setup does."""
    return [setup.to_json(), *_sources_relative(events, _absolute)]


def _absolute(path: str) -> str:
    return os.path.abspath(path)


def digest(path: str) -> str:
    """The sha256 of the rules file at `path`, or "" if it cannot be read (as rules are:
    dsl/files.py, so a FIFO or a device is never opened)."""
    try:
        return hashlib.sha256(read_file(path, MAX_BYTES)).hexdigest()
    except Refused:
        return ""


def changed_sources(setup: Setup) -> list[str]:
    """The sources recorded in `setup` whose content differs now (or that are gone), as recorded."""
    relative = _relative_to(setup.base) if setup.base else str
    return [relative(path) for path, sha in setup.sources.items() if digest(path) != sha]


def _relative_to(base: str):
    return lambda path: os.path.relpath(os.path.abspath(path), base)


def _within(base: str, path: str) -> str:
    """A path of a log (relative to its folder `base`) as this process opens it."""
    return os.path.normpath(os.path.join(base, path))


def _sources_relative(events: list[dict], relative) -> list[dict]:
    """`events` with the paths of the game's opening event made by `relative`."""
    return [{**event, "sources": [relative(p) for p in event["sources"]]}
            if event.get("t") == "game" and isinstance(event.get("sources"), list) else event for event in events]


MAX_LOG_BYTES = 256 << 20
"""The largest log read (a long game of the shipped rulesets logs some 200 KB): a larger file
is no log, and reading it whole could fill the memory."""


class NotALog(ValueError):
    """A file that is not a game log `rulesrun` wrote, or one edited out of its shape; the
    message says which line and what is wrong with it."""


class OutOfReach(ValueError):
    """A log that names a file it may not (outside its reach, or no .rules file); the message
    names the file and why, never a byte of it."""


def read_log(path: str | Path) -> tuple[Setup, list[dict]]:
    """The setup and events of the log at `path`, every field of the kind the replay reads;
    else `NotALog`. A log is read whole, and only from a regular file (a FIFO, /dev/zero or
    a terminal would hang) of at most MAX_LOG_BYTES, as dsl/files.py reads."""
    try:
        text = read_file(path, MAX_LOG_BYTES).decode("utf-8")
    except Refused as refused:
        raise NotALog(f"{refused}{', more than any game logs' if refused.kind == 'size' else ''}") from None
    except UnicodeDecodeError as error:
        raise NotALog(f"{path}: not UTF-8 text (byte {error.start})") from None
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            lines.append((number, json.loads(line)))
        except (ValueError, RecursionError):
            raise NotALog(f"{path}:{number}: not a line of JSON") from None
    if not lines or not isinstance(lines[0][1], dict) or lines[0][1].get("t") != "setup":
        raise NotALog(f"{path}:{lines[0][0] if lines else 1}: the first line must be the setup of a game")
    setup = _setup(lines[0][1], f"{path}:{lines[0][0]}", path)
    events = []
    for number, event in lines[1:]:
        _check_event(event, setup.players, f"{path}:{number}")
        events.append(event)
    return setup, events


def _setup(head: dict, where: str, log) -> Setup:
    def field(name: str, kind, what: str):
        value = head.get(name)
        if not is_of(value, kind):
            raise NotALog(f"{where}: the setup's `{name}` must be {what}, not {json.dumps(value)[:40]}")
        return value

    ruleset = field("ruleset", str, "the path of a ruleset")
    fragments = field("fragments", list, "a list of paths")
    params = field("params", dict, "an object of NAME: VALUE texts")
    players = field("players", int, "a whole number")
    seed = field("seed", int, "a whole number")
    agents = field("agents", list, "a list of agent names")
    if not all(isinstance(f, str) for f in fragments) or not all(isinstance(a, str) for a in agents):
        raise NotALog(f"{where}: the setup's fragments and agents must be texts")
    if not all(isinstance(v, str) for v in params.values()):
        raise NotALog(f"{where}: the setup's params must be texts, as given to --set")
    if not 1 <= players <= 99:
        raise NotALog(f"{where}: the setup's `players` must be 1 to 99, not {players}")
    sources = field("sources", dict, "an object of PATH: SHA256 texts") if "sources" in head else {}
    if not all(isinstance(v, str) for v in sources.values()):
        raise NotALog(f"{where}: the setup's sources must map each path to its sha256 text")
    unfinished = field("unfinished", bool, "true or false") if "unfinished" in head else False
    for named in (ruleset, *fragments, *sources):
        mistake = path_mistake(named)
        if mistake is not None:
            raise NotALog(f"{where}: the setup names a file no system has: {mistake}")
    folder = str(Path(log).absolute().parent)
    if "sources" not in head:
        return Setup(ruleset, tuple(fragments), params, players, seed, tuple(agents), folder=folder,
                     unfinished=unfinished)
    return Setup(_within(folder, ruleset), tuple(_within(folder, f) for f in fragments), params, players, seed,
                 tuple(agents), {_within(folder, p): sha for p, sha in sources.items()}, folder, folder, unfinished)


def log_reach(setup: Setup, allow=()) -> Reach | tuple:
    """The folders the files of a read log may lie in: its own folder and below, the shipped
    rulesets and `allow` (dsl/files.py); a setup made here (no log) names files of its maker's
    own, so only `allow` is added to what the rules may include."""
    return Reach.around(setup.folder, allow, "the log") if setup.folder else tuple(allow)


def beyond_reach(folder: str | Path, sources, allow=()) -> list[str]:
    """The folders of `sources` that a log written in `folder` may not name unless the replay
    allows them (`--allow-path`): what `rulesrun RULES --log FILE` says to replay it with."""
    reach = Reach.around(folder, allow)
    outside = sorted({real(s).parent for s in sources if not reach.holds(real(s))}, key=lambda f: len(f.parts))
    kept: list[Path] = []
    for candidate in outside:
        if not any(candidate == k or k in candidate.parents for k in kept):
            kept.append(candidate)
    return [str(folder) for folder in kept]


def files_in_reach(setup: Setup, allow=()) -> Reach | tuple:
    """`log_reach(setup, allow)`, once every file the log names (its ruleset, fragments and
    sources) is found in it and is a .rules file; else OutOfReach naming the first that is not.
    Nothing is read to say so."""
    reach = log_reach(setup, allow)
    if isinstance(reach, Reach):
        named = [("ruleset", setup.ruleset), *(("fragment", f) for f in setup.fragments),
                 *(("source", s) for s in setup.sources)]
        for role, path in named:
            refused = refusal(Path(path), path, reach)
            if refused is not None:
                raise OutOfReach(f"the log's {role} {refused}")
    return reach


def _check_event(event, players: int, where: str) -> None:
    if not isinstance(event, dict) or not isinstance(event.get("t"), str):
        raise NotALog(f'{where}: an event must be an object with a "t" naming its kind')
    if event["t"] == "chance":
        if not is_of(event.get("outcome"), int) or event["outcome"] < 0:
            raise NotALog(f"{where}: a chance event's `outcome` must be the index of an outcome, a whole number "
                          f"from 0, not {json.dumps(event.get('outcome'))[:40]}")
    if event["t"] != "decide":
        return
    options, choice, player = event.get("options"), event.get("choice"), event.get("player")
    if not is_of(player, int) or not 0 <= player < players:
        raise NotALog(f"{where}: a decision's `player` must be a seat, 0 to {players - 1}")
    if not isinstance(options, list) or not options:
        raise NotALog(f"{where}: a decision's `options` must be a list of its options")
    if not is_of(choice, int) or not 0 <= choice < len(options):
        raise NotALog(f"{where}: a decision's `choice` must be the index of an option, 0 to {len(options) - 1}, "
                      f"not {json.dumps(choice)[:40]}")


def is_of(value, kind) -> bool:
    """`value`, read from JSON (a log, a snapshot set's manifest), is of `kind`, where true and
    false are not whole numbers."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


@attrs.frozen(slots=True)
class Replayed:
    """What a replay found: the events it made, the index of the first that differs from the
    log (None: identical), why the replay stopped early if it did, and whether the log is of
    other rules (another title or other source files) rather than a game gone differently."""

    events: list
    first_difference: int | None
    stopped: str = ""
    another_game: bool = False
    # The game replayed (a driven Game), for its final standing.
    game: object = None


def _heading(event: dict) -> tuple:
    return event.get("t"), event.get("title"), event.get("sources")


def replay(setup: Setup, events: list[dict], allow=(), budget: Budget = Budget()) -> Replayed:
    """Play `setup` again, answering each decision with the logged choice; the new events and
    the first that differs. A replay that cannot go on (the log ends before the game, a logged
    answer fits no option of the decision the replay meets) differs where it stopped, unless
    the log is of a game stopped there (`unfinished`); rules that stop with an error raise it
    (a PlayError). `allow`: folders the rules may include from beyond their own (never read
    from the log); a read log's files stay in its reach (`log_reach`)."""
    answers = [event["choice"] for event in events if event["t"] == "decide" and len(event["options"]) > 1][::-1]
    # A game played with explicit chance logs each outcome given (interpreter/running/chance.py).
    outcomes = [event["outcome"] for event in events if event["t"] == "chance"]
    rules = load_rules(setup.ruleset, setup.fragments, setup.params, log_reach(setup, allow), budget)
    rules.check_players(setup.players)
    stopped = ""
    game = rules.start(setup.players, setup.seed, lookahead=False, chance="explicit" if outcomes else "seeded",
                       outcomes=outcomes)
    while not game.over:
        if game.chance is not None:
            stopped = "the log ends before the game does"
            break
        if not answers:
            if not setup.unfinished:
                stopped = "the log ends before the game does"
            break
        answer = answers.pop()
        if answer >= len(game.decision.options):
            stopped = f"the logged answer {answer} fits no option of the decision met"
            break
        game.play(answer)
    new = json.loads(json.dumps(game.log))
    if setup.base:
        new = _sources_relative(new, _relative_to(setup.base))
    # The sources compared as the files they name: a log may name them relative to itself or
    # by their absolute paths (`portable`).
    resolved = _resolver(setup.base)
    logged, made = _sources_relative(events, resolved), _sources_relative(new, resolved)
    another = bool(logged and made) and _heading(logged[0]) != _heading(made[0])
    for index, (old_event, new_event) in enumerate(zip(logged, made)):
        if old_event != new_event:
            return Replayed(new, index, stopped, another, game)
    if len(events) != len(new) or stopped:
        return Replayed(new, min(len(events), len(new)), stopped, another, game)
    return Replayed(new, None, game=game)


def _resolver(base: str):
    """A path of a log (relative to its folder `base`, "" for the current one, or absolute) as
    the absolute path of the file it names."""
    return lambda path: os.path.normpath(os.path.join(base or os.getcwd(), path))
