"""A game of Battlefield Cribbage or classic cribbage: :class:`Game`.

>>> g = bfc.Game("battlefield", players=2, seed=42)
>>> while not g.over:
...     g.apply(g.legal_moves()[0])
>>> g.scores, g.winner

The game is the library's ``bfc_game``: it holds the whole state (hidden
cards and its random generator too), lists the legal moves, applies them and
says what happened. A game is fully determined by its rules, its seed and
its moves.

Threads: a game may be shared by threads. Each object that owns a C object
(a :class:`Game`, a bot of :mod:`bfc.bots`) has a lock, and every call holds
it for as long as the library works on that object, so calls from several
threads are made one after the other, never at once (the C library lets
one thread at a time use a game). A sequence of calls is not one step:
another thread may move between your ``legal_moves()`` and your
``apply()``, which then raises :class:`~bfc.IllegalMove` and changes
nothing. Different games run in parallel (ctypes releases the GIL during
each call).

Lifetime: :meth:`Game.close` (or the end of a ``with`` block) frees the C
game at once; the garbage collector does it otherwise. After that every
method raises :class:`~bfc.ClosedError`.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any, List, Optional, Sequence, Tuple

from . import _lib
from ._check import INT_MAX, INT_MIN, seed_arg, text_arg
from ._lib import LIB
from .errors import ClosedError, InvalidArgument, InvalidType, check, format_text, raise_status, short
from .moves import _MOVES, Event, Move, MoveLike, events_from
from .observation import PHASES, Observation
from .rules import Rules, _check_options

_copy = LIB.bfc_game_copy
_apply = LIB.bfc_game_apply
_legal = LIB.bfc_game_legal_moves


class _Scratch(threading.local):
    """Buffers the library writes into, one set per thread, shared by the
    games of that thread: what they hold is copied out before a call
    returns."""

    def __init__(self) -> None:
        self.ev = (_lib.EventStruct * _lib.MAX_EVENTS)()
        self.nev = ctypes.c_size_t(0)
        self.nev_ref = ctypes.byref(self.nev)
        self.moves = (_lib.move_t * _lib.MAX_MOVES)()


_scratch = _Scratch()
_MOVE_OF = _MOVES.__getitem__


def _seed(seed: Any) -> int:
    return seed_arg("seed", seed)


def _seat_int(what: str, seat: Any) -> int:
    """A seat's type checked (an int); its range is the game's, said by
    the caller with the seats there are."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidType(f"{what}: want a {what} number (got {short(seat)}, a {type(seat).__name__})", token=short(seat))
    return seat


_CLOSED = (
    "this bfc.Game was closed (close(), the end of its with block, or __del__): "
    "its C game is freed; make a new one (or keep a copy())"
)


