"""Cards and their text (RULES 1) through the package."""

import pickle

import pytest

import bfc


def test_cards__every_card_round_trips_through_its_text():
    for i in range(53):
        c = bfc.Card(i)
        assert int(c) == i and bfc.Card(str(c)) is c
        assert bfc.Card(c.text(unicode=True)) is c
        assert format(c, "u") == c.text(unicode=True) and format(c) == str(c)
        assert repr(c) == f"Card('{c}')"
        assert pickle.loads(pickle.dumps(c)) is c


def test_cards__rank_suit_value_agree_with_make():
    for rank in range(1, 14):
        for suit in range(4):
            c = bfc.Card.make(rank, suit)
            assert (c.rank, c.suit) == (rank, suit)
            assert c.value == min(rank, 10)
            assert not c.is_joker
    j = bfc.Card("JK")
    assert j is bfc.JOKER and j.is_joker and j.rank == 0 and j.suit is None and j.value == 0
    assert len(bfc.DECK) == 52 and bfc.JOKER not in bfc.DECK


def test_cards__spellings_rules_1():
    assert bfc.Card("10d") is bfc.Card("TD") is bfc.Card("T♦")
    assert bfc.Card("j♠") is bfc.Card("JS")
    assert bfc.Card("🃏") is bfc.JOKER
    assert bfc.parse_cards("7♠-7♦-8♣") == [bfc.Card("7S"), bfc.Card("7D"), bfc.Card("8C")]
    assert bfc.parse_cards(" 5H,5C  5S ") == bfc.parse_cards("5H 5C 5S")
    assert bfc.parse_cards("") == []
    assert bfc.format_cards("5h 10d jk") == "5H TD JK"
    assert bfc.format_cards("5H TD", unicode=True) == "5♥ 10♦"


def test_cards__cards_are_ints():
    c = bfc.Card("5H")
    assert c == 18 and c + 1 == 19 and {c: 1}[18] == 1


@pytest.mark.parametrize(
    "text, exc, token, position",
    [
        ("5H ZZ 5C", bfc.ParseError, "ZZ", 3),
        ("5H 5C 5H", bfc.DuplicateCard, "5H", 6),
        ("5♥ 5♥", bfc.DuplicateCard, "5♥", 3),  # characters, not bytes
        ("5H JK", bfc.JokerError, "JK", 3),
        ("11H", bfc.ParseError, "11H", 0),
    ],
)
def test_cards__bad_lists_say_which_token_and_where(text, exc, token, position):
    with pytest.raises(exc) as e:
        bfc.parse_cards(text)
    assert e.value.token == token and e.value.position == position
    assert text[position : position + len(token)] == token
    assert isinstance(e.value, bfc.Error) and isinstance(e.value, ValueError)
    assert e.value.status < 0 and e.value.code.startswith("BFC_E")


def test_cards__joker_allowed_when_asked():
    assert bfc.parse_cards("5H JK", joker=True)[1] is bfc.JOKER


def test_cards__bad_single_cards():
    with pytest.raises(bfc.ParseError) as e:
        bfc.Card("5X")
    assert e.value.token == "5X"
    with pytest.raises(bfc.CardError):
        bfc.Card(53)
    with pytest.raises(bfc.CardError):
        bfc.Card(-1)
    with pytest.raises(bfc.CardError):
        bfc.Card(256)
    with pytest.raises(TypeError):
        bfc.Card(1.5)
    with pytest.raises(TypeError):
        bfc.Card(True)
    with pytest.raises(bfc.CardError):
        bfc.Card.make(14, 0)
    with pytest.raises(bfc.ParseError):
        bfc.parse_cards("5H\x005C")
    with pytest.raises(bfc.ParseError):
        bfc.Card("")
