"""Whole games between the library's bots, as fast as Python allows:
:func:`sim`.

Each move is four calls of the library (whose turn, the observation, the
bot, the move) with no Python object made per move and no events built
(``bfc_game_apply``'s fast path). The games and the bots' generators are
seeded exactly as ``bfc-sim`` seeds them (game ``i`` from
``mix64(seed + (i+1) * 0x9E3779B97F4A7C15)``, seat ``s``'s bot from
``mix64(game seed ^ (0xB07B07B07B07B07B + s))``, both through
``bfc_rng_next``), so ``bfc.sim(...)`` plays the very games that ``bfc-sim``
with the same options plays, and its wins and move counts are the same.

The library has no call that plays many games in C yet; when it has one,
:func:`sim` will use it, and this loop stays as the fallback.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Union

from . import _lib
from ._lib import LIB
from .errors import InvalidArgument, raise_status
from .rules import Rules

_GOLDEN = 0x9E3779B97F4A7C15
_BOT_SALT = 0xB07B07B07B07B07B
_M64 = 2**64 - 1

_BOT_FUNCTIONS = {"random": LIB.bfc_bot_random, "greedy": LIB.bfc_bot_greedy}


@dataclass
class SimResult:
    """What :func:`sim` played.

    Attributes:
        games: the games played.
        wins: per side, the games it won (backward games: the side that
            did not reach the target; a lost solitaire game is no one's).
        value: per side, the game values of its wins summed (RULES 5).
        points: per side, the final scores summed.
        moves: the moves made in all (``bfc_game_apply`` calls).
        rules: the rules played.
        bots: the bot of each seat.
    """

    games: int = 0
    wins: List[int] = field(default_factory=list)
    value: List[int] = field(default_factory=list)
    points: List[int] = field(default_factory=list)
    moves: int = 0
    rules: Optional[Rules] = None
    bots: List[str] = field(default_factory=list)

    def win_rate(self, side: int) -> float:
        """The share of the games that ``side`` won."""
        return self.wins[side] / self.games if self.games else 0.0


def _mix(x: int) -> int:
    """splitmix64's output function of x, computed by the library:
    bfc_rng_next adds the golden gamma to its state and mixes the sum."""
    state = ctypes.c_uint64((x - _GOLDEN) & _M64)
    return LIB.bfc_rng_next(ctypes.byref(state))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run started at ``seed``, as
    ``bfc-sim`` deals it."""
    return _mix((seed + (index + 1) * _GOLDEN) & _M64)


def bot_seed(gseed: int, seat: int) -> int:
    """The starting generator state of seat ``seat``'s bot in the game
    dealt from ``gseed``, as ``bfc-sim`` starts it."""
    return _mix(gseed ^ ((_BOT_SALT + seat) & _M64))


def _bot_names(bots: Union[None, str, Sequence[str]], players: int) -> List[str]:
    if bots is None:
        names = ["greedy"] if players == 1 else [("greedy", "random")[s % 2] for s in range(players)]
    else:
        names = bots.split(",") if isinstance(bots, str) else list(bots)
        if len(names) == 1:
            names = names * players
    if len(names) != players:
        raise InvalidArgument(f"bots: {len(names)} bots for {players} players")
    for n in names:
        if n not in _BOT_FUNCTIONS:
            raise InvalidArgument(f"bots: no bot {n!r} (bots: {', '.join(sorted(_BOT_FUNCTIONS))})", token=n)
    return names


def sim(
    games: int = 1000,
    preset: str = "battlefield",
    players: Optional[int] = None,
    bots: Union[None, str, Sequence[str]] = None,
    seed: int = 1,
    *,
    teams: bool = False,
    rules: Optional[Rules] = None,
    **options: Any,
) -> SimResult:
    """Plays ``games`` whole games between the library's bots and returns
    the tally (:class:`SimResult`).

    Args:
        games: how many games.
        preset, players, teams, options: the game, as for
            :class:`bfc.Game` (or whole ``rules=``). Each game cuts for
            its first dealer unless ``first_dealer`` is given.
        bots: the bot of each seat, seat 0 first: a list of names
            (``"random"``, ``"greedy"``) or one comma-separated string;
            one name plays every seat. Default: greedy, random, greedy, ...
            (solitaire: greedy), as ``bfc-sim``.
        seed: the run's seed; the games are ``bfc-sim --seed``'s.
    """
    if rules is None:
        rules = Rules.preset(preset, players, teams, **options)
    rules.check()
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidArgument(f"games: {games!r} is not a count")
    names = _bot_names(bots, rules.players)
    s = rules._to_struct()
    rs = ctypes.byref(s)
    nsides = LIB.bfc_rules_sides(rs)
    res = SimResult(
        games=0, wins=[0] * nsides, value=[0] * nsides, points=[0] * nsides, rules=rules, bots=names
    )
    fns = [_BOT_FUNCTIONS[n] for n in names]
    rngs = [ctypes.c_uint64(0) for _ in names]
    rng_refs = [ctypes.byref(r) for r in rngs]
    obs = _lib.ObservationStruct()
    obs_ref = ctypes.byref(obs)
    move = _lib.move_t()
    move_ref = ctypes.byref(move)
    status = ctypes.c_int(0)
    scores = (ctypes.c_int * 6)()
    to_move, observe, apply = LIB.bfc_game_to_move, LIB.bfc_game_observe, LIB.bfc_game_apply
    new, free = LIB.bfc_game_new, LIB.bfc_game_free
    moves = 0
    for i in range(games):
        gseed = game_seed(seed, i)
        g = new(rs, gseed, ctypes.byref(status))
        if not g:
            raise_status(status.value, "new game")
        for k, r in enumerate(rngs):
            r.value = bot_seed(gseed, k)
        try:
            while True:
                seat = to_move(g)
                if seat < 0:
                    break
                observe(g, seat, obs_ref)
                rc = fns[seat](obs_ref, rng_refs[seat], move_ref)
                if rc < 0:
                    raise_status(rc, f"the {names[seat]} bot of seat {seat}")
                rc = apply(g, move.value, None, 0, None)
                if rc < 0:
                    raise_status(rc, "apply")
                moves += 1
            w = LIB.bfc_game_winner(g)
            if w >= 0:
                res.wins[w] += 1
                res.value[w] += LIB.bfc_game_value(g)
            LIB.bfc_game_scores(g, scores, 6)
            for d in range(nsides):
                res.points[d] += scores[d]
        finally:
            free(g)
        res.games += 1
    res.moves = moves
    return res
