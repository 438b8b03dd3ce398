"""An OpenSpiel-style interface to the games, so code written against
OpenSpiel's Python API (``pyspiel``) runs on Battlefield Cribbage.

>>> game = bfc.spiel.load_game("battlefield", players=2)
>>> state = game.new_initial_state()
>>> while not state.is_terminal():
...     state.apply_action(random.choice(state.legal_actions()))
>>> state.returns()
[1.0, -1.0]

Differences from OpenSpiel worth knowing:

- Chance is inside the game: the shuffle and every draw come from the
  game's own generator, so there are no chance nodes
  (:meth:`State.is_chance_node` is always False). Each
  :meth:`Game.new_initial_state` deals from the next seed of the game's
  own generator (started at ``seed``), or from the ``seed`` you give it.
- Actions are the library's move ids (0..1506, :class:`bfc.Move`).
- Players are seats; with teams, both partners get their side's return.
- Returns are zero-sum: +1 for each player of the winning side, and
  -1 / (sides - 1) for the others (solitaire: +1 won, -1 lost); 0 until
  the game is over.
- ``observation_tensor`` is :meth:`bfc.Observation.tensor` (see
  :mod:`bfc.tensor` for its layout); ``observation_string`` the library's
  text of the observation.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any, List, Optional

from . import _lib
from ._lib import LIB
from . import tensor as _tensor
from ._check import seed_arg
from .game import Game as _Game
from .moves import Move
from .rules import Rules

TERMINAL = -4
"""``current_player()`` once the game is over (OpenSpiel's
``PlayerId.TERMINAL``)."""


class Game:
    """A game type with its parameters: makes initial states.

    ``Game(preset="battlefield", players=None, seed=0, teams=False,
    **options)`` takes the options of :class:`bfc.Game`.
    """

    def __init__(
        self,
        preset: str = "battlefield",
        players: Optional[int] = None,
        seed: int = 0,
        teams: bool = False,
        **options: Any,
    ) -> None:
        self.rules = Rules.preset(preset, players, teams, **options)
        self.preset = preset
        self._rng = ctypes.c_uint64(seed_arg("seed", seed))
        self._lock = threading.Lock()  # the generator, shared by the threads that deal from it

    def new_initial_state(self, seed: Optional[int] = None) -> "State":
        """A new game, dealt from ``seed``, or from the next seed of this
        game's generator."""
        if seed is None:
            with self._lock:
                seed = LIB.bfc_rng_next(ctypes.byref(self._rng))
        return State(self, _Game(rules=self.rules, seed=seed))

    def num_players(self) -> int:
        return self.rules.players

    def num_distinct_actions(self) -> int:
        """Every action is below this: the library's ``BFC_MOVE_COUNT``."""
        return _lib.MOVE_COUNT

    def observation_tensor_shape(self) -> List[int]:
        return list(_tensor.shape(self.rules.variant))

    def observation_tensor_size(self) -> int:
        return _tensor.size(self.rules.variant)

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        """Returns add up to 0 (solitaire: a single player's)."""
        return 0.0

    def __str__(self) -> str:
        return f"bfc_{self.preset}(players={self.rules.players})"


class State:
    """One state of a game: the moves so far and what they made."""

    def __init__(self, game: Game, g: _Game) -> None:
        self._game = game
        self._g = g
        self._history: List[int] = []

    # -- whose turn, what can be done -----------------------------------------

    def current_player(self) -> int:
        """The seat to move, or :data:`TERMINAL`."""
        s = self._g.to_move
        return TERMINAL if s is None else s

    def is_terminal(self) -> bool:
        return self._g.over

    def is_chance_node(self) -> bool:
        """Always False: chance is inside the game."""
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list:
        """Always empty: chance is inside the game."""
        return []

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions (move ids, ascending) of the player to move;
        [] for another player or once the game is over."""
        if player is not None and player != self.current_player():
            return []
        return [int(m) for m in self._g.legal_moves()]

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        mask = [0] * _lib.MOVE_COUNT
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Plays a move id (:class:`bfc.IllegalMove` if it is not legal,
        the state unchanged)."""
        self._g.apply(Move(action))
        self._history.append(int(action))

    def child(self, action: int) -> "State":
        s = self.clone()
        s.apply_action(action)
        return s

    def action_to_string(self, player: int, action: int) -> str:
        return str(Move(action))

    def string_to_action(self, text: str) -> int:
        return int(Move(text))

    def history(self) -> List[int]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    # -- outcomes ----------------------------------------------------------------

    def returns(self) -> List[float]:
        """Per player: +1 on the winning side, -1 / (sides - 1) on the
        others, once over; zeros before."""
        g = self._g
        n = g.players
        if not g.over:
            return [0.0] * n
        sides = g.sides
        w = g.winner
        if sides == 1:
            return [1.0 if w == 0 else -1.0]
        lose = -1.0 / (sides - 1)
        return [1.0 if g.side_of(s) == w else lose for s in range(n)]

    def rewards(self) -> List[float]:
        """The same as :meth:`returns`: the points of a game are not
        rewards, only its end is."""
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[player]

    # -- what a player sees --------------------------------------------------

    def observation_tensor(self, player: Optional[int] = None):
        """:meth:`bfc.Observation.tensor` of ``player`` (default: the
        player to move, or 0 once over)."""
        return self._g.observe(player).tensor()

    def observation_string(self, player: Optional[int] = None) -> str:
        return self._g.observe(player).text()

    def clone(self) -> "State":
        s = State(self._game, self._g.copy())
        s._history = list(self._history)
        return s

    def get_game(self) -> Game:
        return self._game

    def num_players(self) -> int:
        return self._g.players

    @property
    def game(self) -> _Game:
        """The :class:`bfc.Game` underneath, for everything else."""
        return self._g

    def __str__(self) -> str:
        return repr(self._g)


def load_game(name: str = "battlefield", **params: Any) -> Game:
    """``pyspiel.load_game`` in spirit: a preset's name and its parameters
    (``players``, ``seed``, ``teams`` and :class:`bfc.Game`'s options)."""
    return Game(name, **params)
