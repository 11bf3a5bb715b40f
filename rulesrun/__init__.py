"""rulesrun: dice games written as .rules files, run by a generic interpreter.

    import rulesrun
    rules = rulesrun.load("rulesets/classic.rules", with_=["rulesets/variants/bandit.rules"],
                          params={"rounds": 2})
    game = rules.start(players=4, seed=7)      # a game you drive: see interpreter/running/driven.py
    while not game.over:
        game.play(0)
    print(game.scores, game.winners)

A rule test sets a position up and runs a part of the rules (docs/testing.md):

    from rulesrun import Scenario, load
    s = Scenario(load("rulesets/classic.rules"), players=4)
    s.call("setup")

The folders of the repository are the stages of one pipeline, installed as subpackages:
`rulesrun.dsl` (text -> AST -> composed and checked program), `rulesrun.interpreter`
(compiled rules -> running game -> log) and `rulesrun.cli` (the `rulesrun` command).
"""

import importlib
import os

# What a test writer imports from here, by the module that defines it: imported when first
# asked for (PEP 562), so `import rulesrun` (the CLI, the pytest plugin) stays as quick as it was.
_EXPORTS = {
    "Scenario": "interpreter.testing.scenario",
    "ScenarioError": "interpreter.testing.scenario",
    "Asked": "interpreter.testing.scenario",
    "PlayError": "interpreter.running.driven",
    "RulesError": "dsl.errors",
}

__all__ = ["load", *_EXPORTS]


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'rulesrun' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))


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
