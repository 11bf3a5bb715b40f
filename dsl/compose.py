"""Files -> one program: resolve `extends`, `include`, `--with` fragments and `override`.

A ruleset file may extend a base (all of the base's parts, then its own) and include
libraries (each file at most once). Fragments given with `--with` are applied after the
ruleset, in order. A declaration replaces one of the same name only when it says
`override`; two fragments overriding the same part conflict, and the error names both.
Moves, forbids, triggers and before/after hooks add up instead of replacing.

    base.rules + variants/extra_field.rules  ->  Program(parts=..., moves=[place, place_on_extra_field])
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from pathlib import Path

import attrs

from . import ast
from .errors import Diagnostic, RulesError, Span, did_you_mean
from .files import Reach, base_refusal, path_mistake, read_rules, real, refusal
from .limits import MAX_DIGITS, MAX_FILES, MAX_INCLUDE_DEPTH, MAX_PLAYERS, MAX_RULESET_TOKENS, token_count
from .parser import parse_file, parse_text
from .parts import Member, Rules, VarPlace, alone_settings, expand, owned
from .program import Program, Source, kind_word, part_name


class _Composer:
    def __init__(self, reach: Reach, texts: Mapping[Path, str]):
        self.reach = reach
        self.texts = texts
        self.parts: dict = {}
        self.moves: dict = {}
        self.points: dict = {}
        self.forbids: list = []
        self.handlers: list = []
        self.hooks: list = []
        self.asserts: list = []
        self.nobody_wins: list = []
        self.terms: list = []
        self.members: list[Member] = []
        self.part_of: dict[str, str] = {}  # a zone or var of a part's own file -> the part's name
        self.var_places: dict[str, VarPlace] = {}  # var name -> where its declaration in force stands
        self.sources: list[Source] = []
        self.read: dict[Path, str] = {}  # real path -> the text composed from it
        self.origin: dict = {}
        self.overridden_by: dict = {}  # name -> (unit, span) of the override in force
        self.applied: set[Path] = set()
        # Whether the files went past the depth, count or length a ruleset may have (said once).
        self.overgrown = False
        # The tokens of the files read so far (limits.token_count).
        self.tokens = 0
        self.title: str | None = None
        self.players: ast.PlayerRange | None = None
        self.errors: list[Diagnostic] = []

    def apply(self, path: Path, role: str, unit: str, chain: tuple, at: Span | None, written: str = "") -> None:
        """Add the file at `path` (named `written` by the `include`/`extends` at `at`; `at` None
        for a file named on the command line)."""
        path = real(path)
        if path in chain:
            cycle = " -> ".join(p.name for p in chain + (path,))
            self.errors.append(Diagnostic(at, f"`{path.name}` includes itself: {cycle}",
                                          "remove one `include`/`extends` of the cycle"))
            return
        if path in self.applied:
            return
        if len(chain) >= MAX_INCLUDE_DEPTH or len(self.applied) >= MAX_FILES:
            if not self.overgrown:
                self.overgrown = True
                too_many = f"files include one another {len(chain)} deep" if len(chain) >= MAX_INCLUDE_DEPTH \
                    else f"the rules read {len(self.applied)} files"
                self.errors.append(Diagnostic(at, f"{too_many}: the most a ruleset may is {MAX_INCLUDE_DEPTH} deep and "
                                              f"{MAX_FILES} files", "include the files a ruleset needs from one place"))
            return
        self.applied.add(path)
        if at is not None and (refused := refusal(path, written, self.reach)) is not None:
            self.errors.append(Diagnostic(at, refused, "include .rules files of this project; "
                                          "`--allow-path DIR` lets rules include from the folder DIR too"))
            return
        if at is not None and not os.path.exists(path) and path not in self.texts:
            self.errors.append(Diagnostic(at, f"no file `{path}`", _nearby_files(path)))
            return
        text = self.texts[path] if path in self.texts else read_rules(_display(path), at)
        self.read[path] = text
        self.tokens += token_count(text)
        if self.tokens > MAX_RULESET_TOKENS:
            if not self.overgrown:
                self.overgrown = True
                self.errors.append(Diagnostic(at, f"the rules' files hold more than {MAX_RULESET_TOKENS:,} words, "
                                              f"numbers, texts and signs together, `{path.name}` among them",
                                              "include only the files a ruleset needs"))
            return
        file = parse_text(text, str(_display(path)))
        title = None
        declares, overrides, adds = [], [], []
        member = None
        # The part this file declares: its vars reset when it comes up, wherever they stand.
        part = next((item for item in file.items if isinstance(item, ast.Part)), None)
        for item in file.items:
            if member is not None and not isinstance(item, ast.Part):
                declared = item
                # A part's own file names its own things; a ruleset that declares a part among
                # its lines names the game's.
                item = owned(item, part) if role != "ruleset" else item
                member.append(item)
                if role != "ruleset" and isinstance(item, (ast.Zone, ast.Var)):
                    self.part_of[item.name] = part.name
                if item is not declared:
                    self.members[-1].short.append(item)
            if isinstance(item, ast.Part):
                if member is not None:
                    self.errors.append(Diagnostic(item.span, f"a file declares one part, and this one is `{self.members[-1].part.name}`",
                                                  "put each part in a file of its own"))
                    continue
                member = []
                self._declare(item, unit)
                declares.append(item.name)
                self.members.append(Member(item, member, []))
            elif isinstance(item, (ast.Extends, ast.Include)):
                target = path.parent / item.path
                sub_role = "base" if isinstance(item, ast.Extends) else "include"
                self.apply(target, sub_role, unit, chain + (path,), item.span, item.path)
            elif isinstance(item, (ast.GameTitle, ast.Fragment)):
                title = item.title
                if isinstance(item, ast.GameTitle) and (role == "ruleset" or self.title is None):
                    self.title = item.title
            elif isinstance(item, ast.PlayerRange):
                self._narrow_players(item)
            elif isinstance(item, ast.Override):
                self._override(item.decl, unit)
                overrides.append(part_name(item.decl))
                self._place(item.decl, part)
            elif type(item) in _ADDING:
                getattr(self, _ADDING[type(item)]).append(item)
                adds.append(_describe(item))
            else:
                self._declare(item, unit)
                (adds if isinstance(item, ast.Move) else declares).append(part_name(item))
                self._place(item, part)
        self.sources.append(Source(_display(path), role, title, tuple(declares), tuple(overrides), tuple(adds)))

    def _place(self, decl, part: ast.Part | None) -> None:
        """Where a var stands and the part of its file, for the handler that resets it (dsl/parts.py)."""
        if isinstance(decl, ast.Var):
            self.var_places[decl.name] = VarPlace(len(self.handlers), part)

    def _narrow_players(self, item: ast.PlayerRange) -> None:
        """A later file (a fragment for 2-4 players, say) can only narrow the player range."""
        if not 1 <= item.low <= item.high <= MAX_PLAYERS:
            self.errors.append(Diagnostic(item.span, f"players {item.low}..{item.high} is no range of player counts",
                                          f"the fewest players first, from 1 up to {MAX_PLAYERS}: e.g. players 2..6"))
            return
        if self.players is None:
            self.players = item
            return
        low, high = max(self.players.low, item.low), min(self.players.high, item.high)
        if low > high:
            self.errors.append(Diagnostic(item.span, f"players {item.low}..{item.high} leaves no player count of {self.players.low}..{self.players.high}",
                                          "these rules cannot be played together",
                                          related=((self.players.span, "the earlier range"),) if self.players.span else ()))
            return
        self.players = ast.PlayerRange(low, high, span=item.span)

    def _table(self, decl) -> dict:
        if isinstance(decl, ast.Point):
            return self.points
        return self.moves if isinstance(decl, ast.Move) else self.parts

    def _declare(self, decl, unit: str) -> None:
        table, name = self._table(decl), part_name(decl)
        if name in table:
            old = table[name]
            self.errors.append(Diagnostic(
                decl.span, f"`{name}` is declared twice",
                f"write `override {_override_form(decl)}` to replace it on purpose",
                related=((old.span, f"`{name}` was first declared here"),) if old.span else ()))
            return
        table[name] = decl
        self.origin[name] = unit

    def _override(self, decl, unit: str) -> None:
        table, name = self._table(decl), part_name(decl)
        old = table.get(name)
        if old is None:
            self.errors.append(Diagnostic(decl.span, f"nothing named `{name}` to override",
                                          did_you_mean(name, table) or "declare it without `override`"))
            return
        if type(old) is not type(decl):
            self.errors.append(Diagnostic(
                decl.span, f"`{name}` is a {kind_word(old)}, not a {kind_word(decl)}",
                f"override it as `override {_override_form(old)}`",
                related=((old.span, "declared here"),) if old.span else ()))
            return
        previous = self.overridden_by.get(name)
        if previous is not None and previous[0] != unit and previous[0].startswith("fragment:"):
            self.errors.append(Diagnostic(
                decl.span, f"two fragments override `{name}`",
                "these fragments cannot be combined; merge the two overrides into one fragment",
                related=((previous[1], f"`{name}` is also overridden here"),)))
            return
        table[name] = decl
        self.origin[name] = unit
        self.overridden_by[name] = (unit, decl.span)


def _override_form(decl) -> str:
    if isinstance(decl, ast.View):
        return "view: ..."
    if isinstance(decl, ast.Value) and decl.player is None:
        return "value: ..."
    if isinstance(decl, (ast.Score, ast.Value)):
        return f"{kind_word(decl)} by {decl.player}: ..."
    return f"{kind_word(decl)} {decl.name}"


# The items that add up, by the list of the composer they join.
_ADDING = {ast.Hook: "hooks", ast.Forbid: "forbids", ast.Handler: "handlers", ast.Assertion: "asserts",
           ast.NobodyWins: "nobody_wins", ast.Term: "terms"}


def _describe(item) -> str:
    if isinstance(item, ast.Hook):
        return f"{item.time} {item.target}"
    if isinstance(item, ast.Forbid):
        return f"forbid {item.move}"
    if isinstance(item, ast.Assertion):
        return "assert"
    if isinstance(item, ast.NobodyWins):
        return "nobody wins"
    if isinstance(item, ast.Term):
        return f"term {item.name}"
    return f"on {item.event}"


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _nearby_files(path: Path) -> str:
    folder = path.parent
    if not os.path.isdir(folder):
        return f"the folder `{_display(folder)}` does not exist either"
    names = [p.name for p in folder.glob("*.rules")]
    return did_you_mean(path.name, names) or "paths are relative to the file that names them"


def compose(ruleset: str | Path, fragments=(), allow=(), texts: Mapping[Path, str] | None = None) -> Program:
    """Compose a ruleset and fragments into one program, or raise every conflict found.
    `allow`: folders beyond the project's that an `include`/`extends` may read (dsl/files.py);
    a `Reach` with an owner (a log's) bounds the ruleset and fragments named too. `texts`: the
    text of some files by their real path, read instead of what is saved there (an editor's
    unsaved documents, cli/language_server.py); what may be read is decided as for the files.

    A file named as the ruleset that is a fragment knowing its base (`fragment "T" for
    "../base.rules" with rounds = 2`) is played on that base: the base composed with it (and
    then the other fragments), its `with` settings as the params' defaults."""
    fence = allow if isinstance(allow, Reach) and allow.owner is not None else None
    for named in (ruleset, *fragments):
        mistake = path_mistake(str(named))
        if mistake is not None:
            raise RulesError(Diagnostic(None, mistake, "name a .rules file by its path"))
        refused = fence and refusal(Path(named), str(named), fence)
        if refused:
            raise RulesError(Diagnostic(None, refused, "`--allow-path DIR` lets the rules be read from the folder DIR too"))
    return _on_bases(Path(ruleset), tuple(fragments), allow, texts or {}, ())


def _on_bases(ruleset: Path, fragments: tuple, allow, texts: Mapping[Path, str], hops: tuple) -> Program:
    """The ruleset composed, or, for a fragment that names its base, the base composed with it
    (and so on, for a base that is a fragment too). `hops`: the fragments passed on the way, so
    that a fragment plugging into itself, at once or through others, is a located error, not
    a recursion without end."""
    based = _fragment_base(ruleset, allow, texts)
    if based is None:
        return _compose(ruleset, fragments, allow, texts)
    base, fragment = based
    hops = hops + (real(ruleset),)
    if base in hops:
        cycle = " -> ".join(path.name for path in hops + (base,))
        raise RulesError(Diagnostic(fragment.span, f"fragments plug into one another in a circle: {cycle}",
                                    "a fragment plugs into a ruleset, not into a fragment that plugs into it"))
    if len(hops) >= MAX_INCLUDE_DEPTH:
        raise RulesError(Diagnostic(fragment.span, f"fragments plug into one another {len(hops)} deep: the most a "
                                    f"ruleset may is {MAX_INCLUDE_DEPTH}", "plug the fragment into the ruleset itself"))
    return _with_settings(_on_bases(base, (ruleset, *fragments), allow, texts, hops), fragment)


def _fragment_base(path: Path, allow, texts: Mapping[Path, str]) -> tuple[Path, ast.Fragment] | None:
    """(the base, the `fragment` line) of a fragment file that names its base; None for any other file."""
    text = texts.get(real(path))
    if text is None and not os.path.isfile(path):
        return None
    file = parse_file(_display(path)) if text is None else parse_text(text, _display(path))
    line = next((item for item in file.items if isinstance(item, ast.Fragment)), None)
    if line is None or line.base is None:
        return None
    base, refused = base_refusal(path, line.base, Reach.of([path], allow))
    if refused is not None:
        raise RulesError(Diagnostic(line.span, refused, "a fragment plugs into a ruleset of its project (anywhere below "
                                    "the folder holding .git, pyproject.toml or rulesrun.toml; an empty rulesrun.toml "
                                    "marks one); `--allow-path DIR` lets it name one in the folder DIR"))
    if not os.path.isfile(base) and base not in texts:
        raise RulesError(Diagnostic(line.span, f"no file `{base}` for this fragment to plug into", _nearby_files(base)))
    return base, line


def _with_settings(program: Program, fragment: ast.Fragment) -> Program:
    """The fragment's `with NAME = VALUE` settings as the defaults of the params they name,
    after those its part's kind gives a part's file played on its own (dsl/parts.py)."""
    parts = dict(program.parts)
    errors = []
    params = sorted(n for n, d in parts.items() if isinstance(d, ast.Param))
    mine = next((s for s in program.sources if fragment.span is not None and s.path == fragment.span.file), None)
    alone = alone_settings(parts, mine.declares) if mine is not None else ()
    for setting in alone + fragment.settings:
        declared = parts.get(setting.name)
        if not isinstance(declared, ast.Param):
            errors.append(Diagnostic(setting.span, f"`{setting.name}` is no parameter of the rules this fragment plugs into",
                                     did_you_mean(setting.name, params) or "`rulesrun check --params BASE` lists them"))
            continue
        parts[setting.name] = attrs.evolve(declared, default=setting.value)
    if errors:
        raise RulesError(errors)
    return attrs.evolve(program, parts=parts)


def _compose(ruleset: str | Path, fragments, allow, texts: Mapping[Path, str]) -> Program:
    composer = _Composer(Reach.of([ruleset, *fragments], allow), texts)
    composer.apply(Path(ruleset), "ruleset", "ruleset", (), None)
    for fragment in fragments:
        path = Path(fragment)
        composer.apply(path, "fragment", f"fragment:{path.resolve()}", (), None)
    members = [attrs.evolve(m, items=tuple(m.items), short=tuple(m.short)) for m in composer.members]
    rules = Rules(tuple(composer.handlers), tuple(composer.hooks), tuple(composer.moves.values()),
                  tuple(composer.forbids), tuple(composer.terms))
    parts, rules, errors = expand(composer.parts, rules, members, composer.var_places)
    if composer.errors or errors:
        raise RulesError(composer.errors + errors)
    return Program(
        title=composer.title or Path(ruleset).stem,
        players=composer.players,
        parts=parts,
        moves=rules.moves,
        points={point.name: point for point in composer.points.values()},
        forbids=rules.forbids,
        handlers=rules.handlers,
        hooks=rules.hooks,
        sources=tuple(composer.sources),
        origin=composer.origin,
        asserts=tuple(composer.asserts),
        nobody_wins=tuple(composer.nobody_wins),
        part_of=composer.part_of,
        texts=composer.read,
    )


def set_params(program: Program, settings: dict[str, str]) -> Program:
    """Replace parameter defaults from `name=value` settings (the CLI's `--set`).

    A value must be of the kind of the parameter's default: true/false, a whole number, a
    decimal (a whole number will do), or text; a parameter whose default is a list takes a
    comma-separated list of its items' kind: `--set forced=a,b`. A default the rules compute
    takes true/false, a number or else text. `inf`, `nan` and numbers too large to hold are
    refused everywhere: a rule could not compute with them. From Python a value may also be
    given as it is (`params={"sides": [["a", "b"]], "rounds": 2}`), nested lists too.
    """
    parts = dict(program.parts)
    errors = []
    params = {n for n, d in parts.items() if isinstance(d, ast.Param)}
    for name, text in settings.items():
        if name not in params:
            errors.append(Diagnostic(None, f"unknown parameter `{name}` in --set {name}={text}",
                                     did_you_mean(name, params) or "`rulesrun check --params RULES` lists them"))
            continue
        old = parts[name]
        if not isinstance(text, str):
            parts[name] = attrs.evolve(old, default=_literal(text, old.default.span))
            continue
        try:
            value = setting_value(old, text)
        except ValueError as error:
            wanted, example = error.args
            shown = text if len(text) <= 40 else text[:37] + "..."
            errors.append(Diagnostic(old.span, f"--set {name}={shown}: `{name}` is {wanted}",
                                     f"e.g. --set {name}={example}" if example else "change it in the rules instead"))
            continue
        if isinstance(value, list):
            parts[name] = attrs.evolve(old, default=ast.List(tuple(ast.Literal(item) for item in value),
                                                             span=old.default.span))
        else:
            parts[name] = attrs.evolve(old, default=ast.Literal(value, span=old.default.span))
    if errors:
        raise RulesError(errors)
    return attrs.evolve(program, parts=parts, settings={**program.settings, **settings})


def _literal(value, span):
    """A value given from Python (`params={"sides": [["a", "b"], ["c", "d"]]}`) as the literal
    that says it: lists and tuples to any depth, numbers, texts, truths, none."""
    if isinstance(value, list):
        return ast.List(tuple(_literal(item, span) for item in value), span=span)
    if isinstance(value, tuple):
        return ast.Tuple(tuple(_literal(item, span) for item in value), span=span)
    return ast.Literal(value, span=span)


def setting_value(param: ast.Param, text: str, typed: bool = True):
    """What `--set NAME=TEXT` makes of TEXT for this parameter: a list of values of its items'
    kind when its default is a list (`a,b` -> ["a", "b"]), else one value of the default's kind
    (`3` -> 3, `true` -> True); ValueError(what the kind is, an example) if TEXT is not one.
    `typed=False` reads each value as whatever it looks like (what it is not is then the
    caller's to say)."""
    if isinstance(param.default, ast.List):
        kind = _kind(param.default.items[0]) if param.default.items and typed else None
        if kind is list:
            raise ValueError("a list of lists, which --set cannot write", "")
        try:
            return [_parse_value(t.strip(), kind) for t in text.split(",") if t.strip()]
        except ValueError as error:
            wanted, example = error.args
            raise ValueError(f"a list, each item {wanted}", example and f"{example},{example}") from None
    return _parse_value(text.strip(), _kind(param.default) if typed else None)


_KINDS = {bool: ("true or false", "true"), int: ("a whole number", "3"), float: ("a number", "0.5"),
          str: ("text", "some_text")}


def _kind(default) -> type | None:
    """The kind of value a default is (bool, int, float, str, list), or None if the rules compute it."""
    if isinstance(default, ast.Negate):
        default = default.operand
    if isinstance(default, ast.Literal) and default.value is not None:
        return type(default.value)
    if isinstance(default, ast.List):
        return list
    if isinstance(default, ast.Tuple):
        return tuple
    return None


def _parse_value(text: str, kind: type | None):
    """`text` read as a value of `kind` (None: whichever of true/false, number, text it reads as),
    or ValueError(what the kind is, an example)."""
    lowered = text.lower()
    if kind in (bool, None) and lowered in ("true", "false"):
        return lowered == "true"
    for convert in (int, float):
        if kind not in (convert, float, None):
            continue
        if convert is int and len(text.lstrip("+-")) > MAX_DIGITS and text.lstrip("+-").isdigit():
            raise ValueError(f"a number of at most {MAX_DIGITS} digits", "")
        try:
            value = convert(text)
        except ValueError:
            continue
        if not math.isfinite(value):
            raise ValueError(f"{_KINDS[kind or float][0]}, and `{text}` is not a number a rule can compute with",
                             _KINDS[kind or float][1])
        return value
    if kind in (str, None):
        return text
    raise ValueError(*_KINDS[kind])
