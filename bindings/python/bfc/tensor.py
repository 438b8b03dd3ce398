"""Observations as fixed-length vectors of floats, for learning.

:meth:`bfc.Observation.tensor` encodes what a seat may know -- only the
observation's fields, never a hidden card -- as one flat ``float32`` vector
whose length depends on the variant only:

=================================================  ======
variant                                            length
=================================================  ======
``battlefield``                                    1624
``classic``, ``five-card``, ``noddy``, ``solitaire``,  1102
``seven-card``
=================================================  ======

:func:`layout` lists the parts in order with their shapes, and
:func:`decode` cuts a vector back into them. Conventions:

- a card is one of 53 positions (its id; the joker 52), one of 54 where it
  may be face down (53 = :data:`bfc.HIDDEN`), 52 in the classic games;
- seats are counted from the observer: row 0 is the observer, row 1 the
  player to its left, and so on; rows past the number of players are 0;
- sides (``scores``) are in the library's side order, divided by the
  target (the winner's may pass 1: the score that wins is pegged whole);
  ``match`` likewise, each side's match points divided by the points that
  win the match (0 for single games; the winner's may pass 1); every other
  value is between 0 and 1;
- a one-hot part with nothing to show (no dealer yet, no drawn card) is
  all 0.

Battlefield Cribbage (4 seat rows):

==================== =========== =============================================
part                 shape       meaning
==================== =========== =============================================
formation            (4, 5, 54)  each seat's five slots: the card or HIDDEN
held                 (54,)       the drawn card (HIDDEN: another seat holds one)
frontline            (53,)       the cards on the frontline
frontline_recent     (5, 53)     its last five cards, newest first
out_of_play          (53,)       cards that left play this skirmish
turn_card            (53,)       the turn card once placed
phase                (9,)        the phase (:data:`bfc.PHASES` order)
to_move              (4,)        the seat to move
dealer               (4,)        the dealer
ender                (4,)        the seat that ended the skirmish
revealed             (4,)        seats that made their first-turn reveal
laid                 (4, 5)      the slot each seat laid away
lay_legal            (5,)        the slots that may be laid away now
scores               (4,)        each side's score / target
match                (4,)        each side's match points / rules.match
scalars              (8,)        frontline sum / 31, frontline cards / 16,
                                 draw pile / 53, reserve cards / 5, final
                                 turns owed / 3, min(turns / 200, 1), turn
                                 limit reached, game over
==================== =========== =============================================

The classic games (6 seat rows):

==================== =========== =============================================
part                 shape       meaning
==================== =========== =============================================
hand                 (52,)       the observer's cards not yet laid
thrown               (52,)       the observer's discards
starter              (52,)       the starter once cut
sequence             (52,)       the cards laid since the count was reset
last_laid            (52,)       the newest of them
crib_cards           (52,)       the crib once counted (solitaire: laid)
judged               (52,)       muggins: the cards being declared
out_of_play          (52,)       solitaire: the cards used face up
played               (6, 52)     the cards each seat laid this deal
shown                (6, 52)     each seat's hand once counted
phase                (9,)        the phase
to_move              (6,)        the seat to move
dealer               (6,)        the dealer
declarer             (6,)        muggins: the seat whose count is judged
folded               (6,)        Crib Wars: seats that folded this deal
held_by              (6,)        cards each seat still holds / 7
scores               (6,)        each side's score / target
match                (6,)        each side's match points / rules.match
scalars              (11,)       count / 31, cards since the reset / 16,
                                 deck / 52, crib cards / 8, throws now / 2,
                                 declared count / 46 (the most, RULES
                                 D18), counting the crib,
                                 deals in the penalty box / 4, game over,
                                 counting the card just laid (RULES D12),
                                 the go or last card owed with it
==================== =========== =============================================
"""

from __future__ import annotations

from array import array
from typing import Dict, List, Tuple

from . import _lib

_np = None  # numpy, once imported; False when it is not installed


