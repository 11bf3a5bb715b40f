"""The built-in functions of the language: one record each, the only place that says what a built-in is.

The checker checks calls against this table, docs/language.md documents it, the analyses
(purity.py, ownership.py, reach.py) and the compiler read their facts from its fields, and
interpreter/running/builtins.py implements each entry (tests/test_builtins.py keeps both in step).
Adding a built-in is one entry here plus its implementation; no other module lists names.

A `Builtin`'s fields:

- `name`, `low`, `high`, `doc`, `keywords`: what a designer writes: the name, how many
  positional arguments (`low` to `high`), the one-line meaning the checker's hints show, and
  the named options (`sorted(xs, desc=true)`).
- `returns`: what the answer is, for the analysis of which lists a rule's local owns
  (interpreter/compiling/ownership.py) and for the checker's shapes: `LIST`, a new list made by the call;
  `TUPLE`, a new tuple, which cannot change in place but may be as long as a list (`tuple`);
  `NUMBER`, an int or float; `TEXT`, a new text as long as what it is made of (`join`);
  `PLAIN`, another value that is no list or mapping (a seat, a name, a truth); `ANY`,
  possibly one of its arguments or an item of one (`first`, `max`, `choose`), which a var may hold.
- `draws`: it draws from the game's random stream (`chance`). `asks`: it asks a seat a
  decision (`choose`). `reads`: it reads the game's changing state (`pieces` finds pieces
  wherever they lie). A built-in that does none of these is `pure`: its answer depends on
  its arguments and the game's fixed parameters only (interpreter/compiling/purity.py). One that draws or asks
  `changes` the game, and may not run where the game does not always run it (`say`).
- `game`: its implementation takes the running game as first argument (`left` needs the
  number of seats), which the compiler passes: `random_int(1, 6)` -> `g_random_int(g, 1, 6)`.
- `python`: Python's built-in of the same name does exactly this, and compiled rules call it
  directly (`len`), with no implementation of ours.
- `words`: the named options that word the call for people (`choose(..., prompt = "...")`):
  the compiler defers them (each a function of nothing) until someone reads them, and the checker
  refuses chance and decisions in them, as in `say`.
- `in_order`: named options a call may give in order, after its arguments, without their names:
  `choose(p, "pick", xs, "Which?", x => "{x}")` is `choose(p, "pick", xs, prompt = "Which?",
  shown = x => "{x}")`. The parser names them (dsl/builder.py), so no later stage tells the two apart.
- `one_pass`: it goes through the items of its first argument once, in order, so an
  iterator serves as well as a list: the compiler may pass `map(...)` instead of building
  a list (`sum([b.value for b in xs])` -> `sum(map(get_value, ...))`).
- `inline`: the Python expression compiled rules write in place of a call, with `{0}` for the
  first argument's code (each argument used once, so it is evaluated once, as a call would):
  what the implementation computes, without a call (`left(p)` -> `(((l_p) + 1) % g.n)`): a
  whole expression in parentheses, whatever surrounds it.
- `no_longer`: its answer is a list with no more items than its first argument has (a
  selection, ordering or grouping of them: `showing`, `sorted`, `by_owner`), so a pass over
  it is bounded wherever a pass over the argument is: `faces(cup[p])` as a zone's pieces
  are (interpreter/compiling/expressions.py, `_bounded`).
- `walks`: the positions of the arguments it goes through item by item (`sum(xs)`: 0;
  `zip(a, b)`: 0 and 1). The compiled call counts their items against the game's steps
  before it is made (interpreter/running/budget.py, `spend`), unless going through the
  argument is bounded anyway (a zone, the seats, a short range, a value the rules write:
  `_bounded`, and `_short_walk` in interpreter/compiling/costs.py) or was counted as it was
  made (a comprehension): `sum(1..1000000000000)` stops before its first item. One that walks
  is never handed on as itself (`x => weight(x)` is a lambda that counts), but to a
  procedure's parameter only ever called with short arguments
  (`interprocedural._handed_function`).
- `together`: it goes through the arguments of `walks` together, and stops with the shortest
  (`zip`): one of them bounded bounds the whole (`zip(ranking, highest_first(bills))`).
- `repeats`: whether its answer may hold two equal items: `NEVER` (`faces`, `distinct`,
  `owners_of`), `AS_FIRST` where its first argument holds none (a selection, ordering or
  grouping of its items: `showing`, `sorted`, `by_owner`), else `MAY`. A decision point whose
  moves' values never repeat gathers no option twice, so the compiled point does not look for
  equal options to merge (interpreter/compiling/moves.py, `_never_repeats`).
- `compares`: it compares, hashes or writes in words the items it goes through (`sorted`,
  `count`, `join`), which goes through an item's own items too, to the last: the compiled
  call counts all of them (`budget.deep`), unless the items are cheap to compare (a zone's
  pieces, numbers, what the rules write: `costs._cheap_items`). A list that holds one list many
  times over (`s = [s, s]`, repeated) holds more items than any game could go through.

`python_name` says how compiled rules and interpreter/running/builtins.py name a built-in:

    >>> BUILTINS["len"].python_name, BUILTINS["weight"].python_name, BUILTINS["left"].python_name
    ('len', 'b_weight', 'g_left')
"""

