"""Parts that come in kinds, vars that start again, and totals made of terms: what they mean in
the plain language.

All are ways for add-ons to add up instead of overriding one another, and all are said in the
language the checker and compiler already know, so no later stage has a case for them:

- A part's handler of a dispatched event (one whose first value is named after the kind)
  runs for that part only: in `board bonus`'s file, `on activated(p, c)` becomes
  `on activated(board, p, c) when board == bonus`.
- A handler that names no values, `on activated:`, names them as the event does.
- A param, zone, var or procedure declared below a part's line, in the part's own file (not
  the ruleset's, whose names are the game's), is the part's own: declared
  `param track` in `board bonus`'s file, it is `bonus_track` (a name that begins with the
  part's name already keeps it). In the file the part's own names may be written without
  the part's name where no other name is meant: `track[field]` is said as
  `bonus_track[bonus_field]`.
- A hook of a part's file that says `while in play` runs while the part is in play, as its
  kind says (`kind board in play when host(board) != none`): `before scoring while in play:`
  becomes `before scoring when board__in_play(bonus):`, with
  `proc board__in_play(board): return host(board) != none`.
- A var that says `reset on EVENT` gets a handler of the event, where the var is declared,
  setting it to its initial value; in a part's file, for a dispatched event, only when the
  event comes with this part: `on attached(board, c) when board == bonus: bonus_field = 0`.
  `reset` alone, in a part's file, is `reset on` the event its kind says (`kind board reset
  on attached`). The vars of one file that reset on one event share one handler.
- A part's file played on its own takes the settings its kind says (`kind board with
  forced = [board.name]`), the kind's name standing for the part (dsl/compose.py).
- `total money(p): A` with `term money(q): B` from other files becomes
  `proc money(p): return A + money__1(p)` and `proc money__1(q): return B`. One-line
  procedures are inlined where they are called, so a total costs what the sum written out
  would.
"""

from __future__ import annotations

import attrs

from . import ast
from .builtins import BUILTINS, GLOBAL_VALUES
from .errors import Diagnostic, did_you_mean
from .program import kind_word, part_name


@attrs.frozen(slots=True)
class Member:
    """A part, its file's items after it, and the items among them declared without the part's
    name (`param track` for `bonus_track`)."""

    part: ast.Part
    items: tuple
    short: tuple = ()


@attrs.frozen(slots=True)
class VarPlace:
    """Where a var was declared: how many handlers were composed before it, and the part whose
    file declares it (None: a file of no part). Its reset handler stands there."""

    handlers: int
    part: ast.Part | None


@attrs.frozen(slots=True)
class Rules:
    """What a composition adds up, beside its named parts: the lists `expand` says anew."""

    handlers: tuple
    hooks: tuple
    moves: tuple
    forbids: tuple
    terms: tuple


def expand(parts: dict, rules: Rules, members: list[Member], var_places: dict) -> tuple[dict, Rules, list[Diagnostic]]:
    """The composed parts and rules with parts, resets and totals said in plain declarations,
    and the mistakes found: a part of no kind, a name declared short that another hides, a
    kind whose parts' vars never say `reset`, a reset on no event or that nothing says when, a
    hook `while in play` of no part or of a kind that says not when its parts are in play, a
    term of no total or with another number of values."""
    errors: list[Diagnostic] = []
    parts, rules, members = _own_names(parts, rules, members, errors)
    handlers, hooks, terms = list(rules.handlers), list(rules.hooks), list(rules.terms)
    owner = {}
    for member in members:
        kind = parts.get(member.part.kind)
        if not isinstance(kind, ast.PartKind):
            kinds = [n for n, d in parts.items() if isinstance(d, ast.PartKind)]
            errors.append(Diagnostic(member.part.span, f"no kind of part is named `{member.part.kind}`",
                                     did_you_mean(member.part.kind, kinds) or f"declare it: kind {member.part.kind}"))
            continue
        for item in member.items:
            if isinstance(item, (ast.Handler, ast.Hook)):
                owner[id(item)] = (member.part, kind)
    resets = _resets(parts, members, var_places, errors)
    expanded = []
    for index, handler in enumerate(handlers + [None]):
        expanded.extend(resets.get(index, ()))
        if handler is None:
            break
        part, kind = owner.get(id(handler), (None, None))
        event = _dispatching(parts, kind, handler.event) if kind is not None else None
        handler = _named(parts, handler, event)
        if event is not None and len(handler.params) == len(event.params) - 1:
            handler = _for_part(handler, part, event.params[0])
        elif event is not None and len(handler.params) != len(event.params):
            wanted = len(event.params) - 1
            errors.append(Diagnostic(handler.span, f"`on {event.name}` of {part.kind} {part.name} takes "
                                     f"{wanted} value{'s' * (wanted != 1)}, not {len(handler.params)}",
                                     f"the event is {event.name}({', '.join(event.params)}); here the {part.kind} is "
                                     f"{part.name}: on {event.name}({', '.join(event.params[1:])})"))
            continue
        expanded.append(handler)
    parts = _totals(parts, terms, errors)
    scoped = [_in_play(parts, hook, *owner.get(id(hook), (None, None)), errors) for hook in hooks]
    for kind in [d for d in parts.values() if isinstance(d, ast.PartKind) and d.in_play is not None]:
        name = in_play_name(kind)
        parts[name] = ast.Proc(name, (kind.name,), (ast.Return(kind.in_play, span=kind.in_play.span),),
                               span=kind.in_play.span)
    return parts, attrs.evolve(rules, handlers=tuple(expanded), hooks=tuple(scoped)), errors


