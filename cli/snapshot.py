"""Snapshot tests of rule edits, without Python: seeded games kept as transcripts, re-played on demand.

    rulesrun snapshot rulesets/classic.rules --seeds 1..3 --agent greedy   # writes the snapshot set
    rulesrun snapshot --check                  # exit 1 with a unified diff if an edit changed a game
    rulesrun snapshot --update                 # accept the changes
    rulesrun snapshot rulesets/classic.rules --seeds 1..2 --force   # write an existing set anew

The seats are `random` bots unless `--agent` says otherwise (`play`'s default is `greedy`):
random bots play fast, and a set then changes when the rules do, not when the bots get better.
The manifest records the agents, so a set plays with what it was written with.

A snapshot set is a folder `snapshots/NAME/` next to the rules: `snapshot.json` says how the
games are played (rules and fragments relative to the folder, settings, players, agents,
seeds), `seed-N.txt` holds each game's transcript and final standing as a person reads it,
and `summary.json` each game's scores, winners, length and what each rule fired and paid.
Everything needed to play the games again is in the folder, so `--check` needs no arguments,
save one: a set that seats a bot of one's own (`bots/mine.py:Mine`) plays only when the
command line names that bot too (`--check --agent bots/mine.py:Mine`), for a set is data, and
data never names code that runs here (interpreter/lookahead/agents.py, `TrustedSpec`).

For the same reason a set names files only within its project (dsl/files.py): its rules and
fragments lie in the folder that holds `snapshots/` (or the shipped rulesets, or an
`--allow-path DIR`), and `--update` writes and deletes only the files a set keeps
(`seed-N.txt`, `summary.json`), as regular files in its folder: a link there is replaced,
never written through, and a file of another name is left alone. Writing a set anew
(`--force`) writes `snapshot.json` so too.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import sys
from pathlib import Path

import attrs
import click

from . import exit_codes, options
from .output import InvalidInput, echo
from .transcript import standing, transcript
from ..interpreter.lookahead.agents import AgentSpecError, NamesCode, make_agent, parse_agent
from ..interpreter.lookahead.own_bot import BotError
from ..dsl.errors import RulesError
from ..dsl.files import Reach, Refused, plain, read_file, replace_text
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.running.rules import load_rules
from ..interpreter.studies.log import is_of

MANIFEST = "snapshot.json"
FOLDER = "snapshots"
MAX_SEEDS = 1000
"""The most games one snapshot set keeps: a transcript each, read by a person when it changes."""
KEPT = re.compile(r"seed--?[0-9]+\.txt|summary\.json")
"""The names of the files a set keeps; `--update` writes and deletes these only."""
MAX_KEPT = 16 << 20
"""The largest kept file read (a long game's transcript is some 20 KB)."""
DEFAULT_AGENTS = ("random",)
"""The seats of a set written without `--agent`: fast, and blind to the bots' improvements."""


@attrs.frozen(slots=True)
class SnapshotSet:
    """How the games of one snapshot folder are played; paths relative to the folder."""

    folder: Path
    rules: str
    fragments: tuple
    settings: tuple
    players: int | None
    agents: tuple
    seeds: tuple
    # Folders beyond its project the set's rules may lie in (`--allow-path`), and whether its
    # files are bounded at all: not for a set a Python test makes of its own files.
    allow: tuple = ()
    fenced: bool = False

    @classmethod
    def read(cls, folder: Path, vouched: tuple = (), allow: tuple = ()) -> "SnapshotSet":
        """The set `folder/snapshot.json` describes, every field checked (a merge that left
        conflict markers, a hand edit); else NotASnapshot, saying where and what is wrong.
        A bot's code it seats must be among `vouched`, the `TrustedSpec`s of the command
        line, or the set is refused unplayed (UnvouchedBot). The files it names stay in its
        reach (`reach`), `allow` widening it."""
        path = folder / MANIFEST
        if not plain(path):
            raise NotASnapshot(f"{path}: not a regular file (a link is not followed)")
        try:
            data = json.loads(read_file(path, MAX_MANIFEST).decode("utf-8"))
        except Refused as refused:
            raise NotASnapshot(str(refused)) from None
        except UnicodeDecodeError as error:
            raise NotASnapshot(f"{path}: not UTF-8 text (byte {error.start})") from None
        except json.JSONDecodeError as error:
            raise NotASnapshot(f"{path}:{error.lineno}:{error.colno}: not JSON ({error.msg})") from None
        except RecursionError:
            raise NotASnapshot(f"{path}: not JSON (nested too deep)") from None
        if not isinstance(data, dict):
            raise NotASnapshot(f"{path}: must be an object with rules, with, set, players, agents and seeds")

        def field(name: str, fits, what: str):
            value = data.get(name)
            if not fits(value):
                raise NotASnapshot(f"{path}: `{name}` must be {what}, not {json.dumps(value)[:60]}")
            return value

        rules = field("rules", lambda v: isinstance(v, str), "the path of the rules, relative to the folder")
        fragments = field("with", _texts, "a list of paths")
        settings = field("set", lambda v: _texts(v) and all("=" in item for item in v), "a list of NAME=VALUE texts")
        players = field("players", lambda v: v is None or is_of(v, int) and 1 <= v <= MAX_PLAYERS,
                        f"null or a number of seats, 1 to {MAX_PLAYERS}")
        agents = field("agents", lambda v: _texts(v) and len(v) > 0, "a list of agent names")
        seeds = field("seeds", lambda v: isinstance(v, list) and 0 < len(v) <= MAX_SEEDS
                      and all(is_of(seed, int) for seed in v) and len(set(v)) == len(v),
                      f"a list of 1 to {MAX_SEEDS} different whole numbers")
        trusted = {spec: spec for spec in vouched}
        agents = [trusted.get(spec, spec) for spec in agents]
        for spec in agents:
            try:
                parse_agent(spec)
            except NamesCode as error:
                raise UnvouchedBot(f"{path}: {error}: rulesrun snapshot --check --agent {shlex.quote(spec)}") from None
            except AgentSpecError as error:
                raise NotASnapshot(f"{path}: {error}") from None
        return cls(folder, rules, tuple(fragments), tuple(settings), players, tuple(agents), tuple(seeds),
                   tuple(allow), True)

    def exists(self) -> bool:
        """Whether a set stands in the folder already: its manifest or a file it keeps."""
        return self.folder.is_dir() and any(name == MANIFEST or KEPT.fullmatch(name)
                                            for name in os.listdir(self.folder))

    def write(self) -> None:
        """Write `snapshot.json` (a link there is replaced, never written through)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {"rules": self.rules, "with": list(self.fragments), "set": list(self.settings),
                "players": self.players, "agents": list(self.agents), "seeds": list(self.seeds)}
        replace_text(self.folder / MANIFEST, json.dumps(data, indent=2) + "\n")

    def reach(self) -> Reach | tuple:
        """Where the set's rules and fragments may lie: the folder that holds its `snapshots/`
        folder (its own, if it lies in none) and below, the shipped rulesets, `allow`."""
        if not self.fenced:
            return self.allow
        folder = self.folder.absolute()
        project = folder.parent.parent if folder.parent.name == FOLDER else folder
        return Reach.around(project, self.allow, "the snapshot set")

    def files(self) -> dict[str, str]:
        """The snapshot files as the rules play now: name -> text."""
        rules = load_rules(self._path(self.rules), [self._path(f) for f in self.fragments], _params(self.settings),
                           self.reach())
        players = self.players or options.default_players(rules)
        rules.check_players(players)
        seats = [self.agents[min(p, len(self.agents) - 1)] for p in range(players)]
        out, summary = {}, []
        for seed in self.seeds:
            log: list = []
            result = rules.play(players, seed, [make_agent(spec, seed, p) for p, spec in enumerate(seats)], log,
                                meter=True)
            out[f"seed-{seed}.txt"] = (f"{rules.program.title}: {players} players, seed {seed}, "
                                       f"agents {', '.join(seats)}\n\n{transcript(log)}\n\n"
                                       f"{standing(result, seats, rules.lowest_wins, rules.score_names)}\n")
            summary.append({"seed": seed, "scores": result.scores, "winners": result.winners, "turns": result.turns,
                            "rules": result.rules})
        out["summary.json"] = json.dumps(summary, indent=1) + "\n"
        return out

    def kept(self) -> dict[str, str]:
        """The files the set keeps (KEPT: its transcripts and summary), name -> text. One that
        cannot be a transcript (a link, a FIFO, a file too large or no UTF-8 text) is a line
        saying so, never read or shown: it differs from any game and `--update` replaces it."""
        kept = {}
        for path in sorted(self.folder.iterdir()):
            if not KEPT.fullmatch(path.name) or path.is_dir() and not path.is_symlink():
                continue
            if not plain(path):
                kept[path.name] = "(not a regular file: a link or a FIFO, not read)\n"
                continue
            try:
                kept[path.name] = read_file(path, MAX_KEPT).decode("utf-8")
            except Refused as refused:
                kept[path.name] = f"({refused}: not read)\n"
            except UnicodeDecodeError as error:
                kept[path.name] = f"(not UTF-8 text at byte {error.start}: not shown)\n"
        return kept

    def differences(self) -> list[str]:
        """A unified diff per file that the games, played now, would change (or add, or drop)."""
        now = self.files()
        kept = self.kept()
        diffs = []
        for name in sorted(set(now) | set(kept)):
            old, new = kept.get(name, ""), now.get(name, "")
            if old != new:
                where = str(self.folder / name)
                diffs.append("".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                          f"{where} (kept)", f"{where} (played now)")))
        return diffs

    def update(self) -> "Kept":
        """Keep the files as the games play now."""
        return self.keep(self.files())

    def keep(self, now: dict[str, str]) -> "Kept":
        """Keep the files `now` (`files()`): write those that differ, delete the kept ones no
        longer among them (a seed dropped from the manifest). Only the files a set keeps (KEPT)
        are written or deleted, each as a regular file in the set's folder (dsl/files.py
        `replace_text`: a link there is replaced, never written through)."""
        kept = self.kept()
        removed = [name for name in kept if name not in now]
        for name in removed:
            (self.folder / name).unlink()
        written = [name for name, text in now.items() if kept.get(name) != text]
        for name in written:
            replace_text(self.folder / name, now[name])
        return Kept(tuple(written), tuple(removed))

    def _path(self, relative: str) -> str:
        return os.path.normpath(self.folder / relative)


@attrs.frozen(slots=True)
class Kept:
    """What keeping a set's files did: the files written, the files removed."""

    written: tuple[str, ...]
    removed: tuple[str, ...]

    def said(self, verb: str = "updated", also: tuple[str, ...] = ()) -> str:
        """`updated seed-1.txt, summary.json; removed seed-3.txt (no longer among the seeds)`;
        `also`: files written besides (the manifest)."""
        written = also + self.written
        parts = ([f"{verb} {', '.join(written)}"] if written else []) + \
                ([f"removed {', '.join(self.removed)} (no longer among the seeds)"] if self.removed else [])
        return "; ".join(parts) or "unchanged"