from __future__ import annotations

import attrs

LIST, TUPLE, NUMBER, TEXT, PLAIN, ANY = "list", "tuple", "number", "text", "plain", "any"
MAY, NEVER, AS_FIRST = "may", "never", "as first"
MANY = 255
"""`high` of a built-in that takes any number of arguments (`min(a, b, c)`)."""


@attrs.frozen(slots=True)
class Builtin:
    """One built-in function: see the module docstring for the fields."""

    name: str
    low: int
    high: int
    doc: str
    keywords: tuple[str, ...] = ()
    returns: str = attrs.field(default=ANY, kw_only=True, validator=attrs.validators.in_((LIST, TUPLE, NUMBER, TEXT, PLAIN, ANY)))
    draws: bool = attrs.field(default=False, kw_only=True)
    asks: bool = attrs.field(default=False, kw_only=True)
    reads: bool = attrs.field(default=False, kw_only=True)
    game: bool = attrs.field(default=False, kw_only=True)
    python: bool = attrs.field(default=False, kw_only=True)
    words: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    one_pass: bool = attrs.field(default=False, kw_only=True)
    no_longer: bool = attrs.field(default=False, kw_only=True)
    inline: str = attrs.field(default="", kw_only=True)
    in_order: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    walks: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    together: bool = attrs.field(default=False, kw_only=True)
    compares: bool = attrs.field(default=False, kw_only=True)
    repeats: str = attrs.field(default=MAY, kw_only=True, validator=attrs.validators.in_((MAY, NEVER, AS_FIRST)))

    @property
    def pure(self) -> bool:
        """Its answer depends on its arguments (and the game's fixed parameters) alone."""
        return not (self.draws or self.asks or self.reads)

    @property
    def changes(self) -> bool:
        """Calling it changes the game: it draws chance or asks a decision."""
        return self.draws or self.asks

    @property
    def number(self) -> bool:
        return self.returns == NUMBER

    @property
    def plain(self) -> bool:
        """Its answer is no list or mapping (a tuple cannot be changed in place)."""
        return self.returns in (NUMBER, TEXT, PLAIN, TUPLE)

    @property
    def fresh(self) -> bool:
        """Its answer is a new list or no list at all: never an argument or an item of one."""
        return self.returns != ANY

    @property
    def python_name(self) -> str:
        """The name compiled rules call it by: Python's own, or ours in interpreter/running/builtins.py,
        `g_` before the name of one that takes the game, `b_` before the others."""
        if self.python:
            return self.name
        return ("g_" if self.game else "b_") + self.name


