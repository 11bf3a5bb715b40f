"""At the table: a person takes a seat (`--agent human`), through a pipe as through a terminal."""

import json
import shutil

import click
import pytest
from click.testing import CliRunner

from rulesrun.cli import sitting
from rulesrun.cli.main import main
from rulesrun.cli.output import read_line

from helpers import ROOT, RULESETS, rules_from_text

CLASSIC = str(RULESETS / "classic.rules")
ROYALE = str(RULESETS / "royale.rules")
SECRET = str(ROOT / "tests" / "agent_games" / "guess_the_secret.rules")


@pytest.fixture(autouse=True)
def elsewhere(tmp_path, monkeypatch):
    """Each test in a folder of its own: a game stopped at the table keeps its log in the current folder."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def terminal(monkeypatch):
    """The answers typed at a terminal, which can be asked again, rather than piped in; the
    terminal shows each line as it is typed."""
    monkeypatch.setattr(sitting, "_stdin_on_terminal", lambda: True)

    def typed():
        line = read_line()
        if line is not None:
            click.echo(line, nl=False)
        return line

    monkeypatch.setattr(sitting, "read_line", typed)


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.mark.slow  # a game of Royale with greedy bots: some 2.5 s
def test_a_person_plays_a_whole_game_of_royale_against_three_greedy_bots_through_a_pipe(tmp_path):
    log = tmp_path / "game.jsonl"
    result = invoke(ROYALE, "--seed", 5, "--agent", "human", "--agent", "greedy", "--log", log, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 0: Which dice do you place?" in out and "Final standing:" in out
    # Every question and option a person reads is in words, not labels.
    assert "after_roll" not in out and "place(" not in out and "pass_with_jeton" not in out
    # Nor as the engine prints values: no list in brackets, no zone by its name, no `(s)` (the
    # files named on the command line, which the closing hint repeats, are the person's own).
    words = out.replace(ROYALE, "").replace(str(log), "")
    assert "[" not in words and "_" not in words and "(s)" not in words
    replayed = invoke("replay", log)
    assert replayed.exit_code == 0, replayed.output


def test_undo_goes_back_to_the_seats_previous_decision_and_the_log_replays(tmp_path):
    log = tmp_path / "game.jsonl"
    answers = "2\nu\n3\n" + "1\n" * 200
    result = invoke(CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1", "--agent", "human", "--agent", "random",
                    "--log", log, input=answers)
    assert result.exit_code == 0, result.output
    assert "(undone: back to your previous decision)" in result.output
    first = [json.loads(line) for line in log.read_text().splitlines()][1:]
    decisions = [e for e in first if e["t"] == "decide" and e["player"] == 0 and len(e["options"]) > 1]
    # The second answer (3) stands in the log, not the undone first one (2).
    assert decisions[0]["choice"] == 2
    assert invoke("replay", log).exit_code == 0


def test_answers_by_label_and_mistakes_get_a_word_not_a_crash(terminal):
    answers = "place(9)\n0\n99\n?\nt\nplace(1)\n" + "1\n" * 200
    result = invoke(CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1", "--agent", "human", "--agent", "random",
                    input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'place(9)' is none of the options" in out and "no option 0: answer 1 to 5" in out
    assert "no option 99" in out and "u          undo" in out
    assert "casino 1 (" in out and "seat 1: 0 won, 7 dice to play" in out
    assert any(line.startswith("  > seat 0: Which dice do you place? -> ") and line.endswith(" on casino 1")
               for line in out.split("\n"))


def test_huge_and_strange_answers_get_a_word_not_a_crash(terminal):
    """A number past Python's 4,300 digits, a digit that is no ASCII one, a line of megabytes:
    each is no option, said back shortened, and the game goes on at a terminal."""
    answers = "9" * 5000 + "\n\u00b2\n" + "x" * 2_000_000 + "\n" + "1\n" * 200
    result = invoke(CLASSIC, "--seed", 3, "--players", 2, "--set", "rounds=1", "--agent", "human", "--agent", "random",
                    input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"no option {'9' * 40}...: answer 1 to 5" in out
    assert "'\u00b2' is none of the options" in out
    assert f"'{'x' * 40}...' is none of the options" in out
    assert len(out) < 20_000


def test_the_input_ending_before_the_game_is_an_error_with_exit_3_and_the_game_is_kept(tmp_path):
    result = invoke(CLASSIC, "--seed", 3, "--players", 2, "--agent", "human", input="1\n")
    assert result.exit_code == 3
    # Every seat is a person's (hot-seat): seat 1 is asked next.
    assert "the input ended at seat 1's decision `after_roll` (Which dice do you place?)" in result.output
    assert "the game so far (1 answer) is in classic-3.jsonl: go on with `rulesrun play --resume classic-3.jsonl`" \
        in result.output
    assert json.loads((tmp_path / "classic-3.jsonl").read_text().splitlines()[0])["unfinished"] is True


def test_q_stops_the_game_and_keeps_it_in_a_new_file_named_in_the_message(tmp_path):
    result = invoke(CLASSIC, "--seed", 3, "--players", 2, "--agent", "human", input="q\n")
    assert result.exit_code == 0 and "stopped at the table" in result.output
    assert "is in classic-3.jsonl" in result.output
    again = invoke(CLASSIC, "--seed", 3, "--players", 2, "--agent", "human", input="q\n")
    # A file already there is never overwritten.
    assert "is in classic-3-2.jsonl" in again.output and (tmp_path / "classic-3.jsonl").exists()


def test_the_replay_line_carries_every_option_that_shapes_the_game():
    bandit = str(RULESETS / "variants" / "bandit.rules")
    result = invoke(CLASSIC, "--with", bandit, "--set", "rounds=1", "--seed", 4, "--players", 3,
                    "--agent", "random", "--agent", "greedy")
    line = next(line for line in result.output.splitlines() if line.startswith("replay: "))
    assert line == (f"replay: rulesrun {CLASSIC} --with {bandit} --set rounds=1 --players 3 --seed 4 "
                    "--agent random --agent greedy")
    again = invoke(*line.split()[2:])
    assert again.output == result.output


@pytest.mark.slow
def test_a_bot_of_ones_own_plays_from_its_file_and_its_mistakes_point_into_it(tmp_path):
    bot = tmp_path / "mine.py"
    bot.write_text("class Last:\n    def __init__(self, seed):\n        pass\n\n"
                   "    def choose(self, decision):\n        return len(decision.options) - 1\n\n"
                   "class Broken:\n    def __init__(self, seed):\n        pass\n\n"
                   "    def choose(self, decision):\n        return {}[decision.point]\n")
    played = invoke(CLASSIC, "--seed", 1, "--set", "rounds=1", "--agent", f"{bot}:Last")
    assert played.exit_code == 0, played.output
    assert "(" + f"{bot}:Last" + ")" in played.output
    broken = invoke(CLASSIC, "--seed", 1, "--agent", f"{bot}:Broken")
    assert broken.exit_code == 3 and f"{bot}:13: KeyError" in broken.output
    (tmp_path / "bad.py").write_text("class X:\n    def choose(self, d)\n        return 0\n")
    bad = invoke(CLASSIC, "--agent", f"{tmp_path / 'bad.py'}:X")
    assert bad.exit_code == 2 and f"{tmp_path / 'bad.py'}:2:" in bad.output
    missing = invoke(CLASSIC, "--agent", f"{bot}:Nobody")
    assert missing.exit_code == 2 and "has no class Nobody" in missing.output


def test_a_game_stopped_by_a_rules_error_shows_its_transcript_up_to_there(tmp_path):
    rules_from_text(tmp_path, BROKEN)
    result = invoke(tmp_path / "written.rules", "--seed", 1, "--agent", "random")
    assert result.exit_code == 3
    assert "the count so far: 2" in result.output and "written.rules:9:" in result.output


BROKEN = """\
game "Broken"
players 2..2