class NotASnapshot(ValueError):
    """A snapshot.json that is not what `rulesrun snapshot` writes; the message says where and what."""


class UnvouchedBot(ValueError):
    """A snapshot.json that seats a bot's code no `--agent` of the command line names: refused
    before anything is imported; the message says which set, which bot and how to seat it."""


MAX_MANIFEST = 1 << 20


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def new_set(rules: str, fragments, settings, players, agents, seeds, name: str | None = None,
            allow: tuple = ()) -> SnapshotSet:
    """The snapshot set of these games, in `snapshots/NAME/` beside `rules` (NAME: the rules'
    file name, its fragments' and the player count, unless given); bounded as a set read from
    its folder is, so a set that is written can be checked."""
    rules_path = Path(rules)
    name = name or "+".join([rules_path.stem] + [Path(f).stem for f in fragments]) + (f"-{players}p" if players else "")
    folder = rules_path.parent / FOLDER / name
    return SnapshotSet(folder, os.path.relpath(rules_path, folder), tuple(os.path.relpath(f, folder) for f in fragments),
                       tuple(settings), players, tuple(agents) or DEFAULT_AGENTS, tuple(seeds), tuple(allow), True)


def find_sets(paths, vouched: tuple = (), allow: tuple = ()) -> list[SnapshotSet]:
    """Every snapshot set under `paths` (folders, or snapshot folders themselves); `vouched`:
    the bots of one's own they may seat, `allow`: folders their rules may lie in beyond their
    project's (`SnapshotSet.read`)."""
    found = []
    for start in map(Path, paths):
        if (start / MANIFEST).is_file():
            found.append(start)
            continue
        for root, dirs, files in os.walk(start):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            if MANIFEST in files:
                found.append(Path(root))
    return [SnapshotSet.read(folder, vouched, allow) for folder in sorted(set(found))]


