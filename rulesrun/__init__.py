"""rulesrun: dice games written as .rules files, run by a generic interpreter.

    import rulesrun
    rules = rulesrun.load("rulesets/classic.rules", with_=["rulesets/variants/bandit.rules"],
                          params={"rounds": 2})
    game = rules.start(players=4, seed=7)      # a game you drive: see interpreter/running/driven.py
    while not game.over:
        game.play(0)
    print(game.scores, game.winners)

The folders of the repository are the stages of one pipeline, installed as subpackages:
`rulesrun.dsl` (text -> AST -> composed and checked program), `rulesrun.interpreter`
(compiled rules -> running game -> log) and `rulesrun.cli` (the `rulesrun` command).
"""

import os


def load(path, with_=(), params: dict | None = None):
    """Text -> checked, compiled rules (`interpreter.rules.Rules`): the ruleset at `path` with
    the fragments `with_` (variants, boards; one path alone is one fragment) and parameters
    set by name. A parameter's value is given as in Python (`{"rounds": 2, "forced": ["a",
    "b"]}`) or as `--set` writes it."""
    from .interpreter.running.rules import load_rules

    if isinstance(with_, (str, os.PathLike)):
        with_ = [with_]
    settings = {name: _as_setting(value) for name, value in (params or {}).items()}
    return load_rules(path, list(with_), settings)


def _as_setting(value) -> str:
    """A parameter value as `--set` writes it: true/false, a number, text, or a comma-separated list."""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_as_setting(item) for item in value)
    return str(value)