# The declarations whose names a part's file keeps as the part's own (dsl/compose.py).
OWNED = (ast.Param, ast.Zone, ast.Var, ast.Proc)


def owned(item, part: ast.Part):
    """An item below `part`'s line, its name the part's own: `param track` -> `param bonus_track`."""
    if isinstance(item, OWNED) and not item.name.startswith(part.name + "_"):
        return attrs.evolve(item, name=f"{part.name}_{item.name}")
    return item


def alone_settings(parts: dict, declares: tuple) -> tuple:
    """The settings a file that declares a part (`declares`: the names it declares) is played
    with on its own, as its kind says (`kind board with forced = [board.name]`),
    the kind's name read as the part's: `forced = ["bonus"]`. None for another file."""
    part = next((parts[n] for n in declares if isinstance(parts.get(n), ast.Part)), None)
    kind = parts.get(part.kind) if part is not None else None
    if not isinstance(kind, ast.PartKind):
        return ()
    return tuple(attrs.evolve(s, value=_renamed(s.value, {kind.name: part.name}, named=True)) for s in kind.alone)


def _renamed(n, names: dict, named: bool = False):
    """`n` with each name read as `names` says wherever `n` does not bind it itself; `named`:
    `old.name` as the text of the new name too (a part's name, known now: a setting that is
    a literal stays one)."""
    if named and isinstance(n, ast.Attribute) and isinstance(n.target, ast.Name) and n.target.id in names \
            and n.name == "name":
        return ast.Literal(names[n.target.id], span=n.span)
    if isinstance(n, ast.Name):
        return attrs.evolve(n, id=names[n.id]) if n.id in names else n
    if isinstance(n, ast.Lambda) and n.param in names:
        names = {old: new for old, new in names.items() if old != n.param}
    elif isinstance(n, ast.Comprehension):
        names = {old: new for old, new in names.items() if not any(old in clause.names for clause in n.clauses)}
    if not isinstance(n, ast.Node) or not names:
        return n
    changes = {}
    for field in attrs.fields(type(n)):
        value = getattr(n, field.name)
        if isinstance(value, ast.Node):
            changes[field.name] = _renamed(value, names, named)
        elif isinstance(value, tuple):
            changes[field.name] = tuple(_renamed(item, names, named) for item in value)
    return attrs.evolve(n, **changes)


def in_play_name(kind: ast.PartKind) -> str:
    """The procedure that says whether a part of `kind` is in play."""
    return f"{kind.name}__in_play"


def _own_names(parts: dict, rules: Rules, members: list[Member], errors: list) -> tuple[dict, Rules, list[Member]]:
    """Each part's file with its own names written in full: `track` -> `bonus_track` in
    `board bonus`'s file, where the file declares `bonus_track` and no other `track` is
    known there (a declared name, a built-in, a local of the rule). A name declared short that
    some other name hides is a mistake: the file could not write it so."""
    known = set(parts) | set(BUILTINS) | set(GLOBAL_VALUES)
    said = {}
    for member in members:
        prefix = member.part.name + "_"
        for item in member.short:
            short = item.name[len(prefix):]
            if short in known:
                errors.append(Diagnostic(item.span, f"`{kind_word(item)} {short}` is {member.part.kind} {member.part.name}'s "
                                         f"`{item.name}`, and `{short}` is also {_what(parts, short)}: here `{short}` means that",
                                         f"declare it as `{item.name}`, and write it so"))
        declared = [part_name(item.decl if isinstance(item, ast.Override) else item) for item in member.items
                    if isinstance(item.decl if isinstance(item, ast.Override) else item, ast.NAMING)]
        own = {name[len(prefix):]: name for name in declared
               if name.startswith(prefix) and name[len(prefix):] not in known}
        for item in member.items:
            item = item.decl if isinstance(item, ast.Override) else item
            names = {short: full for short, full in own.items() if short not in bound_names(item, parts)}
            if names:
                said[id(item)] = _renamed(item, names)
    if not said:
        return parts, rules, members

    def mine(items):
        return tuple(attrs.evolve(item, decl=said.get(id(item.decl), item.decl)) if isinstance(item, ast.Override)
                     else said.get(id(item), item) for item in items)
    return ({name: said.get(id(decl), decl) for name, decl in parts.items()},
            Rules(*(mine(getattr(rules, field.name)) for field in attrs.fields(Rules))),
            [attrs.evolve(member, items=mine(member.items)) for member in members])


