"""Many whole games between bots, added up: :func:`sim`.

When every seat is one of the library's bots (``"random"``, ``"greedy"``,
or their classes :class:`bfc.bots.random`, :class:`bfc.bots.greedy`), the
games are played in C by ``bfc_sim_run``: one call of the library for
thousands of games, nothing crossing into Python per move. A seat played
by a Python bot (a :class:`bfc.bots.Bot` subclass of your own, or any
callable from an :class:`~bfc.Observation` to a move) makes :func:`sim`
play the games in a Python loop instead, which deals the same games,
seeds the bots the same way and adds up the same figures, so the two
engines give the same :class:`SimResult` for library bots (``engine=``
chooses one).

The games and the bots' generators are seeded as ``bfc-sim`` seeds them
(``bfc_sim_game_seed``, ``bfc_sim_bot_seed``): ``bfc.sim(...)`` plays the
very games that ``bfc-sim`` with the same options plays, and its wins,
game values, moves and points are the same.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _lib
from ._lib import LIB
from ._check import int_arg, seed_arg
from .errors import InvalidArgument, check, raise_status
from .moves import SOURCES, Move
from .observation import Observation
from .rules import Rules

_M64 = 2**64 - 1
_CHUNK = 4096  # games per bfc_sim_run call: Ctrl-C is seen between calls


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run started at ``seed``, as
    ``bfc-sim`` deals it (``bfc_sim_game_seed``)."""
    return LIB.bfc_sim_game_seed(seed & _M64, index & _M64)


def bot_seed(gseed: int, seat: int) -> int:
    """The starting generator state of seat ``seat``'s bot in the game
    dealt from ``gseed``, as ``bfc-sim`` starts it (``bfc_sim_bot_seed``)."""
    return LIB.bfc_sim_bot_seed(gseed & _M64, seat)


@dataclass
class SimResult:
    """What :func:`sim` played, added up.

    Attributes:
        games: the games played.
        moves: the moves made in all (reveals, lay-aways, declarations
            included).
        wins: per side, the games it won (backward games: the side that
            did not reach the target; a lost solitaire game is no one's).
        value: per side, the game values of its wins summed (RULES 5,
            :attr:`bfc.Game.value`).
        by_source: per seat, the points it pegged by source (the names of
            :data:`bfc.moves.SOURCES`: ``"frontline"``, ``"hand"``, ...),
            the first deal's included: what the score events of the games
            add up to. Crib Wars: a peg the board moves is not pegging.
        rules: the rules played.
        bots: the bot of each seat, by name (a Python callable: its
            ``repr``).
        engine: ``"c"`` (``bfc_sim_run``) or ``"python"`` (the Python
            loop); not compared by ``==``, since both engines give the same
            result.
    """

    games: int = 0
    moves: int = 0
    wins: List[int] = field(default_factory=list)
    value: List[int] = field(default_factory=list)
    by_source: List[Dict[str, int]] = field(default_factory=list)
    rules: Optional[Rules] = None
    bots: List[str] = field(default_factory=list)
    engine: str = field(default="c", compare=False)

    @property
    def seat_points(self) -> List[int]:
        """Per seat, the points it pegged in all."""
        return [sum(d.values()) for d in self.by_source]

    @property
    def points(self) -> List[int]:
        """Per side, the points its seats pegged in all (the final scores
        summed, except on a Crib Wars board, which also moves pegs)."""
        out = [0] * len(self.wins)
        if self.rules is None:
            return out
        for seat, p in enumerate(self.seat_points):
            out[self.rules.side_of(seat)] += p
        return out

    def win_rate(self, side: int) -> float:
        """The share of the games that ``side`` won."""
        return self.wins[side] / self.games if self.games else 0.0

    def __add__(self, other: "SimResult") -> "SimResult":
        """Two runs of the same rules and bots over different games (the
        shards of a run) added up; InvalidArgument for different runs."""
        if not isinstance(other, SimResult):
            return NotImplemented
        if other.rules != self.rules or other.bots != self.bots:
            raise InvalidArgument("SimResult: only runs of the same rules and bots add up")
        return SimResult(
            games=self.games + other.games,
            moves=self.moves + other.moves,
            wins=[a + b for a, b in zip(self.wins, other.wins)],
            value=[a + b for a, b in zip(self.value, other.value)],
            by_source=[
                {k: a.get(k, 0) + b.get(k, 0) for k in SOURCES} for a, b in zip(self.by_source, other.by_source)
            ],
            rules=self.rules,
            bots=list(self.bots),
            engine=self.engine if self.engine == other.engine else "mixed",
        )


