"""Every shipped `.rules` file and example checks on its own (`rulesrun check FILE`, exit 0):
a ruleset, a variant or board that names its base (`fragment "..." for "BASE"`), a library of
procedures (issue #39). A designer opens any of them in an editor and gets no false alarm."""

import pytest
from click.testing import CliRunner

from helpers import ROOT, quick_every
from rulesrun.cli.main import main

FILES = sorted(str(p.relative_to(ROOT)) for folder in ("rulesets", "examples") for p in (ROOT / folder).rglob("*.rules")
               if "snapshots" not in p.parts)


# The quick run checks every tenth file (an example, a game, a library, a board, a variant; a
# board checked alone compiles Royale); CI checks them all.
@pytest.mark.parametrize("path", quick_every(FILES, 10))
def test_the_file_checks_on_its_own(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check", path])
    assert result.exit_code == 0, result.output
    assert ": ok (" in result.output


def test_a_library_says_it_is_one(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check", "rulesets/lib/majority.rules"])
    assert result.output == "majority: ok (a library of 2 procedures, for rulesets to include)\n"
    result = CliRunner().invoke(main, ["check", "rulesets/lib/dealing.rules", "--json"])
    assert '"library": true' in result.output
