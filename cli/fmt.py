"""`rulesrun fmt`: lay out .rules files in the one canonical layout (dsl/format.py).

    rulesrun fmt rulesets examples          rewrite every .rules file under these folders
    rulesrun fmt --check rulesets           change nothing; show a diff, exit 1 if a file would change

Files that do not parse are reported with located errors and left as they are (exit 2).
fmt rewrites regular files only, never through a symbolic link (dsl/files.py `replace_text`):
a link named is refused (exit 2), a link (or FIFO) met in a folder is skipped with a note, so
a link in a project that points out of it never has its target read, shown or written.
"""

from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path

import click

from . import exit_codes
from .output import echo
from ..dsl.errors import RulesError
from ..dsl.files import plain, read_rules, replace_text
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
    files, skipped = rules_files(paths)
    for path in skipped:
        echo(f"skipped {path}: {'a symbolic link' if path.is_symlink() else 'not a regular file'}; "
             "fmt rewrites regular files only", err=True)
    for path in files:
        if path.is_symlink():
            echo(f"error: `{path}` is a symbolic link: fmt never writes through one\n"
                 "hint: name the file it points at", err=True)
            invalid = True
            continue
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
            replace_text(path, formatted)
    verb = "would reformat" if check else "reformatted"
    for path in changed:
        echo(f"{verb} {path}", err=True)
    echo(f"{len(files)} files, {len(changed)} {verb}", err=True)
    if invalid:
        sys.exit(exit_codes.INVALID)
    if check and changed:
        sys.exit(exit_codes.DIFFERENCE)


def rules_files(paths) -> tuple[list[Path], list[Path]]:
    """The files named, and the .rules regular files in the folders named (not in hidden
    ones, not through links to folders), in order; and the .rules names found there that are
    no regular file (a link, a FIFO), which fmt skips."""
    files: list[Path] = []
    skipped: list[Path] = []
    for path in map(Path, paths):
        if not path.is_dir():
            files.append(path)
            continue
        found = []
        for root, folders, names in os.walk(path):
            folders[:] = [folder for folder in folders if not folder.startswith(".")]
            found.extend(Path(root) / name for name in names if name.endswith(".rules") and not name.startswith("."))
        for file in sorted(found):
            (files if plain(file) else skipped).append(file)
    return list(dict.fromkeys(files)), skipped
