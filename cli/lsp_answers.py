"""What the language server answers about an open document: its mistakes, hover, definition,
completion, formatting and outline, from the rules language (dsl/). Imported at the first
question, not at `initialize` (cli/language_server.py).

Names are looked up as composition reads the files (dsl/symbols.py): the document, what it
includes or extends, and the base a fragment plugs into, so a board of `tafeln/` knows
Royale's `pay_from_bank`; `texts` (the open documents by real path) are read instead of the
saved files, so the answers follow what the designer typed, saved or not.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from lsprotocol import types

from ..dsl import ast
from ..dsl.builtins import BUILTINS, GLOBAL_VALUES
from ..dsl.check import check
from ..dsl.compose import compose
from ..dsl.errors import Diagnostic, RulesError, Span
from ..dsl.files import MAX_BYTES
from ..dsl.format import format_text
from ..dsl.parser import keywords, parse_text
from ..dsl.symbols import Symbol, declarations, file_symbols, outline, word_at
from .lsp_places import Opened, location, lsp_range

_COMPLETION_KINDS = {
    "param": types.CompletionItemKind.Constant,
    "die": types.CompletionItemKind.Class,
    "card": types.CompletionItemKind.Class,
    "zone": types.CompletionItemKind.Field,
    "var": types.CompletionItemKind.Variable,
    "imaginary": types.CompletionItemKind.Variable,
    "event": types.CompletionItemKind.Event,
    "proc": types.CompletionItemKind.Function,
    "phase": types.CompletionItemKind.Module,
    "move": types.CompletionItemKind.Method,
    "partkind": types.CompletionItemKind.Enum,
    "part": types.CompletionItemKind.EnumMember,
    "total": types.CompletionItemKind.Function,
}
_SYMBOL_KINDS = {
    "param": types.SymbolKind.Constant,
    "die": types.SymbolKind.Class,
    "card": types.SymbolKind.Class,
    "zone": types.SymbolKind.Array,
    "var": types.SymbolKind.Variable,
    "imaginary": types.SymbolKind.Object,
    "event": types.SymbolKind.Event,
    "proc": types.SymbolKind.Function,
    "phase": types.SymbolKind.Module,
    "move": types.SymbolKind.Method,
    "partkind": types.SymbolKind.Enum,
    "part": types.SymbolKind.EnumMember,
    "total": types.SymbolKind.Function,
    "term": types.SymbolKind.Function,
    "handler": types.SymbolKind.Event,
    "hook": types.SymbolKind.Function,
    "forbid": types.SymbolKind.Boolean,
    "point": types.SymbolKind.Interface,
    "score": types.SymbolKind.Number,
    "value": types.SymbolKind.Number,
    "view": types.SymbolKind.String,
}


def problems(document: Opened, texts: Mapping[Path, str]) -> list[Diagnostic]:
    """The mistakes of the document's text as it stands, saved or not: its syntax; for a ruleset
    or a fragment that names its base, also what composition and the checker find (in the files
    they point at), the open documents read instead of their files. A text larger than a rules
    file may be is one problem, not parsed."""
    if len(document.text) > MAX_BYTES:
        return [Diagnostic(Span(document.name, 1, 1), f"this file is larger than {MAX_BYTES // (1 << 20)} MiB",
                           "a .rules file this large is not a ruleset; split it with `include`")]
    try:
        file = parse_text(document.text, document.name)
    except RulesError as error:
        return error.diagnostics
    if document.path is None or not _composed(file):
        return []
    try:
        check(compose(document.path, texts=texts))
    except RulesError as error:
        return error.diagnostics
    return []


def _composed(file: ast.File) -> bool:
    """Whether a file is checked as a whole program: a ruleset, or a fragment that names its base
    (any other fragment, or a library, only for its syntax)."""
    fragment = next((item for item in file.items if isinstance(item, ast.Fragment)), None)
    if fragment is not None:
        return fragment.base is not None
    return any(isinstance(item, ast.GameTitle) for item in file.items)


def hover(document: Opened, position: types.Position, texts: Mapping[Path, str]) -> types.Hover | None:
    word = word_at(document.text, position.line, position.character)
    if word is None:
        return None
    found = [s for s in _symbols(document, texts) if s.named_by(word, document.name)]
    if found:
        symbol = found[0]
        value = f"```rules\n{symbol.signature}\n```" + (f"\n\n{symbol.doc}" if symbol.doc else "")
        if symbol.full != word:
            value += f"\n\n{symbol.part}'s own `{symbol.full}`"
    elif word in BUILTINS:
        value = f"built-in `{word}`: {BUILTINS[word].doc}"
    elif word in GLOBAL_VALUES:
        value = f"`{word}`: {GLOBAL_VALUES[word]}"
    else:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value))


def definition(document: Opened, position: types.Position, texts: Mapping[Path, str]) -> list[types.Location]:
    """Where the name under the cursor is declared: every place, when an `override` replaces a declaration."""
    word = word_at(document.text, position.line, position.character)
    if word is None:
        return []
    return [location(s.span, document) for s in _symbols(document, texts) if s.named_by(word, document.name)]


def completion(document: Opened | None, texts: Mapping[Path, str]) -> types.CompletionList:
    """The names the document may write (a part's own short in its own file), built-ins and keywords."""
    items: dict[str, types.CompletionItem] = {}
    for symbol in _symbols(document, texts) if document is not None else ():
        label = symbol.name if symbol.span.file == document.name else symbol.full
        items.setdefault(label, types.CompletionItem(
            label=label, kind=_COMPLETION_KINDS.get(symbol.kind.split()[-1]), detail=symbol.signature,
            documentation=symbol.doc or None))
    for name, builtin in BUILTINS.items():
        items.setdefault(name, types.CompletionItem(label=name, kind=types.CompletionItemKind.Function,
                                                    detail="built-in", documentation=builtin.doc))
    for name, doc in GLOBAL_VALUES.items():
        items.setdefault(name, types.CompletionItem(label=name, kind=types.CompletionItemKind.Variable,
                                                    detail="built-in", documentation=doc))
    for word in keywords():
        items.setdefault(word, types.CompletionItem(label=word, kind=types.CompletionItemKind.Keyword))
    return types.CompletionList(is_incomplete=False, items=list(items.values()))


def formatting(document: Opened) -> list[types.TextEdit]:
    """The document in the layout of `rulesrun fmt`, as one edit (none while it does not parse)."""
    try:
        formatted = format_text(document.text, document.name)
    except RulesError:
        return []
    if formatted == document.text:
        return []
    lines = document.text.split("\n")
    whole = types.Range(start=types.Position(line=0, character=0),
                        end=types.Position(line=len(lines) - 1, character=len(lines[-1])))
    return [types.TextEdit(range=whole, new_text=formatted)]


def document_symbols(document: Opened) -> list[types.DocumentSymbol]:
    """The document's own declarations and rules, in order, each with its lines and its name's
    place (nothing while it does not parse)."""
    lines = document.text.splitlines()
    found = []
    for symbol in outline(document.text, document.name):
        last = symbol.last_line
        whole = types.Range(start=types.Position(line=symbol.span.line - 1, character=0),
                            end=types.Position(line=last - 1, character=len(lines[last - 1]) if last <= len(lines) else 0))
        found.append(types.DocumentSymbol(name=symbol.name, kind=_SYMBOL_KINDS.get(symbol.kind.split()[-1], types.SymbolKind.Key),
                                          range=whole, selection_range=lsp_range(symbol.span), detail=symbol.signature))
    return found


def _symbols(document: Opened, texts: Mapping[Path, str]) -> list[Symbol]:
    """The names the document knows: its own and those of the files its program reads; only its
    own for a document without a file, which has no folder to read them from."""
    if document.path is not None:
        return declarations(document.path, document.text, texts)
    try:
        return file_symbols(parse_text(document.text, document.name), document.text)
    except RulesError:
        return []