var count = 0

phase game:
    count = 2
    say "the count so far: {count}"
    count = [1][count]

score by p: count
"""


@pytest.mark.slow
def test_a_bot_that_searches_shows_a_passing_line_on_a_terminal_only(monkeypatch):
    args = (CLASSIC, "--seed", 2, "--players", 2, "--set", "rounds=1", "--agent", "greedy")
    piped = invoke(*args)
    assert piped.exit_code == 0 and "thinking" not in piped.output
    monkeypatch.setattr(sitting, "_on_terminal", lambda: True)
    shown = invoke(*args)
    assert shown.exit_code == 0, shown.output
    assert "\rturn 1: seat 0 (greedy) is thinking ..." in shown.stderr
    # Each passing line is erased before the transcript goes on; the transcript itself is unchanged.
    assert shown.stdout == piped.stdout


def test_random_bots_need_no_passing_line(monkeypatch):
    monkeypatch.setattr(sitting, "_on_terminal", lambda: True)
    result = invoke(CLASSIC, "--seed", 2, "--players", 2, "--set", "rounds=1", "--agent", "random")
    assert result.exit_code == 0 and "thinking" not in result.stderr


CUPS = """\
game "Cups"
players 3..3

die d6 faces 1..6
card number values 1, 2, 3, 4, 5, 6
zone deck hidden
zone cup per player private
zone supply per player
zone middle
var points per player = 0

phase game:
    create deck number into deck
    for p in players:
        create d6 x 2 owned by p into cup[p]
        create d6 x 1 owned by p into supply[p]
    create d6 x 1 owned by 2 into middle
    roll cup[0]
    turn 0:
        play look by 0

move look(n in [1, 2]) for look:
    points[player] += n

