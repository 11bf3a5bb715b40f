"""`rulesrun serve`: the table in a browser (rulesrun/web/, docs/web.md).

    rulesrun serve rulesets/royale.rules --agent human --agent greedy     play against bots
    rulesrun serve rulesets/classic.rules --agent human --players 3       three people, one screen
    rulesrun serve game.jsonl                                             step through a logged game
    rulesrun serve liars_dice.rules --seat 0=human --seat 1=human --seat 2=greedy --host 0.0.0.0
                                                                          a link per person, over the network

Starlette and uvicorn are the optional extra `web` (`pip install 'rulesrun[web]'`), imported
only when the server starts, so the rest of the command works without them. The server
listens on this machine only (127.0.0.1) unless `--host` says otherwise, answers only at the
addresses it serves (rulesrun/web/reach.py), and prints its address; with `--seat`, one game
whose seats people hold by links of their own (rulesrun/web/seats.py), and it prints those.
"""

from __future__ import annotations

import random
import socket
import sys

import click

from . import exit_codes
from .options import PLAYERS_HELP, agent_names, allow_path, budget_option, seated
from .options import settings as read_settings
from .output import echo
from ..dsl.files import Refused, read_file
from ..dsl.limits import MAX_PLAYERS
from ..interpreter.lookahead.agents import HUMAN, AgentSpecError, make_agent
from ..interpreter.lookahead.own_bot import BotError
from ..interpreter.running.driven import PlayError
from ..interpreter.studies.log import Setup

HOST = "127.0.0.1"


@click.command(name="serve")
@click.argument("source", metavar="RULES | LOG.jsonl", type=click.Path(dir_okay=False))
@click.option("--with", "fragments", multiple=True, metavar="FRAGMENT", type=click.Path(),
              help="Compose a variant or board fragment onto the ruleset (repeatable, in order).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help="Set a declared parameter (repeatable).")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Who plays each seat, in seat order (last repeats): human (a person at the page; several "
                   "take turns at one screen), random, greedy, mcts[:...], or a bot of your own.  [default: human, greedy]")
@click.option("--seat", "seat_specs", multiple=True, metavar="N=NAME",
              help="Over the network: who plays seat N (repeatable, every seat once), human or an agent. Prints "
                   "a link per human seat, each playing that seat only, and one for spectators.")
@click.option("--spectators", type=click.Choice(["table", "all"]), default="table", show_default=True,
              help="With --seat: what the spectators' link shows, the public table or all of it (every secret).")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None, help=PLAYERS_HELP)
@click.option("--seed", type=int, default=None,
              help="Seed of the first game (random if omitted; the page can change it, but not with --seat).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free one).")
@click.option("--host", default=HOST, show_default=True, metavar="ADDRESS",
              help="Address or name to listen on; 0.0.0.0 for every address of this machine (other machines "
                   "can then play: anyone who reaches it).")
@click.option("--allow-host", "proxied", multiple=True, metavar="NAME",
              help="A name the server also answers to, at any port: a reverse proxy's (repeatable).")
