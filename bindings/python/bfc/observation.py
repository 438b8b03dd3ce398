"""What one seat may know (RULES D7): :class:`Observation`.

An observation is a copy of the library's ``bfc_observation`` taken by
:meth:`bfc.Game.observe`. Its fields read as Python values (cards as
:class:`~bfc.Card`, face-down cards as :data:`bfc.HIDDEN`, card sets as
sorted lists, "none" as None); :meth:`Observation.legal_moves`,
:meth:`Observation.text` and :meth:`Observation.tensor` hand it back to the
library, and the bots (:mod:`bfc.bots`) read it as it is. Nothing in it
depends on a card the observer may not see.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, List, Optional

from . import _lib
from ._lib import LIB
from .cards import HIDDEN, Card, card_or_none, cards_of, cards_of_mask
from .errors import check, format_text
from .moves import _MOVES, Move
from .rules import Rules

if TYPE_CHECKING:  # pragma: no cover
    from .advice import DiscardOption

PHASES = _lib.names(LIB.bfc_phase_name)
"""The phase names, by ``BFC_PHASE_*`` number: ``"reveal"``, ``"turn"``,
``"drawn"``, ``"lay away"``, ``"over"``, ``"discard"``, ``"play"``,
``"declare"``, ``"claim"``."""


COUNTING = ("hand", "crib", "play")
"""What a muggins declaration counts, by the observation's ``counting``
number (bfc.h: 0 a hand, 1 the crib, 2 the card just laid; the library
has no names for these)."""


def _opt(v: int) -> Optional[int]:
    return None if v == 0xFF else v


class Observation:
    """What ``seat`` may know of a game now, and nothing more (RULES D7).

    Fields common to every variant:

    ``seat`` (the observer), ``players``, ``sides``, ``phase`` (a name of
    :data:`PHASES`) and ``phase_id``, ``to_move`` (None once over),
    ``dealer``, ``over``, ``winner`` (a side, or None), ``winning_seat``,
    ``scores`` (one per side), ``match`` (match play: each side's match
    points), ``cut`` (each seat's card in the deciding round of the cut
    for first dealer, None where a seat did not cut; with partners by cut,
    RULES D16, each player's last cut by the seat it cut from), ``rules``
    (:class:`~bfc.Rules`).

    Battlefield Cribbage: ``formations`` (per seat, five cards, HIDDEN
    when face down), ``faceup`` (per seat, the face-up slots),
    ``revealed`` (seats that made their first-turn reveal), ``frontline``
    (cards, oldest first) and ``frontline_sum``, ``held`` (the drawn card:
    itself for its drawer, HIDDEN for the others, else None),
    ``turn_card``, ``laid`` (per seat, the slot laid away or None),
    ``lay_legal`` (slots that may be laid away now), ``ender``,
    ``final_turns``, ``pile`` (cards in the draw pile), ``crib`` (face-down
    reserve cards), ``turns``, ``skirmish``, ``out_of_play``,
    ``limit_reached``.

    The classic games: ``hand`` (the observer's cards not yet laid),
    ``thrown`` (its discards), ``starter``, ``count``, ``sequence`` (cards
    laid since the count was reset), ``played`` and ``shown`` (per seat),
    ``held_by`` (cards each seat still holds), ``crib_cards``, ``pile``
    (cards in the deck), ``crib``, ``throws`` (cards the seat to move
    throws now), and under muggins ``declarer``, ``declared``,
    ``counting`` (``"hand"``, ``"crib"``, or ``"play"``: the card just laid,
    RULES D12), ``judged`` (the hand or crib declared; in the play, the
    cards laid since the count was reset), ``owed`` (in the play: the
    declarer's card also earns the go or the last card), ``go_room``
    (per seat, the most room -- 31 less the count -- at which it said go
    this deal, 0 if none: every card it still holds is worth more, RULES
    3.1; public to all); Crib Wars: ``folded``, ``boxed``, ``box_deals``.
    """

    __slots__ = ("_o",)

    def __init__(self, raw: _lib.ObservationStruct) -> None:
        self._o = raw

    # -- the library's views of it ----------------------------------------

    def legal_moves(self) -> List[Move]:
        """The legal moves as seen from here: the game's list, ascending.
        In the classic games only the seat to move can list its discards
        and plays: another seat's observation raises
        :class:`~bfc.HiddenError`."""
        buf = (_lib.move_t * _lib.MAX_MOVES)()
        n = check(LIB.bfc_observation_legal_moves(ctypes.byref(self._o), buf, _lib.MAX_MOVES), "legal_moves")
        if n > _lib.MAX_MOVES:
            buf = (_lib.move_t * n)()
            n = check(LIB.bfc_observation_legal_moves(ctypes.byref(self._o), buf, n), "legal_moves")
        return [_MOVES[m] for m in buf[:n]]

    def unseen(self) -> List[Card]:
        """The cards this seat has not seen (``bfc_observation_unseen``):
        the cards a determinization deals again, in id order (the joker
        too in Battlefield when it is unseen)."""
        out = ctypes.c_uint64(0)
        check(LIB.bfc_observation_unseen(ctypes.byref(self._o), ctypes.byref(out)), "unseen")
        return cards_of_mask(out.value)

    def advise_discard(
        self, crib: Optional[str] = None, *, win: bool = False, model: Optional[str] = None
    ) -> "List[DiscardOption]":
        """The advice for this seat's discard: every discard, best first,
        as :class:`bfc.DiscardOption` (see :func:`bfc.advise_discard`). The
        role comes from the dealer and the teams, the unseen cards from
        what the seat has seen.

        ``crib`` is the crib model (:data:`bfc.advice.CRIB_MODELS`:
        ``"uniform"``, the default, or ``"played"``, two-player classic:
        the other player throws as a sensible player does); ``model`` is
        its older name. With ``win=True`` the options are valued in wins
        (``bfc_advise_discard_win``: two-player classic to a target with a
        table, 121 or 61): each option's ``win`` is its chance of winning
        the game from these scores, and they come best first by it, so
        near the end the advice keeps what wins rather than what scores
        most; otherwise ``bfc_advise_discard_observation`` and ``win`` is
        None. Raises :class:`~bfc.InvalidArgument` unless this is the seat
        to move in a discard phase, for a model these rules do not have,
        and with ``win=True`` for rules without a table."""
        from .advice import advise_observation

        return advise_observation(self, crib, win=win, model=model)

    def text(self, unicode: bool = False) -> str:
        """The library's multi-line rendering of the observation (scores,
        dealer, whose turn, formations with ``[??]`` for face-down cards,
        frontline, pile, ...); with ``unicode`` the suit symbols."""
        flags = _lib.FORMAT_UNICODE if unicode else 0
        return format_text(LIB.bfc_observation_format, ctypes.byref(self._o), flags, what="observation")

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<Observation seat {self.seat}, {self.phase}, to move {self.to_move}, scores {self.scores}>"

    def tensor(self):
        """The observation as a flat vector of floats with a fixed length
        per variant (:func:`bfc.tensor.layout` names every part): a numpy
        ``float32`` array when numpy is installed, else an
        ``array.array("f")``. Seats are counted from the observer (row 0 is
        the observer, row 1 the player to its left, ...)."""
        from .tensor import encode

        return encode(self)

    # -- fields --------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return Rules._from_struct(self._o.rules)

    @property
    def variant(self) -> str:
        return self.rules.variant

    @property
    def seat(self) -> int:
        return self._o.seat

    @property
    def players(self) -> int:
        return self._o.players

    @property
    def sides(self) -> int:
        return self._o.sides

    @property
    def phase(self) -> str:
        return PHASES[self._o.phase] if self._o.phase < len(PHASES) else "?"

    @property
    def phase_id(self) -> int:
        return self._o.phase

    @property
    def to_move(self) -> Optional[int]:
        return _opt(self._o.to_move)

    @property
    def dealer(self) -> int:
        return self._o.dealer

    @property
    def revealed(self) -> List[int]:
        return [s for s in range(self._o.players) if self._o.revealed >> s & 1]

    @property
    def ender(self) -> Optional[int]:
        return _opt(self._o.ender)

    @property
    def final_turns(self) -> int:
        return self._o.final_turns

    @property
    def pile(self) -> int:
        return self._o.pile

    @property
    def crib(self) -> int:
        return self._o.crib

    @property
    def held(self):
        return card_or_none(self._o.held)

    @property
    def turn_card(self) -> Optional[Card]:
        return card_or_none(self._o.turn_card)

    @property
    def laid(self) -> List[Optional[int]]:
        return [_opt(self._o.laid[s]) for s in range(min(self._o.players, 4))]

    @property
    def lay_legal(self) -> List[int]:
        return [i for i in range(5) if self._o.lay_legal >> i & 1]

    @property
    def over(self) -> bool:
        return bool(self._o.over)

    @property
    def winner(self) -> Optional[int]:
        return _opt(self._o.winner)

    @property
    def winning_seat(self) -> Optional[int]:
        return _opt(self._o.winning_seat)

    @property
    def turns(self) -> int:
        return self._o.turns

    @property
    def skirmish(self) -> int:
        return self._o.skirmish

    @property
    def scores(self) -> List[int]:
        return [self._o.score[d] for d in range(min(self._o.sides, 6))]

    @property
    def faceup(self) -> List[List[int]]:
        if self._o.rules.variant != _lib.VARIANT_BATTLEFIELD:
            return []
        return [[i for i in range(5) if self._o.faceup[s] >> i & 1] for s in range(min(self._o.players, 4))]

    @property
    def formations(self) -> List[list]:
        if self._o.rules.variant != _lib.VARIANT_BATTLEFIELD:
            return []
        f = self._o.formation
        return [[card_or_none(f[s][i]) for i in range(5)] for s in range(min(self._o.players, 4))]

    @property
    def cut(self) -> List[Optional[Card]]:
        return [card_or_none(self._o.cut[s]) for s in range(min(self._o.players, 6))]

    @property
    def frontline(self) -> List[Card]:
        fl = self._o.frontline
        return cards_of(fl.cards, min(fl.n, _lib.FRONTLINE_MAX))

    @property
    def frontline_sum(self) -> int:
        return self._o.frontline.sum

    @property
    def out_of_play(self) -> List[Card]:
        return cards_of_mask(self._o.out_of_play)

    @property
    def starter(self) -> Optional[Card]:
        return card_or_none(self._o.starter)

    @property
    def count(self) -> int:
        return self._o.count

    @property
    def sequence(self) -> List[Card]:
        return cards_of(self._o.seq, min(self._o.nseq, 16))

    @property
    def held_by(self) -> List[int]:
        return [self._o.held_by[s] for s in range(min(self._o.players, 6))]

    @property
    def declarer(self) -> Optional[int]:
        return _opt(self._o.declarer)

    @property
    def declared(self) -> Optional[int]:
        return _opt(self._o.declared)

    @property
    def counting(self) -> Optional[str]:
        """Under muggins, what the declarer counts: ``"hand"``, ``"crib"``
        or ``"play"`` (the card just laid, RULES D12); None when no count
        is being declared."""
        if self._o.declarer == 0xFF:
            return None
        return COUNTING[self._o.counting] if self._o.counting < len(COUNTING) else "?"

    @property
    def owed(self) -> bool:
        """Muggins in the play (RULES D12): True when the declarer's card
        earns the go or the last card as well (the others have said go, or
        every card is laid), so the declaration includes it."""
        return bool(self._o.owed)

    @property
    def match(self) -> List[int]:
        """Match play (RULES 5): each side's match points (0 for single
        games)."""
        return [self._o.match[d] for d in range(min(self._o.sides, 6))]

    @property
    def hand(self) -> List[Card]:
        return cards_of_mask(self._o.hand)

    @property
    def thrown(self) -> List[Card]:
        return cards_of_mask(self._o.thrown)

    @property
    def played(self) -> List[List[Card]]:
        return [cards_of_mask(self._o.played[s]) for s in range(min(self._o.players, 6))]

    @property
    def shown(self) -> List[List[Card]]:
        return [cards_of_mask(self._o.shown[s]) for s in range(min(self._o.players, 6))]

    @property
    def crib_cards(self) -> List[Card]:
        return cards_of_mask(self._o.crib_cards)

    @property
    def judged(self) -> List[Card]:
        return cards_of_mask(self._o.judged)

    @property
    def folded(self) -> List[int]:
        return [s for s in range(self._o.players) if self._o.folded >> s & 1]

    @property
    def boxed(self) -> Optional[int]:
        return _opt(self._o.boxed)

    @property
    def box_deals(self) -> int:
        return self._o.box_deals

    @property
    def throws(self) -> int:
        """In the discard phase, the cards the seat to move throws now
        (``bfc_rules_throws``), else 0."""
        return self._o.throws

    @property
    def go_room(self) -> List[int]:
        """The classic play (RULES 3.1): per seat, the most room (31 less
        the count) at which it said go this deal, 0 if it said none; every
        card it still holds is worth more than that. Public to every seat
        (0 in Battlefield games)."""
        return [self._o.go_room[s] for s in range(min(self._o.players, 6))]

    @property
    def limit_reached(self) -> bool:
        """Battlefield: True when the turn limit (RULES D9) forces the turn
        card, the only move then being ``turn``."""
        return bool(self._o.limit_reached)

    FIELDS = (
        "seat players sides phase to_move dealer over winner winning_seat scores cut "
        "revealed ender final_turns pile crib held turn_card laid lay_legal turns skirmish "
        "faceup formations frontline frontline_sum out_of_play limit_reached "
        "starter count sequence held_by declarer declared counting hand thrown played shown "
        "crib_cards judged owed go_room folded boxed box_deals throws match"
    ).split()
    """Every field's name, for :meth:`as_dict`."""

    def as_dict(self) -> dict:
        """Every field as plain Python values (cards as text, HIDDEN as
        ``"??"``), for logging or JSON."""

        def plain(v):
            if isinstance(v, list):
                return [plain(x) for x in v]
            if isinstance(v, Card) or v is HIDDEN:
                return str(v)
            return v

        return {k: plain(getattr(self, k)) for k in self.FIELDS}
