"""`rulesrun fmt`: lay out .rules files in the one canonical layout (dsl/format.py).

    rulesrun fmt rulesets examples          rewrite every .rules file under these folders
    rulesrun fmt --check rulesets           change nothing; show a diff, exit 1 if a file would change

Files that do not parse are reported with located errors and left as they are (exit 2).
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import click

from . import exit_codes
from .output import echo
from ..dsl.errors import RulesError
from ..dsl.files import read_rules
from ..dsl.format import format_text


@click.command(name="fmt")
@click.argument("paths", nargs=-1, required=True, metavar="FILES/DIRS...", type=click.Path(exists=True))
@click.option("--check", is_flag=True, help="Change nothing: show a diff of each file that would change, exit 1 if any.")
def fmt(paths, check):
    """Format .rules files (folders: every .rules file in them) in the canonical layout.

    Exit 0 when every file is (now) formatted, 1 with --check when a file would change,
    2 when a file does not parse.
    """
    changed, invalid = [], False
    files = rules_files(paths)
    for path in files:
        try:
            text = read_rules(path)
            formatted = format_text(text, str(path))
        except RulesError as error:
            echo(error.render(), err=True)
            invalid = True
            continue
        if formatted == text:
            continue
        changed.append(path)
        if check:
            echo("".join(difflib.unified_diff(text.splitlines(keepends=True), formatted.splitlines(keepends=True),
                                                    f"{path}", f"{path} (formatted)")), nl=False)
        else:
            with open(path, "w", encoding="utf-8", newline="") as out:
                out.write(formatted)
    verb = "would reformat" if check else "reformatted"
    for path in changed:
        echo(f"{verb} {path}", err=True)
    echo(f"{len(files)} files, {len(changed)} {verb}", err=True)
    if invalid:
        sys.exit(exit_codes.INVALID)
    if check and changed:
        sys.exit(exit_codes.DIFFERENCE)


def rules_files(paths) -> list[Path]:
    """The files named, and the .rules files in the folders named (not in hidden ones), in order."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.rules")
                                if p.is_file() and not any(part.startswith(".") for part in p.relative_to(path).parts)))
        else:
            files.append(path)
    return list(dict.fromkeys(files))
