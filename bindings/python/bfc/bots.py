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
rules    Battlefield by rules of thumb, frozen as a reference opponent:
         what the frontline it leaves gives away, the turn card, the joker
         (``bfc_bot_rules``; greedy in the classic games)
ismcts   the search bot (:class:`search`, ``bfc_search_*``): the deal
         solver in the play of two-player classic games, Information Set
         Monte Carlo Tree Search elsewhere, over re-deals of what the seat
         has not seen; classic discards by the advice; levels by name
         (:data:`LEVELS`)
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
search). The search bot holds the game's lock only while it copies the
game: it searches its own copy, so other threads may play on or close the
game meanwhile. A search runs in steps: Ctrl-C raises KeyboardInterrupt
within one, and :meth:`search.interrupt` (which takes no lock of the bot)
stops it from another thread with :class:`~bfc.Interrupted`.

Copies: ``copy.copy``/``copy.deepcopy`` (and pickle) of ``random`` and
``greedy`` make an independent bot whose generator starts where the
original's stands. The search bot cannot be copied or pickled (its C search
and generator have no copy): it raises :class:`~bfc.InvalidType`; make
another with the same arguments.
"""

from __future__ import annotations

import ctypes
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Type

from . import _lib
from ._check import bool_arg, choice_arg, int_arg, seed_arg
from ._lib import LIB
from .errors import ClosedError, Interrupted, InvalidArgument, InvalidType, check, raise_status, short
from .moves import _MOVES, Move
from .observation import PHASES, Observation

__all__ = ["Bot", "random", "greedy", "rules", "search", "dial", "SearchStat", "SearchInfo", "LEVELS", "STEPS", "get", "NAMES"]


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
rules = _library_bot(
    "rules",
    "bfc_bot_rules",
    "Battlefield by rules of thumb (``bfc_bot_rules``): frontline points now, less what the "
    "frontline left gives the next player; the formation it builds; the turn card and the "
    "joker. Frozen (its moves are pinned); greedy in the classic games.",
)


LEVELS = ("easy", "medium", "hard")
"""The search bot's levels (``BFC_LEVEL_*``), each stronger than the one
below: ``bfc_search_config_level`` sets the budget of each (the ISMCTS
iterations and the deal solver's worlds; ``search(level=...).config``
shows them). The library owns the numbers: they are never written here."""

PLAYOUTS = ("random", "guided", "greedy")
"""The search bot's playout policies (``BFC_PLAYOUT_*``), by number."""

SEARCH_VALUES = ("win", "margin")
"""What the search bot maximizes (``BFC_SEARCH_WIN``, ``_MARGIN``)."""


@dataclass(frozen=True)
class SearchStat:
    """One legal move of a searched decision (``bfc_search_stat``).

    ``move``; ``visits``: the iterations that played it (the deal solver:
    the worlds it was solved in; a move alike another carries that one's
    figures); ``value``: for the seat's side, the mean chance of winning
    0..1 of its visits (a points margin with ``value="margin"``), at a
    classic discard its chance of winning from the advice
    (:meth:`bfc.Observation.advise_discard` with ``win=True``), or None
    when the move was not valued (no visits; a discard under rules with no
    table of the chance of winning); ``searched``: False for a move that
    was not a candidate (a classic discard other than the advice's best, a
    dishonest muggins count); ``wins_now``: it won the game at once in
    every iteration that played it; ``points``: at a classic discard, the
    discard's expected points (``total_ev`` of the advice), else None;
    ``same_as``: the move whose figures this one carries because the two
    are the same to every player (Battlefield reveals, RULES D7; a swap or
    take into either of two face-down slots; cards of one rank in the
    classic play), itself otherwise -- a front end shows such moves as
    one ("play 3C or 3S")."""

    move: Move
    visits: int
    value: Optional[float]
    searched: bool
    wins_now: bool
    points: Optional[float]
    same_as: Move


@dataclass(frozen=True)
class SearchInfo:
    """What the search bot's last decision took (``bfc_search_info``):
    ``iterations`` run (the deal solver: worlds), tree ``nodes`` (the root
    included), the longest tree path ``depth`` (0 for the deal solver),
    root ``candidates`` searched (1: none was needed), wall-clock ``ms``."""

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

