"""The library's bots: players that see only an observation.

A bot is a callable object: give it an :class:`~bfc.Observation`, it
returns a :class:`~bfc.Move`. Each bot owns its random generator, started
from the seed it was made with, so a game between seeded bots replays
exactly::

    bots = [bfc.bots.greedy(seed=1), bfc.bots.random(seed=2)]
    g = bfc.Game(seed=7)
    while not g.over:
        g.apply(bots[g.to_move](g.observe()))

======== ================================================================
random   a legal move chosen uniformly at random (``bfc_bot_random``)
greedy   the move with the most immediate points for its side, the best
         lay-away and discard, never a take that stalls
         (``bfc_bot_greedy``)
ismcts   the search bot (:class:`search`, ``bfc_search_*``): Information
         Set Monte Carlo Tree Search over re-deals of what the seat has
         not seen; classic discards by the exact advice
======== ================================================================

The search bot is called with the :class:`~bfc.Game` rather than an
observation (it re-deals the game for the seat to move and reads nothing
that seat cannot see), and it can explain a decision::

    bot = bfc.bots.search(level="easy", seed=1)
    g = bfc.Game(seed=7)
    for stat in bot.analyze(g)[:3]:
        print(stat.move, stat.visits, round(stat.value, 3))
    g.apply(bot(g))

:func:`get` makes a bot from its name (``bfc.bots.get("greedy", seed=3)``)
and :data:`NAMES` lists them.

Adding a bot of the library that has the usual C signature
``int bfc_bot_X(const bfc_observation *, uint64_t *rng, bfc_move *out)``
is one line at the end of this module::

    X = _library_bot("X", "bfc_bot_X", "what it does")

after its prototype is added to ``_lib._PROTOS``. A bot written in Python
is any callable from an Observation to a move; subclass :class:`Bot` to be
listed by :func:`get`.

Threads: a bot may be shared by threads; its calls are made one at a time
(a lock per bot, held while the library works with the bot's generator or
search), and the search bot also holds the game's lock while it searches,
so no other thread changes or closes the game under it.

Copies: ``copy.copy``/``copy.deepcopy`` (and pickle) of ``random`` and
``greedy`` make an independent bot whose generator starts where the
original's stands. The search bot cannot be copied or pickled (its C search
and generator have no copy): it raises :class:`~bfc.InvalidType`; make
another with the same arguments.
"""

from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Type

from . import _lib
from ._check import bool_arg, choice_arg, int_arg, seed_arg
from ._lib import LIB
from .errors import ClosedError, InvalidArgument, InvalidType, raise_status, short
from .moves import _MOVES, Move
from .observation import Observation

__all__ = ["Bot", "random", "greedy", "search", "SearchStat", "SearchInfo", "LEVELS", "get", "NAMES"]


class Bot:
    """A bot: ``bot(observation) -> Move``. ``seed`` (0..2**64-1) starts
    its own random generator (``bfc_rng_next``'s splitmix64 state); ``rng``
    is that state as it stands."""

    name = "bot"
    _REGISTRY: Dict[str, Type["Bot"]] = {}

    def __init__(self, seed: int = 0) -> None:
        self._lock = threading.RLock()
        self._rng = ctypes.c_uint64(seed_arg("seed", seed))
        self._move = _lib.move_t()

    @property
    def rng(self) -> int:
        """The generator's state now."""
        return self._rng.value

    def __call__(self, obs: Observation) -> Move:  # pragma: no cover - overridden
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"bfc.bots.{self.name}(rng={self._rng.value:#x})"

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        if cls.name != "bot":
            Bot._REGISTRY[cls.name] = cls

    # A copy has its own generator (the same state) and its own lock:
    # never the C buffers of the original.
    def __getstate__(self) -> Dict[str, Any]:
        d = dict(self.__dict__)
        d["_rng"] = self._rng.value
        d.pop("_move", None)
        d.pop("_lock", None)
        return d

    def __setstate__(self, d: Dict[str, Any]) -> None:
        d = dict(d)
        self._lock = threading.RLock()
        self._rng = ctypes.c_uint64(d.pop("_rng", 0))
        self._move = _lib.move_t()
        self.__dict__.update(d)

    def __copy__(self) -> "Bot":
        new = type(self).__new__(type(self))
        new.__setstate__(self.__getstate__())
        return new

    def __deepcopy__(self, memo: dict) -> "Bot":
        import copy as _copy

        new = type(self).__new__(type(self))
        new.__setstate__(_copy.deepcopy(self.__getstate__(), memo))
        return new


