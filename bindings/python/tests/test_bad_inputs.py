"""The table of bad inputs (tests/bad_inputs.json, shared with the
JavaScript package and the tools): each input is refused with the
library's kind of error (the exception's ``code``), a message that names
what was wrong and what was wanted (every fragment of the table in it),
never a C macro, never a value echoed whole; a value of the wrong type is
also a TypeError (:class:`bfc.InvalidType`)."""

import json

import pytest

import bfc
from conftest import ROOT

TABLE = json.loads((ROOT / "tests" / "bad_inputs.json").read_text())
CASES = [c for c in TABLE["cases"] if "python" in c.get("only", ["python"])]


def value(v):
    """A value of the table as Python (see the table's "about")."""
    if isinstance(v, list):
        return [value(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "$int" in v or "$bigint" in v:
        return int(v.get("$int", v.get("$bigint")))
    if "$bytes" in v:
        return v["$bytes"].encode()
    if "$repeat" in v:
        text, n = v["$repeat"]
        return text * n
    if "$concat" in v:
        return "".join(value(x) for x in v["$concat"])
    return {k: value(x) for k, x in v.items()}


def make_bot(name, options):
    if name == "ismcts":
        return bfc.bots.search(**options)
    return bfc.bots.get(name, **options)


CALLS = {
    "new_game": lambda a: bfc.Game(a["preset"], **a["options"]),
    "score": lambda a: bfc.score(a["cards"], a["starter"], **a["options"]),
    "parse_cards": lambda a: bfc.parse_cards(a["text"], **a["options"]),
    "advise_discard": lambda a: bfc.advise_discard(a["cards"], **a["options"]),
    "card": lambda a: bfc.Card(a["value"]),
    "apply": lambda a: bfc.Game(a["preset"], seed=a["seed"]).apply(a["move"]),
    "side_of": lambda a: bfc.Game(a["preset"]).side_of(a["seat"]),
    "observe": lambda a: bfc.Game(a["preset"]).observe(a["seat"]),
    "determinize": lambda a: bfc.Game(a["preset"]).determinize(a["seat"], a["seed"]),
    "load_game": lambda a: bfc.Game.load(a["text"]),
    "bot": lambda a: make_bot(a["name"], a["options"]),
    "strerror": lambda a: bfc.strerror(a["status"]),
}


def test_bad_inputs__every_call_of_the_table_is_known():
    assert {c["call"] for c in TABLE["cases"]} <= set(CALLS)
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_bad_inputs__refused_with_its_kind_and_words(case):
    args = value(case["args"])
    call = CALLS[case["call"]]
    if "result" in case:
        assert call(args) == case["result"]
        return
    with pytest.raises(bfc.Error) as e:
        call(args)
    err = e.value
    message = str(err)
    assert err.code == "BFC_" + case["kind"], message
    if case.get("type"):
        assert isinstance(err, TypeError) and isinstance(err, bfc.InvalidType), type(err)
    for fragment in case["message"]:
        assert fragment.lower() in message.lower(), f"{fragment!r} not in {message!r}"
    assert "BFC_" not in message
    assert len(message) <= TABLE["max_message"], len(message)
