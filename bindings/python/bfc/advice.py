"""Exact advice (bfc.h, "Exact advice"): the expected points of every
classic discard, and the expected battlefield score of a formation.

Both are exact expectations computed by the library by enumeration over
the cards the player has not seen, not estimates::

    >>> best = bfc.advise_discard("5H 5C JD 6S 7S 9H", role="dealer")[0]
    >>> best.discard, round(best.total_ev, 3)

``hand_ev`` is the mean show of the cards kept over every unseen starter
(RULES 2.1; seven-card: the five kept with the starter, a six-card show,
RULES 3.10); ``crib_ev`` the mean crib score under the crib model
(:data:`CRIB_MODELS`: ``"uniform"``, the other crib cards a uniformly
random set of the unseen cards, the starter uniform over the rest; or
``"played"``, two-player classic, the other player throwing as a sensible
player does); ``total_ev`` is hand + crib when the crib is the seat's
side's, hand - crib otherwise. The pegging is not in these figures.

Valued in wins (``Observation.advise_discard(win=True)``,
``bfc_advise_discard_win``): each option's ``win`` is its chance of
winning the game from the scores of the observation, its own show's
distribution combined with the play and the other player's show as the
library measured them, then the table of :func:`bfc.win_chance`.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from typing import Iterable, List, Optional, Tuple, Union

from . import _lib
from ._lib import LIB, PHASES
from .cards import HIDDEN, Card, CardsLike, card_array, cards_of, to_cards
from ._check import bool_arg, choice_arg
from .errors import InvalidArgument, check, short
from .moves import _MOVES, Move
from .rules import Rules

__all__ = ["DiscardOption", "advise_discard", "advise_formation", "ROLES", "CRIB_MODELS"]

ROLES = ("dealer", "pone", "partner")
"""Who deals, seen from the seat that discards (``BFC_ROLE_*``): the seat
itself, another side, or the seat's partner (teams)."""

CRIB_MODELS = ("uniform", "played")
"""The crib models of the library (``BFC_CRIB_*``), by number:
``"uniform"`` (the other crib cards a uniformly random set of the unseen
cards; exact, every game with a discard) and ``"played"`` (two-player
classic: the other player's throw is one a sensible player makes)."""

_MAX_OPTIONS = 21  # 21 two-card discards of seven cards (seven-card) is the most there are


@dataclass(frozen=True)
class DiscardOption:
    """One discard of a hand and what it is worth (``bfc_discard_option``).

    ``move`` is the discard move; ``discard`` and ``keep`` the cards thrown
    and kept (ascending); ``to_crib`` False when the throw goes out of the
    deal (six players, the dealer's side, RULES D3); ``hand_ev``,
    ``crib_ev`` and ``total_ev`` as the module says; ``win`` the chance of
    winning the game with this discard when the advice was valued in wins
    (``win=True``), else None."""

    move: Move
    discard: Tuple[Card, ...]
    keep: Tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    total_ev: float
    to_crib: bool = True
    win: Optional[float] = None


def _index(what: str, v: Union[str, int], names: Tuple[str, ...]) -> int:
    return choice_arg(what, v, names)


_ANY_HAND = (0, 5, 10, 15, 16, 21, 26)  # seven distinct cards, to ask the library how many are dealt


def _dealt(s: _lib.RulesStruct, role: int, model: int) -> int:
    """How many cards the library deals to a seat in ``role`` under these
    rules (the first hand size it advises on), 0 when it advises on none:
    the library's answer, not a rule written here."""
    any_hand = (_lib.card_t * len(_ANY_HAND))(*_ANY_HAND)
    for n in range(1, len(_ANY_HAND) + 1):
        if LIB.bfc_advise_discard(ctypes.byref(s), any_hand, n, role, model, None, 0) >= 0:
            return n
    return 0