def _observation(bot: str, x: Any) -> Observation:
    """What a library bot reads: an Observation, or the observation of the
    seat to move of a Game (as the JavaScript bots take a game)."""
    if isinstance(x, Observation):
        return x
    from .game import Game

    if isinstance(x, Game):
        if x.over:
            raise InvalidArgument(f"the {bot} bot: the game is over, there is no move to choose")
        return x.observe()
    raise InvalidType(
        f"the {bot} bot: want a bfc.Observation or a bfc.Game (got {short(x)}, a {type(x).__name__})"
    )


class _LibraryBot(Bot):
    """A bot of the library: one C call per move. It takes an Observation,
    or a Game (the observation of its seat to move)."""

    _fn: Callable = None  # type: ignore[assignment]

    def __call__(self, obs: Any) -> Move:
        obs = _observation(self.name, obs)
        with self._lock:
            rc = self._fn(ctypes.byref(obs._o), ctypes.byref(self._rng), ctypes.byref(self._move))
            if rc < 0:
                raise_status(rc, f"the {self.name} bot")
            return _MOVES[self._move.value]


def _library_bot(name: str, symbol: str, doc: str) -> Type[Bot]:
    """Makes the class of a library bot with the usual C signature."""
    fn = getattr(LIB, symbol)
    return type(
        name,
        (_LibraryBot,),
        {
            "name": name,
            "_fn": staticmethod(fn),
            "__doc__": f"{doc}\n\n``{name}(seed=0)`` makes one; call it with an Observation (or a Game: "
            "the observation of its seat to move).",
            "__module__": __name__,
            "__qualname__": name,
        },
    )


random = _library_bot(
    "random", "bfc_bot_random", "A legal move chosen uniformly at random (``bfc_bot_random``)."
)
greedy = _library_bot(
    "greedy",
    "bfc_bot_greedy",
    "The move with the most immediate points for its side (``bfc_bot_greedy``): frontline "
    "points, less a go given away; unseen cards counted at their mean; the best lay-away; "
    "the discard with the best mean hand; honest muggins declarations.",
)


LEVELS = ("easy", "medium", "hard")
"""The search bot's levels (``BFC_LEVEL_*``): a budget of 40, 400 and 2000
iterations per decision."""

PLAYOUTS = ("random", "guided", "greedy")
"""The search bot's playout policies (``BFC_PLAYOUT_*``), by number."""

SEARCH_VALUES = ("win", "margin")
"""What the search bot maximizes (``BFC_SEARCH_WIN``, ``_MARGIN``)."""


@dataclass(frozen=True)
class SearchStat:
    """One legal move of a searched decision (``bfc_search_stat``).

    ``move``; ``visits``: the iterations that played it; ``value``: their
    mean value for the seat's side (a chance of winning 0..1, or a points
    margin with ``value="margin"``; 0 with no visits); ``searched``: False
    for a move that was not a candidate (a classic discard other than the
    exact best, a dishonest muggins count); ``wins_now``: it won the game
    at once in every iteration that played it."""

    move: Move
    visits: int
    value: float
    searched: bool
    wins_now: bool


