"""The rules of a game: presets (the games as players name them) and every
option of ``bfc_rules``.

>>> [p.name for p in bfc.presets()]
['battlefield', 'classic', 'five-card', 'noddy', 'backward', 'solitaire', 'crib-wars', 'seven-card', 'captains']
>>> r = bfc.Rules.preset("classic", players=4)   # teams: required with 4
>>> r.teams, r.target
(True, 121)

Whether rules are a game the library plays is the library's to say
(``bfc_rules_problem``): :meth:`Rules.check` raises
:class:`~bfc.InvalidArgument` with its sentence.
"""

from __future__ import annotations

import ctypes
import difflib
import re
from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _lib
from ._check import INT_MAX, INT_MIN, bool_arg, choice_arg, int_arg, text_arg
from ._lib import LIB
from .errors import InvalidArgument, InvalidType, ParseError, short

def _variant_count() -> int:
    """How many variants the library plays: ``BFC_VARIANT_*`` from 0 up to
    the first that ``bfc_rules_init_variant`` refuses."""
    r = _lib.RulesStruct()
    n = 0
    while LIB.bfc_rules_init_variant(ctypes.byref(r), n) == _lib.OK:
        n += 1
    return n


def _variant_names() -> Tuple[str, ...]:
    """The variants by ``BFC_VARIANT_*`` number, named by
    ``bfc_variant_name``."""
    return tuple(_lib.name(LIB.bfc_variant_name, v) for v in range(_variant_count()))


VARIANTS: Tuple[str, ...] = _variant_names()
"""The variant names, by ``BFC_VARIANT_*`` number: ``"battlefield"``,
``"classic"``, ``"five-card"``, ``"noddy"``, ``"solitaire"``,
``"seven-card"``."""

VALUES: Tuple[str, ...] = _lib.names(LIB.bfc_value_name)
"""The game value conventions (RULES 5), by ``BFC_VALUE_*`` number
(``bfc_value_name``): ``"plain"``, ``"skunk"``, ``"margin"``,
``"lurch"``."""

NEXT_DEALERS: Tuple[str, ...] = _lib.names(LIB.bfc_next_dealer_name)
"""Who deals the next game of a match (RULES D15), by ``BFC_NEXT_*``
number (``bfc_next_dealer_name``): ``"winner"``, ``"loser"``,
``"left"``."""

MATCH_POINTS: Tuple[str, ...] = _lib.names(LIB.bfc_match_points_name)
"""How a game counts in a match (RULES 5), by ``BFC_MATCH_*`` number
(``bfc_match_points_name``): ``"games"`` (1/1/1 for a win, a skunk, a
double skunk), ``"value"`` (the game value of :attr:`Rules.value`),
``"acc"`` (2/3/3), ``"skunks"`` (1/2/4), ``"long"`` (3/4/4), ``"free"``
(1/2/3)."""

PAYS: Tuple[str, ...] = ("sum", "best", "worst")
"""What a win is worth with three or more sides (RULES 5), the values of
:attr:`Rules.pay`: ``"sum"`` (each loser pays its own game value, the
winner takes the sum: the rule), ``"best"`` (only the best loser's value,
``BFC_RULE_PAY_BEST_LOSER``), ``"worst"`` (only the worst loser's,
``BFC_RULE_PAY_WORST_LOSER``). The library has no names for these: they
are the package's."""

_PAY_FLAGS = {"sum": 0, "best": _lib.RULE_PAY_BEST_LOSER, "worst": _lib.RULE_PAY_WORST_LOSER}

HOLE_KINDS: Tuple[str, ...] = _lib.names(LIB.bfc_hole_kind_name, 1)
"""The kinds of Crib Wars special hole, ``BFC_HOLE_*`` 1..4."""

