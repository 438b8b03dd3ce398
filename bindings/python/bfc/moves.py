"""Moves and events.

A :class:`Move` is an ``int`` (the library's move id, below 1507) that
prints as its text: ``Move("swap 3")``, ``int(m)``, ``str(m)``. Its parts
come from ``bfc_move_decode``.

An :class:`Event` is one thing a move (or a deal) made happen: a card
placed, points scored and why, the game over. Its fields are read through
the library's accessors (``bfc_event_points``, ``bfc_event_slot``, ...) and
its one-line English text is ``bfc_event_format``'s.
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _lib
from ._lib import LIB
from .cards import HIDDEN, Card, card_or_none, cards_of
from ._check import INT_MAX, INT_MIN, int_arg, text_arg
from .errors import InvalidArgument, InvalidType, check, format_text, raise_status, short
from .scoring import Item, _COMBO_NAMES, _KIND_NAMES
from .rules import Rules

MOVE_COUNT = _lib.MOVE_COUNT
"""Every move id is below this (``BFC_MOVE_COUNT``)."""

DECLARE_MAX = _lib.DECLARE_MAX
"""The most any muggins declaration may be (``BFC_DECLARE_MAX``, RULES
D18): a seven-card hand, five cards and the starter."""

_MOVE_KINDS = dict(enumerate(_lib.names(LIB.bfc_move_kind_name, 1), 1))


class Move(int):
    """A move: an ``int`` (the library's move id) that prints as its text.

    ``Move(x)`` takes a move id, a Move, or the move's text as the library
    reads it (``"reveal 0 4"``, ``"draw"``, ``"place"``, ``"swap 3"``,
    ``"take 2"``, ``"turn"``, ``"layaway 1"``; classic ``"discard 2C 5H"``,
    ``"play 5H"``, ``"declare 12"``, ``"claim"``, ``"pass"``). Bad text
    raises :class:`ParseError`, a number that is no move
    :class:`InvalidArgument`. Moves are interned: one object per id.
    """

    __slots__ = ()

    def __new__(cls, value: Union["Move", int, str]) -> "Move":
        if type(value) is Move:
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidType(
                f"move: want its text or its id 0..{MOVE_COUNT - 1} (got {short(value)}, a {type(value).__name__})",
                token=short(value),
            )
        if not 0 <= value < MOVE_COUNT:
            raise InvalidArgument(f"move: want an id 0..{MOVE_COUNT - 1} (got {value})", token=str(value))
        return _MOVES[value]

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move written as ``text`` (``bfc_move_parse``); raises
        :class:`ParseError` carrying the text."""
        raw = text_arg("move", text)
        out = _lib.move_t()
        rc = LIB.bfc_move_parse(raw, ctypes.byref(out))
        if rc < 0:
            raise_status(rc, "not a move", token=text, position=0)
        return _MOVES[out.value]

    def _info(self) -> _lib.MoveInfo:
        info = _lib.MoveInfo()
        check(LIB.bfc_move_decode(self, ctypes.byref(info)), "bfc_move_decode")
        return info

    @property
    def kind(self) -> str:
        """``"reveal"``, ``"draw"``, ``"place"``, ``"swap"``, ``"take"``,
        ``"turn"``, ``"layaway"``, ``"play"``, ``"discard"``, ``"declare"``,
        ``"claim"`` or ``"pass"``."""
        return _MOVE_KINDS[self._info().kind]

    @property
    def slots(self) -> Tuple[int, ...]:
        """The formation slots it names (reveal: two; swap, take, layaway:
        one; else none), ascending."""
        info = self._info()
        return tuple(info.slot[i] for i in range(info.nslots))

    @property
    def cards(self) -> Tuple[Card, ...]:
        """The cards it names (play, discard), ascending ids."""
        info = self._info()
        return tuple(cards_of(info.card, info.ncards))

    @property
    def points(self) -> Optional[int]:
        """declare: the points declared; else None."""
        info = self._info()
        return None if info.points == 0xFF else info.points

    def __str__(self) -> str:
        t = _TEXT.get(int(self))
        if t is None:
            t = _TEXT[int(self)] = format_text(LIB.bfc_move_format, self, what="bfc_move_format")
        return t

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __reduce__(self):
        return (Move, (int(self),))


_MOVES: Tuple[Move, ...] = tuple(int.__new__(Move, i) for i in range(MOVE_COUNT))
_TEXT: Dict[int, str] = {}

MoveLike = Union[Move, int, str]


def reveal(a: int, b: int) -> Move:
    """The first-turn move that turns formation slots a and b face up."""
    a = int_arg("slot", a, INT_MIN, INT_MAX, "a slot 0..4")
    b = int_arg("slot", b, INT_MIN, INT_MAX, "a slot 0..4")
    m = LIB.bfc_move_reveal(a, b) if 0 <= a < 256 and 0 <= b < 256 else _lib.MOVE_NONE
    if m == _lib.MOVE_NONE:
        raise InvalidArgument(f"no reveal of slots {a} and {b}")
    return _MOVES[m]


def discard2(a: Union[Card, int, str], b: Union[Card, int, str]) -> Move:
    """The move that throws two cards to the crib as one move."""
    m = LIB.bfc_move_discard2(Card(a), Card(b))
    if m == _lib.MOVE_NONE:
        raise InvalidArgument(f"no discard of {Card(a)} and {Card(b)}")
    return _MOVES[m]


def declare(points: int) -> Move:
    """The muggins move that declares ``points``, 0 to ``DECLARE_MAX`` (46,
    a seven-card hand; RULES D18). Which counts are legal now depends on
    what is declared: ``Game.legal_moves()`` lists them."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise InvalidArgument(f"points: want an int from 0 to {DECLARE_MAX}, got {points!r}")
    m = LIB.bfc_move_declare(points) if 0 <= points <= DECLARE_MAX else _lib.MOVE_NONE
    if m == _lib.MOVE_NONE:
        raise InvalidArgument(f"points: want 0 to {DECLARE_MAX}, got {points}")
    return _MOVES[m]



# ---------------------------------------------------------------------------
# Events

EVENT_TYPES: Tuple[str, ...] = _lib.names(LIB.bfc_event_name, 1)
"""The event types the library names (``bfc_event_name``), ``BFC_EV_*`` 1
up: ``"deal"``, ``"cease-fire"``, ... ``"cut"``, ``"match"``,
``"seat"``."""
SOURCES: Tuple[str, ...] = _lib.names(LIB.bfc_source_name, 1)
"""Where points come from (``bfc_source_name``), ``BFC_SRC_*`` 1 up:
``"frontline"``, ``"go"``, ... ``"muggins"``, ``"first"``."""
_EVENT_NAMES = dict(enumerate(EVENT_TYPES, 1))
_SOURCE_NAMES = dict(enumerate(SOURCES, 1))
_BOARD_NAMES = dict(enumerate(_lib.names(LIB.bfc_board_action_name, 1), 1))
_EV_SCORE = _lib.EV_SCORE
_EV_BOARD = _lib.EV_BOARD
_EV_MATCH = _lib.EV_MATCH
_EVENT_SIZE = ctypes.sizeof(_lib.EventStruct)
_visible = LIB.bfc_event_visible


def _accessor(fn, e: _lib.EventStruct) -> Optional[int]:
    v = fn(ctypes.byref(e))
    return None if v < 0 else v


class Event:
    """One thing that happened: ``str(event)`` is the library's line of
    English (``"player 2 plays 5H for 15"``).

    Fields (None where the event's type has no such field):

    - ``type``: ``"deal"``, ``"reveal"``, ``"draw"``, ``"place"``,
      ``"score"``, ``"play"``, ``"go"``, ``"show"``, ``"game over"``,
      ``"cut"`` (a seat cut a card for the first deal, RULES D6),
      ``"match"`` (match play, RULES 5: the winner's side takes match
      points), ``"seat"`` (partners by cut, RULES D16: a player's new
      seat), ... (:data:`EVENT_TYPES`, ``bfc_event_name``); ``type_id``
      the ``BFC_EV_*`` number.
    - ``seat``, ``side``: the player it concerns and that player's side.
    - ``card``: the card moved or revealed; :data:`bfc.HIDDEN` in an
      event as another seat sees it (:meth:`seen_by`).
    - ``source``: for a score, where the points came from (``"frontline"``,
      ``"hand"``, ``"crib"``, ``"heels"``, ...).
    - ``points``, ``slot``, ``count``, ``crib``, ``dealt``, ``board``: read
      with the library's accessors, whose header comments say what each
      means for each type (a match event's points are the match points it
      gave, a seat event's slot the seat the player cut from).
    - ``score``: score and board events: the side's total after it;
      match events: the side's match points after it.
    - ``turn``: turns completed in the skirmish.
    - ``item``: a score's :class:`~bfc.scoring.Item`; ``cards``: the cards
      the event lists.

    An event holds every card, a drawn or discarded card too:
    :meth:`seen_by` (the library's ``bfc_event_visible``) gives the event
    as one seat may see it (RULES D7), or None when it is private to
    another seat.
    """

    __slots__ = ("_b", "_at", "_c")

    def __init__(self, data: bytes, at: int = 0) -> None:
        # the library's struct, kept as bytes and read on first use: a
        # move's events cost one copy, not one per event
        self._b = data
        self._at = at
        self._c: Optional[_lib.EventStruct] = None

    @property
    def _e(self) -> _lib.EventStruct:
        c = self._c
        if c is None:
            c = self._c = _lib.EventStruct.from_buffer_copy(self._b, self._at)
        return c

    @property
    def type(self) -> str:
        """The event's kind: ``bfc_event_name`` of its type."""
        return _EVENT_NAMES.get(self._e.type, "?")

    @property
    def type_id(self) -> int:
        """Its ``BFC_EV_*`` number."""
        return self._e.type

    @property
    def seat(self) -> int:
        """The player it concerns."""
        return self._e.seat

    @property
    def side(self) -> int:
        """That player's side."""
        return self._e.side

    @property
    def card(self):
        """The card moved or revealed (a :class:`~bfc.Card`),
        :data:`bfc.HIDDEN` where the viewer may not see it (an event
        passed through :meth:`seen_by`), or None."""
        return card_or_none(self._e.card)

    @property
    def source(self) -> Optional[str]:
        """A score's source (``"frontline"``, ``"hand"``, ...); None for other types."""
        return _SOURCE_NAMES.get(self._e.source) if self._e.type == _EV_SCORE else None

    @property
    def points(self) -> Optional[int]:
        """``bfc_event_points``: the points of the types that have some, else None."""
        return _accessor(LIB.bfc_event_points, self._e)

    @property
    def slot(self) -> Optional[int]:
        """``bfc_event_slot``: the formation slot (a seat event: the seat the
        player cut from), else None."""
        return _accessor(LIB.bfc_event_slot, self._e)

    @property
    def count(self) -> Optional[int]:
        """``bfc_event_count``: a play's running count, else None."""
        return _accessor(LIB.bfc_event_count, self._e)

    @property
    def crib(self) -> Optional[bool]:
        """``bfc_event_crib``: a discard to the crib, a crib card laid, the crib shown; else None."""
        v = _accessor(LIB.bfc_event_crib, self._e)
        return None if v is None else bool(v)

    @property
    def dealt(self) -> Optional[int]:
        """``bfc_event_dealt``: a deal's cards to each player, else None."""
        return _accessor(LIB.bfc_event_dealt, self._e)

    @property
    def board(self) -> Optional[str]:
        """``bfc_event_board``: what the Crib Wars board did, by name; else None."""
        v = _accessor(LIB.bfc_event_board, self._e)
        return None if v is None else _BOARD_NAMES.get(v, "?")

    @property
    def score(self) -> Optional[int]:
        """A score or board event: the side's total after it; a match
        event: the side's match points after it; else None."""
        return self._e.score if self._e.type in (_EV_SCORE, _EV_BOARD, _EV_MATCH) else None

    @property
    def turn(self) -> int:
        """Turns completed in the skirmish."""
        return self._e.turn

    @property
    def item(self) -> Optional[Item]:
        """A score's :class:`~bfc.scoring.Item`; None for other types."""
        if self._e.type != _EV_SCORE:
            return None
        it = self._e.item
        return Item(
            _KIND_NAMES.get(it.kind, "?"),
            it.points,
            tuple(c for c in (card_or_none(it.cards[i]) for i in range(min(it.ncards, _lib.ITEM_MAX_CARDS))) if c is not None),
            _COMBO_NAMES.get(it.combo) if it.kind == 8 else None,
        )

    @property
    def cards(self) -> Tuple[Any, ...]:
        """The cards the event lists (:data:`bfc.HIDDEN` for one the viewer
        may not see)."""
        it = self._e.item
        n = min(it.ncards, _lib.ITEM_MAX_CARDS)
        return tuple(c for c in (card_or_none(it.cards[i]) for i in range(n)) if c is not None)

    def seen_by(self, game: Any, seat: int) -> Optional["Event"]:
        """The event as ``seat`` may see it (RULES D7,
        ``bfc_event_visible``): another seat's drawn card and discards
        read :data:`bfc.HIDDEN` (and "a card" in :meth:`text`); None when
        the event is private to another seat (a Noddy hand counted, and
        its score events: the points are public through the scores).

        ``game`` is the :class:`bfc.Game` the event comes from, or its
        :class:`bfc.Rules`. :class:`InvalidArgument` for a seat out of
        range."""
        seat = int_arg("seat", seat, INT_MIN, INT_MAX, "a seat number")
        out = _lib.EventStruct()
        # a bfc.Game answers its rules (a copy, read under its lock); this
        # module sits below the game's, so it asks rather than imports
        rules = game if isinstance(game, Rules) else getattr(game, "rules", None)
        if not isinstance(rules, Rules):
            raise InvalidType(f"seen_by: want the bfc.Game the event comes from, or its bfc.Rules (got {short(game)})")
        s = rules._to_struct()
        rc = _visible(ctypes.byref(self._e), ctypes.byref(s), seat, ctypes.byref(out))
        players = s.players
        if rc < 0:
            if not 0 <= seat < players:
                raise InvalidArgument(
                    f"seat: want a seat 0..{players - 1} of this {players}-player game (got {seat})",
                    status=rc,
                    token=str(seat),
                )
            raise_status(rc, f"seen_by seat {seat}", token=str(seat))
        if rc == 0:
            return None
        ev = Event(b"")
        ev._c = out
        return ev

    def text(self, unicode: bool = False) -> str:
        """The library's line of English for the event (players numbered
        from 1); with ``unicode`` the cards with suit symbols. A hidden
        card reads "a card"."""
        flags = _lib.FORMAT_UNICODE if unicode else 0
        return format_text(LIB.bfc_event_format, ctypes.byref(self._e), flags, what="bfc_event_format")

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<Event {self.type}: {self.text()}>"

    def as_dict(self) -> Dict[str, Any]:
        """The event's fields that apply to its type, as a dict (cards as
        text), with ``text`` its line of English."""
        d: Dict[str, Any] = {"type": self.type, "seat": self.seat, "side": self.side}
        for k in ("card", "source", "points", "slot", "count", "crib", "dealt", "board", "score"):
            v = getattr(self, k)
            if v is not None:
                d[k] = str(v) if isinstance(v, Card) or v is HIDDEN else v
        d["turn"] = self.turn
        if self._e.type == _EV_SCORE:
            d["item"] = self.item.as_dict()  # type: ignore[union-attr]
        elif self.cards:
            d["cards"] = [str(c) for c in self.cards]
        d["text"] = self.text()
        return d


def events_from(buf: "ctypes.Array[_lib.EventStruct]", n: int) -> List[Event]:
    """Events 0..n of a library buffer, copied out (the buffer is reused)."""
    if n == 0:
        return []
    data = ctypes.string_at(buf, n * _EVENT_SIZE)
    return [Event(data, i * _EVENT_SIZE) for i in range(n)]
