"""Scoring: shows, the Battlefield Cribbage battlefield and frontline, and
classic pegging (RULES 2).

Every function here is one call of the library's scorers (``bfc_score_*``)
and of their ``*_items`` forms; the result carries the breakdown, the
items (each fifteen, pair, run, ... with its cards) and the narration a
player says aloud::

    >>> s = bfc.score("5H 5C 5S JD", starter="5D")
    >>> s.total, s.fifteens, s.pairs, s.nobs
    (29, 16, 12, 1)
    >>> s.narrate()
    'fifteen two, fifteen four, ..., and nobs is twenty-nine'

Cards may be given as text (``"5H 5C"``), or as any iterable of
:class:`~bfc.Card`, card ids or card texts.
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from . import _lib
from ._lib import LIB
from ._check import bool_arg
from .cards import Card, CardLike, CardsLike, card_array, cards_of
from .errors import InvalidArgument, check, format_text


class Item(NamedTuple):
    """One scoring item: ``kind`` (``"fifteen"``, ``"pair"``, ``"run"``,
    ``"flush"``, ``"nobs"``, ``"thirty-one"``, ``"combination"``, ``"last
    card"``, ``"go"``, ``"knobs"``, ...: the library's
    ``bfc_item_kind_name``), the ``points`` it is worth, the ``cards`` that
    make it (hand cards in hand order, the starter last) and, for a
    frontline combination, the ``combo`` name (``"double run of 3"``), else
    None."""

    kind: str
    points: int
    cards: Tuple[Card, ...]
    combo: Optional[str] = None

    def as_dict(self) -> Dict[str, Any]:
        """``{"kind", "points", "cards"}`` with the cards as text, as
        ``bfc-score --json`` prints an item."""
        return {"kind": self.kind, "points": self.points, "cards": [str(c) for c in self.cards]}


_KIND_NAMES = dict(enumerate(_lib.names(LIB.bfc_item_kind_name, 1), 1))
_COMBO_NAMES = dict(enumerate(_lib.names(LIB.bfc_combo_name, 0)))


class _Itemised:
    """The items of a score and their narration, kept in the library's own
    form so that :meth:`narrate` hands them back to it unchanged."""

    def __init__(self, raw: "ctypes.Array[_lib.ItemStruct]", n: int) -> None:
        self._raw = raw
        self._n = n
        self.items: List[Item] = [
            Item(
                _KIND_NAMES.get(it.kind, "?"),
                it.points,
                tuple(cards_of(it.cards, it.ncards)),
                _COMBO_NAMES.get(it.combo) if it.kind == 8 else None,
            )
            for it in (raw[i] for i in range(n))
        ]

    def narrate(self) -> str:
        """The count as a player says it aloud, with running totals:
        ``"fifteen two, fifteen four, and a pair is six"``; ``"nothing"``
        style text for no items (the library's ``bfc_items_narrate``)."""
        return format_text(LIB.bfc_items_narrate, self._raw, self._n, what="narrate")


def _items(fn, *args) -> Tuple["ctypes.Array[_lib.ItemStruct]", int]:
    cap = _lib.MAX_ITEMS
    while True:
        raw = (_lib.ItemStruct * cap)()
        n = check(fn(*args, raw, cap))
        if n <= cap:
            return raw, n
        cap = n


class Score(_Itemised):
    """A show's score (a hand, a crib, a Battlefield hand, reserve or
    cease-fire), broken down by source.

    Attributes:
        total: the points in all (``int(score)`` is the same).
        fifteens, pairs, runs, flush, nobs: the points from each source.
        killed: True when the joker killed the hand (RULES 4.7): every
            field is then 0 and there are no items.
        items: the :class:`Item` list, in RULES 2.1 order.
    """

    def __init__(self, hs: _lib.HandScore, raw, n: int) -> None:
        super().__init__(raw, n)
        self.total: int = hs.total
        self.fifteens: int = hs.fifteens
        self.pairs: int = hs.pairs
        self.runs: int = hs.runs
        self.flush: int = hs.flush
        self.nobs: int = hs.nobs
        self.killed: bool = bool(hs.killed)

    def __int__(self) -> int:
        return self.total

    def __index__(self) -> int:
        return self.total

    def as_dict(self) -> Dict[str, Any]:
        """The score as ``bfc-score --json`` prints it: total, fifteens,
        pairs, runs, flush, nobs, killed and items."""
        return {
            "total": self.total,
            "fifteens": self.fifteens,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "nobs": self.nobs,
            "killed": self.killed,
            "items": [i.as_dict() for i in self.items],
        }

    def __repr__(self) -> str:
        return (
            f"Score(total={self.total}, fifteens={self.fifteens}, pairs={self.pairs}, "
            f"runs={self.runs}, flush={self.flush}, nobs={self.nobs}"
            + (", killed=True" if self.killed else "")
            + ")"
        )


def _flag_names(flags: int) -> str:
    on = [n for n, bit in (("crib", _lib.SCORE_CRIB), ("noddy", _lib.SCORE_NODDY), ("kill_card", _lib.SCORE_KILL_CARD)) if flags & bit]
    return ", ".join(on) if on else "none"


def _card_byte(card: Optional[CardLike]) -> int:
    return _lib.CARD_NONE if card is None else int(Card(card))


def _hand_score(cards: CardsLike, starter: Optional[CardLike], flags: int, fn=None) -> Score:
    arr, n = card_array(cards)
    start = _card_byte(starter)
    hs = _lib.HandScore()
    if fn is None:
        if not 3 <= n <= 5:
            raise InvalidArgument(f"cards: want 3, 4 or 5 hand cards (got {n})", token=str(n))
        rc = LIB.bfc_score_hand(arr, n, start, flags, ctypes.byref(hs))
        if rc == _lib.EINVAL:
            raise InvalidArgument(
                f"score: no show has {n} hand cards{' and a starter' if starter is not None else ''} "
                f"with these options (crib, noddy, kill_card: {_flag_names(flags)})"
            )
        check(rc, "score")
    else:
        fn(arr, n, start, hs)
    raw, m = _items(LIB.bfc_score_hand_items, arr, n, start, flags)
    return Score(hs, raw, m)


def score(
    cards: CardsLike,
    starter: Optional[CardLike] = None,
    crib: bool = False,
    noddy: bool = False,
    kill_card: bool = False,
) -> Score:
    """Scores a show (RULES 2.1): 3, 4 or 5 hand cards with the
    ``starter`` (the turn card in Battlefield Cribbage), or without one
    (``starter=None``, as a cease-fire is counted).

    Args:
        cards: the hand, e.g. ``"5H 5C 5S JD"``.
        starter: the starter card, or None.
        crib: a crib (or BFC reserve): a flush counts only with every card
            and the starter of one suit.
        noddy: Noddy scoring (RULES 3.6: a run of three scores 2, ...).
        kill_card: Battlefield Cribbage: the joker may be there, and kills
            the hand (RULES 4.7) instead of being refused.

    Returns:
        a :class:`Score`.

    Raises:
        InvalidArgument (a hand of the wrong size), DuplicateCard,
        JokerError (a joker without ``kill_card``), ParseError, CardError.
    """
    flags = (
        (_lib.SCORE_CRIB if bool_arg("crib", crib) else 0)
        | (_lib.SCORE_NODDY if bool_arg("noddy", noddy) else 0)
        | (_lib.SCORE_KILL_CARD if bool_arg("kill_card", kill_card) else 0)
    )
    return _hand_score(cards, starter, flags)


def score_reserve(reserve: CardsLike, turn: CardLike) -> Score:
    """Scores a Battlefield Cribbage reserve (RULES 4.7): its four cards
    with the turn card; a flush only with all five of one suit; the joker
    kills it."""

    def call(arr, n, start, hs):
        if n != 4:
            raise InvalidArgument(f"reserve: want the 4 reserve cards (got {n})", token=str(n))
        check(LIB.bfc_score_reserve(arr, start, ctypes.byref(hs)), "score_reserve")

    return _hand_score(reserve, turn, _lib.SCORE_CRIB | _lib.SCORE_KILL_CARD, call)


def score_ceasefire(formation: CardsLike) -> Score:
    """Scores a cease-fire (RULES 4.3): the five formation cards with no
    turn card; a flush only with all five of one suit, no knobs; a
    formation holding the joker scores 0."""

    def call(arr, n, start, hs):
        if n != 5:
            raise InvalidArgument(f"formation: want the 5 formation cards (got {n})", token=str(n))
        check(LIB.bfc_score_ceasefire(arr, ctypes.byref(hs)), "score_ceasefire")

    return _hand_score(formation, None, _lib.SCORE_KILL_CARD, call)


class Battlefield:
    """The battlefield scoring of one player (RULES 4.7).

    Attributes:
        best: the best score of four kept cards.
        legal: the formation slots (0..4) that may be laid away: those that
            reach ``best`` (RULES D10), or all five with ``any_lay_away``.
        by_lay_away: five :class:`Score`; ``[i]`` is the score of the other
            four cards with the turn card when slot ``i`` is laid away.
    """

    def __init__(self, best: int, legal: List[int], by_lay_away: List[Score]) -> None:
        self.best = best
        self.legal = legal
        self.by_lay_away = by_lay_away

    def as_dict(self) -> Dict[str, Any]:
        """As ``bfc-score --battlefield --json`` prints it."""
        return {
            "best": self.best,
            "legal_lay_away": list(self.legal),
            "by_lay_away": [s.as_dict() for s in self.by_lay_away],
        }

    def __repr__(self) -> str:
        return f"Battlefield(best={self.best}, legal={self.legal})"


def score_battlefield(
    formation: CardsLike, turn: CardLike, any_lay_away: bool = False
) -> Battlefield:
    """Scores a five-card formation with the turn card for each of the five
    lay-aways (RULES 4.7): which card to lay away into the reserve.

    Args:
        formation: the five formation cards (the joker allowed).
        turn: the turn card.
        any_lay_away: every lay-away is legal (the RULES D10 option), not
            only the best.

    Returns:
        a :class:`Battlefield`.
    """
    arr, n = card_array(formation)
    if n != 5:
        raise InvalidArgument(f"formation: want the 5 formation cards (got {n})", token=str(n))
    t = _card_byte(turn)
    bf = _lib.BattlefieldStruct()
    flags = _lib.SCORE_ANY_LAY_AWAY if bool_arg("any_lay_away", any_lay_away) else 0
    check(LIB.bfc_score_battlefield(arr, t, flags, ctypes.byref(bf)), "score_battlefield")
    scores = []
    for i in range(5):
        kept = (_lib.card_t * 4)(*[arr[j] for j in range(5) if j != i])
        raw, m = _items(LIB.bfc_score_hand_items, kept, 4, t, _lib.SCORE_KILL_CARD)
        scores.append(Score(bf.by_lay_away[i], raw, m))
    return Battlefield(bf.best, [i for i in range(5) if bf.legal >> i & 1], scores)


class FrontlineScore(_Itemised):
    """A card placed on the Battlefield Cribbage frontline (RULES 2.3, 4.5).

    Attributes:
        renewed: the sum would have passed 31: the placed card began a new
            frontline, the placer scores nothing, and the player to the
            placer's right gets the go point.
        sum: the frontline's sum after the placement (0..31).
        length: the cards on the frontline after it.
        fifteen_31: 2 when the sum is 15 or 31.
        combination: the :class:`Item` of the combination, or None.
        combo: its name (``"run of 3"``), or None.
        last_card: 1 for the turn card unless the sum is 31 (RULES D8).
        placer_points: fifteen_31 + the combination's points + last_card.
        go_point: 1 for the player to the placer's right when renewed.
        knobs_dealer: 2 for the dealer when the turn card is a jack.
        items: the :class:`Item` list.
    """

    def __init__(self, fs: _lib.FrontlineScore, raw, n: int) -> None:
        super().__init__(raw, n)
        self.renewed: bool = bool(fs.renewed)
        self.sum: int = fs.sum
        self.length: int = fs.length
        self.fifteen_31: int = fs.fifteen_31
        self.combination: Optional[Item] = next(
            (i for i in self.items if i.kind == _KIND_NAMES[8]), None
        )
        self.combo: Optional[str] = _COMBO_NAMES.get(fs.combo) if fs.combination else None
        self.combo_cards: int = fs.combo_cards
        self.last_card: int = fs.last_card
        self.placer_points: int = fs.placer_points
        self.go_point: int = fs.go_point
        self.knobs_dealer: int = fs.knobs_dealer

    def __int__(self) -> int:
        return self.placer_points

    def as_dict(self) -> Dict[str, Any]:
        """As ``bfc-score --frontline --json`` prints it."""
        comb = None
        if self.combination is not None:
            comb = {
                "k": self.combo_cards,
                "name": self.combo,
                "points": self.combination.points,
                "cards": [str(c) for c in self.combination.cards],
            }
        return {
            "renewed": self.renewed,
            "sum": self.sum,
            "length": self.length,
            "fifteen_31": self.fifteen_31,
            "combination": comb,
            "last_card": self.last_card,
            "placer_points": self.placer_points,
            "go_point": self.go_point,
            "knobs_dealer": self.knobs_dealer,
            "items": [i.as_dict() for i in self.items],
        }

    def __repr__(self) -> str:
        return (
            f"FrontlineScore(placer_points={self.placer_points}, sum={self.sum}, "
            f"combo={self.combo!r}, renewed={self.renewed})"
        )


def score_frontline(
    frontline: CardsLike, card: CardLike, turn_card: bool = False
) -> FrontlineScore:
    """Scores ``card`` placed on a frontline (RULES 2.3, 4.5).

    Args:
        frontline: the cards already on it, oldest first (may be empty;
            the joker allowed; their sum at most 31).
        card: the card placed.
        turn_card: the placed card is the turn card (RULES 4.6: last card
            for the placer, knobs for the dealer, D8).

    Returns:
        a :class:`FrontlineScore`.

    Raises:
        CountError (the frontline's sum is above 31), DuplicateCard,
        CardError, ParseError.
    """
    arr, n = card_array(frontline)
    c = _card_byte(card)
    flags = _lib.SCORE_TURN_CARD if bool_arg("turn_card", turn_card) else 0
    fs = _lib.FrontlineScore()
    check(LIB.bfc_score_frontline(arr, n, c, flags, ctypes.byref(fs)), "score_frontline")
    raw, m = _items(LIB.bfc_score_frontline_items, arr, n, c, flags)
    return FrontlineScore(fs, raw, m)


class PegScore(_Itemised):
    """The points for the last card laid in classic pegging (RULES 2.2;
    Noddy 3.6). Go and last card are not included (they depend on the
    game).

    Attributes:
        count: the running count after the card.
        fifteen_31: 2 at 15 or 31 (Noddy: also at 25).
        pairs: 2, 6 or 12.
        runs: the run's points.
        flush: Noddy: k >= 3 last cards of one suit score k.
        total: the points in all (``int(score)`` is the same).
        items: the :class:`Item` list.
    """

    def __init__(self, ps: _lib.PegScore, raw, n: int) -> None:
        super().__init__(raw, n)
        self.count: int = ps.count
        self.fifteen_31: int = ps.fifteen_31
        self.pairs: int = ps.pairs
        self.runs: int = ps.runs
        self.flush: int = ps.flush
        self.total: int = ps.total

    def __int__(self) -> int:
        return self.total

    def as_dict(self) -> Dict[str, Any]:
        """As ``bfc-score --peg --json`` prints it."""
        return {
            "count": self.count,
            "fifteen_31": self.fifteen_31,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "total": self.total,
            "items": [i.as_dict() for i in self.items],
        }

    def __repr__(self) -> str:
        return f"PegScore(total={self.total}, count={self.count})"


def score_peg(sequence: CardsLike, noddy: bool = False) -> PegScore:
    """Scores the last card of a classic play (RULES 2.2).

    Args:
        sequence: the cards laid since the count was last reset, oldest
            first; the last one was just laid (count at most 31).
        noddy: Noddy's play scores (a count of 25, a run of three 2,
            flushes; RULES 3.6, D5).

    Returns:
        a :class:`PegScore`.
    """
    arr, n = card_array(sequence)
    if n == 0:
        raise InvalidArgument("sequence: want the cards laid since the count was 0, the last one just laid (got none)")
    flags = _lib.SCORE_NODDY if bool_arg("noddy", noddy) else 0
    ps = _lib.PegScore()
    check(LIB.bfc_score_peg_detail(arr, n, flags, ctypes.byref(ps)), "score_peg")
    raw, m = _items(LIB.bfc_score_peg_items, arr, n, flags)
    return PegScore(ps, raw, m)
