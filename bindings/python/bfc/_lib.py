"""Loading libbfc and describing its C API to ctypes.

This module is private: the rest of the package reaches the library through
``LIB`` (the loaded ``ctypes.CDLL``) and the structure classes below, which
mirror ``include/bfc.h`` field for field. Nothing here knows a rule of the
game; it only says how the C functions are called.

Where the library is looked for, in this order:

1. the file named by the environment variable ``BFC_LIBRARY`` (when it is
   set, that file only);
2. the library built into this package (``pip install`` compiles it:
   ``bfc/libbfc.so.N`` beside this file, named in ``bfc/_build_info.py``);
3. ``libbfc.so`` at the top of the source tree this package sits in
   (``bindings/python/bfc/`` -> ``../../../libbfc.so``, the link ``make``
   makes to the library it builds);
4. the library's SONAME through the system loader (``make install`` puts
   it in ``/usr/local/lib``): the SONAME the package was built for
   (``_build_info.SONAME``, from the Makefile), or, for the package as it
   sits in the source tree (no ``_build_info``), the one
   ``ctypes.util.find_library("bfc")`` finds.

The first library that loads must be version 0.3.x (``bfc_version()``);
otherwise :class:`LibraryNotFound` says what was tried and what is needed.
Then every structure below is checked against the size the library was
built with (``bfc_struct_size``): a library whose structs differ from
this package's (a build of another revision of ``bfc.h``) raises
:class:`StructMismatch` naming each struct, before any call could write
past a buffer.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import (
    POINTER,
    Structure,
    c_char_p,
    c_int,
    c_int16,
    c_size_t,
    c_uint,
    c_uint8,
    c_uint16,
    c_uint32,
    c_double,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Type

# The API version this package is written for: the library's major and
# minor version must match (while the major version is 0, a minor release
# may change the ABI); any patch level will do.
NEED_MAJOR = 0
NEED_MINOR = 3

try:  # written by the package's build (bindings/python/backend/bfc_build.py)
    from ._build_info import LIBRARY as BUILT_LIBRARY, SONAME as BUILT_SONAME
except ImportError:  # the package as it sits in the source tree
    BUILT_LIBRARY = BUILT_SONAME = None


class LibraryNotFound(ImportError):
    """libbfc could not be loaded, or is not the version this package
    needs. The message lists every place that was tried."""


class StructMismatch(ImportError):
    """The library loaded lays out a public struct differently from this
    package (``bfc_struct_size`` disagrees with ``ctypes.sizeof``): the
    package and the library come from different revisions of ``bfc.h``.

    Attributes:
        path: the library file.
        mismatches: ``(struct name, size in the library, size here)`` for
            each struct that differs (size 0: the library does not know
            the struct).
    """

    def __init__(self, path: str, mismatches: List[Tuple[str, int, int]]) -> None:
        self.path = path
        self.mismatches = list(mismatches)
        lines = "\n  ".join(
            f"{name}: {lib} bytes in the library, {here} in this package"
            if lib
            else f"{name}: the library does not know it (bfc_struct_size says 0), {here} bytes here"
            for name, lib, here in self.mismatches
        )
        super().__init__(
            f"bfc: {path} does not lay out its structs as this package does "
            f"(built from another revision of bfc.h?):\n  {lines}\n"
            "Rebuild the library (`make`) and the package from the same tree."
        )


# ---------------------------------------------------------------------------
# Loading


def _tree_root() -> Optional[Path]:
    """The top of the libbfc source tree this package sits in, if it does
    (bindings/python/bfc/_lib.py -> ../../..)."""
    root = Path(__file__).resolve().parent.parent.parent.parent
    if (root / "include" / "bfc.h").is_file() and (root / "Makefile").is_file():
        return root
    return None


def _candidates(tried: List[str]) -> List[Tuple[str, str]]:
    """(what to load, how to name it in a message), in the search order."""
    env = os.environ.get("BFC_LIBRARY")
    if env:
        return [(env, f"BFC_LIBRARY={env}")]  # asked for: that one, or an error
    tried.append("BFC_LIBRARY: not set")
    out: List[Tuple[str, str]] = []
    here = Path(__file__).resolve().parent
    if BUILT_LIBRARY:
        path = here / BUILT_LIBRARY
        if path.exists():
            out.append((str(path), str(path)))
        else:
            tried.append(f"{path}: no such file (the package's own library is gone: reinstall bfc)")
    root = _tree_root()
    if root is not None:
        path = root / "libbfc.so"
        if path.exists():
            out.append((str(path), str(path)))
        else:
            tried.append(f"{path}: no such file (run `make` at the top of the tree)")
    if BUILT_SONAME is not None:
        out.append((BUILT_SONAME, f"{BUILT_SONAME} (system loader)"))
    else:
        import ctypes.util

        found = ctypes.util.find_library("bfc")
        if found:
            out.append((found, f"{found} (system loader)"))
        else:
            tried.append("libbfc through the system loader: ctypes.util.find_library('bfc') found none")
    return out


def _load() -> ctypes.CDLL:
    tried: List[str] = []
    need = f"{NEED_MAJOR}.{NEED_MINOR}.x"
    for path, where in _candidates(tried):
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{where}: {e}")
            continue
        try:
            lib.bfc_version.restype = c_int
            lib.bfc_version.argtypes = []
            number = int(lib.bfc_version())
        except AttributeError:
            tried.append(f"{where}: loaded, but it has no bfc_version(): not libbfc")
            continue
        major, minor, patch = number // 10000, number // 100 % 100, number % 100
        if major == NEED_MAJOR and minor == NEED_MINOR:
            return lib
        tried.append(f"{where}: libbfc {major}.{minor}.{patch}, but this package needs {need}")
    raise LibraryNotFound(
        f"bfc: cannot load libbfc {need}. Tried:\n  "
        + "\n  ".join(tried)
        + "\nReinstall the package (`pip install ./bindings/python` builds the library into it), "
        "build the library with `make` in the libbfc tree, install it with `make install`, "
        "or set BFC_LIBRARY to the path of the library."
    )


LIB = _load()
LIBRARY_PATH: Optional[str] = getattr(LIB, "_name", None)

# ---------------------------------------------------------------------------
# Constants of bfc.h that the package uses (values pinned by the header).

OK = 0
EINVAL, ECARD, EDUP, EJOKER, ECOUNT, EPARSE, ENOMEM, EILLEGAL, EVERSION, ESTATE, EHIDDEN, EINTR = range(
    -1, -13, -1
)

SCORE_CRIB = 0x01
SCORE_KILL_CARD = 0x02
SCORE_NODDY = 0x04
SCORE_TURN_CARD = 0x08
SCORE_ANY_LAY_AWAY = 0x10

RULE_MUGGINS = 0x0100
RULE_BACKWARD = 0x0200
RULE_NO_LATE_HEELS = 0x0400
RULE_ANY_LAY_AWAY = 0x0800
RULE_NO_TAKE_BACK = 0x1000
RULE_JOKER_KILLS_FORMATION = 0x2000
RULE_PARTNERS_BY_CUT = 0x4000
RULE_CAPTAIN = 0x8000
RULE_PAY_BEST_LOSER = 0x10000
RULE_PAY_WORST_LOSER = 0x20000

PARSE_JOKER = 0x01000000
FORMAT_UNICODE = 0x10000000

NCARDS = 52
JOKER = 52
CARD_HIDDEN = 0xFE
CARD_NONE = 0xFF
MOVE_COUNT = 1507  # RULES D18: declare 32..46 after pass (0.1: 1492)
MOVE_NONE = 0xFFFF
MAX_MOVES = 48  # a seven-card hand's declaration lists 47 (0.1: 32)
DECLARE_MAX = 46  # the most any declaration may be (RULES D18)
MAX_ITEMS = 64
MAX_EVENTS = 256
ITEM_MAX_CARDS = 16
FRONTLINE_MAX = 16
BOARD_MAX = 16
DEALER_CUT = -1

VARIANT_BATTLEFIELD = 0  # the one variant the package treats apart (tensors)

# Event types the package reads fields of (BFC_EV_*, pinned by the header).
EV_SCORE = 9
EV_BOARD = 25
EV_MATCH = 27

# Advice and search (bfc.h, "Exact advice", "Search bot").
CRIB_UNIFORM, CRIB_PLAYED = 0, 1
ROLE_DEALER, ROLE_PONE, ROLE_PARTNER = 0, 1, 2
PLAYOUT_RANDOM, PLAYOUT_GUIDED, PLAYOUT_GREEDY = 0, 1, 2
SEARCH_WIN, SEARCH_MARGIN = 0, 1
SEARCH_EXACT_DISCARD, SEARCH_SOLVER, SEARCH_BELIEF = 0x1, 0x2, 0x4
WIN_TABLE, WIN_APPROX = 1, 2  # bfc_win_chance()'s answers
LEVEL_EASY, LEVEL_MEDIUM, LEVEL_HARD = 1, 2, 3

# ---------------------------------------------------------------------------
# Structures, field for field as in bfc.h.

card_t = c_uint8
move_t = c_uint16


class ParseErrorStruct(Structure):
    _fields_ = [("offset", c_size_t), ("length", c_size_t), ("status", c_int)]


class HandScore(Structure):
    _fields_ = [
        ("total", c_uint8),
        ("fifteens", c_uint8),
        ("pairs", c_uint8),
        ("runs", c_uint8),
        ("flush", c_uint8),
        ("nobs", c_uint8),
        ("killed", c_uint8),
        ("reserved", c_uint8),
    ]


class BattlefieldStruct(Structure):
    _fields_ = [("best", c_int), ("legal", c_uint), ("by_lay_away", HandScore * 5)]


class FrontlineScore(Structure):
    _fields_ = [
        ("renewed", c_uint8),
        ("sum", c_uint8),
        ("length", c_uint8),
        ("fifteen_31", c_uint8),
        ("combination", c_uint8),
        ("combo", c_uint8),
        ("combo_cards", c_uint8),
        ("last_card", c_uint8),
        ("placer_points", c_uint8),
        ("go_point", c_uint8),
        ("knobs_dealer", c_uint8),
        ("reserved", c_uint8),
    ]


class FrontlineStruct(Structure):
    _fields_ = [
        ("mask", c_uint64),
        ("recent", c_uint64),
        ("n", c_uint8),
        ("sum", c_uint8),
        ("cards", card_t * FRONTLINE_MAX),
    ]


class PegScore(Structure):
    _fields_ = [
        ("count", c_uint8),
        ("fifteen_31", c_uint8),
        ("pairs", c_uint8),
        ("runs", c_uint8),
        ("flush", c_uint8),
        ("total", c_uint8),
    ]


class ItemStruct(Structure):
    _fields_ = [
        ("kind", c_uint8),
        ("points", c_uint8),
        ("combo", c_uint8),
        ("ncards", c_uint8),
        ("cards", card_t * ITEM_MAX_CARDS),
    ]


class HoleStruct(Structure):
    _fields_ = [("at", c_uint8), ("kind", c_uint8), ("to", c_uint8)]


class BoardStruct(Structure):
    _fields_ = [
        ("n", c_uint8),
        ("reserved", c_uint8 * 3),
        ("hole", HoleStruct * BOARD_MAX),
    ]


class RulesStruct(Structure):
    _fields_ = [
        ("variant", c_int),
        ("players", c_int),
        ("teams", c_int),
        ("target", c_int),
        ("turn_limit", c_int),
        ("first_dealer", c_int),
        ("value", c_int),
        ("flags", c_uint),
        ("board", BoardStruct),
        ("next_dealer", c_int),
        ("match", c_int),
        ("match_points", c_int),
    ]


class PresetStruct(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("title", c_char_p),
        ("summary", c_char_p),
        ("variant", c_int),
        ("flags", c_uint),
        ("board", c_int),
        ("players", c_uint),
        ("teams", c_uint),
        ("need_teams", c_uint),
        ("default_players", c_int),
        ("target", c_int),
    ]


class MoveInfo(Structure):
    _fields_ = [
        ("kind", c_uint8),
        ("nslots", c_uint8),
        ("slot", c_uint8 * 2),
        ("ncards", c_uint8),
        ("card", card_t * 2),
        ("points", c_uint8),
    ]


class EventStruct(Structure):
    _fields_ = [
        ("type", c_uint8),
        ("seat", c_uint8),
        ("side", c_uint8),
        ("source", c_uint8),
        ("card", card_t),
        ("slot", c_uint8),
        ("points", c_uint8),
        ("reserved", c_uint8),
        ("score", c_int16),
        ("turn", c_uint16),
        ("item", ItemStruct),
    ]


class ObservationStruct(Structure):
    _fields_ = [
        ("rules", RulesStruct),
        ("seat", c_uint8),
        ("players", c_uint8),
        ("sides", c_uint8),
        ("phase", c_uint8),
        ("to_move", c_uint8),
        ("dealer", c_uint8),
        ("revealed", c_uint8),
        ("ender", c_uint8),
        ("final_turns", c_uint8),
        ("pile", c_uint8),
        ("crib", c_uint8),
        ("held", card_t),
        ("turn_card", card_t),
        ("laid", c_uint8 * 4),
        ("lay_legal", c_uint8),
        ("over", c_uint8),
        ("winner", c_uint8),
        ("winning_seat", c_uint8),
        ("turns", c_uint32),
        ("skirmish", c_uint32),
        ("score", c_int16 * 6),
        ("faceup", c_uint8 * 4),
        ("formation", (card_t * 5) * 4),
        ("cut", card_t * 6),
        ("frontline", FrontlineStruct),
        ("out_of_play", c_uint64),
        ("starter", card_t),
        ("count", c_uint8),
        ("nseq", c_uint8),
        ("seq", card_t * 16),
        ("held_by", c_uint8 * 6),
        ("declarer", c_uint8),
        ("declared", c_uint8),
        ("counting", c_uint8),
        ("hand", c_uint64),
        ("thrown", c_uint64),
        ("played", c_uint64 * 6),
        ("shown", c_uint64 * 6),
        ("crib_cards", c_uint64),
        ("judged", c_uint64),
        ("folded", c_uint8),
        ("boxed", c_uint8),
        ("box_deals", c_uint8),
        ("throws", c_uint8),
        ("limit_reached", c_uint8),
        ("owed", c_uint8),
        ("match", c_int16 * 6),
        ("go_room", c_uint8 * 6),
    ]


class SimResultStruct(Structure):
    _fields_ = [
        ("games", c_uint64),
        ("moves", c_uint64),
        ("wins", c_uint64 * 6),
        ("value_sum", c_uint64 * 6),
        ("points", (c_uint64 * 16) * 6),
    ]


class DiscardOptionStruct(Structure):
    _fields_ = [
        ("move", move_t),
        ("ndiscard", c_uint8),
        ("nkeep", c_uint8),
        ("discard", card_t * 2),
        ("keep", card_t * 5),
        ("to_crib", c_uint8),
        ("reserved", c_uint8 * 4),
        ("hand_ev", c_double),
        ("crib_ev", c_double),
        ("total_ev", c_double),
        ("win", c_double),
    ]


class SearchConfigStruct(Structure):
    _fields_ = [
        ("iterations", c_uint32),
        ("time_ms", c_uint32),
        ("exploration", c_double),
        ("seed", c_uint64),
        ("playout", c_int),
        ("value", c_int),
        ("flags", c_uint),
        ("nodes", c_uint32),
        ("worlds", c_uint32),
    ]


class SearchStatStruct(Structure):
    _fields_ = [
        ("move", move_t),
        ("searched", c_uint8),
        ("wins_now", c_uint8),
        ("visits", c_uint32),
        ("value", c_double),
        ("points", c_double),
        ("same_as", move_t),
    ]


class SearchInfoStruct(Structure):
    _fields_ = [
        ("iterations", c_uint32),
        ("nodes", c_uint32),
        ("depth", c_uint32),
        ("candidates", c_uint32),
        ("ms", c_double),
    ]


# Every public struct of bfc.h, by the name bfc_struct_size() knows it by.
STRUCTS: Dict[str, Type[Structure]] = {
    "bfc_rules": RulesStruct,
    "bfc_observation": ObservationStruct,
    "bfc_event": EventStruct,
    "bfc_item": ItemStruct,
    "bfc_hand_score": HandScore,
    "bfc_battlefield": BattlefieldStruct,
    "bfc_frontline": FrontlineStruct,
    "bfc_frontline_score": FrontlineScore,
    "bfc_peg_score": PegScore,
    "bfc_parse_error": ParseErrorStruct,
    "bfc_board": BoardStruct,
    "bfc_hole": HoleStruct,
    "bfc_move_info": MoveInfo,
    "bfc_preset": PresetStruct,
    "bfc_sim_result": SimResultStruct,
    "bfc_discard_option": DiscardOptionStruct,
    "bfc_search_config": SearchConfigStruct,
    "bfc_search_stat": SearchStatStruct,
    "bfc_search_info": SearchInfoStruct,
}


def check_structs(lib: ctypes.CDLL, structs: Dict[str, Type[Structure]], path: str) -> None:
    """Raises :class:`StructMismatch` unless each struct's ``ctypes.sizeof``
    is the size the library reports for that name (``bfc_struct_size``).
    A library without ``bfc_struct_size`` (a 0.2 build older than it)
    cannot be checked: :class:`LibraryNotFound`."""
    try:
        fn = lib.bfc_struct_size
    except AttributeError:
        raise LibraryNotFound(
            f"bfc: {path} has no bfc_struct_size(), so its structs cannot be checked "
            "(a libbfc 0.2 built before it): rebuild it with `make`"
        ) from None
    fn.restype = c_size_t
    fn.argtypes = [c_char_p]
    bad = []
    for name, cls in structs.items():
        theirs, ours = int(fn(name.encode("ascii"))), ctypes.sizeof(cls)
        if theirs != ours:
            bad.append((name, theirs, ours))
    if bad:
        raise StructMismatch(path, bad)


check_structs(LIB, STRUCTS, str(LIBRARY_PATH))

# ---------------------------------------------------------------------------
# Prototypes

game_p = c_void_p
search_p = c_void_p
_P = POINTER

BOT_FN = ctypes.CFUNCTYPE(c_int, _P(ObservationStruct), _P(c_uint64), _P(move_t))
"""``bfc_bot_fn``: the C signature of a bot (``bfc_bot_random``, ...)."""


def _proto(name: str, restype, *argtypes) -> None:
    fn = getattr(LIB, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)


_PROTOS = [
    ("bfc_version_string", c_char_p),
    ("bfc_strerror", c_char_p, c_int),
    ("bfc_card_make", card_t, c_int, c_int),
    ("bfc_card_rank", c_int, card_t),
    ("bfc_card_suit", c_int, card_t),
    ("bfc_card_value", c_int, card_t),
    ("bfc_card_parse", c_int, c_char_p, _P(card_t)),
    ("bfc_cards_parse", c_int, c_char_p, c_uint, _P(card_t), c_size_t, _P(ParseErrorStruct)),
    ("bfc_card_format", c_int, card_t, c_uint, c_char_p, c_size_t),
    ("bfc_cards_format", c_int, _P(card_t), c_size_t, c_uint, c_char_p, c_size_t),
    ("bfc_score_hand", c_int, _P(card_t), c_size_t, card_t, c_uint, _P(HandScore)),
    ("bfc_score_reserve", c_int, _P(card_t), card_t, _P(HandScore)),
    ("bfc_score_ceasefire", c_int, _P(card_t), _P(HandScore)),
    ("bfc_score_battlefield", c_int, _P(card_t), card_t, c_uint, _P(BattlefieldStruct)),
    ("bfc_combo_name", c_char_p, c_int),
    ("bfc_score_frontline", c_int, _P(card_t), c_size_t, card_t, c_uint, _P(FrontlineScore)),
    ("bfc_score_peg_detail", c_int, _P(card_t), c_size_t, c_uint, _P(PegScore)),
    ("bfc_item_kind_name", c_char_p, c_int),
    ("bfc_score_hand_items", c_int, _P(card_t), c_size_t, card_t, c_uint, _P(ItemStruct), c_size_t),
    (
        "bfc_score_frontline_items",
        c_int,
        _P(card_t),
        c_size_t,
        card_t,
        c_uint,
        _P(ItemStruct),
        c_size_t,
    ),
    ("bfc_score_peg_items", c_int, _P(card_t), c_size_t, c_uint, _P(ItemStruct), c_size_t),
    ("bfc_items_narrate", c_int, _P(ItemStruct), c_size_t, c_char_p, c_size_t),
    ("bfc_board_example", c_int, _P(BoardStruct)),
    ("bfc_hole_kind_name", c_char_p, c_int),
    ("bfc_rules_init", None, _P(RulesStruct)),
    ("bfc_rules_init_variant", c_int, _P(RulesStruct), c_int),
    ("bfc_rules_check", c_int, _P(RulesStruct)),
    ("bfc_rules_problem", c_char_p, _P(RulesStruct)),
    ("bfc_rules_sides", c_int, _P(RulesStruct)),
    ("bfc_rules_throws", c_int, _P(RulesStruct)),
    ("bfc_rules_side_of", c_int, _P(RulesStruct), c_int),
    ("bfc_preset_get", _P(PresetStruct), c_int),
    ("bfc_preset_find", _P(PresetStruct), c_char_p),
    ("bfc_rules_preset", c_int, _P(RulesStruct), c_char_p, c_int, c_int),
    ("bfc_move_reveal", move_t, c_int, c_int),
    ("bfc_move_discard2", move_t, card_t, card_t),
    ("bfc_move_declare", move_t, c_int),
    ("bfc_move_format", c_int, move_t, c_char_p, c_size_t),
    ("bfc_move_parse", c_int, c_char_p, _P(move_t)),
    ("bfc_move_decode", c_int, move_t, _P(MoveInfo)),
    ("bfc_move_kind_name", c_char_p, c_int),
    ("bfc_phase_name", c_char_p, c_int),
    ("bfc_variant_name", c_char_p, c_int),
    ("bfc_game_new", game_p, _P(RulesStruct), c_uint64, _P(c_int)),
    ("bfc_game_free", None, game_p),
    ("bfc_game_copy", c_int, game_p, game_p),
    ("bfc_game_clone", game_p, game_p),
    ("bfc_game_rules", _P(RulesStruct), game_p),
    ("bfc_game_legal_moves", c_int, game_p, _P(move_t), c_size_t),
    ("bfc_event_slot", c_int, _P(EventStruct)),
    ("bfc_event_points", c_int, _P(EventStruct)),
    ("bfc_event_count", c_int, _P(EventStruct)),
    ("bfc_event_crib", c_int, _P(EventStruct)),
    ("bfc_event_dealt", c_int, _P(EventStruct)),
    ("bfc_event_board", c_int, _P(EventStruct)),
    ("bfc_event_format", c_int, _P(EventStruct), c_uint, c_char_p, c_size_t),
    ("bfc_event_name", c_char_p, c_int),
    ("bfc_source_name", c_char_p, c_int),
    ("bfc_board_action_name", c_char_p, c_int),
    ("bfc_value_name", c_char_p, c_int),
    ("bfc_match_points_name", c_char_p, c_int),
    ("bfc_next_dealer_name", c_char_p, c_int),
    ("bfc_event_visible", c_int, _P(EventStruct), _P(RulesStruct), c_int, _P(EventStruct)),
    ("bfc_game_apply", c_int, game_p, move_t, _P(EventStruct), c_size_t, _P(c_size_t)),
    (
        "bfc_game_new_events",
        game_p,
        _P(RulesStruct),
        c_uint64,
        _P(EventStruct),
        c_size_t,
        _P(c_size_t),
        _P(c_int),
    ),
    ("bfc_game_to_move", c_int, game_p),
    ("bfc_game_phase", c_int, game_p),
    ("bfc_game_sides", c_int, game_p),
    ("bfc_game_side_of", c_int, game_p, c_int),
    ("bfc_game_scores", c_int, game_p, _P(c_int), c_size_t),
    ("bfc_game_over", c_int, game_p),
    ("bfc_game_winner", c_int, game_p),
    ("bfc_game_winning_seat", c_int, game_p),
    ("bfc_game_value", c_int, game_p),
    ("bfc_game_values", c_int, game_p, _P(c_int), c_size_t),
    ("bfc_game_match_scores", c_int, game_p, _P(c_int), c_size_t),
    ("bfc_game_match_winner", c_int, game_p),
    ("bfc_game_seat_of", c_int, game_p, c_int),
    ("bfc_game_next", c_int, game_p),
    ("bfc_game_next_events", c_int, game_p, _P(EventStruct), c_size_t, _P(c_size_t)),
    ("bfc_game_observe", c_int, game_p, c_int, _P(ObservationStruct)),
    ("bfc_observation_legal_moves", c_int, _P(ObservationStruct), _P(move_t), c_size_t),
    ("bfc_observation_format", c_int, _P(ObservationStruct), c_uint, c_char_p, c_size_t),
    ("bfc_game_determinize", c_int, game_p, c_int, c_uint64),
    ("bfc_game_determinize_belief", c_int, game_p, c_int, c_uint64),
    ("bfc_game_save", c_int, game_p, c_char_p, c_size_t),
    ("bfc_game_load", c_int, _P(game_p), c_char_p),
    ("bfc_rng_next", c_uint64, _P(c_uint64)),
    ("bfc_bot_random", c_int, _P(ObservationStruct), _P(c_uint64), _P(move_t)),
    ("bfc_bot_greedy", c_int, _P(ObservationStruct), _P(c_uint64), _P(move_t)),
    ("bfc_bot_rules", c_int, _P(ObservationStruct), _P(c_uint64), _P(move_t)),
    ("bfc_sim_game_seed", c_uint64, c_uint64, c_uint64),
    ("bfc_sim_bot_seed", c_uint64, c_uint64, c_int),
    (
        "bfc_sim_run",
        c_int,
        _P(RulesStruct),
        _P(BOT_FN),
        c_uint64,
        c_uint64,
        c_uint64,
        c_uint64,
        _P(SimResultStruct),
    ),
    ("bfc_observation_unseen", c_int, _P(ObservationStruct), _P(c_uint64)),
    (
        "bfc_advise_discard",
        c_int,
        _P(RulesStruct),
        _P(card_t),
        c_size_t,
        c_int,
        c_int,
        _P(DiscardOptionStruct),
        c_size_t,
    ),
    ("bfc_advise_discard_observation", c_int, _P(ObservationStruct), c_int, _P(DiscardOptionStruct), c_size_t),
    ("bfc_advise_discard_win", c_int, _P(ObservationStruct), c_int, _P(DiscardOptionStruct), c_size_t),
    ("bfc_advise_formation", c_int, _P(card_t), c_uint64, c_uint, _P(c_double)),
    ("bfc_win_chance", c_int, _P(RulesStruct), _P(c_int), c_size_t, c_int, _P(c_double)),
    ("bfc_search_config_init", None, _P(SearchConfigStruct)),
    ("bfc_search_config_level", c_int, _P(SearchConfigStruct), c_int),
    ("bfc_search_new", search_p, _P(RulesStruct), _P(SearchConfigStruct), _P(c_int)),
    ("bfc_search_free", None, search_p),
    ("bfc_search_seed", c_int, search_p, c_uint64),
    ("bfc_search_move", c_int, search_p, game_p, _P(move_t)),
    ("bfc_search_analyze", c_int, search_p, game_p, _P(SearchStatStruct), c_size_t),
    ("bfc_search_last", c_int, search_p, _P(SearchInfoStruct)),
    ("bfc_search_begin", c_int, search_p, game_p),
    ("bfc_search_step", c_int, search_p, c_uint32),
    ("bfc_search_result", c_int, search_p, _P(SearchStatStruct), c_size_t),
    ("bfc_search_end", c_int, search_p),
    ("bfc_search_interrupt", c_int, search_p),
    ("bfc_dial_new", c_void_p, _P(RulesStruct), c_int, c_uint64, _P(c_int)),
    ("bfc_dial_free", None, c_void_p),
    ("bfc_dial_seed", c_int, c_void_p, c_uint64),
    ("bfc_dial_move", c_int, c_void_p, game_p, _P(move_t)),
    ("bfc_dial_rating", c_int, c_int),
    ("bfc_dial_step_of_rating", c_int, c_int),
    ("bfc_dial_step_of_level", c_int, c_int),
]

for _p in _PROTOS:
    _proto(*_p)
del _p


def name(fn, value: int) -> str:
    """The text of one of the library's name functions (``bfc_*_name``)."""
    return fn(value).decode("ascii")


UNKNOWN = "?"
"""What every ``bfc_*_name`` function answers for a value it does not know."""


def names(fn, first: int = 0) -> Tuple[str, ...]:
    """The names of an enumeration, as the library lists them: ``fn(first)``,
    ``fn(first + 1)``, ... up to the first value it answers ``"?"`` for.
    The count comes from the library, so a value it adds is named here
    without a change to the package."""
    out: List[str] = []
    while True:
        n = name(fn, first + len(out))
        if n == UNKNOWN:
            return tuple(out)
        out.append(n)


def bot_address(fn) -> int:
    """The address of a library bot function, for a ``BOT_FN`` array."""
    return ctypes.cast(fn, c_void_p).value  # type: ignore[return-value]



PHASES = names(LIB.bfc_phase_name)
"""The phases' names in ``BFC_PHASE_*`` order (``bfc.PHASES``); here, below
the modules that read them, so none of those needs another to know them."""

NPHASES = len(PHASES)
"""How many phases the library names (``BFC_PHASE_*`` from 0)."""