score by p: points[p]
"""


def test_the_generic_table_lists_the_shared_zones_then_each_owners_zones_and_vars(tmp_path):
    rules = rules_from_text(tmp_path, CUPS)
    game = rules.start(players=3, seed=4)
    faces = ", ".join(f"d6:{face}" for _, face, _ in game.view().zones["cup"][0])
    # The dice not rolled yet show no face: only seat 0's cup has been rolled.
    assert game.decision.table().split("\n") == [
        "The table as seat 0 sees it:",
        "  on the table:",
        "    middle: seat 2: d6",
        "    deck: 6 face down",
        "  seat 0:",
        f"    cup: {faces}",
        "    supply: d6",
        "    points: 0",
        "  seat 1:",
        "    supply: d6",
        "    cup: 2 face down",
        "    points: 0",
        "  seat 2:",
        "    supply: d6",
        "    cup: 2 face down",
        "    points: 0",
    ]


def test_named_score_keys_label_the_final_standing(tmp_path):
    rules_from_text(tmp_path, NAMED)
    result = invoke(tmp_path / "written.rules", "--seed", 1)
    assert result.exit_code == 0, result.output
    assert "  1. seat 0 (greedy): money 5, 0  <- winner" in result.output
    assert "  2. seat 1 (greedy): money 0, 3" in result.output


NAMED = """\
game "Named"
players 2..2

var money per player = 0
var cards per player = 0

phase game:
    money[0] = 5
    cards[1] = 3

score by p: money[p] as "money", cards[p]
"""


@pytest.mark.slow  # a round of Royale with greedy bots: some 4 s; tests/test_web_api.py keeps the page's hiding quick
def test_a_bots_secret_answer_is_not_shown_to_the_person_who_must_guess_it(tmp_path):
    """LUCKY PUNCH: seat 0 (a bot) hides markers in its fist, seat 1 (a person) guesses how many.
    The table must not print the hidden number before the guess; the log and `replay --show`
    keep it, and the rules say it once the guess is made."""
    log = tmp_path / "game.jsonl"
    result = invoke(ROYALE, "--seed", 1, "--set", "forced_boards=lucky_punch", "--set", "rounds=1", "--agent",
                    "greedy", "--agent", "human", "--agent", "greedy", "--log", log, input="1\n" * 300)
    assert result.exit_code == 0, result.output
    out = result.output
    guess = out.index("seat 1: LUCKY PUNCH: how many markers does seat 0 hold?")
    hidden = out.rindex("> seat 0: LUCKY PUNCH: how many markers do you hide", 0, guess)
    assert out[hidden:guess].split("\n")[0].split(" -> ")[1] == "(secret) (of 3)"
    shown = invoke("replay", log, "--show").output
    hid = "> seat 0: LUCKY PUNCH: how many markers do you hide in your fist (heimlich)? -> "
    assert "(secret)" not in shown and hid in shown
    # Once the game is over the table says what it hid, as `replay --show` does.
    revealed = out[out.index("The secret answers, now that the game is over:"):].split("\n")
    assert [line.strip() for line in revealed[1:] if hid in line] == \
        [line.strip() for line in shown.split("\n") if hid in line]


def test_a_game_of_bots_shows_its_secret_answers_as_replay_show_does(tmp_path):
    """No person sits at the table: nobody must guess, so nothing is hidden, and the table
    prints the very transcript `replay --show` prints of its log."""
    rules, log = tmp_path / "secret.rules", tmp_path / "game.jsonl"
    shutil.copy(SECRET, rules)
    played = invoke(rules, "--seed", 4, "--agent", "random", "--log", log)
    assert played.exit_code == 0, played.output
    assert "(secret)" not in played.output and "> seat 0 chooses " in played.output
    assert played.output == invoke("replay", log, "--show").output


def test_a_persons_own_decision_is_echoed_without_the_options_just_listed():
    result = invoke(CLASSIC, "--seed", 5, "--agent", "human", "--agent", "greedy", input="2\nq\n")
    lines = result.output.split("\n")
    assert "  > seat 0: Which dice do you place? -> 1 die on casino 2" in lines
    assert any(line.startswith("  > seat 1: Which dice do you place? -> ") and " (of " in line for line in lines)


def test_a_mistake_met_in_a_bots_look_ahead_is_located_with_no_traceback(tmp_path):
    """A greedy seat weighs its options with `value`; a `value` that fails does so in a look-ahead,
    a game that keeps no log: the error is located, the transcript is the real game's."""
    path = tmp_path / "looks.rules"
    path.write_text('game "looks"\nplayers 2..2\nvar n = 0\nphase game:\n    let x = choose(0, "pick", [1, 2])\n'
                    "    n += x\nvalue by p: max([x for x in [] if n > 0])\nscore by p: n\n")
    result = invoke(path, "--seed", 1)
    assert result.exit_code == 3, result.output
    assert "looks.rules:7:1: error: `max` of an empty list" in result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
