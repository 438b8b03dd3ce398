"""The coach (bfc.h, "Review", "Game records", "Explanations"): a game
graded decision by decision, game records as text, and why a move is good
or bad in a player's words. Every figure and every text is the library's::

    >>> start = bfc.Game(bfc.Rules("classic"), seed=7)
    >>> entries = bfc.review_game(start, moves, seat=0, level="easy")
    >>> print(entries[0])              # the library's line of English
    >>> print(bfc.summarize(entries, seat=0))
    >>> bfc.explain(game.observe(), "play 5H")
    'pairs for 2; leaves 10, a 5 makes 15 for 2'

A review searches each decision with the search bot at a budget and a seed
(``level`` or ``iterations``, ``seed``) and compares the move made with the
bot's choice: ``win_lost`` is the chance of winning it cost, ``points_lost``
the expected points where the library has them (classic discards,
Battlefield lay-aways), and ``grade`` is ``"best"``, ``"inaccuracy"``
(2 % or more), ``"mistake"`` (5 %), ``"blunder"`` (10 %) or ``"unrated"``;
near a decided game (a chance below 3 % or above 97 %) a discard or a
lay-away is graded by points (0.5, 1.5, 3). The same start, moves, budget
and seed always give the same review. ``best_win`` of each entry is the
chance of winning of the position as the bot sees it: the chance of winning
through the game, decision by decision.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, Structure, c_char_p, c_double, c_int, c_int16, c_size_t, c_uint, c_uint8, c_uint16, c_uint32, c_uint64, c_void_p
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from . import _lib
from ._lib import LIB
from ._check import choice_arg, text_arg
from .errors import InvalidArgument, InvalidType, check, format_text, raise_status, short
from .game import Game, game_handle
from .moves import Move
from .observation import Observation
from .winchance import WinChance, win_chance

__all__ = [
    "ReviewEntry",
    "ReviewSummary",
    "review_game",
    "review_move",
    "summarize",
    "explain",
    "explain_discard",
    "record_format",
    "record_parse",
    "deal_chance",
    "GRADES",
    "STAGES",
]

GRADES = ("best", "inaccuracy", "mistake", "blunder", "unrated")
"""The grades of a decision (``BFC_GRADE_*``), in order."""

STAGES = ("discard", "play", "turn", "lay-away")
"""The kinds of decision a summary adds up (``BFC_STAGE_*``)."""

LEVELS = ("easy", "medium", "hard")

# ---------------------------------------------------------------------------
# The C structs of this part of bfc.h, checked against the library's sizes.


_SearchConfig = _lib.SearchConfigStruct  # the package's, bfc_search_config


class _ReviewConfig(Structure):
    _fields_ = [("search", _SearchConfig), ("seat", c_int)]


class _ReviewEntry(Structure):
    _fields_ = [
        ("ply", c_uint32),
        ("deal", c_uint32),
        ("seat", c_uint8),
        ("phase", c_uint8),
        ("stage", c_uint8),
        ("grade", c_uint8),
        ("by_points", c_uint8),
        ("has_points", c_uint8),
        ("nlegal", c_uint8),
        ("rank", c_uint8),
        ("score", c_int16 * 2),
        ("tries", c_uint32),
        ("made", c_uint16),
        ("made_as", c_uint16),
        ("best", c_uint16),
        ("close", c_uint8),
        ("reserved", c_uint8),
        ("made_win", c_double),
        ("best_win", c_double),
        ("win_lost", c_double),
        ("made_points", c_double),
        ("best_points", c_double),
        ("points_lost", c_double),
    ]


class _Tally(Structure):
    _fields_ = [
        ("decisions", c_uint32),
        ("grades", c_uint32 * 5),
        ("win_lost", c_double),
        ("points_lost", c_double),
    ]


class _Summary(Structure):
    _fields_ = [("deals", c_uint32), ("all", _Tally), ("stage", _Tally * 4)]


class _RecordError(Structure):
    _fields_ = [("line", c_size_t), ("status", c_int), ("what", c_char_p)]


_STRUCTS = {
        "bfc_search_config": _SearchConfig,
        "bfc_review_config": _ReviewConfig,
        "bfc_review_entry": _ReviewEntry,
        "bfc_review_tally": _Tally,
        "bfc_review_summary": _Summary,
        "bfc_record_error": _RecordError,
}
_lib.check_structs(LIB, _STRUCTS, str(_lib.LIBRARY_PATH))
# listed with the package's structs (all of bfc.h's), except the search
# config the package describes already
_lib.STRUCTS.update({k: v for k, v in _STRUCTS.items() if k not in _lib.STRUCTS})

_P = POINTER
_move_p = _P(c_uint16)


class _Protos:
    """This module's own function objects (``LIB[name]`` makes a new one),
    so that the prototypes here never change another module's."""


