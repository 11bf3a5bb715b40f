"""Parts that come in kinds, and totals made of terms: what they mean in the plain language.

Both are ways for add-ons to add up instead of overriding one another, and both are said in
the language the checker and compiler already know, so no later stage has a case for them:

- A part's handler of a dispatched event (one whose first value is named after the kind)
  runs for that part only: in `board bonus`'s file, `on activated(p, c)` becomes
  `on activated(board, p, c) when board == bonus`. A kind that resets on an event gets, in
  each part's file, a first handler of that event setting the file's vars to their initial
  values: `on attached(board, c) when board == bonus: bonus_field = 0`.
- `total money(p): A` with `term money(q): B` from other files becomes
  `proc money(p): return A + money__1(p)` and `proc money__1(q): return B`. One-line
  procedures are inlined where they are called, so a total costs what the sum written out
  would.
"""

from __future__ import annotations

import attrs

from . import ast
from .errors import Diagnostic, did_you_mean


@attrs.frozen(slots=True)
class Member:
    """A part, where its file's handlers start in the composed list, and its file's items after it."""

    part: ast.Part
    first_handler: int
    items: tuple


def expand(parts: dict, handlers: list, members: list[Member], terms: list) -> tuple[dict, list, list[Diagnostic]]:
    """The composed parts and handlers with parts and totals said in plain declarations, and
    the mistakes found: a part of no kind, a reset on an event that is not the kind's, a term
    of no total or with another number of values."""
    errors: list[Diagnostic] = []
    by_handler = {}
    resets = {}
    for member in members:
        kind = parts.get(member.part.kind)
        if not isinstance(kind, ast.PartKind):
            kinds = [n for n, d in parts.items() if isinstance(d, ast.PartKind)]
            errors.append(Diagnostic(member.part.span, f"no kind of part is named `{member.part.kind}`",
                                     did_you_mean(member.part.kind, kinds) or f"declare it: kind {member.part.kind}"))
            continue
        for item in member.items:
            if isinstance(item, ast.Handler):
                by_handler[id(item)] = (member.part, _dispatching(parts, kind, item.event))
        event = _reset_event(parts, kind, errors)
        variables = [item for item in member.items if isinstance(item, ast.Var)]
        if event is not None and variables:
            resets.setdefault(member.first_handler, []).append(_reset(member.part, event, variables))
    expanded = []
    for index, handler in enumerate(handlers + [None]):
        expanded.extend(resets.get(index, ()))
        if handler is None:
            break
        part, event = by_handler.get(id(handler), (None, None))
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
    return _totals(parts, terms, errors), expanded, errors


def _dispatching(parts: dict, kind: ast.PartKind, name: str) -> ast.Event | None:
    """The event `name` if its first value is named after `kind` (it is dispatched to parts)."""
    event = parts.get(name)
    if isinstance(event, ast.Event) and event.params and event.params[0] == kind.name:
        return event
    return None


def _reset_event(parts: dict, kind: ast.PartKind, errors: list) -> ast.Event | None:
    if kind.reset is None:
        return None
    event = _dispatching(parts, kind, kind.reset)
    if event is None and not any(d.message.startswith(f"`kind {kind.name}`") for d in errors):
        errors.append(Diagnostic(kind.span, f"`kind {kind.name}` resets on `{kind.reset}`, which is no event whose first value is a {kind.name}",
                                 f"declare it as `event {kind.reset}({kind.name}, ...)` and emit it with the {kind.name} it concerns"))
    return event


def _for_part(handler: ast.Handler, part: ast.Part, first: str) -> ast.Handler:
    """`on e(x)` in part P's file -> `on e(first, x) when first == P [and its own when]`."""
    span = handler.span
    mine = ast.Compare(ast.Name(first, span=span), "==", ast.Name(part.name, span=part.span), span=span)
    when = mine if handler.when is None else ast.AndOp(mine, handler.when, span=handler.when.span)
    return attrs.evolve(handler, params=(first,) + handler.params, when=when)


def _reset(part: ast.Part, event: ast.Event, variables: list) -> ast.Handler:
    """A handler of `event` for `part` that sets the vars of its file to their initial values."""
    span = part.span
    body = []
    for var in variables:
        name = ast.Name(var.name, span=var.span)
        if var.shape is None:
            body.append(ast.Assign(name, var.init, span=var.span))
            continue
        keys = ast.Name("owners", span=var.span) if isinstance(var.shape, ast.PerPlayer) else var.shape.range
        index = ast.Index(name, ast.Name("key", span=var.span), span=var.span)
        body.append(ast.For(("key",), keys, (ast.Assign(index, var.init, span=var.span),), span=var.span))
    first = event.params[0]
    handler = ast.Handler(event.name, event.params[1:], None, tuple(body), span=span)
    return _for_part(handler, part, first)


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