def _what(parts: dict, name: str) -> str:
    """A declared name, a built-in or a global value, in words: `the event reward`."""
    decl = parts.get(name)
    return f"the {kind_word(decl)} `{name}`" if decl is not None else f"the built-in `{name}`"


def bound_names(item, parts: dict) -> set[str]:
    """Every name a rule binds anywhere in it: parameters (a handler's that names none, the
    event's), `let`, loop and lambda variables. There the name is not the declared one, for a
    part's own names as for an editor's search for a name's uses (dsl/references.py)."""
    bound = set()
    for node in ast.walk(item):
        if isinstance(node, ast.Handler) and node.params is None:
            event = parts.get(node.event)
            bound.update(event.params if isinstance(event, ast.Event) else ())
        elif isinstance(node, (ast.Proc, ast.Handler)):
            bound.update(node.params)
        elif isinstance(node, (ast.For, ast.CompFor)):
            bound.update(node.names)
        elif isinstance(node, ast.Lambda):
            bound.add(node.param)
        elif isinstance(node, (ast.Let, ast.MoveParam, ast.Repeat)) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.Score, ast.Value)) and node.player:
            bound.add(node.player)
    return bound


def _dispatching(parts: dict, kind: ast.PartKind, name: str) -> ast.Event | None:
    """The event `name` if its first value is named after `kind` (it is dispatched to parts)."""
    event = parts.get(name)
    if isinstance(event, ast.Event) and event.params and event.params[0] == kind.name:
        return event
    return None


def _named(parts: dict, handler: ast.Handler, dispatched: ast.Event | None) -> ast.Handler:
    """`on e:` -> `on e(a, b):`, the event's own names (without the part's, where it is implied)."""
    if handler.params is not None:
        return handler
    event = parts.get(handler.event)
    names = event.params if isinstance(event, ast.Event) else ()
    return attrs.evolve(handler, params=names[1:] if dispatched is not None else names)


def _for_part(handler: ast.Handler, part: ast.Part, first: str) -> ast.Handler:
    """`on e(x)` in part P's file -> `on e(first, x) when first == P [and its own when]`."""
    span = handler.span
    mine = ast.Compare(ast.Name(first, span=span), "==", ast.Name(part.name, span=part.span), span=span)
    when = mine if handler.when is None else ast.AndOp(mine, handler.when, span=handler.when.span)
    return attrs.evolve(handler, params=(first,) + handler.params, when=when)


def _in_play(parts: dict, hook: ast.Hook, part: ast.Part | None, kind: ast.PartKind | None, errors: list) -> ast.Hook:
    """`before x while in play [when c]` in part P's file -> `before x when KIND__in_play(P) [and c]`."""
    if not hook.in_play:
        return hook
    if part is None:
        errors.append(Diagnostic(hook.span, f"`{hook.time} {hook.target} while in play`: this file declares no part",
                                 "a hook runs while a part is in play in the part's own file, below its `KIND NAME` line"))
        return hook
    if kind.in_play is None:
        errors.append(Diagnostic(hook.span, f"`kind {kind.name}` says not when a {kind.name} is in play",
                                 f"say it where the kind is declared: `kind {kind.name} in play when CONDITION`, "
                                 f"the {kind.name} named `{kind.name}` in it",
                                 related=((kind.span, f"`kind {kind.name}` is declared here"),) if kind.span else ()))
        return hook
    span = hook.span
    mine = ast.Call(ast.Name(in_play_name(kind), span=span), (ast.Name(part.name, span=part.span),), span=span)
    when = mine if hook.when is None else ast.AndOp(mine, hook.when, span=hook.when.span)
    return attrs.evolve(hook, in_play=None, when=when)