_C = _Protos()


def _proto(name: str, restype: Any, *argtypes: Any) -> None:
    fn = LIB[name]
    fn.restype = restype
    fn.argtypes = list(argtypes)
    setattr(_C, name, fn)
    if name not in _BOUND and name != "bfc_struct_size":  # listed with the package's bindings
        _lib._PROTOS.append((name, restype, *argtypes))


_BOUND = {p[0] for p in _lib._PROTOS}


_proto("bfc_review_config_init", None, _P(_ReviewConfig))
_proto("bfc_search_config_level", c_int, _P(_SearchConfig), c_int)
_proto("bfc_review_game", c_int, c_void_p, _move_p, c_size_t, _P(_ReviewConfig), _P(_ReviewEntry), c_size_t)
# int (*)(void *ctx, size_t done, size_t total): bfc_review_progress
_PROGRESS_FN = ctypes.CFUNCTYPE(c_int, c_void_p, c_size_t, c_size_t)
_proto("bfc_review_game_with", c_int, c_void_p, c_void_p, _move_p, c_size_t, c_int, _P(_ReviewEntry), c_size_t, _PROGRESS_FN, c_void_p)
_proto("bfc_review_summarize", c_int, _P(_ReviewEntry), c_size_t, c_int, _P(_Summary))
_proto("bfc_review_format", c_int, _P(_ReviewEntry), c_uint, c_char_p, c_size_t)
_proto("bfc_review_summary_format", c_int, _P(_Summary), c_char_p, c_size_t)
_proto("bfc_record_format", c_int, c_void_p, _P(c_uint64), _move_p, c_size_t, c_char_p, c_size_t)
_proto("bfc_record_parse", c_int, c_char_p, _P(c_void_p), _P(c_uint64), _P(c_int), _move_p, c_size_t, _P(_RecordError))
_proto("bfc_game_load_report", c_int, _P(c_void_p), c_char_p, _P(_RecordError))
_proto("bfc_explain_move", c_int, c_void_p, c_uint16, c_uint, c_char_p, c_size_t)
_proto("bfc_explain_discard", c_int, c_void_p, c_void_p, c_uint, c_char_p, c_size_t)
_proto("bfc_advise_discard_win", c_int, c_void_p, c_int, c_void_p, c_size_t)
_proto("bfc_advise_discard_observation", c_int, c_void_p, c_int, c_void_p, c_size_t)
_proto("bfc_struct_size", c_size_t, c_char_p)
_proto("bfc_grade_name", c_char_p, c_int)
_proto("bfc_stage_name", c_char_p, c_int)
_proto("bfc_review_move", c_int, c_void_p, c_void_p, c_uint16, _P(_ReviewEntry))
_proto("bfc_search_new", c_void_p, c_void_p, _P(_SearchConfig), _P(c_int))
_proto("bfc_search_free", None, c_void_p)

# the names of the library's grades and stages, counted by the library
assert _lib.names(_C.bfc_grade_name) == GRADES, "bfc_grade_name disagrees with GRADES"
assert _lib.names(_C.bfc_stage_name) == STAGES, "bfc_stage_name disagrees with STAGES"

_UNICODE = 0x10000000

