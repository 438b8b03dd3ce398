"""Cards and their text (RULES 1).

A :class:`Card` is an ``int`` (the library's card id: ``(rank - 1) * 4 +
suit``, clubs 0, diamonds 1, hearts 2, spades 3; the joker is 52) that
prints as its text::

    >>> c = bfc.Card("5H")
    >>> int(c), str(c), c.rank, c.suit, c.value
    (18, '5H', 5, 2, 5)
    >>> bfc.parse_cards("7S-7D-8C")
    [Card('7S'), Card('7D'), Card('8C')]

Parsing and printing are the library's (``bfc_card_parse``,
``bfc_cards_parse``, ``bfc_card_format``): every spelling it accepts
(``TD``, ``10d``, ``J♠``, ``JK``, ``🃏``) works here too.
"""

from __future__ import annotations

import ctypes
from typing import Iterable, List, Optional, Sequence, Union

from . import _lib
from ._lib import LIB
from ._check import text_arg
from .errors import CardError, InvalidType, check, format_text, raise_status, short


class _Hidden:
    """The value of a face-down card in an observation: it is there, but
    the observer may not know which card it is (RULES D7)."""

    _instance: Optional["_Hidden"] = None

    def __new__(cls) -> "_Hidden":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "bfc.HIDDEN"

    def __str__(self) -> str:
        return "??"

    def __reduce__(self) -> str:
        return "HIDDEN"


HIDDEN = _Hidden()
"""A face-down card in an :class:`~bfc.Observation` (prints as ``??``)."""


class Card(int):
    """A playing card: an ``int`` holding the library's card id (0..51, the
    joker 52) that prints as ``"5H"``.

    ``Card(x)`` takes a card's text (``"5H"``, ``"10d"``, ``"J♠"``,
    ``"JK"``), a card id, or a Card. Bad text raises :class:`ParseError`,
    a number that is no card :class:`CardError`. Cards are interned: there
    is one object per card.
    """

    __slots__ = ()

    def __new__(cls, value: Union["Card", int, str]) -> "Card":
        if type(value) is Card:
            return value
        if isinstance(value, str):
            return _parse_one(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidType(
                f"card: want its text or its id 0..52 (got {short(value)}, a {type(value).__name__})",
                token=short(value),
            )
        if not 0 <= value <= _lib.JOKER:
            raise CardError(f"card: want its text or its id 0..52 (got {value})", token=str(value))
        return _CARDS[value]

    @classmethod
    def make(cls, rank: int, suit: int) -> "Card":
        """The card of ``rank`` 1..13 (ace 1, king 13) and ``suit`` 0..3
        (clubs, diamonds, hearts, spades); :class:`CardError` otherwise."""
        if not (1 <= rank <= 13 and 0 <= suit <= 3):
            raise CardError(f"no card has rank {rank} and suit {suit}")
        return _CARDS[LIB.bfc_card_make(rank, suit)]

    @property
    def rank(self) -> int:
        """1 (ace) .. 13 (king); 0 for the joker."""
        return LIB.bfc_card_rank(self)

    @property
    def suit(self) -> Optional[int]:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades; None for the joker."""
        s = LIB.bfc_card_suit(self)
        return None if s < 0 else s

    @property
    def value(self) -> int:
        """Pip value for fifteens and counts: ace 1, 2..10, J/Q/K 10, joker 0."""
        return LIB.bfc_card_value(self)

    @property
    def is_joker(self) -> bool:
        """True for the joker (Battlefield Cribbage's kill card)."""
        return int(self) == _lib.JOKER

    def text(self, unicode: bool = False) -> str:
        """The card's text: canonical ASCII (``"TD"``, ``"JK"``) or, with
        ``unicode``, suit symbols (``"10♦"``, ``"🃏"``)."""
        flags = _lib.FORMAT_UNICODE if unicode else 0
        return format_text(LIB.bfc_card_format, self, flags, what="bfc_card_format")

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_TEXT[int(self)]!r})"

    def __format__(self, spec: str) -> str:
        """``format(card)`` is its text; ``format(card, "u")`` the Unicode
        text; any other spec formats the id as an int."""
        if spec == "":
            return str(self)
        if spec == "u":
            return self.text(unicode=True)
        return int.__format__(int(self), spec)

    def __reduce__(self):
        return (Card, (int(self),))


