"""The `rulesrun` command's front door: `rulesrun lsp` starts the language server without loading
the other commands (play, simulate and the interpreter behind them: a second of imports, many
under load), since an editor waits on the server's answer to `initialize`; any other command
is cli/main.py's.

    rulesrun lsp            -> cli/lsp.py only
    rulesrun simulate ...   -> cli/main.py
"""

from __future__ import annotations

import sys


def main(prog_name: str | None = None) -> None:
    if sys.argv[1:2] == ["lsp"]:
        from .lsp import lsp

        lsp.main(args=sys.argv[2:], prog_name=f"{prog_name or 'rulesrun'} lsp")
        return
    from .main import main as command

    command(prog_name=prog_name)