# ---------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class ReviewEntry:
    """One decision graded (``bfc_review_entry``). ``str()`` is the
    library's line of English (``bfc_review_format``).

    ``ply``: the move's index in the moves; ``deal``: the deal (skirmish)
    it was made in, from 1; ``seat`` (from 0); ``stage``: ``"discard"``,
    ``"play"``, ``"turn"`` or ``"lay-away"``; ``move``, ``same_as`` (the
    move whose figures it carries: moves alike), ``best`` (the bot's
    choice); ``grade``; ``win``/``best_win``/``win_lost`` (chances 0..1,
    -1 unknown); ``points``/``best_points``/``points_lost`` (``None`` where
    the library has no points); ``by_points``: graded by points;
    ``close``: another seed may grade it otherwise (graded best although
    not the bot's choice, within the search's uncertainty; a loss whose
    uncertainty reaches the next grade; or graded by points because the
    chance could not tell);
    ``legal``: legal moves; ``rank``: the move's place in the bot's list,
    moves alike counted once; ``tries``: the search's visits of the move's
    figure; ``score``: the seat's side's score and the best other side's
    before the move."""

    ply: int
    deal: int
    seat: int
    stage: str
    grade: str
    move: Move
    same_as: Move
    best: Move
    win: float
    best_win: float
    win_lost: float
    points: Optional[float]
    best_points: Optional[float]
    points_lost: Optional[float]
    by_points: bool
    legal: int
    rank: int
    tries: int
    score: Tuple[int, int]
    text: str
    close: bool = False
    _raw: bytes = field(repr=False, compare=False, default=b"")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ReviewSummary:
    """What a review adds up to for a seat or all (``bfc_review_summary``):
    ``deals`` with a decision; ``decisions``; ``grades`` (grade -> count);
    ``win_lost`` and ``points_lost`` summed (per deal: divide by
    ``deals``); ``stages``: stage -> ``{"decisions", "grades", "win_lost",
    "points_lost"}`` for the stages that had decisions. ``str()`` is the
    library's text (``bfc_review_summary_format``)."""

    deals: int
    decisions: int
    grades: Dict[str, int]
    win_lost: float
    points_lost: float
    stages: Dict[str, Dict[str, Any]]
    text: str

    def __str__(self) -> str:
        return self.text


def _entry(e: _ReviewEntry, unicode: bool = False) -> ReviewEntry:
    text = format_text(_C.bfc_review_format, ctypes.byref(e), _UNICODE if unicode else 0, what="review")
    pts = bool(e.has_points)
    return ReviewEntry(
        ply=e.ply,
        deal=e.deal,
        seat=e.seat,
        stage=STAGES[e.stage] if e.stage < len(STAGES) else "?",
        grade=GRADES[e.grade] if e.grade < len(GRADES) else "?",
        move=Move(e.made),
        same_as=Move(e.made_as),
        best=Move(e.best),
        win=e.made_win,
        best_win=e.best_win,
        win_lost=e.win_lost,
        points=e.made_points if pts else None,
        best_points=e.best_points if pts else None,
        points_lost=e.points_lost if pts else None,
        by_points=bool(e.by_points),
        legal=e.nlegal,
        rank=e.rank,
        tries=e.tries,
        score=(e.score[0], e.score[1]),
        text=text,
        close=bool(e.close),
        _raw=bytes(e),
    )


def _moves_array(moves: Iterable[Any]) -> Tuple[Any, int]:
    if isinstance(moves, (str, bytes)):
        raise InvalidType("moves: want a sequence of moves (Move, id or text), not one string")
    try:
        ms = [Move(m) for m in moves]
    except TypeError:
        raise InvalidType(f"moves: want a sequence of moves (got a {type(moves).__name__})") from None
    arr = (c_uint16 * max(len(ms), 1))(*ms)
    return arr, len(ms)


