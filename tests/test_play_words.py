"""A mistake that slips past the checker fails in play in the checker's words, never Python's."""

import pytest

from rulesrun.interpreter.running.builtins import b_count
from rulesrun.interpreter.running.play_words import designer_words


def failure(code: str, **names) -> Exception:
    try:
        eval(code, {}, names)
    except Exception as error:  # noqa: BLE001 - the test collects whatever Python raises
        return error
    raise AssertionError(f"{code} did not fail")


@pytest.mark.parametrize("code, names, words", [
    ("xs + 1", {"xs": [1]}, "`+` between a list and a number"),
    ("1 + xs", {"xs": [1]}, "`+` between a number and a list"),
    ("t + 1", {"t": "casino"}, "`+` between text and a number"),
    ("t - 1", {"t": "casino"}, "`-` between text and a number"),
    ("t < 1", {"t": "casino"}, "`<` between text and a number"),
    ("-t", {"t": "casino"}, "`-` of text"),
    ("n.face", {"n": 3}, "a number has no `.face`"),
    ("n.zone", {"n": 3}, "a number has no `.face`"),
    ("[x for x in n]", {"n": 3}, "needs a list, a zone or a range, not a number"),
    ("1 in n", {"n": 3}, "needs a list, a zone or a range, not a number"),
    ("count(n, 1)", {"n": 3, "count": b_count}, "needs a list, a zone or a range, not a number"),
    ("n[0]", {"n": 3}, "a number cannot be indexed"),
    ("len(n)", {"n": 3}, "`len` of a number"),
    ("max(xs)", {"xs": []}, "`max` of an empty list"),
    ("n // 0", {"n": 3}, "division by zero"),
    ("xs[5]", {"xs": [1]}, "an index outside the list"),
    ("n(1)", {"n": 3}, "a number is called like a procedure"),
    ("(2, 3).index(7)", {}, "a face it does not have"),
])
def test_python_failures_are_told_in_the_words_of_the_language(code, names, words):
    message, hint = designer_words(failure(code, **names))
    assert words in message
    assert hint
    for python in ("'int'", "'str'", "'list'", "object", "NoneType", "concatenate", "operand"):
        assert python not in message + hint


def test_a_message_of_the_engine_itself_is_kept():
    assert designer_words(ValueError("`value` gives 3 values for 4 seats"))[0] == "`value` gives 3 values for 4 seats"