_CARDS: List[Card] = [int.__new__(Card, i) for i in range(_lib.JOKER + 1)]
_TEXT: List[str] = [
    format_text(LIB.bfc_card_format, i, 0, what="bfc_card_format") for i in range(_lib.JOKER + 1)
]
JOKER = _CARDS[_lib.JOKER]
"""The joker (``Card("JK")``, id 52)."""
DECK: tuple = tuple(_CARDS[:_lib.NCARDS])
"""The 52 standard cards in id order."""

CardLike = Union[Card, int, str]
CardsLike = Union[str, Iterable[CardLike]]


def _c_text(text: str, what: str) -> bytes:
    """text as the C string the library reads (UTF-8, no NUL inside)."""
    return text_arg(what, text)


def _parse_one(token: str) -> Card:
    raw = _c_text(token, "card")
    out = _lib.card_t()
    rc = LIB.bfc_card_parse(raw, ctypes.byref(out))
    if rc < 0:
        raise_status(rc, "not a card", token=token, position=0)
    return _CARDS[out.value]


def parse_cards(text: str, joker: bool = False) -> List[Card]:
    """The cards of a list written as text: separated by any mix of spaces,
    commas and hyphens (``"5H 5C 5S JD 5D"``, ``"7♠-7♦-8♣"``).

    The joker is refused unless ``joker`` is true. A card may not repeat.
    Raises :class:`ParseError` (a word that is no card),
    :class:`DuplicateCard` or :class:`JokerError`, each with ``token`` (the
    bad word) and ``position`` (its first character, from 0).
    """
    raw = _c_text(text, "cards")
    flags = _lib.PARSE_JOKER if joker else 0
    cap = max(1, len(raw))  # no list has more cards than bytes
    out = (_lib.card_t * cap)()
    err = _lib.ParseErrorStruct()
    n = LIB.bfc_cards_parse(raw, flags, out, cap, ctypes.byref(err))
    if n < 0:
        if n in (_lib.EPARSE, _lib.EDUP, _lib.EJOKER) and err.length > 0:
            token = raw[err.offset : err.offset + err.length].decode("utf-8", "replace")
            position = len(raw[: err.offset].decode("utf-8", "replace"))
            raise_status(n, "cards", token=token, position=position)
        raise_status(n, "cards")
    return [_CARDS[out[i]] for i in range(n)]


def format_cards(cards: CardsLike, unicode: bool = False) -> str:
    """The cards' text separated by single spaces (``"5H 5C JD"``); with
    ``unicode`` the suit symbols."""
    arr, n = card_array(cards)
    flags = _lib.FORMAT_UNICODE if unicode else 0
    return format_text(LIB.bfc_cards_format, arr, n, flags, what="cards")


def to_cards(cards: CardsLike) -> List[Card]:
    """Cards from text (parsed with the joker allowed: the function they
    are handed to decides whether it may be there), or from an iterable of
    Cards, card ids or card texts."""
    if isinstance(cards, str):
        return parse_cards(cards, joker=True)
    if isinstance(cards, (bytes, bytearray, memoryview)):
        # bytes iterate as small ints, which are card ids: b"5H" would be
        # the cards 53 and 72. Text is a str.
        raise InvalidType(
            f"cards: want text (a str) or a list of cards, not {type(cards).__name__} (got {short(cards)}); "
            "decode it first",
            token=short(cards),
        )
    if isinstance(cards, (int, Card)):
        raise InvalidType(f"cards: want several cards (a text or a list), got one ({short(cards)})")
    try:
        items = list(cards)
    except TypeError:
        raise InvalidType(
            f"cards: want text (a str) or a list of cards (got {short(cards)}, a {type(cards).__name__})"
        ) from None
    return [Card(c) for c in items]


def card_array(cards: CardsLike):
    """``(ctypes array, n)`` of the cards, for the library's calls."""
    lst = to_cards(cards)
    arr = (_lib.card_t * max(1, len(lst)))(*lst)
    return arr, len(lst)


def card_or_none(value: int):
    """A card byte of a library struct as Python: a Card, None for
    BFC_CARD_NONE, :data:`HIDDEN` for a face-down card."""
    if value <= _lib.JOKER:
        return _CARDS[value]
    if value == _lib.CARD_HIDDEN:
        return HIDDEN
    return None


def cards_of_mask(mask: int) -> List[Card]:
    """The cards of a bit set (bit c for card c), in id order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def cards_of(arr: Sequence[int], n: int) -> List[Card]:
    """The first n card bytes of a library array as Cards."""
    return [_CARDS[arr[i]] for i in range(n)]


__all__ = [
    "Card",
    "HIDDEN",
    "JOKER",
    "DECK",
    "parse_cards",
    "format_cards",
    "check",
]
