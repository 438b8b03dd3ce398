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
======== ================================================================

:func:`get` makes a bot from its name (``bfc.bots.get("greedy", seed=3)``)
and :data:`NAMES` lists them.

Adding a bot of the library that has the usual C signature
``int bfc_bot_X(const bfc_observation *, uint64_t *rng, bfc_move *out)``
is one line at the end of this module::

    X = _library_bot("X", "bfc_bot_X", "what it does")

after its prototype is added to ``_lib._PROTOS``. A bot written in Python
is any callable from an Observation to a move; subclass :class:`Bot` to be
listed by :func:`get`.
"""

from __future__ import annotations

import ctypes
from typing import Callable, Dict, List, Type

from . import _lib
from ._lib import LIB
from .errors import raise_status
from .moves import _MOVES, Move
from .observation import Observation

__all__ = ["Bot", "random", "greedy", "get", "NAMES"]


class Bot:
    """A bot: ``bot(observation) -> Move``. ``seed`` (any 64-bit value)
    starts its own random generator (``bfc_rng_next``'s splitmix64 state);
    ``rng`` is that state as it stands."""

    name = "bot"
    _REGISTRY: Dict[str, Type["Bot"]] = {}

    def __init__(self, seed: int = 0) -> None:
        self._rng = ctypes.c_uint64(seed % 2**64)
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


class _LibraryBot(Bot):
    """A bot of the library: one C call per move."""

    _fn: Callable = None  # type: ignore[assignment]

    def __call__(self, obs: Observation) -> Move:
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
            "__doc__": f"{doc}\n\n``{name}(seed=0)`` makes one; call it with an Observation.",
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


def get(name: str, seed: int = 0) -> Bot:
    """A new bot of this name (one of :data:`NAMES`) started from
    ``seed``; KeyError naming the known bots otherwise."""
    try:
        cls = Bot._REGISTRY[name]
    except KeyError:
        raise KeyError(f"no bot {name!r} (bots: {', '.join(names())})") from None
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