def review_game(
    start: Game,
    moves: Iterable[Any],
    *,
    seat: Optional[int] = None,
    level: Optional[str] = None,
    iterations: Optional[int] = None,
    worlds: Optional[int] = None,
    seed: int = 0,
    unicode: bool = False,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> List[ReviewEntry]:
    """Reviews the game that ``moves`` (Moves, ids or texts) make from
    ``start`` (not changed): each decision of ``seat`` (``None``: every
    seat), graded against the search bot at ``level`` (``"medium"`` by
    default) or ``iterations`` (and ``worlds``, the deal solver's), seeded
    by ``seed`` (``bfc_review_game_with``: the review runs once).
    ``progress(done, total)``, if given, is called before each move is
    replayed (``done`` its index, ``total`` the moves), every 64
    iterations of each search and at the end; whatever it raises stops
    the review and is raised here. Ctrl-C stops it the same way, within
    64 iterations (:class:`KeyboardInterrupt`). Raises
    :class:`~bfc.IllegalMove` for a move that is not legal where it comes,
    :class:`~bfc.InvalidArgument` for a bad seat or budget."""
    g = game_handle(start, "start")
    arr, n = _moves_array(moves)
    cfg = _config(seat, level, iterations, worlds, seed)
    if progress is not None and not callable(progress):
        raise InvalidType(f"progress: want a callable or None (got a {type(progress).__name__})")
    caught: List[BaseException] = []

    def step(_ctx: Any, done: int, total: int) -> int:
        # the C review calls this with the GIL taken again: a pending
        # Ctrl-C is raised here (KeyboardInterrupt), and so is anything
        # progress raises; either stops the review (nonzero)
        try:
            if progress is not None:
                progress(done, total)
            return 0
        except BaseException as e:  # noqa: BLE001 - re-raised below
            caught.append(e)
            return 1

    fn = _PROGRESS_FN(step)
    out = (_ReviewEntry * max(n, 1))()  # the decisions are never more than the moves
    with g._lock:
        h = g._h()
        st = c_int(0)
        bot = _C.bfc_search_new(LIB.bfc_game_rules(h), ctypes.byref(cfg.search), ctypes.byref(st))
        if not bot:
            raise_status(st.value or _lib.ENOMEM, "review")
        try:
            k = _C.bfc_review_game_with(bot, h, arr, n, cfg.seat, out, max(n, 1), fn, None)
        finally:
            _C.bfc_search_free(bot)
    if caught:
        raise caught[0]
    k = check(k, "review")
    return [_entry(out[i], unicode) for i in range(k)]


def _config(seat: Optional[int], level: Optional[str], iterations: Optional[int], worlds: Optional[int], seed: int) -> _ReviewConfig:
    """The review's config from the Python arguments, each checked."""
    cfg = _ReviewConfig()
    _C.bfc_review_config_init(ctypes.byref(cfg))
    if level is not None and iterations is not None:
        raise InvalidArgument("review: give one budget: level or iterations, not both")
    lv = choice_arg("level", level if level is not None else "medium", LEVELS) + 1
    check(_C.bfc_search_config_level(ctypes.byref(cfg.search), lv), "level")
    for what, v, hi in (("iterations", iterations, 10**7), ("worlds", worlds, 100000)):
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= hi:
            raise InvalidArgument(f"{what}: want an integer 1..{hi} (got {v!r})", token=repr(v))
        setattr(cfg.search, what, v)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise InvalidArgument(f"seed: want an integer 0..2**64-1 (got {seed!r})", token=repr(seed))
    cfg.search.seed = seed
    if seat is None:
        cfg.seat = -1
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 6:
        raise InvalidArgument(f"seat: want a seat 0..players-1 or None (got {seat!r})", token=repr(seat))
    else:
        cfg.seat = seat
    return cfg


def review_move(
    game: Game,
    move: Any,
    *,
    level: Optional[str] = None,
    iterations: Optional[int] = None,
    worlds: Optional[int] = None,
    seed: int = 0,
    unicode: bool = False,
) -> ReviewEntry:
    """Grades one decision: ``move`` by the seat to move of ``game`` (not
    changed), against the search bot at the budget and ``seed`` given
    (``bfc_review_move``; a bot made for the call). A position whose moves
    are all alike grades best. Raises :class:`~bfc.IllegalMove` for a move
    not legal, :class:`~bfc.InvalidArgument` for a game over, a position
    with one legal move or a muggins count."""
    g = game_handle(game)
    m = Move(move)
    cfg = _config(None, level, iterations, worlds, seed)
    e = _ReviewEntry()
    with g._lock:
        h = g._h()
        st = c_int(0)
        bot = _C.bfc_search_new(LIB.bfc_game_rules(h), ctypes.byref(cfg.search), ctypes.byref(st))
        if not bot:
            raise_status(st.value or _lib.ENOMEM, "review_move")
        try:
            check(_C.bfc_review_move(bot, h, m, ctypes.byref(e)), f"review_move {m}")
        finally:
            _C.bfc_search_free(bot)
    return _entry(e, unicode)


def summarize(entries: Sequence[ReviewEntry], seat: Optional[int] = None) -> ReviewSummary:
    """Adds up ``entries`` (of :func:`review_game`) of ``seat`` (``None``:
    all of them) (``bfc_review_summarize``)."""
    es = list(entries)
    if not all(isinstance(e, ReviewEntry) for e in es):
        raise InvalidType("entries: want the ReviewEntry objects of review_game()")
    arr = (_ReviewEntry * max(len(es), 1))()
    for i, e in enumerate(es):
        ctypes.memmove(ctypes.byref(arr[i]), e._raw, ctypes.sizeof(_ReviewEntry))
    s = _Summary()
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise InvalidArgument(f"seat: want a seat or None (got {seat!r})", token=repr(seat))
    check(_C.bfc_review_summarize(arr, len(es), -1 if seat is None else seat, ctypes.byref(s)), "summarize")

    def tally(t: _Tally) -> Dict[str, Any]:
        return {
            "decisions": t.decisions,
            "grades": {GRADES[i]: t.grades[i] for i in range(5)},
            "win_lost": t.win_lost,
            "points_lost": t.points_lost,
        }

    return ReviewSummary(
        deals=s.deals,
        decisions=s.all.decisions,
        grades={GRADES[i]: s.all.grades[i] for i in range(5)},
        win_lost=s.all.win_lost,
        points_lost=s.all.points_lost,
        stages={STAGES[k]: tally(s.stage[k]) for k in range(4) if s.stage[k].decisions},
        text=format_text(_C.bfc_review_summary_format, ctypes.byref(s), what="summary"),
    )


# ---------------------------------------------------------------------------
# Explanations


def _obs(observation: Observation) -> Any:
    if not isinstance(observation, Observation):
        raise InvalidType(f"observation: want a bfc.Observation (got a {type(observation).__name__})")
    return ctypes.byref(observation._o)


def explain(observation: Observation, move: Any, *, unicode: bool = False) -> str:
    """Why ``move`` is good or bad for the seat to move of ``observation``,
    in a player's words (``bfc_explain_move``): what it scores now, keeps
    and gives, and what it risks. Raises :class:`~bfc.IllegalMove` for a
    move that is not legal, :class:`~bfc.InvalidArgument` for the
    observation of a seat not to move."""
    o = _obs(observation)
    return format_text(_C.bfc_explain_move, o, Move(move), _UNICODE if unicode else 0, what="explain")


def explain_discard(observation: Observation, move: Any, *, unicode: bool = False) -> str:
    """:func:`explain` for a classic discard, with its advice: the expected
    hand, crib and total, and the chance of winning where the rules have a
    table (``bfc_advise_discard_win``; else the exact advice under the
    uniform crib model) (``bfc_explain_discard``)."""
    o = _obs(observation)
    m = Move(move)
    size = int(_C.bfc_struct_size(b"bfc_discard_option"))
    buf = (ctypes.c_char * (size * 15))()
    n = _C.bfc_advise_discard_win(o, 1, buf, 15)
    if n < 0:
        n = _C.bfc_advise_discard_observation(o, 0, buf, 15)
    check(n, "explain_discard")
    for i in range(min(n, 15)):
        at = ctypes.addressof(buf) + i * size
        if ctypes.c_uint16.from_address(at).value == int(m):
            return format_text(_C.bfc_explain_discard, o, ctypes.c_void_p(at), _UNICODE if unicode else 0, what="explain")
    raise_status(_lib.EILLEGAL, f"explain_discard: {m} is not a discard of this hand")
    raise AssertionError  # not reached


# ---------------------------------------------------------------------------
# Records


def record_format(start: Game, moves: Iterable[Any], seed: Optional[int] = None) -> str:
    """The game record of ``moves`` from ``start`` (``bfc_record_format``):
    ``"bfc-record 1"``, the seed (``None``: ``"seed -"``, a start that is
    not a new game), the start as a save, ``"moves N"`` and one move a
    line. Raises :class:`~bfc.IllegalMove` for a move not legal where it
    comes, :class:`~bfc.InvalidType` (a TypeError too) for a seed that is
    no int, :class:`~bfc.InvalidArgument` for one out of range."""
    g = game_handle(start, "start")
    arr, n = _moves_array(moves)
    sp = None
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):  # a TypeError too, as elsewhere
            raise InvalidType(f"seed: want an integer 0..2**64-1 or None (got {short(seed)}, a {type(seed).__name__})",
                              token=short(seed))
        if not 0 <= seed < 2**64:
            raise InvalidArgument(f"seed: want an integer 0..2**64-1 or None (got {seed})", token=str(seed))
        sp = ctypes.byref(c_uint64(seed))
    with g._lock:
        return format_text(_C.bfc_record_format, g._h(), sp, arr, n, what="record")