@allow_path
@budget_option
def serve(source, fragments, settings, agents, seat_specs, spectators, players, seed, port, host, proxied, allow,
          budget):
    """Play RULES at a web page, people and bots, or step through the game of LOG.jsonl.

    Prints the page's address; open it in a browser. Ctrl+C stops the server.
    """
    try:
        import uvicorn

        from ..web.network import make_network_app
        from ..web.reach import Reach, host_name, page_address
        from ..web.seats import SharedTable
        from ..web.server import make_app
    except ModuleNotFoundError as error:
        click.echo(f"error: rulesrun serve needs {error.name.split('.')[0]}\nhint: pip install 'rulesrun[web]'", err=True)
        sys.exit(exit_codes.INVALID)
    names = [host_name(name) for name in proxied]
    if None in names:
        raise click.BadParameter(f"a host name or address, without scheme, port or path: {proxied[names.index(None)]}",
                                 param_hint="--allow-host")
    if seat_specs and agents:
        raise click.UsageError("--seat seats people over the network, --agent at one screen: use one of them")
    if _is_log(source):
        if fragments or settings or agents or seat_specs or players or seed is not None:
            raise click.UsageError("a log fixes its game: --with, --set, --agent, --seat, --players and --seed "
                                   "are for RULES")
        serving = _replaying(source, allow, budget)
    elif seat_specs:
        players = players or _seat_count(seat_specs)
        serving = _playing(source, fragments, settings, _seat_agents(seat_specs, players), players, seed, allow, budget)
    else:
        serving = _playing(source, fragments, settings, agents, players, seed, allow, budget)
    listening = _listen(host, port)
    port = listening.getsockname()[1]
    address = page_address(host, port)
    title = serving.rules.program.title
    reach = Reach.bound(host, port, names)
    if seat_specs:
        table = _shared(SharedTable, serving, spectators)
        echo(f"{title}: {serving.players} players ({', '.join(serving.seats)}), a link per person")
        shared = _network_address(host, port) or address
        for who, token in table.links():
            click.echo(f"{who}: {shared}#token={token}")
        click.echo("Each link plays its seat (spectators watch): give it to that person only. Ctrl+C stops.")
        sys.stdout.flush()
        # The pages' streams of events stay open: Ctrl+C closes them after a second, not when they end.
        config = uvicorn.Config(make_network_app(serving, table, reach), log_level="warning",
                                timeout_graceful_shutdown=1)
        uvicorn.Server(config).run(sockets=[listening])
        return
    if serving.replay is not None:
        echo(f"{title}: the game of {source}, {len(serving.replay.steps)} steps")
    else:
        echo(f"{title}: {serving.players} players ({', '.join(serving.seats)})")
    click.echo(f"serving {address}  (open it in a browser; Ctrl+C stops)")
    sys.stdout.flush()
    server = uvicorn.Server(uvicorn.Config(make_app(serving, reach), log_level="warning"))
    server.run(sockets=[listening])


def _network_address(host: str, port: int) -> str | None:
    """For a server listening on every IPv4 address (0.0.0.0), the page's address at the one
    this machine reaches its network by, which other machines can open and the server answers
    at (the address a connection arrived at, rulesrun/web/reach.py); None for any other host,
    or a machine with no network. Connecting a UDP socket sends nothing: it only picks the route."""
    if host not in ("0.0.0.0", ""):
        return None
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))             # TEST-NET-1: never answered, only routed
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith(("127.", "0.")) else f"http://{address}:{port}/"


def _seat_count(seat_specs) -> int:
    """How many seats `--seat N=...` names: one more than the highest N."""
    return max(_seat_spec(text)[0] for text in seat_specs) + 1


def _seat_spec(text: str) -> tuple[int, str]:
    seat, _, name = text.partition("=")
    if not seat.strip().isdigit() or not name.strip():
        raise click.BadParameter(f"a seat and who plays it, as 0=human or 2=greedy: {text}", param_hint="--seat")
    return int(seat), name.strip()


def _seat_agents(seat_specs, players: int) -> tuple[str, ...]:
    """Who plays each seat, in seat order, from `--seat N=NAME`: every seat of the game once."""
    named = {}
    for text in seat_specs:
        seat, name = _seat_spec(text)
        if seat >= players:
            raise click.BadParameter(f"seat {seat} of a game of {players} (seats 0 to {players - 1})",
                                     param_hint="--seat")
        if seat in named:
            raise click.BadParameter(f"seat {seat} is named twice", param_hint="--seat")
        named[seat] = name
    missing = [str(seat) for seat in range(players) if seat not in named]
    if missing:
        raise click.BadParameter(f"say who plays seat {', '.join(missing)} too (N=human or N=greedy, ...)",
                                 param_hint="--seat")
    try:
        return agent_names([named[seat] for seat in range(players)], people=True)
    except click.BadParameter as error:
        error.param_hint = "--seat"
        raise


