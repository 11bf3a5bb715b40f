"""`rulesrun lsp`: start the language server (cli/language_server.py) for an editor.

pygls is an optional extra (`pip install 'rulesrun[lsp]'`), imported only when the server
starts, so the rest of the command works without it; `rulesrun lsp` itself is reached without
loading the other commands (cli/entry.py).
"""

from __future__ import annotations

import sys

import click

from . import exit_codes


@click.command(name="lsp")
def lsp():
    """Run the language server on stdin and stdout, for an editor (needs the [lsp] extra).

    Diagnostics of the unsaved text, hover, go to definition, completion, outline, references,
    rename, quick fixes and formatting for .rules files.
    """
    try:
        from .language_server import serve
    except ModuleNotFoundError as error:
        click.echo(f"error: the language server needs {error.name.split('.')[0]}\nhint: pip install 'rulesrun[lsp]'", err=True)
        sys.exit(exit_codes.INVALID)
    serve()
