"""docs/testing.md's worked examples run as written (from the repository's root), so they cannot rot."""

import re

import pytest

from helpers import ROOT

DOC = (ROOT / "docs" / "testing.md").read_text()
EXAMPLES = dict(re.findall(r"\n## ([^\n]+)\n(?:(?!\n## ).)*?```python\n(.*?)```", DOC, re.S))


def test_the_page_has_one_example_per_kind_of_test():
    assert list(EXAMPLES) == ["A seed Beispiel", "A board", "A variant"]


@pytest.mark.parametrize("heading", sorted(EXAMPLES))
def test_each_example_runs(heading, monkeypatch):
    monkeypatch.chdir(ROOT)
    exec(compile(EXAMPLES[heading], f"docs/testing.md: {heading}", "exec"), {})