def _advice_refused(rules: Rules, game: str, s: _lib.RulesStruct, role: int, model: int, n: int) -> None:
    """Raises InvalidArgument saying why the library advises on nothing
    here, in the words of ``bfc-advise``."""
    players = f"{rules.players} player{'' if rules.players == 1 else 's'}"
    if not _dealt(s, _lib.ROLE_DEALER, model) and not _dealt(s, _lib.ROLE_PONE, model):
        raise InvalidArgument(f"preset: {game} has no discard to advise on (advise on a formation with advise_formation)")
    want = _dealt(s, role, model)
    if want == 0:
        raise InvalidArgument(
            f"role: {game} with {players} has no discard to advise on for the {ROLES[role]}", token=ROLES[role]
        )
    raise InvalidArgument(f"cards: {game} with {players}: want the {want} cards dealt to you (got {n})", token=str(n))


def _options(buf, n: int) -> List[DiscardOption]:
    out = []
    for i in range(min(n, len(buf))):
        o = buf[i]
        out.append(
            DiscardOption(
                move=_MOVES[o.move],
                discard=tuple(cards_of(o.discard, o.ndiscard)),
                keep=tuple(cards_of(o.keep, o.nkeep)),
                hand_ev=o.hand_ev,
                crib_ev=o.crib_ev,
                total_ev=o.total_ev,
                to_crib=bool(o.to_crib),
                win=o.win if o.win >= 0 else None,
            )
        )
    return out


def _crib_model(crib: Optional[str], model: Optional[str]) -> int:
    """The BFC_CRIB_* number of crib= (or its older name model=)."""
    if crib is not None and model is not None and crib != model:
        raise InvalidArgument(
            f"crib: give the crib model once (model is its older name; got crib={short(crib)}, model={short(model)})"
        )
    name = crib if crib is not None else model if model is not None else "uniform"
    return _index("crib" if crib is not None or model is None else "model", name, CRIB_MODELS)


def _model_refused(rules_struct: _lib.RulesStruct, game: str, m: int) -> None:
    """Raises InvalidArgument when the library has crib model m for no hand
    of these rules while it has the uniform one: the model is not of this
    game."""
    if m == _lib.CRIB_UNIFORM:
        return
    for role in (_lib.ROLE_DEALER, _lib.ROLE_PONE):
        if _dealt(rules_struct, role, m):
            return
    if _dealt(rules_struct, _lib.ROLE_DEALER, _lib.CRIB_UNIFORM) or _dealt(rules_struct, _lib.ROLE_PONE, _lib.CRIB_UNIFORM):
        raise InvalidArgument(
            f"crib: the {CRIB_MODELS[m]} model is for two-player classic cribbage, not {game} "
            f"with {rules_struct.players} player{'' if rules_struct.players == 1 else 's'} (use 'uniform')",
            token=CRIB_MODELS[m],
        )


def advise_discard(
    cards: CardsLike,
    preset: str = "classic",
    role: str = "dealer",
    *,
    players: Optional[int] = None,
    rules: Optional[Rules] = None,
    crib: Optional[str] = None,
    model: Optional[str] = None,
) -> List[DiscardOption]:
    """Every discard of the hand dealt, best first (the higher
    ``total_ev``, then the lower move id): ``bfc_advise_discard``.

    Args:
        cards: the cards dealt (6 with two players and in solitaire, 7
            in seven-card, 5 otherwise), as text or cards.
        preset: the game (``"classic"``, ``"five-card"``, ...) with
            ``players`` (None: the preset's default); or pass ``rules``.
        role: ``"dealer"`` (the crib is the seat's), ``"pone"`` or
            ``"partner"`` (:data:`ROLES`).
        crib: the crib model (:data:`CRIB_MODELS`; default
            ``"uniform"``); ``model`` is its older name.

    The unseen cards are all the cards not in ``cards``. Raises
    :class:`InvalidArgument` (rules without a discard -- Battlefield,
    Noddy --, a role the rules do not have, a wrong number of cards, a
    crib model these rules do not have), :class:`CardError`,
    :class:`DuplicateCard`, :class:`JokerError`. Valued in wins, the
    advice needs the scores: it is the observation's
    (:meth:`bfc.Observation.advise_discard` with ``win=True``).
    """
    if rules is None:
        game = preset
        rules = Rules.preset(preset, players)
    else:
        if players is not None:
            rules = rules.replace(players=players)
        game = rules.variant
    r = _index("role", role, ROLES)
    m = _crib_model(crib, model)
    s = rules._to_struct()
    arr, n = card_array(cards)
    buf = (_lib.DiscardOptionStruct * _MAX_OPTIONS)()
    count = LIB.bfc_advise_discard(ctypes.byref(s), arr, n, r, m, buf, len(buf))
    if count == _lib.EINVAL:
        _model_refused(s, game, m)
        _advice_refused(rules, game, s, r, m, n)
    return _options(buf, check(count, "advise_discard"))


