"""`rulesrun fmt`: lay out .rules files in the one canonical layout (dsl/format.py).

    rulesrun fmt rulesets examples          rewrite every .rules file under these folders
    rulesrun fmt --check rulesets           change nothing; name the files that would change, exit 1 if any
    rulesrun fmt --diff my.rules            change nothing; print the unified diff of what would change
    rulesrun fmt - < my.rules               the laid-out text on standard output (an editor's hook)

The options are black's and ruff's: `--check` reports, `--diff` shows, `--quiet` silences all
but errors; a line per file changed and a count of all go to standard error ("1 file
reformatted, 3 files left unchanged."), a diff to standard output. `-` prints the laid-out
text and nothing else, so an editor may put it in place of its buffer when the exit status is
0; text that does not parse is a located error in `<stdin>` (exit 2), nothing on standard output.

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

import attrs
import click

from . import exit_codes
from .output import echo, stdout_on_terminal
from .terminal import printable
from ..dsl.errors import RulesError
from ..dsl.files import plain, read_rules, read_rules_stream, replace_text
from ..dsl.format import format_text

STDIN = "<stdin>"
"""The name standard input goes by in errors and reports (`rulesrun fmt -`)."""


@click.command(name="fmt")
@click.argument("paths", nargs=-1, required=True, metavar="FILES/DIRS... | -",
                type=click.Path(exists=True, allow_dash=True))
@click.option("--check", is_flag=True, help="Change nothing: say which files would be reformatted; exit 1 if any.")
@click.option("--diff", "show_diff", is_flag=True,
              help="Change nothing: print the unified diff of each file that would change (exit 0; with --check, 1 if any).")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors (and what --diff or `-` print).")
def fmt(paths, check, show_diff, quiet):
    """Format .rules files (folders: every .rules file in them) in the canonical layout.

    `-` reads a rules text from standard input and writes it laid out to standard output
    (for an editor's hook). Exit 0 when every file is (now) formatted, 1 with --check when a
    file would change, 2 when a file does not parse.
    """
    dry = check or show_diff
    if "-" in paths and len(paths) > 1:
        raise click.UsageError("`-` (standard input) is formatted alone: give it or files, not both")
    # `fmt -` prints the text alone: an editor reads standard output, and some read both streams.
    report = Report(dry=dry, quiet=quiet or paths == ("-",) and not dry)
    if paths == ("-",):
        _format_stdin(report, show_diff)
    else:
        _format_files(paths, report, show_diff)
    report.summary()
    if report.failed:
        sys.exit(exit_codes.INVALID)
    if check and report.changed:
        sys.exit(exit_codes.DIFFERENCE)


@attrs.define
class Report:
    """What fmt did or, `dry`, would do, said as black says it on standard error: a line per
    file changed, then the counts. `quiet`: nothing but errors."""

    dry: bool
    quiet: bool
    changed: int = 0
    same: int = 0
    failed: int = 0

    def done(self, name: str, changed: bool) -> None:
        if changed:
            self.changed += 1
            self.note(f"{'would reformat' if self.dry else 'reformatted'} {name}")
        else:
            self.same += 1

    def error(self, text: str) -> None:
        self.failed += 1
        echo(text, err=True)

    def note(self, text: str) -> None:
        if not self.quiet:
            echo(text, err=True)

    def summary(self) -> None:
        """`2 files reformatted, 1 file left unchanged.`: the counts that are not 0."""
        counts = [(self.changed, "would be reformatted" if self.dry else "reformatted"),
                  (self.same, "would be left unchanged" if self.dry else "left unchanged"),
                  (self.failed, "would fail to reformat" if self.dry else "failed to reformat")]
        said = [f"{count} file{'' if count == 1 else 's'} {what}" for count, what in counts if count]
        self.note(", ".join(said) + "." if said else "no .rules files to format")


def _format_files(paths, report: Report, show_diff: bool) -> None:
    files, skipped = rules_files(paths)
    for path in skipped:
        report.note(f"skipped {path}: {'a symbolic link' if path.is_symlink() else 'not a regular file'}; "
                    "fmt rewrites regular files only")
    for path in files:
        if path.is_symlink():
            report.error(f"error: `{path}` is a symbolic link: fmt never writes through one\n"
                         "hint: name the file it points at")
            continue
        try:
            text = read_rules(path)
            formatted = format_text(text, str(path))
        except RulesError as error:
            report.error(error.render())
            continue
        if formatted != text:
            if show_diff:
                echo(_diff(text, formatted, str(path)), nl=False)
            if not report.dry:
                replace_text(path, formatted)
        report.done(str(path), formatted != text)


def _format_stdin(report: Report, show_diff: bool) -> None:
    """`fmt -`: the laid-out text on standard output; with --check or --diff (`report.dry`)
    nothing but the report and the diff, as for a file."""
    try:
        text = read_rules_stream(sys.stdin.buffer, STDIN)
        formatted = format_text(text, STDIN)
    except RulesError as error:
        report.error(error.render())
        return
    if not report.dry:
        # The text itself, byte for byte, to a pipe; escaped only on a terminal, where a
        # comment's escape sequence would drive it.
        sys.stdout.buffer.write((printable(formatted) if stdout_on_terminal() else formatted).encode("utf-8"))
        sys.stdout.buffer.flush()
    elif show_diff and formatted != text:
        echo(_diff(text, formatted, STDIN), nl=False)
    report.done(STDIN, formatted != text)


def _diff(text: str, formatted: str, name: str) -> str:
    return "".join(difflib.unified_diff(text.splitlines(keepends=True), formatted.splitlines(keepends=True),
                                        name, f"{name} (formatted)"))


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
