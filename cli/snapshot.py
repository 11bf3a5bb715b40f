"""Snapshot tests of rule edits, without Python: seeded games kept as transcripts, re-played on demand.

    rulesrun snapshot rulesets/classic.rules --seeds 1..3 --agent greedy   # writes the snapshot set
    rulesrun snapshot --check                  # exit 1 with a unified diff if an edit changed a game
    rulesrun snapshot --update                 # accept the changes

A snapshot set is a folder `snapshots/NAME/` next to the rules: `snapshot.json` says how the
games are played (rules and fragments relative to the folder, settings, players, agents,
seeds), `seed-N.txt` holds each game's transcript and final standing as a person reads it,
and `summary.json` each game's scores, winners, length and what each rule fired and paid.
Everything needed to play the games again is in the folder, so `--check` needs no arguments,
save one: a set that seats a bot of one's own (`bots/mine.py:Mine`) plays only when the
command line names that bot too (`--check --agent bots/mine.py:Mine`), for a set is data, and
data never names code that runs here (interpreter/lookahead/agents.py, `TrustedSpec`).
"""

from __future__ import annotations

import difflib
import json
import os
import shlex
import sys
from pathlib import Path

import attrs
import click

from . import exit_codes, options
from .output import InvalidInput, echo
from .transcript import standing, transcript
from ..interpreter.lookahead.agents import AgentSpecError, NamesCode, make_agent, parse_agent
from ..dsl.errors import RulesError
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.running.rules import load_rules
from ..interpreter.studies.log import is_of

MANIFEST = "snapshot.json"
FOLDER = "snapshots"
MAX_SEEDS = 1000
"""The most games one snapshot set keeps: a transcript each, read by a person when it changes."""


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

    @classmethod
    def read(cls, folder: Path, vouched: tuple = ()) -> "SnapshotSet":
        """The set `folder/snapshot.json` describes, every field checked (a merge that left
        conflict markers, a hand edit); else NotASnapshot, saying where and what is wrong.
        A bot's code it seats must be among `vouched`, the `TrustedSpec`s of the command
        line, or the set is refused unplayed (UnvouchedBot)."""
        path = folder / MANIFEST
        if not path.is_file() or path.stat().st_size > MAX_MANIFEST:
            raise NotASnapshot(f"{path}: not a regular file of at most {MAX_MANIFEST:,} bytes")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            raise NotASnapshot(f"{path}: cannot be read as text ({error})") from None
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
        return cls(folder, rules, tuple(fragments), tuple(settings), players, tuple(agents), tuple(seeds))

    def write(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {"rules": self.rules, "with": list(self.fragments), "set": list(self.settings),
                "players": self.players, "agents": list(self.agents), "seeds": list(self.seeds)}
        (self.folder / MANIFEST).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    def files(self) -> dict[str, str]:
        """The snapshot files as the rules play now: name -> text."""
        rules = load_rules(self._path(self.rules), [self._path(f) for f in self.fragments], _params(self.settings))
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

    def differences(self) -> list[str]:
        """A unified diff per file that the games, played now, would change (or add, or drop)."""
        now = self.files()
        # A kept file that is no text (a binary dropped in, a bad merge) differs from any transcript.
        kept = {path.name: path.read_text(encoding="utf-8", errors="replace") for path in self.folder.iterdir()
                if path.name != MANIFEST and path.is_file()}
        diffs = []
        for name in sorted(set(now) | set(kept)):
            old, new = kept.get(name, ""), now.get(name, "")
            if old != new:
                where = str(self.folder / name)
                diffs.append("".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                          f"{where} (kept)", f"{where} (played now)")))
        return diffs

    def update(self) -> list[str]:
        """Write the files as the games play now; the names of those that changed."""
        now = self.files()
        changed = []
        for path in self.folder.iterdir():
            if path.name != MANIFEST and path.name not in now and path.is_file():
                path.unlink()
                changed.append(path.name)
        for name, text in now.items():
            path = self.folder / name
            if not path.exists() or path.read_text(encoding="utf-8", errors="replace") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(name)
        return changed

    def _path(self, relative: str) -> str:
        return os.path.normpath(self.folder / relative)


