"""The names of generated Python: one scheme, so a name a designer writes never meets one the compiler makes.

Every generated name that holds a designer's name is `TAG_NAME`: NAME is the designer's name
as written (an ASCII identifier, which may hold underscores anywhere), TAG says what the
compiler made of it and never holds an underscore. The first underscore thus splits any
such name into one TAG and one NAME, and two different (TAG, NAME) pairs never give one
name: a procedure `X_rule` is `pr_X_rule`, the rule form of a procedure `X` is `prR_X`.

A TAG is a kind (lower-case letters: `pr` procedure, `ph` phase, `mv` move...), then an
index (digits: the third hook of a phase is `hk2_NAME`), then roles, each a capital and
digits: `R` the function of the rule's statements, `A3` the rest of a rule after its fourth
`choose`. `named` and `derived` are the only places that build one.

    named("pr", "score")           -> pr_score
    derived("pr_score", "R")       -> prR_score
    derived("prR_score", "A0")     -> prRA0_score
"""

from __future__ import annotations

from ...dsl.check_expressions import ENGINE_ATTRIBUTES

KINDS = frozenset({
    "pr",  # procedure
    "ph",  # phase
    "body",  # a phase's own statements, without its hooks
    "hk",  # hook of a phase
    "hp",  # hook of a decision point
    "ht", "tn",  # a `before turn` hook; the function every turn calls, that runs them
    "mv",  # move
    "pt",  # decision point
    "ev",  # event
    "on",  # handler, with its `when`
    "bd",  # handler's statements
    "l", "p", "z", "v", "k", "i",  # local, param, zone, var, kind of piece, imaginary player
    "t", "part",  # a part or a kind of parts (dsl/parts.py), as the game holds it; a part's value
    "pv",  # a value made once for every game: a constant param's, a kind of parts' list
    "byp",  # an event's handlers by the part each belongs to
    "deck", "get",  # a card kind's deck, the getter of an attribute (`c => c.value`)
    "fd",  # a record's field, as the attribute that holds it (`attribute`)
    "wp", "ws", "wk",  # words: a decision point's question, a move's options, a kind's pieces
})
"""Every kind of generated name that holds a designer's name; no other name in generated code
has one of these as the part before its first underscore (tests/test_names.py)."""


def named(kind: str, name: str, index: int | None = None) -> str:
    """The generated name of a designer's `name` as a `kind` (with an `index`, for hooks and handlers)."""
    assert kind in KINDS, kind
    return f"{kind}{'' if index is None else index}_{name}"


def derived(generated: str, role: str) -> str:
    """A function the compiler makes for the one named `generated`: a role (`R`, `A0`) added to its tag."""
    tag, _, name = generated.partition("_")
    return f"{tag}{role}_{name}"



def attribute(name: str) -> str:
    """The Python attribute that `x.NAME` in the rules reads: an attribute the engine's own values
    have (`ENGINE_ATTRIBUTES`, a fixed table: a piece's `.face`, a part's `.name`) as itself, and
    any other name, which only a record's field can be, as `fd_NAME`. No object of Python's has
    an attribute of that form, so no name written in a rules file reaches one of Python's own
    (`__globals__`, `format`, `gi_frame`): docs/security.md.

        attribute("face")          -> face
        attribute("__globals__")   -> fd___globals__
    """
    return name if name in ENGINE_ATTRIBUTES else named("fd", name)


def field_of(python_name: str) -> str | None:
    """The field a Python attribute of the compiled rules holds (`fd_NAME` -> NAME), or None
    for an attribute of the engine's values: the inverse of `attribute`, for messages."""
    tag, sep, name = python_name.partition("_")
    return name if sep and tag == "fd" else None