def _numpy():
    """numpy, imported on first use (it is optional: without it a tensor is
    an ``array.array("f")``), or None."""
    global _np
    if _np is None:
        try:
            import numpy

            _np = numpy
        except ImportError:
            _np = False
    return _np or None

_BF: List[Tuple[str, Tuple[int, ...]]] = [
    ("formation", (4, 5, 54)),
    ("held", (54,)),
    ("frontline", (53,)),
    ("frontline_recent", (5, 53)),
    ("out_of_play", (53,)),
    ("turn_card", (53,)),
    ("phase", (_lib.NPHASES,)),
    ("to_move", (4,)),
    ("dealer", (4,)),
    ("ender", (4,)),
    ("revealed", (4,)),
    ("laid", (4, 5)),
    ("lay_legal", (5,)),
    ("scores", (4,)),
    ("match", (4,)),
    ("scalars", (8,)),
]

_CL: List[Tuple[str, Tuple[int, ...]]] = [
    ("hand", (52,)),
    ("thrown", (52,)),
    ("starter", (52,)),
    ("sequence", (52,)),
    ("last_laid", (52,)),
    ("crib_cards", (52,)),
    ("judged", (52,)),
    ("out_of_play", (52,)),
    ("played", (6, 52)),
    ("shown", (6, 52)),
    ("phase", (_lib.NPHASES,)),
    ("to_move", (6,)),
    ("dealer", (6,)),
    ("declarer", (6,)),
    ("folded", (6,)),
    ("held_by", (6,)),
    ("scores", (6,)),
    ("match", (6,)),
    ("scalars", (11,)),
]


