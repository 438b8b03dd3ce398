"""The rules of a game: presets (the games as players name them) and every
option of ``bfc_rules``.

>>> [p.name for p in bfc.presets()]
['battlefield', 'classic', 'five-card', 'noddy', 'backward', 'solitaire', 'crib-wars']
>>> r = bfc.Rules.preset("classic", players=4)   # teams: required with 4
>>> r.teams, r.target
(True, 121)

Whether rules are a game the library plays is the library's to say
(``bfc_rules_problem``): :meth:`Rules.check` raises
:class:`~bfc.InvalidArgument` with its sentence.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable, List, NamedTuple, Optional, Tuple, Union

from . import _lib
from ._lib import LIB
from .errors import InvalidArgument

VARIANTS: Tuple[str, ...] = tuple(_lib.name(LIB.bfc_variant_name, v) for v in range(5))
"""The variant names, by ``BFC_VARIANT_*`` number."""

VALUES: Tuple[str, ...] = ("plain", "skunk", "margin", "lurch")
"""The game value conventions (RULES 5), by ``BFC_VALUE_*`` number."""

HOLE_KINDS: Tuple[str, ...] = tuple(_lib.name(LIB.bfc_hole_kind_name, k) for k in range(1, 5))
"""The kinds of Crib Wars special hole, ``BFC_HOLE_*`` 1..4."""

_FLAG_OPTIONS = (
    ("muggins", _lib.RULE_MUGGINS),
    ("backward", _lib.RULE_BACKWARD),
    ("no_late_heels", _lib.RULE_NO_LATE_HEELS),
    ("any_lay_away", _lib.RULE_ANY_LAY_AWAY),
)


def _bits(mask: int) -> Tuple[int, ...]:
    return tuple(n for n in range(32) if mask >> n & 1)


class Preset(NamedTuple):
    """A named game (``bfc_preset``): its ``name`` (``"battlefield"``), its
    ``title``, a one-line ``summary``, its ``variant``, the player counts it
    is played by (``players``), those that may play as partners
    (``teams``) and those that must (``need_teams``), its
    ``default_players`` and its default ``target``."""

    name: str
    title: str
    summary: str
    variant: str
    players: Tuple[int, ...]
    teams: Tuple[int, ...]
    need_teams: Tuple[int, ...]
    default_players: int
    target: int


def _preset(p: _lib.PresetStruct) -> Preset:
    return Preset(
        p.name.decode("utf-8"),
        p.title.decode("utf-8"),
        p.summary.decode("utf-8"),
        VARIANTS[p.variant],
        _bits(p.players),
        _bits(p.teams),
        _bits(p.need_teams),
        p.default_players,
        p.target,
    )


def presets() -> List[Preset]:
    """Every preset the library knows, in its order (``bfc_preset_get``)."""
    out = []
    i = 0
    while True:
        p = LIB.bfc_preset_get(i)
        if not p:
            return out
        out.append(_preset(p.contents))
        i += 1


def preset(name: str) -> Preset:
    """The preset of this name (case-insensitive); :class:`InvalidArgument`
    naming the known ones if there is none."""
    p = LIB.bfc_preset_find(name.encode("utf-8")) if "\0" not in name else None
    if not p:
        known = ", ".join(q.name for q in presets())
        raise InvalidArgument(f"no preset {name!r} (known: {known})", token=name)
    return _preset(p.contents)


class Hole(NamedTuple):
    """A special hole of a Crib Wars board (RULES 3.9): the hole ``at``
    (1..255), its ``kind`` (``"red skip"``, ``"time trap"``, ``"penalty
    box"``, ``"green advance"``) and the hole ``to`` that a peg landing
    there is moved to (0 for a penalty box)."""

    at: int
    kind: str
    to: int


BoardLike = Union[None, str, Iterable[Union[Hole, Tuple[int, Union[str, int], int]]]]


@dataclass
class Rules:
    """The rules of a game (``bfc_rules``), as Python values.

    Make them with :meth:`Rules.preset` and change fields, or pass the same
    options to :class:`~bfc.Game`. Fields:

    - ``variant``: ``"battlefield"``, ``"classic"``, ``"five-card"``,
      ``"noddy"`` or ``"solitaire"``.
    - ``players``; ``teams``: partners (4 players: 0+2 against 1+3).
    - ``target``: points to win (backward: the points that lose).
    - ``turn_limit``: Battlefield turns per skirmish before the turn card
      is forced (RULES D9; 0 = none; must be 0 in the classic games).
    - ``first_dealer``: a seat, or None to cut for it (RULES D6).
    - ``value``: ``"plain"``, ``"skunk"``, ``"margin"`` or ``"lurch"``
      (RULES 5).
    - ``muggins``, ``backward``, ``no_late_heels`` (classic) and
      ``any_lay_away`` (Battlefield, RULES D10): the rules flags.
    - ``board``: the Crib Wars board, a tuple of :class:`Hole` (empty: a
      plain board).
    """

    variant: str = "battlefield"
    players: int = 2
    teams: bool = False
    target: int = 121
    turn_limit: int = 200
    first_dealer: Optional[int] = None
    value: str = "plain"
    muggins: bool = False
    backward: bool = False
    no_late_heels: bool = False
    any_lay_away: bool = False
    board: Tuple[Hole, ...] = field(default_factory=tuple)

    OPTIONS = (
        "target",
        "turn_limit",
        "first_dealer",
        "value",
        "muggins",
        "backward",
        "no_late_heels",
        "any_lay_away",
        "board",
    )
    """The keyword options :meth:`preset` and :class:`~bfc.Game` take on
    top of a preset, its player count and teams."""

    @classmethod
    def preset(
        cls, name: str = "battlefield", players: Optional[int] = None, teams: bool = False, **options: Any
    ) -> "Rules":
        """The rules of a preset (``bfc_rules_preset``) with ``players``
        (None: the preset's default), ``teams`` (forced on where the rules
        require partners), and any of :attr:`OPTIONS` changed.

        Raises :class:`InvalidArgument` for an unknown preset, a player
        count it is not played by, or options that make no game (the
        library's sentence says which); TypeError for an unknown option.
        """
        pr = preset(name)  # a clear error for an unknown name
        s = _lib.RulesStruct()
        n = 0 if players is None else _int_arg("players", players)
        rc = LIB.bfc_rules_preset(ctypes.byref(s), pr.name.encode(), n, 1 if teams else 0)
        if rc < 0:
            if players is not None and n not in pr.players:
                counts = ", ".join(map(str, pr.players))
                raise InvalidArgument(
                    f"players: {pr.name} is played by {counts} players, not {players}",
                    status=rc,
                    token=str(players),
                )
            raise InvalidArgument(
                f"teams: {pr.name} is not played in teams with {n or pr.default_players} players",
                status=rc,
            )
        rules = cls._from_struct(s)
        if options:
            rules = rules.replace(**options)
        rules.check()
        return rules

    def replace(self, **options: Any) -> "Rules":
        """A copy with the given fields changed (any field, by name);
        TypeError for an unknown one."""
        names = {f.name for f in fields(self)}
        for k in options:
            if k not in names:
                raise TypeError(f"unknown rules option {k!r} (options: {', '.join(sorted(names))})")
        if "board" in options:
            options["board"] = _board(options["board"])
        return replace(self, **options)

    def problem(self) -> Optional[str]:
        """Why the library refuses these rules (a sentence that names the
        field first), or None when they are a game it plays."""
        s = self._to_struct()
        p = LIB.bfc_rules_problem(ctypes.byref(s))
        return None if p is None else p.decode("utf-8")

    def check(self) -> "Rules":
        """Returns the rules when the library plays them; raises
        :class:`InvalidArgument` with :meth:`problem` otherwise."""
        p = self.problem()
        if p is not None:
            raise InvalidArgument(f"rules: {p}", token=p.split(":", 1)[0])
        return self

    @property
    def sides(self) -> int:
        """The number of sides: players / 2 with teams, else players."""
        return LIB.bfc_rules_sides(ctypes.byref(self._to_struct()))

    @property
    def throws(self) -> int:
        """How many cards each player throws to the crib (or out of the
        deal) under these rules (``bfc_rules_throws``)."""
        rc = LIB.bfc_rules_throws(ctypes.byref(self._to_struct()))
        if rc < 0:
            self.check()
        return rc

    # -- the C struct ------------------------------------------------------

    def _to_struct(self) -> _lib.RulesStruct:
        s = _lib.RulesStruct()
        s.variant = _index("variant", self.variant, VARIANTS)
        s.players = _int_arg("players", self.players)
        s.teams = 1 if self.teams else 0
        s.target = _int_arg("target", self.target)
        s.turn_limit = _int_arg("turn_limit", self.turn_limit)
        s.first_dealer = (
            _lib.DEALER_CUT if self.first_dealer is None else _int_arg("first_dealer", self.first_dealer)
        )
        s.value = _index("value", self.value, VALUES)
        s.flags = 0
        for name, bit in _FLAG_OPTIONS:
            if getattr(self, name):
                s.flags |= bit
        board = _board(self.board)
        if len(board) > _lib.BOARD_MAX:
            raise InvalidArgument(f"board: at most {_lib.BOARD_MAX} special holes")
        s.board.n = len(board)
        for i, h in enumerate(board):
            s.board.hole[i].at = _byte("board hole", h.at)
            s.board.hole[i].kind = HOLE_KINDS.index(h.kind) + 1
            s.board.hole[i].to = _byte("board hole", h.to)
        return s

    @classmethod
    def _from_struct(cls, s: _lib.RulesStruct) -> "Rules":
        board = tuple(
            Hole(h.at, HOLE_KINDS[h.kind - 1] if 1 <= h.kind <= 4 else "?", h.to)
            for h in (s.board.hole[i] for i in range(min(s.board.n, _lib.BOARD_MAX)))
        )
        return cls(
            variant=VARIANTS[s.variant] if 0 <= s.variant < len(VARIANTS) else "?",
            players=s.players,
            teams=bool(s.teams),
            target=s.target,
            turn_limit=s.turn_limit,
            first_dealer=None if s.first_dealer == _lib.DEALER_CUT else s.first_dealer,
            value=VALUES[s.value] if 0 <= s.value < len(VALUES) else "?",
            board=board,
            **{name: bool(s.flags & bit) for name, bit in _FLAG_OPTIONS},
        )


def _int_arg(what: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{what} must be an int, not {type(v).__name__}")
    if not -(2**31) <= v < 2**31:
        raise InvalidArgument(f"{what}: {v} is out of range", token=str(v))
    return v


def _byte(what: str, v: Any) -> int:
    v = _int_arg(what, v)
    if not 0 <= v <= 255:
        raise InvalidArgument(f"{what}: {v} is not 0..255", token=str(v))
    return v


def _index(what: str, v: Any, names: Tuple[str, ...]) -> int:
    if isinstance(v, str) and v in names:
        return names.index(v)
    raise InvalidArgument(f"{what}: {v!r} is not one of {', '.join(names)}", token=str(v))


def _board(board: BoardLike) -> Tuple[Hole, ...]:
    """A board option as holes: None or "none" (plain), "example" (the
    library's example Crib Wars layout), or (at, kind, to) triples with the
    kind a name or a ``BFC_HOLE_*`` number."""
    if board is None or board == "none":
        return ()
    if isinstance(board, str):
        if board != "example":
            raise InvalidArgument(f"board: {board!r} is not 'example', 'none' or a list of holes")
        b = _lib.BoardStruct()
        LIB.bfc_board_example(ctypes.byref(b))
        return tuple(Hole(b.hole[i].at, HOLE_KINDS[b.hole[i].kind - 1], b.hole[i].to) for i in range(b.n))
    out = []
    for h in board:
        at, kind, to = h
        if isinstance(kind, int) and not isinstance(kind, bool) and 1 <= kind <= len(HOLE_KINDS):
            kind = HOLE_KINDS[kind - 1]
        if kind not in HOLE_KINDS:
            raise InvalidArgument(f"board: {kind!r} is not a hole kind ({', '.join(HOLE_KINDS)})")
        out.append(Hole(at, kind, to))
    return tuple(out)