_FLAG_OPTIONS = (
    ("muggins", _lib.RULE_MUGGINS),
    ("backward", _lib.RULE_BACKWARD),
    ("no_late_heels", _lib.RULE_NO_LATE_HEELS),
    ("any_lay_away", _lib.RULE_ANY_LAY_AWAY),
    ("no_take_back", _lib.RULE_NO_TAKE_BACK),
    ("joker_kills_formation", _lib.RULE_JOKER_KILLS_FORMATION),
    ("partners_by_cut", _lib.RULE_PARTNERS_BY_CUT),
    ("captain", _lib.RULE_CAPTAIN),
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
        _name_of(VARIANTS, p.variant),
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
    if not isinstance(name, str):
        raise InvalidType(f"preset: want a preset's name, a str (got {short(name)}, a {type(name).__name__})")
    try:
        p = LIB.bfc_preset_find(text_arg("preset", name))
    except ParseError:  # a NUL or a lone surrogate: no preset has one
        p = None
    if not p:
        known = ", ".join(q.name for q in presets())
        raise InvalidArgument(f"preset: no game {short(name)} (want one of {known})", token=name)
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

    - ``variant``: a name of :data:`VARIANTS` (``"battlefield"``,
      ``"classic"``, ``"five-card"``, ``"noddy"``, ``"solitaire"``,
      ``"seven-card"``).
    - ``players``; ``teams``: partners sitting opposite (4 players: 0+2
      against 1+3; 6 players: three teams). Classic cribbage for 4 without
      teams is four players each for themselves (RULES 3.10).
    - ``target``: points to win (backward: the points that lose; captain's
      cribbage: the team's target, the captain plays to (target + 1) / 2).
    - ``turn_limit``: Battlefield turns per skirmish before the turn card
      is forced (RULES D9; 0 = none; must be 0 in the classic games).
    - ``first_dealer``: a seat, or None to cut for it (RULES D6).
    - ``value``: a name of :data:`VALUES`, ``"plain"``, ``"skunk"``,
      ``"margin"`` or ``"lurch"`` (RULES 5).
    - ``pay``: with three or more sides, what the win is worth (RULES 5):
      ``"sum"`` (the rule: each loser is judged on its own score and the
      winner takes the sum), ``"best"`` or ``"worst"`` (only that loser's
      value): :data:`PAYS`.
    - the rules flags, each a bool: ``muggins`` (players declare their
      counts, in the show and, RULES D12, in the play; any opponent may
      claim), ``backward`` (RULES 3.7), ``no_late_heels`` (seed 003),
      ``any_lay_away`` (Battlefield, RULES D10), ``no_take_back``
      (Battlefield, RULES D14: the card just placed may not be taken back),
      ``joker_kills_formation`` (Battlefield, the RULES D13 option: a
      formation holding the joker scores 0 whatever is laid away),
      ``partners_by_cut`` (RULES D16: everyone cuts, the two lowest are
      partners and the lowest deals; needs teams and ``first_dealer``
      None), ``captain`` (captain's cribbage, RULES 3.10: 3 players, seat 0
      alone against seats 1 and 2).
    - ``next_dealer``: who deals the next game (RULES D15), a name of
      :data:`NEXT_DEALERS`: ``"winner"`` (who scored the winning point),
      ``"loser"`` or ``"left"``.
    - ``match``: 0 for single games, else the match points that win a
      match (1..1000, RULES 5); ``match_points``: how a game counts in it,
      a name of :data:`MATCH_POINTS` (``"games"``, ``"value"``, ``"acc"``,
      ``"skunks"``, ``"long"``, ``"free"``).
    - ``board``: the Crib Wars board, a tuple of :class:`Hole` (empty: a
      plain board).

    Names (variants, values, next dealers, match points, hole kinds) are
    the library's own (its ``bfc_*_name`` functions).
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
    no_take_back: bool = False
    joker_kills_formation: bool = False
    partners_by_cut: bool = False
    captain: bool = False
    pay: str = "sum"
    next_dealer: str = "winner"
    match: int = 0
    match_points: str = "games"
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
        "no_take_back",
        "joker_kills_formation",
        "partners_by_cut",
        "captain",
        "pay",
        "next_dealer",
        "match",
        "match_points",
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
        library's sentence says which); :class:`~bfc.InvalidType` (a
        TypeError too) for an unknown option or a value of the wrong type.
        """
        pr = preset(name)  # a clear error for an unknown name
        s = _lib.RulesStruct()
        counts = ", ".join(map(str, pr.players))
        want = f"{'one of ' if len(pr.players) > 1 else ''}{counts} for {pr.name}"
        n = 0 if players is None else int_arg("players", players, INT_MIN, INT_MAX, want)
        teams = bool_arg("teams", teams)
        if options:
            _check_options(options, set(cls.OPTIONS) | {"players", "teams"})
        rc = LIB.bfc_rules_preset(ctypes.byref(s), pr.name.encode(), n, 1 if teams else 0)
        if rc < 0:
            if players is not None and n not in pr.players:
                raise InvalidArgument(
                    f"players: {pr.name} is played by {counts} players: want {want} (got {players})",
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
        :class:`~bfc.InvalidType` (a TypeError too) for an unknown one."""
        _check_options(options, {f.name for f in fields(self)})
        if "board" in options:
            options["board"] = _board(options["board"])
        return replace(self, **options)

    def problem(self) -> Optional[str]:
        """Why the library refuses these rules (``bfc_rules_problem``'s
        sentence, which names the field first, in this package's words: the
        option named, never a C macro), or None when they are a game it
        plays."""
        p = self._raw_problem()
        return None if p is None else self._problem_words(p)

    def _raw_problem(self) -> Optional[str]:
        s = self._to_struct()
        p = LIB.bfc_rules_problem(ctypes.byref(s))
        return None if p is None else p.decode("utf-8")

    def check(self) -> "Rules":
        """Returns the rules when the library plays them; raises
        :class:`InvalidArgument` with :meth:`problem` otherwise."""
        words = self.problem()
        if words is not None:
            raise InvalidArgument(f"rules: {words}", token=words.split(":", 1)[0])
        return self

    def _problem_words(self, p: str) -> str:
        """The library's sentence (``bfc_rules_problem``) as a Python user
        reads it: a ``flags:`` sentence names the option whose flag it is
        (found by asking the library again without it), and the C names of
        values are the package's (``None`` for ``BFC_DEALER_CUT``)."""
        field_name, _, why = p.partition(": ")
        if field_name == "flags":
            for name, _bit in _FLAG_OPTIONS + (("pay", 0),):
                on = getattr(self, name) != "sum" if name == "pay" else getattr(self, name) is True
                if not on:
                    continue
                other = replace(self, **{name: "sum" if name == "pay" else False})._raw_problem()
                if other != p:
                    field_name = name
                    break
            if why.startswith("a BFC_RULE_* flag"):
                why = f"{self.variant} rules do not take this option"
        why = why.replace("first_dealer BFC_DEALER_CUT", "first_dealer None (a cut)").replace(
            "BFC_DEALER_CUT", "None (a cut)"
        )
        why = re.sub(r"\bBFC_[A-Z_]+\*?", "a value this package names", why)
        return f"{field_name}: {why}"

    @property
    def sides(self) -> int:
        """The number of sides (``bfc_rules_sides``): players / 2 with
        teams, 2 in captain's cribbage, else players."""
        return LIB.bfc_rules_sides(ctypes.byref(self._to_struct()))

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (``bfc_rules_side_of``): seat %
        sides with teams, the captain (seat 0) side 0 and the others side
        1 in captain's cribbage, else the seat itself.
        :class:`InvalidArgument` for a seat out of range."""
        s = _int_arg("seat", seat)
        rc = LIB.bfc_rules_side_of(ctypes.byref(self._to_struct()), s)
        if rc < 0:
            raise InvalidArgument(f"side_of: no seat {seat} with {self.players} players", status=rc, token=str(seat))
        return rc

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
        s.teams = 1 if bool_arg("teams", self.teams) else 0
        s.target = _int_arg("target", self.target)
        s.turn_limit = _int_arg("turn_limit", self.turn_limit)
        s.first_dealer = (
            _lib.DEALER_CUT
            if self.first_dealer is None
            else int_arg("first_dealer", self.first_dealer, INT_MIN, INT_MAX, "a seat, or None to cut for it")
        )
        s.value = _index("value", self.value, VALUES)
        s.flags = 0
        for name, bit in _FLAG_OPTIONS:
            if bool_arg(name, getattr(self, name)):
                s.flags |= bit
        s.flags |= _PAY_FLAGS[PAYS[choice_arg("pay", self.pay, PAYS)]]
        s.next_dealer = _index("next_dealer", self.next_dealer, NEXT_DEALERS)
        s.match = _int_arg("match", self.match)
        s.match_points = _index("match_points", self.match_points, MATCH_POINTS)
        board = _board(self.board)
        s.board.n = len(board)
        for i, h in enumerate(board):
            s.board.hole[i].at = _byte("board hole", h.at)
            s.board.hole[i].kind = HOLE_KINDS.index(h.kind) + 1
            s.board.hole[i].to = _byte("board hole", h.to)
        return s

    @classmethod
    def _from_struct(cls, s: _lib.RulesStruct) -> "Rules":
        board = tuple(
            Hole(h.at, _name_of(HOLE_KINDS, h.kind - 1), h.to)
            for h in (s.board.hole[i] for i in range(min(s.board.n, _lib.BOARD_MAX)))
        )
        pay = [k for k, bit in _PAY_FLAGS.items() if bit and s.flags & bit]
        return cls(
            variant=_name_of(VARIANTS, s.variant),
            players=s.players,
            teams=bool(s.teams),
            target=s.target,
            turn_limit=s.turn_limit,
            first_dealer=None if s.first_dealer == _lib.DEALER_CUT else s.first_dealer,
            value=_name_of(VALUES, s.value),
            pay=pay[0] if len(pay) == 1 else "sum" if not pay else _lib.UNKNOWN,
            next_dealer=_name_of(NEXT_DEALERS, s.next_dealer),
            match=s.match,
            match_points=_name_of(MATCH_POINTS, s.match_points),
            board=board,
            **{name: bool(s.flags & bit) for name, bit in _FLAG_OPTIONS},
        )


def _int_arg(what: str, v: Any) -> int:
    return int_arg(what, v, INT_MIN, INT_MAX, "an integer")


def _byte(what: str, v: Any) -> int:
    return int_arg(what, v, 0, 255, "an integer 0..255")


def _check_options(options: dict, known: Optional[set] = None) -> None:
    """InvalidType for a keyword that is no option, naming the nearest
    one and every option there is."""
    names = set(Rules.OPTIONS) if known is None else known
    for k in options:
        if k not in names:
            near = difflib.get_close_matches(k, sorted(names), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise InvalidType(
                f"unknown option {k!r}{hint}: want one of {', '.join(sorted(names))}", token=k
            )


def _name_of(names: Tuple[str, ...], v: int) -> str:
    return names[v] if 0 <= v < len(names) else _lib.UNKNOWN


def _index(what: str, v: Any, names: Tuple[str, ...]) -> int:
    return choice_arg(what, v, names)


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
    try:
        holes = list(board)
    except TypeError:
        raise InvalidType(f"board: want 'example', 'none' or a list of holes (got {short(board)})") from None
    if len(holes) > _lib.BOARD_MAX:
        raise InvalidArgument(f"board: want at most {_lib.BOARD_MAX} special holes (got {len(holes)})")
    for i, h in enumerate(holes):
        if isinstance(h, Mapping) and set(h) == {"at", "kind", "to"}:
            h = (h["at"], h["kind"], h["to"])
        if isinstance(h, (str, bytes, Mapping)) or not isinstance(h, Sequence) or len(h) != 3:
            raise InvalidType(f"board[{i}]: want a hole (at, kind, to) or {{'at', 'kind', 'to'}} (got {short(h)})")
        at, kind, to = h
        if isinstance(kind, int) and not isinstance(kind, bool) and 1 <= kind <= len(HOLE_KINDS):
            kind = HOLE_KINDS[kind - 1]
        if kind not in HOLE_KINDS:
            raise InvalidArgument(f"board[{i}]: kind: want one of {', '.join(HOLE_KINDS)} (got {short(kind)})")
        out.append(Hole(_byte(f"board[{i}] at", at), kind, _byte(f"board[{i}] to", to)))
    return tuple(out)