def advise_observation(
    obs, crib: Optional[str] = None, *, win: bool = False, model: Optional[str] = None
) -> List[DiscardOption]:
    """:meth:`bfc.Observation.advise_discard`: the advice for the seat to
    move in a discard phase, from its observation."""
    m = _crib_model(crib, model)
    win = bool_arg("win", win)
    buf = (_lib.DiscardOptionStruct * _MAX_OPTIONS)()
    ref = ctypes.byref(obs._o)
    o = obs._o
    if o.over or PHASES[o.phase] != "discard" or o.seat != o.to_move:
        raise InvalidArgument(
            f"advise_discard: want the observation of the seat to move in a discard phase "
            f"(got seat {o.seat}, phase {PHASES[o.phase] if o.phase < len(PHASES) else o.phase}, "
            f"to move {None if o.to_move == 0xFF else o.to_move})"
        )
    game = Rules._from_struct(o.rules).variant
    _model_refused(o.rules, game, m)
    if win:
        count = LIB.bfc_advise_discard_win(ref, m, buf, len(buf))
        if count == _lib.EINVAL:
            raise InvalidArgument(
                f"advise_discard: win=True needs a table of the chance of winning (two-player classic "
                f"to 121 or 61; bfc.win_chance says which rules have one), not {game} with "
                f"{o.players} player{'' if o.players == 1 else 's'} to {o.rules.target}"
            )
    else:
        count = LIB.bfc_advise_discard_observation(ref, m, buf, len(buf))
    return _options(buf, check(count, "advise_discard"))


def _formation_bytes(formation: Union[str, Iterable[object]]) -> List[int]:
    if isinstance(formation, str):
        items: List[object] = [t for t in re.split(r"[\s,]+", formation.strip()) if t]
    else:
        items = list(formation)
    out = []
    for it in items:
        if it is HIDDEN or it == "??":
            out.append(_lib.CARD_HIDDEN)
        else:
            out.append(int(Card(it)))  # type: ignore[arg-type]
    return out


def _mask(cards: Union[int, CardsLike]) -> int:
    if isinstance(cards, int) and not isinstance(cards, (bool, Card)):
        if not 0 <= cards < 2**64:
            raise InvalidArgument(f"unseen: want a 64-bit card set 0..2**64-1 (got {cards})", token=str(cards))
        return cards
    mask = 0
    for c in to_cards(cards):  # type: ignore[arg-type]
        mask |= 1 << int(c)
    return mask


def advise_formation(
    formation: Union[str, Iterable[object]], unseen: Union[int, CardsLike], *, any_lay_away: bool = False
) -> float:
    """The expected best battlefield score of a Battlefield formation over
    every turn card among ``unseen`` (RULES 4.7, D10):
    ``bfc_advise_formation``.

    ``formation``: five cards, face-down ones as :data:`bfc.HIDDEN` (or
    ``"??"`` in text; at most three), which are then dealt from ``unseen``
    too, every assignment equally likely. ``unseen``: the cards the player
    has not seen, as cards (text or an iterable) or as a bit set (bit c for
    card c, the joker bit 52), e.g. ``sum(1 << c for c in
    obs.unseen())``. Raises :class:`InvalidArgument` (not five slots, more
    than three hidden, an unseen card in the formation, too few unseen
    cards), :class:`CardError`, :class:`DuplicateCard`.
    """
    ids = _formation_bytes(formation)
    if len(ids) != 5:
        raise InvalidArgument(f"formation: want 5 slots, face-down ones as ?? (got {len(ids)})", token=str(len(ids)))
    arr = (_lib.card_t * 5)(*ids)
    ev = ctypes.c_double(0.0)
    flags = _lib.SCORE_ANY_LAY_AWAY if bool_arg("any_lay_away", any_lay_away) else 0
    check(LIB.bfc_advise_formation(arr, _mask(unseen), flags, ctypes.byref(ev)), "advise_formation")
    return ev.value
