"""Battlefield Cribbage and classic cribbage from Python (libbfc over ctypes).

The rules, the scoring, the game engine and the bots of libbfc (a C
library), with a Python face. Every rule lives in the C library; this
package calls it through ``ctypes`` (standard library only) and turns its
values into Python ones.

Scoring (RULES 2)::

    >>> import bfc
    >>> s = bfc.score("5H 5C 5S JD", starter="5D")
    >>> s.total, s.nobs
    (29, 1)
    >>> bfc.score_battlefield("4H 6C 5H 5S JK", "4S").legal   # which card to lay away
    [4]
    >>> bfc.score_frontline("7S 7D 8C", "9H").placer_points
    10

Games (RULES 3, 4)::

    >>> g = bfc.Game("battlefield", players=2, seed=42)
    >>> bots = [bfc.bots.greedy(seed=1), bfc.bots.random(seed=2)]
    >>> while not g.over:
    ...     events = g.apply(bots[g.to_move](g.observe()))
    >>> g.scores, g.winner

The parts:

- cards: :class:`Card`, :func:`parse_cards`, :func:`format_cards`,
  :data:`HIDDEN`;
- scoring: :func:`score`, :func:`score_reserve`, :func:`score_ceasefire`,
  :func:`score_battlefield`, :func:`score_frontline`, :func:`score_peg`,
  with :class:`Score` and its :class:`Item` list;
- games: :class:`Game`, :class:`Rules` (every option of the library:
  muggins in the show and the play, partners by cut, the next game's
  dealer, the game value per loser, match play, ...), :func:`presets`
  (seven-card and captain's cribbage too), :class:`Move`, :class:`Event`
  (with :meth:`Event.seen_by`, what a seat may see of it),
  :class:`Observation` (with ``.tensor()``, see :mod:`bfc.tensor`);
- bots: :mod:`bfc.bots` (``random``, ``greedy``, and the search bot
  ``bfc.bots.search`` -- the deal solver and ISMCTS, levels by name --
  with ``.analyze(game)`` for hints, run in steps so that Ctrl-C or
  ``.interrupt()`` stops it);
- advice: :func:`advise_discard` (every classic discard with its
  expected hand, crib and total points under a crib model, ``"uniform"``
  or ``"played"``; also :meth:`Observation.advise_discard`, which can
  value them in wins), :func:`advise_formation`;
- the chance of winning by score: :func:`win_chance`;
- many games at once: :func:`sim` (in C through ``bfc_sim_run``, or a
  Python loop for Python bots); across machines: ``python3 -m
  bfc.distributed`` and :func:`bfc.distributed.sim` (on Dask);
- an OpenSpiel-style interface: :mod:`bfc.spiel`;
- errors: :class:`Error` and its subclasses, one per status of the
  library (:mod:`bfc.errors`), with :class:`InvalidType` (a TypeError too)
  for a value of the wrong type and :class:`ClosedError` for a closed
  object; every message names the argument and what was wanted.

Threads: every object that owns a C object (a :class:`Game`, a bot of
:mod:`bfc.bots`) has a lock; calls on one object from several threads are
made one after the other (the library lets one thread use a game at a
time), calls on different objects in parallel. A sequence of calls is not
atomic: another thread may move between ``legal_moves()`` and ``apply()``,
which then raises :class:`IllegalMove` and changes nothing. ``close()`` (or
a ``with`` block) frees an object's C memory at once and waits for a call
running in another thread (a search bot's interrupts its search first,
which raises :class:`Interrupted`); a closed object raises
:class:`ClosedError`. Text holding a NUL or a lone surrogate is a
:class:`ParseError`, never a UnicodeEncodeError.

The library is found through the environment variable ``BFC_LIBRARY``,
inside this package (``pip install`` compiles it there), next to this
package in a built source tree, or by the system loader;
:func:`library_path` tells which file was loaded.
"""

from __future__ import annotations

from . import _lib
from ._lib import LIB, LibraryNotFound
from .cards import DECK, HIDDEN, JOKER, Card, format_cards, parse_cards
from .errors import (
    CardError,
    ClosedError,
    CountError,
    DuplicateCard,
    Error,
    HiddenError,
    IllegalMove,
    Interrupted,
    InvalidArgument,
    InvalidType,
    JokerError,
    OutOfMemory,
    ParseError,
    StateError,
    VersionError,
    strerror,
)
from .scoring import (
    Battlefield,
    FrontlineScore,
    Item,
    PegScore,
    Score,
    score,
    score_battlefield,
    score_ceasefire,
    score_frontline,
    score_peg,
    score_reserve,
)
from .rules import Hole, Preset, Rules, preset, presets
from .moves import Event, Move
from .observation import PHASES, Observation
from .game import Game
from .advice import DiscardOption, advise_discard, advise_formation
from .winchance import WinChance, win_chance
from . import bots, spiel, tensor
from .sim import SimResult, sim
from . import review
from .review import (
    ReviewEntry,
    ReviewSummary,
    deal_chance,
    explain,
    explain_discard,
    record_format,
    record_parse,
    review_game,
    review_move,
    summarize,
)

__version__ = "0.3.0"


def version() -> str:
    """The version of the libbfc library loaded, ``"MAJOR.MINOR.PATCH"``
    (``bfc_version_string``)."""
    return LIB.bfc_version_string().decode("ascii")


def library_path() -> str:
    """The file the library was loaded from (or the name the system loader
    was asked for)."""
    return str(_lib.LIBRARY_PATH)


__all__ = [
    "version",
    "library_path",
    "Card",
    "parse_cards",
    "format_cards",
    "HIDDEN",
    "JOKER",
    "DECK",
    "score",
    "score_reserve",
    "score_ceasefire",
    "score_battlefield",
    "score_frontline",
    "score_peg",
    "Score",
    "Item",
    "Battlefield",
    "FrontlineScore",
    "PegScore",
    "Game",
    "Rules",
    "Preset",
    "Hole",
    "presets",
    "preset",
    "Move",
    "Event",
    "Observation",
    "PHASES",
    "bots",
    "advise_discard",
    "advise_formation",
    "DiscardOption",
    "win_chance",
    "WinChance",
    "spiel",
    "tensor",
    "sim",
    "SimResult",
    "Error",
    "InvalidArgument",
    "InvalidType",
    "ClosedError",
    "CardError",
    "DuplicateCard",
    "JokerError",
    "CountError",
    "ParseError",
    "OutOfMemory",
    "IllegalMove",
    "VersionError",
    "StateError",
    "HiddenError",
    "Interrupted",
    "LibraryNotFound",
    "strerror",
]
# the coach (issue 32): bfc.review
__all__ += ["review", *(n for n in review.__all__ if n not in ("GRADES", "STAGES"))]
