"""Every variant composes with every edition, and every pair of variants with each other:
each combination either checks and plays 50 seeded games, or is refused with a message that
names both conflicting fragments and the line in each."""

import itertools
import re

import pytest
from click.testing import CliRunner

from helpers import RULESETS, quick_first, random_agents
from rulesrun.cli.main import main
from rulesrun.dsl.errors import RulesError
from rulesrun.interpreter.running.rules import load_rules

BASES = ["classic", "lasvegas2012", "lasvegas"]
VARIANTS = sorted(p.stem for p in (RULESETS / "variants").glob("*.rules"))
# Pairs that cannot be combined, and why: both bring their own imaginary neutral player.
REFUSED = {
    frozenset(pair)
    for pair in itertools.combinations(["neutral_dice", "neutral_dice_boulevard", "neutral_dice_two_players"], 2)
}


def _variant(name):
    return RULESETS / "variants" / f"{name}.rules"


def _play_50(base, variants):
    rules = load_rules(RULESETS / f"{base}.rules", [_variant(v) for v in variants])
    for seed in range(50):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        result = rules.play(players, seed, random_agents(seed, players))
        assert result.winners


def test_every_variant_file_is_covered():
    assert len(VARIANTS) >= 9


@pytest.mark.parametrize("base", quick_first(BASES))
@pytest.mark.parametrize("variant", quick_first(VARIANTS))
def test_each_variant_plays_with_each_edition(base, variant):
    _play_50(base, [variant])


@pytest.mark.slow
@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("pair", [p for p in itertools.combinations(VARIANTS, 2) if frozenset(p) not in REFUSED])
def test_each_compatible_pair_of_variants_plays_on_each_edition(base, pair):
    _play_50(base, list(pair))


@pytest.mark.parametrize("pair", sorted(tuple(sorted(p)) for p in REFUSED))
def test_each_incompatible_pair_is_refused_naming_both_fragments_and_lines(pair):
    first, second = (_variant(v) for v in pair)
    result = CliRunner().invoke(main, ["check", str(RULESETS / "lasvegas2012.rules"), "--with", str(first), "--with", str(second)])
    assert result.exit_code == 2
    for path in (first, second):
        assert re.search(re.escape(path.name) + r":\d+:\d+", result.output), result.output


@pytest.mark.parametrize("pair", sorted(tuple(sorted(p)) for p in REFUSED))
def test_refusals_are_the_same_from_the_library(pair):
    with pytest.raises(RulesError) as error:
        load_rules(RULESETS / "lasvegas2012.rules", [_variant(v) for v in pair])
    assert "declared twice" in str(error.value)