def _resets(parts: dict, members: list[Member], var_places: dict, errors: list) -> dict:
    """The handlers that set vars saying `reset [on EVENT]` to their initial values, by the place
    in the composed handlers where each goes: one per file, event and place."""
    _kinds_come_up(parts, members, errors)
    groups: dict = {}
    for var in (d for d in parts.values() if isinstance(d, ast.Var) and d.reset is not None):
        place = var_places.get(var.name, VarPlace(0, None))
        kind = parts.get(place.part.kind) if place.part is not None else None
        if var.reset is True and not (isinstance(kind, ast.PartKind) and kind.reset is not None):
            errors.append(Diagnostic(var.span, f"`var {var.name}` resets, and nothing says when",
                                     f"say the event: `reset on EVENT`, or, for the vars of a {kind.name}, "
                                     f"`kind {kind.name} reset on EVENT`" if isinstance(kind, ast.PartKind)
                                     else "say the event: `reset on EVENT`"))
            continue
        name = kind.reset if var.reset is True else var.reset
        event = parts.get(name)
        if not isinstance(event, ast.Event):
            if var.reset is not True:  # a kind's own event is checked with the kind
                events = [n for n, d in parts.items() if isinstance(d, ast.Event)]
                errors.append(Diagnostic(var.span, f"`var {var.name}` resets on `{name}`, and no event is named so",
                                         did_you_mean(name, events) or f"declare it: event {name}(...)"))
            continue
        dispatched = _dispatching(parts, kind, event.name) if isinstance(kind, ast.PartKind) else None
        file = var.span.file if var.span is not None else None
        groups.setdefault((place.handlers, file, event.name), (place.part if dispatched else None, event, []))[2].append(var)
    resets: dict = {}
    for (index, _, _), (part, event, variables) in groups.items():
        resets.setdefault(index, []).append(_reset(part, event, variables))
    return resets


def _kinds_come_up(parts: dict, members: list[Member], errors: list) -> None:
    """A kind's `reset on EVENT` names an event dispatched to it; and some var of its parts says
    `reset`, else its parts' vars were meant to start again by where they stand (the old way)."""
    for kind in (d for d in parts.values() if isinstance(d, ast.PartKind) and d.reset is not None):
        if _dispatching(parts, kind, kind.reset) is None:
            errors.append(Diagnostic(kind.span, f"`kind {kind.name}` resets on `{kind.reset}`, which is no event whose first value is a {kind.name}",
                                     f"declare it as `event {kind.reset}({kind.name}, ...)` and emit it with the {kind.name} it concerns"))
        variables = [item for m in members if m.part.kind == kind.name for item in m.items if isinstance(item, ast.Var)]
        if variables and not any(v.reset is True for v in variables):
            errors.append(Diagnostic(kind.span, f"`kind {kind.name} reset on {kind.reset}`, and no var of a {kind.name} says `reset`",
                                     f"a var no longer starts again by where it stands: write `reset` after each that does "
                                     f"(`var {variables[0].name} = ... reset`), or drop `reset on` here"))


def _reset(part: ast.Part | None, event: ast.Event, variables: list) -> ast.Handler:
    """A handler of `event` (for `part` alone, if given) that sets `variables` to their initial values."""
    span = variables[0].span
    body = []
    for var in variables:
        name = ast.Name(var.name, span=var.span)
        if var.shape is None:
            body.append(ast.Assign(name, var.init, span=var.span))
            continue
        keys = ast.Name("owners", span=var.span) if isinstance(var.shape, ast.PerPlayer) else var.shape.range
        index = ast.Index(name, ast.Name("key", span=var.span), span=var.span)
        body.append(ast.For(("key",), keys, (ast.Assign(index, var.init, span=var.span),), span=var.span))
    if part is None:
        return ast.Handler(event.name, event.params, None, tuple(body), span=span)
    handler = ast.Handler(event.name, event.params[1:], None, tuple(body), span=span)
    return _for_part(handler, part, event.params[0])


def _totals(parts: dict, terms: list, errors: list) -> dict:
    """Every `total` as a procedure adding its terms, each term a procedure of its own."""
    out = {}
    for name, decl in parts.items():
        if not isinstance(decl, ast.Total):
            out[name] = decl
            continue
        mine = [t for t in terms if t.name == name]
        expr = decl.expr
        for number, term in enumerate(mine, start=1):
            if len(term.params) != len(decl.params):
                errors.append(Diagnostic(term.span, f"`term {name}` takes {len(term.params)} values, the total {len(decl.params)}",
                                         f"write it as term {name}({', '.join(decl.params)}): ...",
                                         related=((decl.span, f"total `{name}` is declared here"),) if decl.span else ()))
                continue
            helper = f"{name}__{number}"
            out[helper] = ast.Proc(helper, term.params, (ast.Return(term.expr, span=term.span),), span=term.span)
            call = ast.Call(ast.Name(helper, span=term.span), tuple(ast.Name(p, span=term.span) for p in decl.params),
                            span=term.span)
            expr = ast.Binary(expr, "+", call, span=term.span)
        out[name] = ast.Proc(name, decl.params, (ast.Return(expr, span=decl.span),), span=decl.span)
    for term in terms:
        if not isinstance(parts.get(term.name), ast.Total):
            totals = [n for n, d in parts.items() if isinstance(d, ast.Total)]
            errors.append(Diagnostic(term.span, f"no total is named `{term.name}`",
                                     did_you_mean(term.name, totals) or f"the base declares it: total {term.name}(...): ..."))
    return out