def _shared(shared_table, serving, spectators):
    """The one game of a table over the network, on the seed asked for or a random one (never
    shown to the seats: the seed tells every die). A game whose rules or bot go wrong before
    anyone is asked exits here with the located error."""
    seed = serving.seed if serving.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        return shared_table(serving.rules, serving.players, seed, list(serving.seats), spectators)
    except PlayError as error:
        echo(error.render(), err=True)
        sys.exit(exit_codes.PLAY_ERROR)


def _is_log(path: str) -> bool:
    """A game log (JSON lines) rather than rules: by its name, or by a first line that is JSON.
    Only a regular file is looked into (dsl/files.py), so a FIFO never hangs the look; any
    other is taken for rules, which refuse it by name."""
    if path.endswith((".jsonl", ".json")):
        return True
    try:
        return read_file(path, 64, whole=False).lstrip().startswith(b"{")
    except Refused:
        return False


def _playing(rules_path, fragments, settings, agents, players, seed, allow, budget):
    from ..web.server import Serving

    agents = agent_names(agents, (HUMAN, "greedy"), people=True)
    params = read_settings(settings)
    (rules,), players = seated([(rules_path, fragments, params)], players, allow, budget)
    seats = tuple(agents[min(p, len(agents) - 1)] for p in range(players))
    try:
        for p, spec in enumerate(seats):
            if spec != HUMAN:
                make_agent(spec, 0, p)
    except AgentSpecError as error:
        raise click.BadParameter(str(error), param_hint="--agent") from None
    except BotError as error:
        echo(str(error), err=True)
        sys.exit(exit_codes.PLAY_ERROR)
    setup = Setup(rules_path, tuple(fragments), params, players, seed if seed is not None else 0, seats)
    return Serving(rules, players, seats, seed, setup)


def _replaying(log_path, allow, budget):
    """The logged game, checked as `rulesrun replay` checks it (interpreter/studies/log.py): a
    file that is no log or names rules that do not load exits 2, a log of another game 1.
    The replay plays the logged answers, so it makes no agent: a seat naming a bot's code
    (`bots/mine.py:Mine`) is shown by name, never imported, and a new game on these seats
    is refused (rulesrun/web/live.py)."""
    from .replay import replayed_log
    from ..web.replay import Replay
    from ..web.server import Serving

    setup, events, rules, replayed = replayed_log(log_path, allow, budget)
    if replayed.first_difference is not None:
        index = replayed.first_difference
        why = f" ({replayed.stopped})" if replayed.stopped else ""
        echo(f"{log_path}: does not replay on its rules: the game differs at event {index}{why}", err=True)
        sys.exit(exit_codes.INVALID if replayed.another_game else exit_codes.DIFFERENCE)
    if not replayed.game.over:
        echo(f"{log_path}: the game was stopped before its end, and the page steps through finished games; "
             f"hint: `rulesrun play --resume {log_path}` goes on with it", err=True)
        sys.exit(exit_codes.INVALID)
    return Serving(rules, setup.players, tuple(setup.agents), setup.seed, setup,
                   Replay(rules, setup.players, setup.seed, events, list(setup.agents)))


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, or a word on what to do when it cannot."""
    try:
        family, kind, _, _, where = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                       flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as error:
        click.echo(f"error: cannot listen on {host}: {error.strerror}\nhint: --host takes an address of "
                   "this machine or a name of one (127.0.0.1, the default, is this machine only)", err=True)
        sys.exit(exit_codes.INVALID)
    listening = socket.socket(family, kind)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind(where)
    except OSError as error:
        listening.close()
        click.echo(f"error: cannot listen on {host}:{port}: {error.strerror}\n"
                   "hint: another server may use it; --port 0 picks a free port", err=True)
        sys.exit(exit_codes.INVALID)
    listening.listen(64)
    return listening