# A decision runs in steps (bfc_search_step) of `work` units, so that
# Ctrl-C and interrupt() stop it between two: the step grows while it takes
# less than _STEP_MIN seconds and shrinks above _STEP_MAX. The clock only
# sizes the steps; the decision is the same however it is cut (bfc.h).
_STEP_MIN, _STEP_MAX, _WORK_MAX = 0.002, 0.02, 1 << 16


class search(Bot):
    """The library's search bot (``bfc_search_*``; bfc.h, "Search bot"), for
    every variant and player count: the deal solver for the play of a
    two-player classic game (alpha-beta over worlds drawn from a belief
    about the other player's cards), ISMCTS (Information Set Monte Carlo
    Tree Search) elsewhere, classic discards by the advice.

    ``search(seed=0, *, level=None, iterations=None, time_ms=None,
    worlds=None, exploration=None, playout="guided", value="win",
    exact_discard=True, solver=True, belief=True, nodes=0)``: give at most
    one budget -- ``level`` (:data:`LEVELS`: sets the iterations and the
    worlds), ``iterations`` per decision or ``time_ms`` per decision (not
    reproducible); none: the library's default, the medium level.
    ``worlds``: the deal solver's most worlds per decision (0: from the
    iterations; None: the level's or the default's). ``playout`` is one of
    :data:`PLAYOUTS`, ``value`` one of :data:`SEARCH_VALUES`;
    ``exploration`` the UCB1 constant (None: the library's);
    ``exact_discard``: classic discards by the advice
    (``BFC_SEARCH_EXACT_DISCARD``); ``solver``: the deal solver where the
    rules allow it (``BFC_SEARCH_SOLVER``; False: ISMCTS everywhere);
    ``belief``: worlds drawn from the belief
    (:meth:`bfc.Game.determinize_belief`, ``BFC_SEARCH_BELIEF``; False:
    uniform re-deals); ``nodes``: the node arena (0: the library sizes
    it).

    Call it with a :class:`~bfc.Game` (``bot(game) -> Move``): the search
    needs the game to re-deal it for the seat to move, and reads only what
    that seat sees (bfc.h), so two games that differ only in cards the
    seat has not seen get the same move from the same seed. With an
    iteration budget the moves depend only on the seed and the decisions
    asked, on every machine. The bot searches a copy of the game taken at
    the start of the decision: the game is free for other threads meanwhile.

    A decision runs in short steps (``bfc_search_step``), so it can be
    stopped: Ctrl-C raises :class:`KeyboardInterrupt` within a step (a few
    milliseconds), and :meth:`interrupt`, from another thread, makes the
    searching thread raise :class:`~bfc.Interrupted`; either way the
    decision ends cleanly, nothing is chosen and the bot is ready for the
    next. ``progress`` (a keyword of :meth:`__call__` and :meth:`analyze`)
    is called after each step with the units of work done so far.

    The C bot is made for the rules of the first game it is given; a game
    of other rules makes it anew (its generator starts again from the
    seed). It holds C memory (the node arena, 32 bytes a node, and its
    games): :meth:`close` frees it at once (so does the end of a ``with``
    block), else the garbage collector does; a closed bot raises
    :class:`~bfc.ClosedError`. One bot may serve several threads: their
    searches run one after the other, and :meth:`close` interrupts the one
    running (it raises :class:`~bfc.Interrupted`) and frees the bot once it
    has returned. It cannot be copied or pickled (:class:`~bfc.InvalidType`).
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
        worlds: Optional[int] = None,
        exploration: Optional[float] = None,
        playout: str = "guided",
        value: str = "win",
        exact_discard: bool = True,
        solver: bool = True,
        belief: bool = True,
        nodes: int = 0,
    ) -> None:
        self._h: Optional[int] = None
        self._world: Optional[int] = None  # the copy of the game searched
        self._closed = False
        self._deciding = False  # a decision runs (re-entry from progress is refused)
        self._running: Optional[int] = None  # the C bot while it decides, for interrupt()
        self._decider: Optional[int] = None  # the thread deciding (its own progress may not close)
        self._closing = False  # close() asked: a decision running or starting is interrupted
        self._irq = threading.RLock()  # guards _running: never held for a search
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
        if worlds is not None:
            cfg.worlds = int_arg("worlds", worlds, 0, 2**32 - 1, "an integer 0..2**32-1 (0: from the iterations)")
        if exploration is not None:
            if isinstance(exploration, bool) or not isinstance(exploration, (int, float)):
                raise InvalidType(f"exploration: want a number (got {short(exploration)})", token=short(exploration))
            cfg.exploration = float(exploration)
        cfg.seed = self._rng.value
        cfg.playout = _choice("playout", playout, PLAYOUTS)
        cfg.value = _choice("value", value, SEARCH_VALUES)
        flags = 0
        for name_, flag, on in (
            ("exact_discard", _lib.SEARCH_EXACT_DISCARD, exact_discard),
            ("solver", _lib.SEARCH_SOLVER, solver),
            ("belief", _lib.SEARCH_BELIEF, belief),
        ):
            flags |= flag if bool_arg(name_, on) else 0
        cfg.flags = flags
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
            "worlds": c.worlds,
            "exploration": c.exploration,
            "seed": c.seed,
            "playout": PLAYOUTS[c.playout],
            "value": SEARCH_VALUES[c.value],
            "exact_discard": bool(c.flags & _lib.SEARCH_EXACT_DISCARD),
            "solver": bool(c.flags & _lib.SEARCH_SOLVER),
            "belief": bool(c.flags & _lib.SEARCH_BELIEF),
            "nodes": c.nodes,
        }

    # The lock is held by every caller of these.
    def _release(self) -> None:
        h, self._h = self._h, None
        w, self._world = self._world, None
        if h:
            LIB.bfc_search_free(h)
        if w:
            LIB.bfc_game_free(w)

    def _make(self, key: bytes, rules_ref) -> None:
        self._release()
        status = ctypes.c_int(0)
        if rules_ref is None:
            r = _lib.RulesStruct()
            LIB.bfc_rules_init(ctypes.byref(r))
            rules_ref = ctypes.byref(r)
        h = LIB.bfc_search_new(rules_ref, ctypes.byref(self._cfg), ctypes.byref(status))
        if not h:
            raise_status(status.value, "search bot (bfc_search_new: the library refused this configuration)")
        w = LIB.bfc_game_new(rules_ref, 0, ctypes.byref(status))
        if not w:
            LIB.bfc_search_free(h)
            raise_status(status.value, "search bot (its copy of the game)")
        self._h, self._world, self._rules = h, w, key

    def _handle(self, g: int) -> int:
        if self._closed or self._closing:
            raise ClosedError(_SEARCH_CLOSED)
        if self._deciding:
            raise InvalidArgument(
                "the search bot is deciding already (a call from its own progress callback?): "
                "wait for the decision to end"
            )
        ref = LIB.bfc_game_rules(g)
        key = ctypes.string_at(ref, ctypes.sizeof(_lib.RulesStruct))
        if self._h is None or key != self._rules:
            self._make(key, ref)
        return self._h  # type: ignore[return-value]

    def _decide(self, source: Any, progress: Optional[Callable[[int], Any]]) -> int:
        """One decision, in steps; the bot's lock is held. source is a
        bfc.Game (its lock is held while it is copied) or a raw game handle
        (bfc.sim's loop). The game is copied into the bot's own game first,
        so nothing the game's owner does meanwhile reaches the search.
        Leaves the analysis in self._stats (growing it when there are more
        legal moves) and returns how many moves it lists. Raises
        Interrupted (interrupt()), the caller's KeyboardInterrupt, or what
        progress raised, after ending the decision."""
        if isinstance(source, int):
            h = self._handle(source)
            rc = LIB.bfc_game_copy(self._world, source)
        else:
            with source._lock:
                g = source._h()
                h = self._handle(g)
                rc = LIB.bfc_game_copy(self._world, g)
        w = self._world
        if rc >= 0:
            rc = LIB.bfc_search_begin(h, w)
        if rc < 0:
            raise_status(rc, "the search bot" + (" (the game is over)" if LIB.bfc_game_over(w) == 1 else ""))
        try:
            self._deciding = True
            with self._irq:
                self._running, self._decider = h, threading.get_ident()
                if self._closing:  # close() came between the check and here
                    LIB.bfc_search_interrupt(h)
            work, step, clock = 1, LIB.bfc_search_step, time.perf_counter
            info = _lib.SearchInfoStruct() if progress is not None else None
            while True:
                t = clock()
                rc = step(h, work)
                t = clock() - t
                if progress is not None:
                    LIB.bfc_search_last(h, ctypes.byref(info))
                    progress(info.iterations)  # type: ignore[union-attr]
                if rc != 0:
                    break
                if t < _STEP_MIN and work < _WORK_MAX:
                    work *= 2
                elif t > _STEP_MAX and work > 1:
                    work //= 2
            if rc == _lib.EINTR:
                by = "close(): the bot is closed" if self._closing else "interrupt()"
                raise Interrupted(
                    f"the search bot: interrupted ({by}) before it decided; nothing was chosen",
                    status=_lib.EINTR,
                )
            if rc < 0:  # pragma: no cover - a decision begun steps
                raise_status(rc, "the search bot")
            n = LIB.bfc_search_result(h, self._stats, len(self._stats))
            if n > len(self._stats):  # more legal moves than BFC_MAX_MOVES
                self._stats = (_lib.SearchStatStruct * n)()
                n = LIB.bfc_search_result(h, self._stats, n)
            return check(n, "the search bot")
        finally:
            self._deciding = False
            with self._irq:
                self._running = self._decider = None
            LIB.bfc_search_end(h)

    def _choose_raw(self, g: int) -> int:
        """The move for the game handle g (bfc.sim's loop, whose games no
        other thread sees)."""
        with self._lock:
            self._decide(g, None)
            return self._stats[0].move

    @staticmethod
    def _game(game: Any):
        from .game import Game

        if isinstance(game, Observation):
            raise InvalidType("the search bot needs the Game (it re-deals what the seat to move has not seen): bot(game)")
        if not isinstance(game, Game):
            raise InvalidType(f"the search bot: want a bfc.Game (got {short(game)}, a {type(game).__name__})")
        return game

    @staticmethod
    def _progress(progress: Any) -> Optional[Callable[[int], Any]]:
        if progress is not None and not callable(progress):
            raise InvalidType(f"progress: want a callable or None (got {short(progress)})", token=short(progress))
        return progress

    def __call__(self, game: Any, *, progress: Optional[Callable[[int], Any]] = None) -> Move:  # type: ignore[override]
        """The move the bot chooses for the seat to move in ``game``
        (``bfc_search_move``, run in steps); the game is not changed.
        ``progress(units)`` is called after each step. Raises
        :class:`~bfc.Interrupted` when :meth:`interrupt` stopped it."""
        game = self._game(game)
        progress = self._progress(progress)
        with self._lock:  # the bot's, then the game's (bfc.Game never holds its own while calling a bot)
            self._decide(game, progress)
            return _MOVES[self._stats[0].move]

    move = __call__

    def analyze(self, game: Any, *, progress: Optional[Callable[[int], Any]] = None) -> List[SearchStat]:
        """The analysis of the decision, for hints (``bfc_search_analyze``,
        run in steps): every legal move once, best first, as
        :class:`SearchStat`; the first is the move the bot would choose.
        It is a search of its own: it advances the bot's generator as a
        move would. The visits of the searched moves that stand for
        themselves (``same_as == move``) add up to :attr:`last`'s
        iterations. ``progress`` and interruption as for a move."""
        game = self._game(game)
        progress = self._progress(progress)
        with self._lock:
            n = self._decide(game, progress)
            discard = LIB.bfc_game_phase(self._world) == PHASES.index("discard")
            return [
                SearchStat(
                    move=_MOVES[s.move],
                    visits=s.visits,
                    value=None if s.visits == 0 and s.value == -1.0 else s.value,
                    searched=bool(s.searched),
                    wins_now=bool(s.wins_now),
                    points=s.points if discard else None,
                    same_as=_MOVES[s.same_as],
                )
                for s in self._stats[:n]
            ]

    def interrupt(self) -> bool:
        """Stops the decision this bot is running in another thread
        (``bfc_search_interrupt``): that thread's call raises
        :class:`~bfc.Interrupted` within one step. It takes none of the
        bot's locks, so it returns at once, also while the search runs, and
        may be called from a signal handler. Returns True if a decision was
        running, False (and does nothing: a decision that starts later is
        not stopped) if none was. Also for a closed bot."""
        with self._irq:
            h = self._running
            if h is None:
                return False
            LIB.bfc_search_interrupt(h)
            return True

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
            if self._deciding:
                raise InvalidArgument("the search bot is deciding: seed it after the decision")
            self._cfg.seed = seed
            if self._h is not None:
                LIB.bfc_search_end(self._h)  # a decision a second Ctrl-C left begun, if any
                LIB.bfc_search_seed(self._h, seed)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` freed the C bot."""
        return self._closed

    def close(self) -> None:
        """Frees the C bot now (``bfc_search_free``). A search another
        thread is running with it is interrupted first
        (``bfc_search_interrupt``: that thread's call raises
        :class:`~bfc.Interrupted` within one step, nothing chosen), and the
        bot is freed once that search has returned, so close() waits one
        step, not the rest of the budget; a decision waiting for the bot
        meanwhile raises :class:`~bfc.ClosedError`, as every later call
        does. Closing twice is harmless. (From the bot's own progress
        callback it refuses: the decision still runs.)"""
        lock = self.__dict__.get("_lock")
        irq = self.__dict__.get("_irq")
        if lock is None or irq is None:  # __init__ failed before its locks
            return
        with irq:
            if self._running is not None and self._decider == threading.get_ident():
                raise InvalidArgument("the search bot is deciding: close it after the decision")
            self._closing = True
            if self._running is not None:
                LIB.bfc_search_interrupt(self._running)
        with lock:
            if self.__dict__.get("_deciding"):
                raise InvalidArgument("the search bot is deciding: close it after the decision")
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
        return (
            f"bfc.bots.search({budget}, worlds={c.worlds}, seed={c.seed:#x}, "
            f"playout={PLAYOUTS[c.playout]!r}{closed})"
        )


def _level_bot(level: str) -> Type[search]:
    """The search bot at ``level``, by that name: ``bfc.sim(bots=["hard",
    "greedy"])`` and ``bfc.bots.get("hard")`` say it as ``bfc-sim --bots
    hard`` and ``bfc-play --bots hard`` do."""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        for k in ("level", "iterations", "time_ms"):
            if options.get(k) is not None:
                raise InvalidArgument(f"{level}: the bot is the search bot at the {level} level; {k} is another budget "
                                      f"(use bfc.bots.search(level=..., ...))", token=k)
        search.__init__(self, seed, level=level, **options)

    doc = (f"The search bot (:class:`search`) at the {level} level: ``{level}(seed)`` is ``search(seed, "
           f"level={level!r})``, and the name {level!r} is that bot wherever bots are named.")
    cls = type(level, (search,), {"name": level, "__init__": __init__, "__doc__": doc, "__module__": __name__})
    return cls


easy = _level_bot("easy")
medium = _level_bot("medium")
hard = _level_bot("hard")


STEPS = 10
"""The strength dial's steps (``BFC_DIAL_STEPS``): 1 a beginner, 10 hard."""


class dial(Bot):
    """A step of the strength dial (``bfc_dial_*``, bfc.h "Strength dial"):
    ``dial(seed, step=K)`` (1..:data:`STEPS`) or ``dial(seed, rating=N)``
    (the strongest step rated at most N on the dial's scale, where random
    moves are 1000). Steps 1-6 are a cheap player that errs as people do
    (noisy discards that forget the crib, pegging without looking at what
    the count leaves, forgetting the cards gone); 7-10 the search bot at
    budgets, 8-10 its easy, medium and hard levels. :attr:`rating` is the
    step's rating. The names ``"step3"`` and ``"rating:1200"`` are these
    bots in :func:`get`. Called with a :class:`~bfc.Game` (``bot(game)``),
    like the search bot; the C bot is made for the rules of the first game
    (anew for other rules). It cannot be copied or pickled; :meth:`close`
    frees it (so does the garbage collector)."""

    name = "bot"  # not listed by name: "stepK" and "rating:N" are

    def __init__(self, seed: int = 0, *, step: Optional[int] = None, rating: Optional[int] = None) -> None:
        self._h: Optional[int] = None
        self._closed = False
        super().__init__(seed)
        if (step is None) == (rating is None):
            raise InvalidArgument("dial: give step or rating, one of them")
        if rating is not None:
            step = LIB.bfc_dial_step_of_rating(int_arg("rating", rating, 0, 100000))
        self.step: int = int_arg("step", step, 1, STEPS)
        self.rating: int = LIB.bfc_dial_rating(self.step)
        self._seed = self._rng.value
        self._rules = b""

    def __call__(self, game: Any) -> Move:  # type: ignore[override]
        """The move of the seat to move in ``game`` (``bfc_dial_move``)."""
        from .game import Game

        if not isinstance(game, Game):
            raise InvalidType(f"the dial's bot: want a bfc.Game (got {short(game)}, a {type(game).__name__})")
        with self._lock:
            if self._closed:
                raise ClosedError("the dial's bot is closed")
            with game._lock:
                g = game._h()
                if LIB.bfc_game_over(g) == 1:
                    raise InvalidArgument("the dial's bot: the game is over, there is no move to choose")
                ref = LIB.bfc_game_rules(g)
                key = ctypes.string_at(ref, ctypes.sizeof(_lib.RulesStruct))
                if self._h is None or key != self._rules:
                    self._free()
                    status = ctypes.c_int(0)
                    h = LIB.bfc_dial_new(ref, self.step, self._seed, ctypes.byref(status))
                    if not h:
                        raise_status(status.value, "the dial's bot (bfc_dial_new)")
                    self._h, self._rules = h, key
                check(LIB.bfc_dial_move(self._h, g, ctypes.byref(self._move)), "the dial's bot")
            return _MOVES[self._move.value]

    move = __call__

    def _free(self) -> None:
        h, self._h = self.__dict__.get("_h"), None
        if h:
            LIB.bfc_dial_free(h)

    def close(self) -> None:
        """Frees the C bot now; later moves raise :class:`~bfc.ClosedError`."""
        lock = self.__dict__.get("_lock")
        if lock is None:
            return
        with lock:
            self._closed = True
            self._free()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def _no_copy(self, *args: Any) -> Any:
        raise InvalidType("a bfc.bots.dial cannot be copied or pickled: make another with the same arguments")

    __copy__ = __deepcopy__ = __reduce_ex__ = __reduce__ = __getstate__ = _no_copy  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"bfc.bots.dial(step={self.step}, rating={self.rating}, seed={self._seed:#x})"


def _dial_by_name(name: str, seed: int) -> Optional[dial]:
    """``"stepK"`` or ``"rating:N"`` as bfc-sim names them; None otherwise."""
    if name.startswith("step") and name[4:].isdigit() and 1 <= int(name[4:]) <= STEPS:
        return dial(seed, step=int(name[4:]))
    if name.startswith("rating:") and name[7:].isdigit():
        return dial(seed, rating=int(name[7:]))
    return None


class _UnknownBot(InvalidArgument, KeyError):
    """No bot of that name: a bad argument of the package, and the KeyError
    a lookup by name raises."""

    __str__ = Exception.__str__  # the message, not KeyError's repr of it


def get(name: str, seed: int = 0) -> Bot:
    """A new bot of this name (one of :data:`NAMES`, or a step of the
    strength dial: ``"step1"`` .. ``"step10"``, ``"rating:1200"``) started
    from ``seed``; :class:`~bfc.InvalidArgument` (a KeyError too) naming the
    known bots otherwise."""
    cls = Bot._REGISTRY.get(name) if isinstance(name, str) else None
    if cls is None and isinstance(name, str):
        d = _dial_by_name(name, seed)
        if d is not None:
            return d
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
