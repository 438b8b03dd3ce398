"""The chance of winning by score (bfc.h, "The chance of winning by
score"): :func:`win_chance`.

    >>> chances, exact = bfc.win_chance("classic", [100, 110], dealer=0)
    >>> round(chances[0], 3), exact          # the dealer's chance, from a table
    >>> bfc.win_chance("classic", [0, 0], dealer=1).chances

Two-player classic cribbage to 121 and to 61 and two-player Battlefield
Cribbage to 121 have tables, computed by the library from how its search
bot's deals score (dynamic programming over every pair of scores); every
other game gets the library's stated approximation (each pair of sides
compared by the points they still need), and the answer says which.
"""

from __future__ import annotations

import ctypes
from typing import Any, NamedTuple, Sequence, Tuple

from . import _lib
from ._check import int_arg
from ._lib import LIB
from .errors import InvalidArgument, InvalidType, check, short
from .rules import Rules

__all__ = ["WinChance", "win_chance"]


class WinChance(NamedTuple):
    """What :func:`win_chance` returns: ``chances``, one float per side
    (they add up to 1), and ``table``: True when they come from a table of
    the library (or a side has already reached its target), False when from
    its approximation. Unpacks as ``chances, table = ...``."""

    chances: Tuple[float, ...]
    table: bool


def _rules_of(what: Any) -> Rules:
    from .game import Game

    if isinstance(what, Rules):
        return what
    if isinstance(what, Game):
        return what.rules
    if isinstance(what, str):
        return Rules.preset(what)
    raise InvalidType(
        f"win_chance: want a bfc.Rules, a bfc.Game or a preset's name (got {short(what)}, a {type(what).__name__})",
        token=short(what),
    )


def win_chance(rules: Any, scores: Sequence[int], dealer: int) -> WinChance:
    """The chance that each side wins a game of ``rules`` (a
    :class:`~bfc.Rules`, a :class:`~bfc.Game` -- its rules -- or a preset's
    name) from the start of a deal that the player of side ``dealer`` is
    about to deal, the sides' scores being ``scores`` (one per side,
    0..10000): ``bfc_win_chance``. A side at its target has won (backward
    games: has lost). Returns a :class:`WinChance`. Raises
    :class:`~bfc.InvalidArgument` for a wrong number of scores, a score or
    dealer out of range, or solitaire (one player: nobody to beat)."""
    r = _rules_of(rules)
    s = r._to_struct()
    sides = LIB.bfc_rules_sides(ctypes.byref(s))
    if sides < 0:
        check(LIB.bfc_rules_check(ctypes.byref(s)), "win_chance: rules")
    if isinstance(scores, (str, bytes)) or not hasattr(scores, "__len__"):
        raise InvalidType(f"scores: want one score per side, a list of ints (got {short(scores)})", token=short(scores))
    if len(scores) != sides:
        raise InvalidArgument(
            f"scores: want {sides} scores, one per side of {r.variant} with {r.players} players (got {len(scores)})",
            token=str(len(scores)),
        )
    vals = [int_arg(f"scores[{i}]", v, 0, 10000, "a score 0..10000") for i, v in enumerate(scores)]
    d = int_arg("dealer", dealer, 0, sides - 1, f"a side 0..{sides - 1}")
    if r.players == 1:
        raise InvalidArgument(f"win_chance: {r.variant} is played alone: there is no one to win against")
    arr = (ctypes.c_int * sides)(*vals)
    out = (ctypes.c_double * sides)()
    rc = check(LIB.bfc_win_chance(ctypes.byref(s), arr, sides, d, out), "win_chance")
    return WinChance(tuple(out), rc == _lib.WIN_TABLE)
