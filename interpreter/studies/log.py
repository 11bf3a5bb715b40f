"""Game logs as JSON lines, and replaying them.

The first line says how the game was set up (ruleset, fragments, parameters, players,
seed, agents); the rest are the game's events. Replaying plays the same setup with every
seat answering from the logged decisions, and checks that the new log equals the old one
event for event: a log is a complete, checkable record of a game.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs

from ..lookahead.agents import ScriptedAgent
from ..running.rules import load_rules


@attrs.frozen(slots=True)
class Setup:
    ruleset: str
    fragments: tuple[str, ...]
    params: dict
    players: int
    seed: int
    agents: tuple[str, ...]

    def to_json(self) -> dict:
        return {"t": "setup", "ruleset": self.ruleset, "fragments": list(self.fragments), "params": self.params,
                "players": self.players, "seed": self.seed, "agents": list(self.agents)}


def write_log(path: str | Path, setup: Setup, events: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(setup.to_json()) + "\n")
        for event in events:
            out.write(json.dumps(event) + "\n")


def read_log(path: str | Path) -> tuple[Setup, list[dict]]:
    lines = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or lines[0].get("t") != "setup":
        raise ValueError(f"{path}: not a rulesrun game log (the first line must be the setup)")
    head = lines[0]
    setup = Setup(head["ruleset"], tuple(head["fragments"]), head["params"], head["players"], head["seed"],
                  tuple(head["agents"]))
    return setup, lines[1:]


def replay(setup: Setup, events: list[dict]) -> tuple[list[dict], int | None]:
    """Play `setup` again with the logged answers; returns the new events and the first differing index."""
    answers: dict[int, list[int]] = {p: [] for p in range(setup.players)}
    for event in events:
        if event["t"] == "decide" and len(event["options"]) > 1:
            answers[event["player"]].append(event["choice"])
    rules = load_rules(setup.ruleset, setup.fragments, setup.params)
    agents = [ScriptedAgent(answers[p]) for p in range(setup.players)]
    new: list[dict] = []
    rules.play(setup.players, setup.seed, agents, new)
    new = json.loads(json.dumps(new))
    for index, (old_event, new_event) in enumerate(zip(events, new)):
        if old_event != new_event:
            return new, index
    if len(events) != len(new):
        return new, min(len(events), len(new))
    return new, None