def _size(shape: Tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _offsets(parts):
    out, at = {}, 0
    for name, shape in parts:
        out[name] = at
        at += _size(shape)
    return out, at


_BF_AT, _BF_N = _offsets(_BF)
_CL_AT, _CL_N = _offsets(_CL)


def layout(variant: str = "battlefield") -> List[Tuple[str, Tuple[int, ...]]]:
    """The parts of a variant's vector, in order: ``(name, shape)``."""
    return list(_BF if variant == "battlefield" else _CL)


def size(variant: str = "battlefield") -> int:
    """The length of a variant's vector (1624 Battlefield, 1102 the
    classic games)."""
    return _BF_N if variant == "battlefield" else _CL_N


def shape(variant: str = "battlefield") -> Tuple[int]:
    """The shape of :meth:`bfc.Observation.tensor` for a variant."""
    return (size(variant),)


def decode(vector, variant: str = "battlefield") -> Dict[str, object]:
    """Cuts a vector into its named parts (numpy arrays of the layout's
    shapes when numpy is there, flat lists otherwise)."""
    np = _numpy()
    out: Dict[str, object] = {}
    at = 0
    for name, shp in layout(variant):
        n = _size(shp)
        part = vector[at : at + n]
        if np is not None:
            part = np.asarray(part, dtype=np.float32).reshape(shp)
        else:
            part = list(part)
        out[name] = part
        at += n
    return out


def _new(n: int):
    np = _numpy()
    if np is not None:
        return np.zeros(n, dtype=np.float32)
    return array("f", bytes(4 * n))


def _mask_into(v, at: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        v[at + low.bit_length() - 1] = 1.0
        mask ^= low


def encode(obs) -> object:
    """The vector of an :class:`~bfc.Observation` (see the module's
    tables)."""
    o = obs._o
    players = o.players
    seat = o.seat

    def rel(s: int) -> int:
        return (s - seat) % players

    target = o.rules.target or 1
    if o.rules.variant == _lib.VARIANT_BATTLEFIELD:
        A = _BF_AT
        v = _new(_BF_N)
        at = A["formation"]
        for s in range(min(players, 4)):
            for i in range(5):
                c = o.formation[s][i]
                if c <= _lib.JOKER:
                    v[at + (rel(s) * 5 + i) * 54 + c] = 1.0
                elif c == _lib.CARD_HIDDEN:
                    v[at + (rel(s) * 5 + i) * 54 + 53] = 1.0
        if o.held <= _lib.JOKER:
            v[A["held"] + o.held] = 1.0
        elif o.held == _lib.CARD_HIDDEN:
            v[A["held"] + 53] = 1.0
        fl = o.frontline
        n = min(fl.n, _lib.FRONTLINE_MAX)
        for i in range(n):
            v[A["frontline"] + fl.cards[i]] = 1.0
        for k in range(min(n, 5)):
            v[A["frontline_recent"] + k * 53 + fl.cards[n - 1 - k]] = 1.0
        _mask_into(v, A["out_of_play"], o.out_of_play)
        if o.turn_card <= _lib.JOKER:
            v[A["turn_card"] + o.turn_card] = 1.0
        if o.phase < _lib.NPHASES:
            v[A["phase"] + o.phase] = 1.0
        for name, s in (("to_move", o.to_move), ("dealer", o.dealer), ("ender", o.ender)):
            if s < players:
                v[A[name] + rel(s)] = 1.0
        for s in range(min(players, 4)):
            if o.revealed >> s & 1:
                v[A["revealed"] + rel(s)] = 1.0
            if o.laid[s] < 5:
                v[A["laid"] + rel(s) * 5 + o.laid[s]] = 1.0
        for i in range(5):
            if o.lay_legal >> i & 1:
                v[A["lay_legal"] + i] = 1.0
        for d in range(min(o.sides, 4)):
            v[A["scores"] + d] = o.score[d] / target
            if o.rules.match > 0:
                v[A["match"] + d] = o.match[d] / o.rules.match
        at = A["scalars"]
        v[at + 0] = fl.sum / 31
        v[at + 1] = n / 16
        v[at + 2] = o.pile / 53
        v[at + 3] = o.crib / 5
        v[at + 4] = o.final_turns / 3
        v[at + 5] = min(o.turns / 200, 1.0)
        v[at + 6] = float(o.limit_reached)
        v[at + 7] = float(o.over)
        return v

    A = _CL_AT
    v = _new(_CL_N)
    _mask_into(v, A["hand"], o.hand)
    _mask_into(v, A["thrown"], o.thrown)
    if o.starter < _lib.NCARDS:
        v[A["starter"] + o.starter] = 1.0
    nseq = min(o.nseq, 16)
    for i in range(nseq):
        v[A["sequence"] + o.seq[i]] = 1.0
    if nseq:
        v[A["last_laid"] + o.seq[nseq - 1]] = 1.0
    _mask_into(v, A["crib_cards"], o.crib_cards)
    _mask_into(v, A["judged"], o.judged)
    _mask_into(v, A["out_of_play"], o.out_of_play)
    for s in range(min(players, 6)):
        _mask_into(v, A["played"] + rel(s) * 52, o.played[s])
        _mask_into(v, A["shown"] + rel(s) * 52, o.shown[s])
        if o.folded >> s & 1:
            v[A["folded"] + rel(s)] = 1.0
        v[A["held_by"] + rel(s)] = o.held_by[s] / 7  # seven-card deals 7
    if o.phase < _lib.NPHASES:
        v[A["phase"] + o.phase] = 1.0
    for name, s in (("to_move", o.to_move), ("dealer", o.dealer), ("declarer", o.declarer)):
        if s < players:
            v[A[name] + rel(s)] = 1.0
    for d in range(min(o.sides, 6)):
        v[A["scores"] + d] = o.score[d] / target
        if o.rules.match > 0:
            v[A["match"] + d] = o.match[d] / o.rules.match
    at = A["scalars"]
    v[at + 0] = o.count / 31
    v[at + 1] = nseq / 16
    v[at + 2] = o.pile / 52
    v[at + 3] = o.crib / 8
    v[at + 4] = o.throws / 2
    v[at + 5] = o.declared / _lib.DECLARE_MAX if o.declared != 0xFF else 0.0
    v[at + 6] = float(o.declarer != 0xFF and o.counting == 1)
    v[at + 7] = o.box_deals / 4
    v[at + 8] = float(o.over)
    v[at + 9] = float(o.declarer != 0xFF and o.counting == 2)
    v[at + 10] = float(o.owed)
    return v