@dataclass(frozen=True)
class SearchInfo:
    """What the search bot's last decision took (``bfc_search_info``):
    ``iterations`` run, tree ``nodes`` (the root included), the longest
    tree path ``depth``, root ``candidates`` searched (1: none was
    needed), wall-clock ``ms``."""

    iterations: int
    nodes: int
    depth: int
    candidates: int
    ms: float


def _choice(what: str, v: Any, names: tuple) -> int:
    return choice_arg(what, v, names)


def _budget(what: str, v: Any) -> int:
    return int_arg(what, v, 1, 2**32 - 1, "an integer 1..2**32-1")


_SEARCH_CLOSED = (
    "this search bot was closed (close(), the end of its with block, or __del__): "
    "its C search is freed; make a new one"
)


class search(Bot):
    """The library's search bot: Information Set Monte Carlo Tree Search
    (``bfc_search_*``; bfc.h, "Search bot"), for every variant and player
    count.

    ``search(seed=0, *, level=None, iterations=None, time_ms=None,
    exploration=None, playout="guided", value="win", exact_discard=True,
    nodes=0)``: give at most one budget -- ``level`` (:data:`LEVELS`),
    ``iterations`` per decision or ``time_ms`` per decision (not
    reproducible); none: the library's default, 400 iterations.
    ``playout`` is one of :data:`PLAYOUTS`, ``value`` one of
    :data:`SEARCH_VALUES`; ``exploration`` the UCB1 constant (None: the
    library's, 0.7); ``exact_discard``: classic discards by the exact
    advice (:func:`bfc.advise_discard`); ``nodes``: the node arena (0: the
    library sizes it).

    Call it with a :class:`~bfc.Game` (``bot(game) -> Move``): the search
    needs the game to re-deal it for the seat to move, and reads only what
    that seat sees (bfc.h), so two games that differ only in cards the
    seat has not seen get the same move from the same seed. With an
    iteration budget the moves depend only on the seed and the decisions
    asked, on every machine. The C bot is made for the rules of the first
    game it is given; a game of other rules makes it anew (its generator
    starts again from the seed). It holds C memory (the node arena, 32
    bytes a node): :meth:`close` frees it at once (so does the end of a
    ``with`` block), else the garbage collector does; a closed bot raises
    :class:`~bfc.ClosedError`. One bot may serve several threads: their
    searches run one after the other, and :meth:`close` waits for the one
    running. It cannot be copied or pickled (:class:`~bfc.InvalidType`).
    Raises :class:`~bfc.InvalidArgument` for a bad option or a game that
    is over.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        level: Optional[str] = None,
        iterations: Optional[int] = None,
        time_ms: Optional[int] = None,
        exploration: Optional[float] = None,
        playout: str = "guided",
        value: str = "win",
        exact_discard: bool = True,
        nodes: int = 0,
    ) -> None:
        self._h: Optional[int] = None
        self._closed = False
        super().__init__(seed)
        self._rules = b""
        cfg = _lib.SearchConfigStruct()
        LIB.bfc_search_config_init(ctypes.byref(cfg))
        if sum(x is not None for x in (level, iterations, time_ms)) > 1:
            raise InvalidArgument("search: give one budget: level, iterations or time_ms, not two")
        if level is not None:
            rc = LIB.bfc_search_config_level(ctypes.byref(cfg), _choice("level", level, LEVELS) + 1)
            if rc < 0:
                raise_status(rc, "search level", token=str(level))
        if iterations is not None:
            cfg.iterations, cfg.time_ms = _budget("iterations", iterations), 0
        if time_ms is not None:
            cfg.iterations, cfg.time_ms = 0, _budget("time_ms", time_ms)
        if exploration is not None:
            if isinstance(exploration, bool) or not isinstance(exploration, (int, float)):
                raise InvalidType(f"exploration: want a number (got {short(exploration)})", token=short(exploration))
            cfg.exploration = float(exploration)
        cfg.seed = self._rng.value
        cfg.playout = _choice("playout", playout, PLAYOUTS)
        cfg.value = _choice("value", value, SEARCH_VALUES)
        cfg.flags = _lib.SEARCH_EXACT_DISCARD if bool_arg("exact_discard", exact_discard) else 0
        cfg.nodes = int_arg("nodes", nodes, 0, 2**32 - 1, "an integer 0..2**32-1 (0: the library sizes it)")
        self._cfg = cfg
        self._stats = (_lib.SearchStatStruct * _lib.MAX_MOVES)()
        # the config is checked now (bfc_search_new with the default rules),
        # not at the first move
        self._make(b"", None)

    @property
    def config(self) -> Dict[str, Any]:
        """The bot's settings as the library holds them (``bfc_search_config``)."""
        c = self._cfg
        return {
            "iterations": c.iterations,
            "time_ms": c.time_ms,
            "exploration": c.exploration,
            "seed": c.seed,
            "playout": PLAYOUTS[c.playout],
            "value": SEARCH_VALUES[c.value],
            "exact_discard": bool(c.flags & _lib.SEARCH_EXACT_DISCARD),
            "nodes": c.nodes,
        }

    # The lock is held by every caller of these.
    def _release(self) -> None:
        h, self._h = self._h, None
        if h:
            LIB.bfc_search_free(h)

    def _make(self, key: bytes, rules_ref) -> None:
        self._release()
        status = ctypes.c_int(0)
        if rules_ref is None:
            r = _lib.RulesStruct()
            LIB.bfc_rules_init(ctypes.byref(r))
            rules_ref = ctypes.byref(r)
        h = LIB.bfc_search_new(rules_ref, ctypes.byref(self._cfg), ctypes.byref(status))
        if not h:
            raise_status(status.value, "search bot (bfc_search_new)")
        self._h, self._rules = h, key

    def _handle(self, g: int) -> int:
        if self._closed:
            raise ClosedError(_SEARCH_CLOSED)
        ref = LIB.bfc_game_rules(g)
        key = ctypes.string_at(ref, ctypes.sizeof(_lib.RulesStruct))
        if self._h is None or key != self._rules:
            self._make(key, ref)
        return self._h  # type: ignore[return-value]

    def _choose_raw(self, g: int) -> int:
        """The move for the game handle g (bfc.sim's loop, whose games no
        other thread sees)."""
        with self._lock:
            rc = LIB.bfc_search_move(self._handle(g), g, ctypes.byref(self._move))
            if rc < 0:
                raise_status(rc, "the search bot" + (" (the game is over)" if LIB.bfc_game_over(g) == 1 else ""))
            return self._move.value

    @staticmethod
    def _game(game: Any):
        from .game import Game

        if isinstance(game, Observation):
            raise InvalidType("the search bot needs the Game (it re-deals what the seat to move has not seen): bot(game)")
        if not isinstance(game, Game):
            raise InvalidType(f"the search bot: want a bfc.Game (got {short(game)}, a {type(game).__name__})")
        return game

    def __call__(self, game: Any) -> Move:  # type: ignore[override]
        """The move the bot chooses for the seat to move in ``game``
        (``bfc_search_move``); the game is not changed."""
        game = self._game(game)
        with self._lock, game._lock:  # the bot's, then the game's (bfc.Game never holds its own while calling a bot)
            g = game._h()
            rc = LIB.bfc_search_move(self._handle(g), g, ctypes.byref(self._move))
            if rc < 0:
                raise_status(rc, "the search bot" + (" (the game is over)" if LIB.bfc_game_over(g) == 1 else ""))
            return _MOVES[self._move.value]

    move = __call__

    def analyze(self, game: Any) -> List[SearchStat]:
        """The analysis of the decision, for hints (``bfc_search_analyze``):
        every legal move once, best first; the first is the move the bot
        would choose. It is a search of its own: it advances the bot's
        generator as a move would. The visits of the searched moves add up
        to :attr:`last`'s iterations."""
        game = self._game(game)
        with self._lock, game._lock:
            g = game._h()
            h = self._handle(g)
            n = LIB.bfc_search_analyze(h, g, self._stats, len(self._stats))
            if n < 0:
                raise_status(n, "the search bot" + (" (the game is over)" if LIB.bfc_game_over(g) == 1 else ""))
            buf = self._stats
            if n > len(buf):  # more legal moves than BFC_MAX_MOVES: the same search with room
                buf = (_lib.SearchStatStruct * n)()
                LIB.bfc_search_analyze(h, g, buf, n)
            return [
                SearchStat(_MOVES[s.move], s.visits, s.value, bool(s.searched), bool(s.wins_now)) for s in buf[:n]
            ]

    @property
    def last(self) -> Optional[SearchInfo]:
        """What the last decision took (``bfc_search_last``), None before
        the first."""
        with self._lock:
            if self._closed:
                raise ClosedError(_SEARCH_CLOSED)
            if self._h is None:
                return None
            i = _lib.SearchInfoStruct()
            if LIB.bfc_search_last(self._h, ctypes.byref(i)) < 0:  # pragma: no cover - a valid handle
                return None
            return SearchInfo(i.iterations, i.nodes, i.depth, i.candidates, i.ms)

    def seed(self, seed: int) -> None:
        """Starts the generator again from ``seed`` (``bfc_search_seed``), as
        if the bot had just been made with it."""
        seed = seed_arg("seed", seed)
        with self._lock:
            if self._closed:
                raise ClosedError(_SEARCH_CLOSED)
            self._cfg.seed = seed
            if self._h is not None:
                LIB.bfc_search_seed(self._h, seed)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` freed the C bot."""
        return self._closed

    def close(self) -> None:
        """Frees the C bot now (``bfc_search_free``), after the search
        another thread may be running with it; every later call raises
        :class:`~bfc.ClosedError`. Closing twice is harmless."""
        lock = self.__dict__.get("_lock")
        if lock is None:  # __init__ failed before its lock
            return
        with lock:
            self._closed = True
            self._release()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def __enter__(self) -> "search":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _no_copy(self, *args: Any) -> Any:
        raise InvalidType(
            "a bfc.bots.search cannot be copied or pickled: its C search and generator have no copy "
            "(two owners would free it twice); make another bfc.bots.search with the same arguments"
        )

    __copy__ = __deepcopy__ = __reduce_ex__ = __reduce__ = __getstate__ = _no_copy  # type: ignore[assignment]

    def __repr__(self) -> str:
        c = self._cfg
        budget = f"iterations={c.iterations}" if c.iterations else f"time_ms={c.time_ms}"
        closed = ", closed" if self._closed else ""
        return f"bfc.bots.search({budget}, seed={c.seed:#x}, playout={PLAYOUTS[c.playout]!r}{closed})"


class _UnknownBot(InvalidArgument, KeyError):
    """No bot of that name: a bad argument of the package, and the KeyError
    a lookup by name raises."""

    __str__ = Exception.__str__  # the message, not KeyError's repr of it


def get(name: str, seed: int = 0) -> Bot:
    """A new bot of this name (one of :data:`NAMES`) started from
    ``seed``; :class:`~bfc.InvalidArgument` (a KeyError too) naming the
    known bots otherwise."""
    cls = Bot._REGISTRY.get(name) if isinstance(name, str) else None
    if cls is None:
        import difflib

        near = difflib.get_close_matches(str(name), names(), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise _UnknownBot(f"bot: no bot {short(name)}{hint}: want one of {', '.join(names())}", token=short(name))
    return cls(seed)


def __getattr__(attr: str):
    if attr == "NAMES":
        return names()
    raise AttributeError(attr)


def names() -> List[str]:
    """The names of the bots :func:`get` knows."""
    return sorted(Bot._REGISTRY)


NAMES: List[str]
"""The names of the bots :func:`get` knows (kept current as bots are
added)."""