def seeds_of(text: str) -> tuple[int, ...]:
    """`1..5` or `1,4,9`: the seeds to play, at most MAX_SEEDS of them, each once (ValueError
    says what is wrong)."""
    low, sep, high = text.partition("..")
    try:
        if sep:
            first, last = int(low), int(high)
        else:
            seeds = tuple(int(item) for item in text.split(","))
    except ValueError:
        raise ValueError(f"`{text}` is not seeds: give a range 1..5 or a list 1,4,9") from None
    if sep:
        if first > last:
            raise ValueError(f"the range `{text}` is empty: count upwards, {last}..{first}")
        if last - first >= MAX_SEEDS:
            raise ValueError(f"`{text}` is {last - first + 1:,} seeds: a snapshot set keeps at most {MAX_SEEDS} games")
        return tuple(range(first, last + 1))
    if len(seeds) > MAX_SEEDS or len(set(seeds)) != len(seeds):
        raise ValueError(f"`{text}`: at most {MAX_SEEDS} seeds, each once")
    return seeds


def _params(settings) -> dict:
    return dict(item.split("=", 1) for item in settings)


@click.command()
@click.argument("paths", nargs=-1, metavar="[RULES | FOLDERS]")
@click.option("--with", "fragments", multiple=True, metavar="FRAGMENT", help="Compose a fragment onto the ruleset (repeatable).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help="Set a declared parameter (repeatable).")
@click.option("--seeds", default="1..5", show_default=True, help="Seeds of the games: 1..5 or 1,4,9.")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Agent per seat, in seat order (last repeats), recorded in snapshot.json  [default: random: "
                   "fast, and a set then changes when the rules do, not when the bots get better; play's default "
                   "is greedy]. With --check or --update: a bot of your own (PATH.py:Class) that the sets may "
                   "seat, as their snapshot.json names it.")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None, help=options.PLAYERS_HELP)