class NotASnapshot(ValueError):
    """A snapshot.json that is not what `rulesrun snapshot` writes; the message says where and what."""


class UnvouchedBot(ValueError):
    """A snapshot.json that seats a bot's code no `--agent` of the command line names: refused
    before anything is imported; the message says which set, which bot and how to seat it."""


MAX_MANIFEST = 1 << 20


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def new_set(rules: str, fragments, settings, players, agents, seeds, name: str | None = None) -> SnapshotSet:
    """The snapshot set of these games, in `snapshots/NAME/` beside `rules` (NAME: the rules'
    file name, its fragments' and the player count, unless given)."""
    rules_path = Path(rules)
    name = name or "+".join([rules_path.stem] + [Path(f).stem for f in fragments]) + (f"-{players}p" if players else "")
    folder = rules_path.parent / FOLDER / name
    return SnapshotSet(folder, os.path.relpath(rules_path, folder), tuple(os.path.relpath(f, folder) for f in fragments),
                       tuple(settings), players, tuple(agents) or ("random",), tuple(seeds))


def find_sets(paths, vouched: tuple = ()) -> list[SnapshotSet]:
    """Every snapshot set under `paths` (folders, or snapshot folders themselves); `vouched`:
    the bots of one's own they may seat (`SnapshotSet.read`)."""
    found = []
    for start in map(Path, paths):
        if (start / MANIFEST).is_file():
            found.append(start)
            continue
        for root, dirs, files in os.walk(start):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            if MANIFEST in files:
                found.append(Path(root))
    return [SnapshotSet.read(folder, vouched) for folder in sorted(set(found))]


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
              help="Agent per seat, in seat order (last repeats). With --check or --update: a bot of your own "
                   "(PATH.py:Class) that the sets may seat, as their snapshot.json names it.")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None, help=options.PLAYERS_HELP)
@click.option("--name", default=None, help="The snapshot folder's name (default: the rules' and fragments' names).")
@click.option("--check", "checking", is_flag=True, help="Play every snapshot set under FOLDERS (default .) again; exit 1 with a diff if a game changed.")
@click.option("--update", "updating", is_flag=True, help="Play every snapshot set under FOLDERS again and keep what they play now.")
def snapshot(paths, fragments, settings, seeds, agents, players, name, checking, updating):
    """Snapshot tests of rule edits: seeded games kept as transcripts beside the rules.

    `rulesrun snapshot RULES --seeds 1..3` writes snapshots/NAME/ next to RULES;
    `rulesrun snapshot --check` exits 1 with a unified diff when an edit changed a game;
    `rulesrun snapshot --update` accepts the changes.
    """
    try:
        if checking or updating:
            sets = find_sets(paths or ["."], options.agent_names(agents, default=()))
            if not sets:
                raise click.UsageError(f"no snapshot sets ({MANIFEST}) under {', '.join(paths or ['.'])}")
            differing = 0
            for kept in sets:
                if updating:
                    changed = kept.update()
                    echo(f"{kept.folder}: {'updated ' + ', '.join(changed) if changed else 'unchanged'}")
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
        agents = options.agent_names(agents)
        try:
            played = seeds_of(seeds)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--seeds") from None
        made = new_set(paths[0], fragments, settings, players, agents, played, name)
        made.write()
        changed = made.update()
        echo(f"{made.folder}: {len(made.seeds)} games, wrote {', '.join(changed) if changed else 'nothing new'}")
    except OSError as error:
        raise InvalidInput(f"cannot read or write `{error.filename}`: {error.strerror}") from None
    except NotASnapshot as error:
        raise InvalidInput(f"not a snapshot set: {error}; hint: restore the file from version control, or write "
                           f"the set again with `rulesrun snapshot RULES`") from None
    except UnvouchedBot as error:
        raise InvalidInput(str(error)) from None
    except RulesError as error:
        options.fail(error)