class Game:
    """A game: rules in, moves applied one by one, events out.

    ``Game(preset, players, seed, teams=False, **options)`` deals a new
    game of a preset (:func:`bfc.presets`: ``"battlefield"``,
    ``"classic"``, ``"five-card"``, ``"noddy"``, ``"backward"``,
    ``"solitaire"``, ``"crib-wars"``, ``"seven-card"``, ``"captains"``)
    for ``players`` (None: the preset's default), shuffled from ``seed``
    (0..2**64-1). ``options`` change the rules (:attr:`Rules.OPTIONS`:
    ``target``, ``turn_limit``, ``first_dealer``, ``value``, ``pay``,
    ``muggins``, ``backward``, ``no_late_heels``, ``any_lay_away``,
    ``no_take_back``, ``joker_kills_formation``, ``partners_by_cut``,
    ``captain``, ``next_dealer``, ``match``, ``match_points``, ``board``;
    see :class:`Rules`); or pass whole ``rules=`` (a :class:`Rules`)
    instead of a preset.

    The events of the start (the cut for the first dealer and, with
    partners by cut, the seating; the first deal; points scored before the
    first move) are in :attr:`start_events`.

    A game may be used from several threads: its calls are made one at a
    time (a lock per game; the module's docstring says more).
    :meth:`close` frees it at once (``with bfc.Game(...) as g:`` closes it
    at the end of the block); after that every method raises
    :class:`~bfc.ClosedError`.

    Raises :class:`InvalidArgument` for rules the library does not play
    (with its sentence saying which field), :class:`~bfc.InvalidType` (a
    TypeError too) for an unknown option or a value of the wrong type.
    """

    __slots__ = ("_g", "_spare", "_lock", "start_events", "__weakref__")

    def __init__(
        self,
        preset: str = "battlefield",
        players: Optional[int] = None,
        seed: int = 0,
        *,
        teams: bool = False,
        rules: Optional[Rules] = None,
        **options: Any,
    ) -> None:
        self._lock = threading.RLock()
        self._g: Optional[int] = None
        self._spare: Optional[int] = None
        self.start_events: List[Event] = []
        if options:
            _check_options(options, set(Rules.OPTIONS) | {"players", "teams", "seed", "rules"})
        if rules is None:
            rules = Rules.preset(preset, players, teams, **options)
        else:
            if not isinstance(rules, Rules):
                raise InvalidType(f"rules: want a bfc.Rules (got {short(rules)})")
            if options or players is not None or teams:
                rules = rules.replace(
                    **options,
                    **({"players": players} if players is not None else {}),
                    **({"teams": True} if teams else {}),
                )
        rules.check()
        s = rules._to_struct()
        seed = _seed(seed)
        ev = _scratch.ev
        nev = ctypes.c_size_t(0)
        status = ctypes.c_int(0)
        g = LIB.bfc_game_new_events(ctypes.byref(s), seed, ev, len(ev), ctypes.byref(nev), ctypes.byref(status))
        if not g:
            raise_status(status.value, "new game")
        self._g = g
        if nev.value > len(ev):  # a chain of cease-fires at the start: deal again
            ev = (_lib.EventStruct * nev.value)()
            LIB.bfc_game_free(g)
            self._g = None
            g = LIB.bfc_game_new_events(ctypes.byref(s), seed, ev, len(ev), ctypes.byref(nev), ctypes.byref(status))
            if not g:
                raise_status(status.value, "new game")
            self._g = g
        self.start_events = events_from(ev, nev.value)

    @classmethod
    def _wrap(cls, handle: int) -> "Game":
        g = cls.__new__(cls)
        g._lock = threading.RLock()
        g._g = handle
        g._spare = None
        g.start_events = []
        return g

    # -- lifetime --------------------------------------------------------

    def _h(self) -> int:
        """The C game; the caller holds the lock. ClosedError once closed."""
        g = self._g
        if g is None:
            raise ClosedError(_CLOSED)
        return g

    def close(self) -> None:
        """Frees the C game now (``bfc_game_free``). Waits for a call
        another thread is making on the game; afterwards every method
        raises :class:`~bfc.ClosedError`. Closing twice is harmless."""
        lock = getattr(self, "_lock", None)
        if lock is None:  # made by __new__ alone: nothing to free
            return
        with lock:
            handles = (getattr(self, "_g", None), getattr(self, "_spare", None))
            self._g = self._spare = None
        free = getattr(LIB, "bfc_game_free", None)
        if free is None:  # interpreter shutdown
            return
        for h in handles:
            if h:
                free(h)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` (or ``__del__``) freed the game."""
        return getattr(self, "_g", None) is None

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    # -- state -------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the game was made with."""
        with self._lock:
            return Rules._from_struct(LIB.bfc_game_rules(self._h()).contents)

    @property
    def players(self) -> int:
        """The number of players (seats 0..players-1)."""
        with self._lock:
            return LIB.bfc_game_rules(self._h()).contents.players

    @property
    def sides(self) -> int:
        """The number of sides: the teams with teams, 2 in captain's
        cribbage, else one per seat."""
        with self._lock:
            return LIB.bfc_game_sides(self._h())

    def _seat_error(self, what: str, seat: int, rc: int) -> None:
        """Raises the refusal of a seat (or player) number, naming the
        seats there are."""
        n = LIB.bfc_game_rules(self._h()).contents.players
        raise InvalidArgument(
            f"{what}: want a {what} 0..{n - 1} of this {n}-player game (got {seat})", status=rc, token=str(seat)
        )

    def _seat_call(self, what: str, fn, seat: Any, *args: Any) -> int:
        seat = _seat_int(what, seat)
        with self._lock:
            g = self._h()
            rc = fn(g, seat, *args) if INT_MIN <= seat <= INT_MAX else _lib.EINVAL  # never cut to a C int
            if rc < 0:
                self._seat_error(what, seat, rc)
            return rc

    def side_of(self, seat: int) -> int:
        """The side of a seat (``bfc_game_side_of``)."""
        return self._seat_call("seat", LIB.bfc_game_side_of, seat)

    def seat_of(self, player: int) -> int:
        """Partners by cut (RULES D16): the seat taken, after the cut, by the
        player who cut from seat ``player``; without the option, ``player``
        itself (``bfc_game_seat_of``)."""
        return self._seat_call("player", LIB.bfc_game_seat_of, player)

    @property
    def to_move(self) -> Optional[int]:
        """The seat to move, or None once the game is over."""
        with self._lock:
            s = LIB.bfc_game_to_move(self._h())
        return None if s < 0 else s

    @property
    def phase(self) -> str:
        """What the player to move decides: a name of
        :data:`bfc.observation.PHASES` (``"turn"``, ``"play"``, ...)."""
        with self._lock:
            return PHASES[LIB.bfc_game_phase(self._h())]

    @property
    def over(self) -> bool:
        """True once the game is over."""
        with self._lock:
            return LIB.bfc_game_over(self._h()) == 1

    def _per_side(self, fn, what: str) -> List[int]:
        out = (ctypes.c_int * 6)()
        with self._lock:
            n = check(fn(self._h(), out, 6), what)
        return list(out[:n])

    @property
    def scores(self) -> List[int]:
        """The score of each side."""
        return self._per_side(LIB.bfc_game_scores, "scores")

    @property
    def winner(self) -> Optional[int]:
        """The winning side, or None while the game goes on (and for a lost
        solitaire game). Backward games: the side that did not reach the
        target."""
        with self._lock:
            w = LIB.bfc_game_winner(self._h())
        return None if w < 0 else w

    @property
    def winning_seat(self) -> Optional[int]:
        """The seat that scored the winning point (it deals the next game
        of a match), or None."""
        with self._lock:
            w = LIB.bfc_game_winning_seat(self._h())
        return None if w < 0 else w

    @property
    def value(self) -> int:
        """The games the win is worth (RULES 5, ``bfc_game_value``): each
        losing side is judged on its own score (1, 2 or 4 games under the
        rules' :attr:`Rules.value`) and the winner takes the sum, or only
        the best or worst loser's value (:attr:`Rules.pay`); 0 while the
        game goes on or when a solitaire game is lost; 1 for a backward
        game."""
        with self._lock:
            return check(LIB.bfc_game_value(self._h()), "value")

    @property
    def values(self) -> List[int]:
        """What each side lost the game by (RULES 5, ``bfc_game_values``):
        per side, the games the winner takes from it (1, 2 or 4), 0 for
        the winner and a side that did not lose; all 0 while the game goes
        on."""
        return self._per_side(LIB.bfc_game_values, "values")

    @property
    def match_scores(self) -> List[int]:
        """Match play (RULES 5, :attr:`Rules.match` > 0): each side's match
        points (``bfc_game_match_scores``), kept by :meth:`next_game` and
        by :meth:`save`; all 0 for single games."""
        return self._per_side(LIB.bfc_game_match_scores, "match_scores")

    @property
    def match_winner(self) -> Optional[int]:
        """The side that won the match (its match points reached
        :attr:`Rules.match`), or None while no side has, and for single
        games (``bfc_game_match_winner``)."""
        with self._lock:
            w = LIB.bfc_game_match_winner(self._h())
        return None if w < 0 else w

    # -- moves -------------------------------------------------------------

    def legal_moves(self) -> List[Move]:
        """The legal moves of the player to move, ascending; [] once the
        game is over."""
        with self._lock:
            g = self._h()
            buf = _scratch.moves
            n = _legal(g, buf, _lib.MAX_MOVES)
            if n > _lib.MAX_MOVES:
                buf = (_lib.move_t * n)()
                n = _legal(g, buf, n)
            if n < 0:
                raise_status(n, "legal_moves")
            return list(map(_MOVE_OF, buf[:n]))

    def apply(self, move: MoveLike) -> List[Event]:
        """Plays ``move`` (a :class:`Move`, its id or its text) for the
        player to move and returns what happened, in pegging order.

        Raises :class:`IllegalMove` (the game unchanged) for a move that is
        not legal now or once the game is over, :class:`ParseError` for
        text that is no move.
        """
        m = move if type(move) is Move else Move(move)
        with self._lock:
            g = self._h()
            spare = self._spare
            if spare is None:
                spare = self._spare = LIB.bfc_game_clone(g)
                if not spare:
                    raise_status(_lib.ENOMEM, "apply")
            # Keep the state before the move: when its events do not fit the
            # buffer (a chain of cease-fires), the move is applied again, from
            # the same state, with room for all of them.
            _copy(spare, g)
            sc = _scratch
            ev = sc.ev
            cap = len(ev)
            rc = _apply(g, m, ev, cap, sc.nev_ref)
            if rc < 0:
                raise_status(rc, "apply", token=str(m))
            n = sc.nev.value
            if n > cap:
                ev = sc.ev = (_lib.EventStruct * n)()  # keep the bigger buffer
                _copy(g, spare)
                check(_apply(g, m, ev, n, sc.nev_ref), "apply")
            return events_from(ev, n)

    def observe(self, seat: Optional[int] = None) -> Observation:
        """What ``seat`` (default: the seat to move, or seat 0 once over)
        may know now (RULES D7)."""
        if seat is not None:
            seat = _seat_int("seat", seat)
        o = _lib.ObservationStruct()
        with self._lock:
            g = self._h()
            if seat is None:
                seat = max(LIB.bfc_game_to_move(g), 0)
            rc = LIB.bfc_game_observe(g, seat, ctypes.byref(o)) if 0 <= seat < 256 else _lib.EINVAL
            if rc < 0:
                self._seat_error("seat", seat, rc)
        return Observation(o)

    # -- copies, sampling, saving ------------------------------------------

    def copy(self) -> "Game":
        """An independent game equal to this one (``bfc_game_clone``)."""
        with self._lock:
            h = LIB.bfc_game_clone(self._h())
        if not h:
            raise_status(_lib.ENOMEM, "copy")
        return Game._wrap(h)

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> "Game":
        return self.copy()

    def copy_from(self, other: "Game") -> None:
        """Makes this game equal to ``other``, which must have the same
        rules, without allocating (``bfc_game_copy``): the call for search
        loops that reset one scratch game many times."""
        if not isinstance(other, Game):
            raise InvalidType(f"copy_from: want a bfc.Game (got {short(other)})")
        with _both(self, other):
            check(LIB.bfc_game_copy(self._h(), other._h()), "copy_from (games of different rules?)")

    def determinize(self, seat: int, seed: int) -> "Game":
        """One sampled world for ``seat``: a copy of the game with every
        card ``seat`` has not seen re-dealt at random from ``seed``, so that
        ``seat``'s observation is unchanged (ISMCTS). This game is not
        changed."""
        return self._world("determinize", LIB.bfc_game_determinize, seat, seed)

    def determinize_belief(self, seat: int, seed: int) -> "Game":
        """One sampled world for ``seat`` drawn from a belief about what the
        other players hold (``bfc_game_determinize_belief``): as
        :meth:`determinize`, and in a two-player classic game, once the
        other player has thrown to the crib, its cards are drawn so that
        its throw is one a sensible player makes and every go it said this
        deal holds (no card it still holds fitted). Every card dealt is one
        ``seat`` has not seen, and ``seat``'s observation is unchanged. In
        other games it is :meth:`determinize`. This game is not changed;
        the same seed gives the same world."""
        return self._world("determinize_belief", LIB.bfc_game_determinize_belief, seat, seed)

    def _world(self, what: str, fn, seat: Any, seed: Any) -> "Game":
        seat = _seat_int("seat", seat)
        seed = _seed(seed)
        world = self.copy()
        with world._lock:
            w = world._h()
            rc = fn(w, seat, seed) if INT_MIN <= seat <= INT_MAX else _lib.EINVAL
            if rc < 0:
                try:
                    if not 0 <= seat < LIB.bfc_game_rules(w).contents.players:
                        world._seat_error("seat", seat, rc)
                    check(rc, f"{what} seat {seat}" + (" (the game is over)" if LIB.bfc_game_over(w) == 1 else ""))
                finally:
                    world.close()
        return world

    def save(self) -> str:
        """The whole state as the library's versioned text (hidden cards
        and generator included); :meth:`Game.load` reads it back."""
        with self._lock:
            return format_text(LIB.bfc_game_save, self._h(), what="save")

    @classmethod
    def load(cls, text: str) -> "Game":
        """A game from :meth:`save`'s text. Raises :class:`ParseError`
        (syntax, a NUL character), :class:`VersionError` (an unknown format
        version), :class:`StateError` (a state that breaks the rules), each
        leaving nothing behind; the message names the line at fault and
        what is wrong with it (``bfc_game_load_report``), as in
        ``load: line 9: a hand line is not ...``."""
        from .review import _load_report

        raw = text_arg("saved game", text)
        return cls._wrap(_load_report(raw))

    def next_game(self) -> List[Event]:
        """Once the game is over, starts the next game in this same object
        (``bfc_game_next_events``) and returns the events of its first deal
        and of the points scored before its first move. The scores go to
        0; the next dealer is as :attr:`Rules.next_dealer` says (RULES D15:
        by default the seat that scored the winning point); the seating
        (partners by cut) and the match points are kept.
        :class:`InvalidArgument` if the game is not over, or the match is
        won (:attr:`match_winner`)."""
        nev = ctypes.c_size_t(0)
        ev = _scratch.ev
        with self._lock:
            g = self._h()
            if self._spare is None:
                self._spare = LIB.bfc_game_clone(g)
                if not self._spare:
                    raise_status(_lib.ENOMEM, "next_game")
            _copy(self._spare, g)
            rc = LIB.bfc_game_next_events(g, ev, len(ev), ctypes.byref(nev))
            if rc < 0:
                why = "the game is not over" if LIB.bfc_game_over(g) != 1 else "the match is won"
                raise_status(rc, f"next_game ({why})")
            if nev.value > len(ev):
                ev = _scratch.ev = (_lib.EventStruct * nev.value)()
                _copy(g, self._spare)
                check(LIB.bfc_game_next_events(g, ev, len(ev), ctypes.byref(nev)), "next_game")
            return events_from(ev, nev.value)

    def seen_by(self, events: Sequence[Event], seat: int) -> List[Event]:
        """The events as ``seat`` may see them (RULES D7,
        ``bfc_event_visible``): another seat's drawn card and discards
        hidden, the events private to another seat left out. See
        :meth:`Event.seen_by`."""
        out = []
        for e in events:
            v = e.seen_by(self, seat)
            if v is not None:
                out.append(v)
        return out

    def play(self, bots: Sequence, max_moves: Optional[int] = None) -> "Game":
        """Plays the game to its end (or ``max_moves`` moves), seat ``s``
        moved by ``bots[s]`` (any callable from an :class:`Observation` to
        a move, such as :func:`bfc.bots.greedy`); returns the game."""
        n = 0
        while not self.over and (max_moves is None or n < max_moves):
            seat = self.to_move
            if seat is None:  # another thread ended it
                break
            self.apply(bots[seat](self.observe(seat)))
            n += 1
        return self

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they save to the same text."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.save() == other.save()

    __hash__ = None  # type: ignore[assignment]  (a game changes)

    def __getstate__(self) -> str:
        return self.save()

    def __setstate__(self, text: str) -> None:
        """pickle's restore: the state is :meth:`save`'s text, read as
        :meth:`load` reads it. Called on a game that exists (``g.__setstate__(text)``),
        it replaces the game's state (and empties :attr:`start_events`) only
        once the text is read: a text refused (:class:`ParseError`,
        :class:`VersionError`, :class:`StateError`, :class:`InvalidType`)
        leaves the game as it was, open, its state and events unchanged."""
        from .review import _load_report

        h = _load_report(text_arg("saved game", text))  # raises before anything changes
        lock = getattr(self, "_lock", None)
        if lock is None:  # made by pickle's __new__: nothing to keep
            self._lock = threading.RLock()
            self._g, self._spare, self.start_events = h, None, []
            return
        with lock:
            old = (getattr(self, "_g", None), getattr(self, "_spare", None))
            self._g, self._spare, self.start_events = h, None, []
        for o in old:
            if o:
                LIB.bfc_game_free(o)

    def __repr__(self) -> str:
        if self.closed:
            return "<bfc.Game closed>"
        try:
            r = self.rules
            state = (
                f"over, winner side {self.winner}" if self.over else f"seat {self.to_move} to move ({self.phase})"
            )
            return f"<bfc.Game {r.variant}, {r.players} players, scores {self.scores}, {state}>"
        except ClosedError:  # closed by another thread meanwhile
            return "<bfc.Game closed>"


class _both:
    """Holds the locks of two games, always in the same order (so two
    threads copying a into b and b into a cannot wait for each other)."""

    __slots__ = ("_locks",)

    def __init__(self, a: Game, b: Game) -> None:
        locks = [a._lock] if a is b else sorted((a._lock, b._lock), key=id)
        self._locks: Tuple[Any, ...] = tuple(locks)

    def __enter__(self) -> None:
        for lock in self._locks:
            lock.acquire()

    def __exit__(self, *exc: Any) -> None:
        for lock in reversed(self._locks):
            lock.release()


def game_handle(game: Any, what: str = "game") -> Game:
    """``game`` when it is a :class:`Game` (for the calls of other modules
    that take one); InvalidType naming what was given otherwise."""
    if not isinstance(game, Game):
        raise InvalidType(f"{what}: want a bfc.Game (got {short(game)}, a {type(game).__name__})")
    return game