# ---------------------------------------------------------------------------
# The bots of a run


class _Seat:
    """How one seat's bot is called: a library bot (its C function), a
    Bot class made afresh for each game, or a callable used as it is."""

    __slots__ = ("name", "cfn", "cls", "fn")

    def __init__(self, name: str, cfn=None, cls=None, fn: Optional[Callable] = None) -> None:
        self.name, self.cfn, self.cls, self.fn = name, cfn, cls, fn


def _seat(spec: Any) -> _Seat:
    from . import bots as _bots

    if isinstance(spec, str):
        cls = _bots.Bot._REGISTRY.get(spec)
        if cls is None:
            raise InvalidArgument(f"bots: no bot {spec!r} (bots: {', '.join(_bots.names())})", token=spec)
        spec = cls
    if isinstance(spec, type) and issubclass(spec, _bots.Bot):
        fn = getattr(spec, "_fn", None)
        if fn is not None:  # a library bot
            return _Seat(spec.name, cfn=fn, cls=spec)
        return _Seat(spec.name, cls=spec)
    if callable(spec):
        return _Seat(getattr(spec, "name", None) or repr(spec), fn=spec)
    raise InvalidArgument(f"bots: {spec!r} is not a bot (a name, a bfc.bots.Bot class or a callable)")


def _seats(bots: Union[None, str, Sequence[Any]], players: int) -> List[_Seat]:
    if bots is None:
        specs: List[Any] = ["greedy"] if players == 1 else [("greedy", "random")[s % 2] for s in range(players)]
    elif isinstance(bots, str):
        specs = bots.split(",")
    elif isinstance(bots, (list, tuple)):
        specs = list(bots)
    else:
        specs = [bots]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise InvalidArgument(f"bots: {len(specs)} bots for {players} players")
    return [_seat(s) for s in specs]


# ---------------------------------------------------------------------------
# The two engines


def _result(rules: Rules, seats: List[_Seat], engine: str) -> SimResult:
    nsides = rules.sides
    return SimResult(
        games=0,
        moves=0,
        wins=[0] * nsides,
        value=[0] * nsides,
        by_source=[{k: 0 for k in SOURCES} for _ in seats],
        rules=rules,
        bots=[s.name for s in seats],
        engine=engine,
    )


def _run_c(rules: Rules, seats: List[_Seat], seed: int, first: int, count: int, stride: int) -> SimResult:
    """The games in C: bfc_sim_run, in chunks."""
    s = rules._to_struct()
    fns = (_lib.BOT_FN * len(seats))(*(_lib.BOT_FN(_lib.bot_address(x.cfn)) for x in seats))
    raw = _lib.SimResultStruct()
    done = 0
    while done < count:
        n = min(_CHUNK, count - done)
        rc = LIB.bfc_sim_run(
            ctypes.byref(s), fns, seed, first + done * stride, n, stride, ctypes.byref(raw)
        )
        if rc < 0:
            raise_status(rc, "bfc_sim_run")
        done += n
    res = _result(rules, seats, "c")
    res.games, res.moves = raw.games, raw.moves
    res.wins = [raw.wins[d] for d in range(len(res.wins))]
    res.value = [raw.value_sum[d] for d in range(len(res.value))]
    for seat, d in enumerate(res.by_source):
        for i, k in enumerate(SOURCES, 1):
            d[k] = raw.points[seat][i]
    return res