BUILTINS = {
    b.name: b
    for b in (
        Builtin("len", 1, 1, "number of items in a list or pieces in a zone", returns=NUMBER, python=True),
        Builtin("sum", 1, 1, "sum of a list of numbers", returns=NUMBER, python=True, one_pass=True, walks=(0,)),
        Builtin("max", 1, MANY, "largest of several values, or the largest item of one non-empty list", python=True,
                one_pass=True, walks=(0,), compares=True),
        Builtin("min", 1, MANY, "smallest of several values, or the smallest item of one non-empty list", python=True,
                one_pass=True, walks=(0,), compares=True),
        Builtin("list", 1, 1, "a new list of the items of a list, or of the pieces of a zone in order", returns=LIST,
                python=True, one_pass=True, no_longer=True, walks=(0,), repeats=AS_FIRST),
        Builtin("abs", 1, 1, "absolute value", returns=NUMBER, python=True),
        Builtin("sorted", 1, 1, "the list sorted; key=x => ..., desc=true for high to low", ("key", "desc"),
                returns=LIST, one_pass=True, no_longer=True, walks=(0,), compares=True, repeats=AS_FIRST),
        Builtin("zip", 2, 2, "pairs (a[i], b[i]) up to the shorter list", returns=LIST, one_pass=True, no_longer=True,
                walks=(0, 1), together=True, repeats=AS_FIRST),
        Builtin("count", 2, 2, "how often a value occurs in a list", returns=NUMBER, one_pass=True, walks=(0,),
                compares=True),
        Builtin("any", 1, 1, "true if some item of the list is true", returns=PLAIN, python=True, one_pass=True,
                walks=(0,)),
        Builtin("all", 1, 1, "true if every item of the list is true", returns=PLAIN, python=True, one_pass=True,
                walks=(0,)),
        Builtin("distinct", 1, 1, "the list without repeats (lists equal by value), first occurrence kept",
                returns=LIST, one_pass=True, no_longer=True, walks=(0,), compares=True, repeats=NEVER),
        Builtin("tuple", 1, 1, "a new tuple of the items of a list, or of the pieces of a zone in order",
                returns=TUPLE, python=True, one_pass=True, no_longer=True, walks=(0,), repeats=AS_FIRST),
        Builtin("first", 1, 1, "the first item of a non-empty list"),
        Builtin("last", 1, 1, "the last item of a non-empty list (the top of a pile)"),
        Builtin("faces", 1, 1, "the distinct faces shown by a list of dice, low to high", returns=LIST, one_pass=True,
                no_longer=True, walks=(0,), repeats=NEVER),
        Builtin("weight", 1, 1, "total weight of pieces (a die of weight 2 counts as two)", returns=NUMBER,
                one_pass=True, walks=(0,)),
        Builtin("facesum", 1, 1, "sum of the face values of pieces", returns=NUMBER, one_pass=True, walks=(0,)),
        Builtin("highest", 1, 1, "the highest face value among pieces (0 for none)", returns=NUMBER, one_pass=True,
                walks=(0,)),
        Builtin("owned", 2, 2, "the pieces owned by an owner", returns=LIST, one_pass=True, no_longer=True,
                walks=(0,), repeats=AS_FIRST),
        Builtin("showing", 2, 2, "the dice showing a face", returns=LIST, one_pass=True, no_longer=True, walks=(0,),
                repeats=AS_FIRST),
        Builtin("owners_of", 1, 1, "the distinct owners of pieces, in seat order", returns=LIST, one_pass=True,
                no_longer=True, walks=(0,), repeats=NEVER),
        Builtin("by_owner", 1, 1, "pairs (owner, that owner's pieces), in seat order", returns=LIST, one_pass=True,
                no_longer=True, walks=(0,), repeats=NEVER),
        Builtin("of_kind", 2, 2, "the pieces of one kind", returns=LIST, one_pass=True, no_longer=True, walks=(0,),
                repeats=AS_FIRST),
        Builtin("pieces", 1, 1, "every piece of a kind in the game, wherever it lies", returns=LIST, reads=True,
                game=True, repeats=NEVER),
        Builtin("left", 1, 1, "the next seat clockwise", returns=PLAIN, game=True,
                inline='((({0}) + 1) % g.n)'),
        Builtin("right", 1, 1, "the previous seat (counter-clockwise)", returns=PLAIN, game=True,
                inline='((({0}) - 1) % g.n)'),
        Builtin("name", 1, 1, "an owner's display name (seats and imaginary players)", returns=PLAIN, game=True,
                inline='g.names[{0}]'),
        Builtin("is_player", 1, 1, "true for a seat, false for an imaginary player", returns=PLAIN, game=True,
                inline='(0 <= {0} < g.n)'),
        Builtin("choose", 3, 3, "choose(player, label, options): the player picks one option; "
                "secret=true: no other seat learns which; prompt=\"...\": the question in words; "
                "shown=o => \"...\": each option in words (the two may follow the options unnamed, in this order)",
                ("secret", "prompt", "shown"), asks=True, game=True, words=("prompt", "shown"), in_order=("prompt", "shown"),
                walks=(2,)),
        Builtin("join", 1, 2, "the items of a list as one text, in words, parted by sep (\", \" unless given); "
                "last=\" and \": the part before the last item", ("last",), returns=TEXT, one_pass=True, game=True,
                walks=(0,), compares=True),
        Builtin("plural", 2, 3, "a count and a noun: plural(1, \"die\", \"dice\") is `1 die`, plural(2, \"coin\") "
                "`2 coins`", returns=TEXT),
        Builtin("view", 0, 0, "the table in words, as lines: the rules' `view`, else every zone by owner (for `say`)",
                returns=TEXT, reads=True, game=True),
        Builtin("chance", 1, 1, "true with the given probability (one draw of the game's random stream)", returns=PLAIN,
                draws=True, game=True),
        Builtin("random_int", 2, 2, "a uniform whole number from low to high inclusive", returns=NUMBER, draws=True,
                game=True),
        Builtin("combinations", 2, 2, "every way to pick k items of a list, each as a list, in list order",
                returns=LIST, one_pass=True, game=True, walks=(0,)),
        Builtin("without", 2, 2, "the items of the first list that are not in the second", returns=LIST,
                one_pass=True, no_longer=True, walks=(0, 1), compares=True, repeats=AS_FIRST),
        Builtin("shuffled", 1, 1, "a new list with the items in random order (the game's random stream)", returns=LIST,
                draws=True, game=True, one_pass=True, no_longer=True, walks=(0,), repeats=AS_FIRST),
    )
}

WORD_OPTIONS = frozenset(option for builtin in BUILTINS.values() for option in builtin.words)
"""Every built-in's named options that word a call for people (`prompt`, `shown`)."""

GLOBAL_VALUES = {
    "players": "the seats in play, 0..n-1 clockwise",
    "num_players": "how many seats play",
    "owners": "every owner: the seats, then the imaginary players",
}