@click.option("--name", default=None, help="The snapshot folder's name (default: the rules' and fragments' names).")
@click.option("--check", "checking", is_flag=True, help="Play every snapshot set under FOLDERS (default .) again; exit 1 with a diff if a game changed.")
@click.option("--update", "updating", is_flag=True, help="Play every snapshot set under FOLDERS again and keep what they play now.")
@click.option("--force", is_flag=True, help="Write the set of RULES anew where one exists (its snapshot.json too).")
@options.allow_path
def snapshot(paths, fragments, settings, seeds, agents, players, name, checking, updating, force, allow):
    """Snapshot tests of rule edits: seeded games kept as transcripts beside the rules.

    `rulesrun snapshot RULES --seeds 1..3` writes snapshots/NAME/ next to RULES, its seats
    random bots unless --agent says otherwise; where a set exists it refuses unless --force.
    `rulesrun snapshot --check` exits 1 with a unified diff when an edit changed a game;
    `rulesrun snapshot --update` accepts the changes, with the agents the set recorded.
    """
    try:
        if force and (checking or updating):
            raise click.UsageError("--force writes the set of one RULES file anew; --check and --update play the sets as they are")
        if checking or updating:
            sets = find_sets(paths or ["."], options.agent_names(agents, default=()), tuple(allow))
            if not sets:
                raise click.UsageError(f"no snapshot sets ({MANIFEST}) under {', '.join(paths or ['.'])}")
            differing = 0
            for kept in sets:
                if updating:
                    echo(f"{kept.folder}: {kept.update().said()}")
                    continue
                diffs = kept.differences()
                differing += bool(diffs)
                echo(f"{kept.folder}: {'CHANGED' if diffs else 'ok'}")
                for diff in diffs:
                    echo(diff)
            if differing:
                echo(f"{differing} of {len(sets)} snapshot sets changed: `rulesrun snapshot --update` accepts them", err=True)
                sys.exit(exit_codes.DIFFERENCE)
            return
        if len(paths) != 1:
            raise click.UsageError("give one RULES file to snapshot (or --check / --update)")
        agents = options.agent_names(agents, default=DEFAULT_AGENTS)
        try:
            played = seeds_of(seeds)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--seeds") from None
        made = new_set(paths[0], fragments, settings, players, agents, played, name, tuple(allow))
        if made.exists() and not force:
            raise InvalidInput(f"a set exists at {made.folder}: `rulesrun snapshot --update` to play it again, "
                               f"or --force to write it anew")
        now = made.files()
        made.write()
        done = made.keep(now)
        echo(f"{made.folder}: {len(made.seeds)} game{'' if len(made.seeds) == 1 else 's'}; "
             f"{done.said('wrote', also=(MANIFEST,))}")
    except OSError as error:
        raise InvalidInput(f"cannot read or write `{error.filename}`: {error.strerror}") from None
    except NotASnapshot as error:
        raise InvalidInput(f"not a snapshot set: {error}; hint: restore the file from version control, or write "
                           f"the set again with `rulesrun snapshot RULES`") from None
    except UnvouchedBot as error:
        raise InvalidInput(str(error)) from None
    except RulesError as error:
        options.fail(error)
    except BotError as error:
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