def _replay_events(rs, gseed: int, history: List[int], move: int, n: int):
    """The events of ``move`` played after ``history`` in the game dealt
    from ``gseed``, in a buffer of ``n`` (the game replayed silently)."""
    status = ctypes.c_int(0)
    h = LIB.bfc_game_new(rs, gseed, ctypes.byref(status))
    if not h:
        raise_status(status.value, "new game")
    try:
        for m in history:
            check(LIB.bfc_game_apply(h, m, None, 0, None), "apply")
        big = (_lib.EventStruct * n)()
        nev = ctypes.c_size_t(0)
        check(LIB.bfc_game_apply(h, move, big, n, ctypes.byref(nev)), "apply")
        return big, nev.value
    finally:
        LIB.bfc_game_free(h)


def _run_python(rules: Rules, seats: List[_Seat], seed: int, first: int, count: int, stride: int) -> SimResult:
    """The games in a Python loop: the same deals, the same bot seeds, the
    score events tallied as bfc_sim_run tallies them."""
    s = rules._to_struct()
    rs = ctypes.byref(s)
    res = _result(rules, seats, "python")
    tally = [[0] * (len(SOURCES) + 1) for _ in seats]
    cap = _lib.MAX_EVENTS
    ev = (_lib.EventStruct * cap)()
    nev = ctypes.c_size_t(0)
    nev_ref = ctypes.byref(nev)
    status = ctypes.c_int(0)
    obs = _lib.ObservationStruct()
    obs_ref = ctypes.byref(obs)
    move = _lib.move_t()
    move_ref = ctypes.byref(move)
    rngs = [ctypes.c_uint64(0) for _ in seats]
    rng_refs = [ctypes.byref(r) for r in rngs]
    to_move, observe, apply = LIB.bfc_game_to_move, LIB.bfc_game_observe, LIB.bfc_game_apply
    free = LIB.bfc_game_free
    ev_score = _lib.EV_SCORE
    size = ctypes.sizeof(_lib.EventStruct)
    at_type, at_seat = _lib.EventStruct.type.offset, _lib.EventStruct.seat.offset
    at_source, at_points = _lib.EventStruct.source.offset, _lib.EventStruct.points.offset

    def add(buf, n: int) -> None:
        # the events' bytes, read at the struct's field offsets: no ctypes
        # object per event (a score event's points are its item's)
        data = ctypes.string_at(buf, n * size)
        for off in range(0, n * size, size):
            if data[off + at_type] == ev_score:
                tally[data[off + at_seat]][data[off + at_source]] += data[off + at_points]

    for j in range(count):
        gseed = game_seed(seed, first + j * stride)
        g = LIB.bfc_game_new_events(rs, gseed, ev, cap, nev_ref, ctypes.byref(status))
        if not g:
            raise_status(status.value, "new game")
        try:
            if nev.value > cap:  # a chain of cease-fires at the deal: again, with room
                free(g)
                big = (_lib.EventStruct * nev.value)()
                g = LIB.bfc_game_new_events(rs, gseed, big, len(big), nev_ref, ctypes.byref(status))
                if not g:
                    raise_status(status.value, "new game")
                add(big, nev.value)
            else:
                add(ev, nev.value)
            players = []
            for k, st in enumerate(seats):
                bseed = bot_seed(gseed, k)
                if st.cfn is not None:
                    rngs[k].value = bseed
                    players.append(None)
                elif st.cls is not None:
                    players.append(st.cls(bseed))
                else:
                    players.append(st.fn)
            moves = 0
            history: List[int] = []
            while True:
                seat = to_move(g)
                if seat < 0:
                    break
                observe(g, seat, obs_ref)
                st = seats[seat]
                if st.cfn is not None:
                    rc = st.cfn(obs_ref, rng_refs[seat], move_ref)
                    if rc < 0:
                        raise_status(rc, f"the {st.name} bot of seat {seat}")
                    m = move.value
                elif hasattr(players[seat], "_choose_raw"):  # the search bot: the game itself
                    m = players[seat]._choose_raw(g)
                else:
                    view = _lib.ObservationStruct.from_buffer_copy(obs)
                    m = int(Move(players[seat](Observation(view))))
                rc = apply(g, m, ev, cap, nev_ref)
                if rc < 0:
                    raise_status(rc, f"the {st.name} bot of seat {seat}", token=str(Move(m)))
                if nev.value > cap:
                    # more events than the buffer holds (a chain of
                    # cease-fires): the game is right, its events are read
                    # again from a replay of it up to this move
                    add(*_replay_events(rs, gseed, history, m, nev.value))
                else:
                    add(ev, nev.value)
                history.append(m)
                moves += 1
            w = LIB.bfc_game_winner(g)
            if w >= 0:
                res.wins[w] += 1
                res.value[w] += LIB.bfc_game_value(g)
            res.moves += moves
            res.games += 1
        finally:
            free(g)
    for seat, d in enumerate(res.by_source):
        for i, k in enumerate(SOURCES, 1):
            d[k] = tally[seat][i]
    return res