def record_parse(text: str) -> Tuple[Game, List[Move], Optional[int]]:
    """Reads a game record: ``(start, moves, seed)`` (``seed`` ``None`` for
    ``"seed -"``) (``bfc_record_parse``). Raises :class:`~bfc.ParseError`,
    :class:`~bfc.VersionError`, :class:`~bfc.StateError` or
    :class:`~bfc.IllegalMove` naming the line and what was wrong."""
    if not isinstance(text, str):
        raise InvalidType(f"record: want its text, a str (got a {type(text).__name__})")
    if "\0" in text:
        raise_status(_lib.EPARSE, "record: it holds a NUL character")
    raw = text_arg("record", text)
    err = _RecordError()
    h = c_void_p(None)
    seed = c_uint64(0)
    seeded = c_int(0)
    n = _C.bfc_record_parse(raw, ctypes.byref(h), ctypes.byref(seed), ctypes.byref(seeded), None, 0, ctypes.byref(err))
    if n < 0:
        what = err.what.decode("utf-8") if err.what else ""
        raise_status(n, f"record line {err.line}: {what}" if err.line else f"record: {what}")
    arr = (c_uint16 * max(n, 1))()
    if n > 0:
        n = _C.bfc_record_parse(raw, ctypes.byref(h), ctypes.byref(seed), ctypes.byref(seeded), arr, n, ctypes.byref(err))
        if n < 0:
            what = err.what.decode("utf-8") if err.what else ""
            raise_status(n, f"record line {err.line}: {what}" if err.line else f"record: {what}")
    game = Game._wrap(h.value)
    return game, [Move(arr[i]) for i in range(n)], (seed.value if seeded.value else None)