ENGINES = ("auto", "c", "python")
"""The values of :func:`sim`'s ``engine``."""


def sim(
    games: int = 1000,
    preset: str = "battlefield",
    players: Optional[int] = None,
    bots: Union[None, str, Sequence[Any]] = None,
    seed: int = 1,
    *,
    teams: bool = False,
    rules: Optional[Rules] = None,
    shard: Optional[Tuple[int, int]] = None,
    engine: str = "auto",
    **options: Any,
) -> SimResult:
    """Plays ``games`` whole games between bots and returns the tally
    (:class:`SimResult`).

    Args:
        games: how many games in the run.
        preset, players, teams, options: the game, as for
            :class:`bfc.Game` (or whole ``rules=``). Each game cuts for
            its first dealer unless ``first_dealer`` is given; with
            ``match`` each game is still played alone.
        bots: the bot of each seat, seat 0 first: names (``"random"``,
            ``"greedy"``, ``"ismcts"`` -- the search bot at its default
            budget, in the Python loop, given the game --, or a Python
            bot's registered name),
            :class:`bfc.bots.Bot` classes (made afresh for each game,
            seeded as ``bfc-sim`` seeds its bots), or any callable from an
            :class:`~bfc.Observation` to a move (used as it is, for every
            game); a list, or one comma-separated string of names; one
            bot plays every seat. Default: greedy, random, greedy, ...
            (solitaire: greedy), as ``bfc-sim``.
        seed: the run's seed; the games are ``bfc-sim --seed``'s.
        shard: ``(k, n)``, 1 <= k <= n: play only the games ``i`` of the
            run with ``i % n == k - 1`` (``bfc-sim --shard k/n``); the
            shards' results add up (``+``) to the whole run's.
        engine: ``"c"``: ``bfc_sim_run`` (every seat must be a library
            bot); ``"python"``: the Python loop; ``"auto"`` (default): C
            when every seat is a library bot, else Python. Both give the
            same result.

    Raises:
        InvalidArgument: bad rules, bots or counts. An exception a Python
        bot raises goes through as it is; an illegal move it returns
        raises :class:`bfc.IllegalMove`.
    """
    if rules is None:
        rules = Rules.preset(preset, players, teams, **options)
    elif options or players is not None or teams:
        rules = rules.replace(
            **options, **({"players": players} if players is not None else {}), **({"teams": True} if teams else {})
        )
    rules.check()
    int_arg("games", games, 0, _M64, "a count 0..2**64-1")
    seed_arg("seed", seed)
    if shard is None:
        k, n = 1, 1
    else:
        try:
            k, n = shard
        except (TypeError, ValueError):
            raise InvalidArgument(f"shard: {shard!r} is not (k, n)") from None
        if not (isinstance(k, int) and isinstance(n, int) and 1 <= k <= n):
            raise InvalidArgument(f"shard: {shard!r} is not (k, n) with 1 <= k <= n")
    if engine not in ENGINES:
        raise InvalidArgument(f"engine: {engine!r} is not one of {', '.join(ENGINES)}", token=str(engine))
    seats = _seats(bots, rules.players)
    in_c = all(st.cfn is not None for st in seats)
    if engine == "c" and not in_c:
        python = [st.name for st in seats if st.cfn is None]
        raise InvalidArgument(f"engine 'c': only the library's bots play in C, not {', '.join(python)}")
    first = k - 1
    count = len(range(first, games, n))
    run = _run_c if in_c and engine != "python" else _run_python
    return run(rules, seats, seed, first, count, n)