# ---------------------------------------------------------------------------
# The chance of winning as a game goes


def deal_chance(game: Game) -> WinChance:
    """Each side's chance of winning from the scores as they stand and the
    dealer of the deal being played, as at the start of a deal: the
    :func:`~bfc.win_chance` of ``game``'s rules, scores and dealer (a table
    for two-player classic to 121 or 61 and Battlefield, an approximation
    elsewhere; ``table`` says which). Unpacks as ``chances, table = ...``.
    Raises :class:`~bfc.InvalidArgument` once the game is over or for
    solitaire."""
    g = game_handle(game)
    o = game.observe(0)._o
    if o.over:
        raise InvalidArgument("deal_chance: the game is over")
    with g._lock:
        dealer = LIB.bfc_game_side_of(g._h(), o.dealer)
    return win_chance(game, [o.score[s] for s in range(o.sides)], dealer)


def _load_report(raw: bytes) -> int:
    """bfc_game_load_report: the game's handle, or the library's error
    naming the save's line at fault and what is wrong with it."""
    err = _RecordError()
    h = c_void_p(None)
    rc = _C.bfc_game_load_report(ctypes.byref(h), raw, ctypes.byref(err))
    if rc < 0:
        what = err.what.decode("utf-8") if err.what else ""
        raise_status(rc, f"load: line {err.line}: {what}" if err.line else f"load: {what}")
    return h.value  # type: ignore[return-value]
