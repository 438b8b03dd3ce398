"""The package against the library it loads: every struct laid out as the
library lays it out (bfc_struct_size), a library that differs refused at
import with the struct named, every function of bfc.h bound, and the names
of every enumeration taken from the library."""

import ctypes
import os
import re
import shutil
import subprocess
import sys

import pytest

import bfc
from bfc import _lib
from conftest import PACKAGE_DIR, ROOT


def LIB_SIZE(name):
    return _lib.LIB.bfc_struct_size(name.encode())


def test_lib__every_struct_has_the_library_s_size():
    """bfc_struct_size knows every public struct of bfc.h, and each ctypes
    struct of the package is that size (the check the import makes)."""
    header = (ROOT / "include" / "bfc.h").read_text(encoding="utf-8")
    public = set(re.findall(r"^typedef struct (bfc_\w+) \{", header, re.M))
    assert public == set(_lib.STRUCTS)
    for name, cls in _lib.STRUCTS.items():
        assert LIB_SIZE(name) == ctypes.sizeof(cls), name
    assert LIB_SIZE("bfc_no_such_struct") == 0


def test_lib__a_struct_of_another_layout_is_an_import_error_naming_it():
    class OldRules(ctypes.Structure):  # bfc_rules before issue 16: no next_dealer, match, match_points
        _fields_ = [f for f in _lib.RulesStruct._fields_ if f[0] not in ("next_dealer", "match", "match_points")]

    structs = dict(_lib.STRUCTS, bfc_rules=OldRules, bfc_unknown=_lib.HoleStruct)
    with pytest.raises(ImportError) as e:
        _lib.check_structs(_lib.LIB, structs, "libtest.so")
    assert isinstance(e.value, _lib.StructMismatch)
    assert e.value.mismatches == [
        ("bfc_rules", ctypes.sizeof(_lib.RulesStruct), ctypes.sizeof(OldRules)),
        ("bfc_unknown", 0, ctypes.sizeof(_lib.HoleStruct)),
    ]
    text = str(e.value)
    assert "libtest.so" in text and "bfc_rules: 96 bytes in the library, 84 in this package" in text
    assert "bfc_unknown: the library does not know it" in text and "bfc_event" not in text
    _lib.check_structs(_lib.LIB, _lib.STRUCTS, "the real one")  # no exception


def _compiler():
    cc = os.environ.get("CC") or "cc"
    return cc if shutil.which(cc) else None


def _fake_library(tmp_path, body):
    """A shared library made of `body` (C, with the public header)."""
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler to build a fake library")
    src = tmp_path / "fake.c"
    src.write_text('#include <string.h>\n#include "bfc.h"\n' + body, encoding="utf-8")
    out = tmp_path / "libfake.so"
    subprocess.run(
        [cc, "-shared", "-fPIC", "-I", str(ROOT / "include"), str(src), "-o", str(out)], check=True, capture_output=True
    )
    return out


def _import_with(lib):
    env = dict(os.environ, BFC_LIBRARY=str(lib), PYTHONPATH=str(PACKAGE_DIR))
    return subprocess.run([sys.executable, "-c", "import bfc"], env=env, capture_output=True, text=True, check=False)


def test_lib__import_refuses_a_library_whose_structs_differ(tmp_path):
    """A libbfc 0.2 whose bfc_observation is two bytes longer than the
    package's: `import bfc` fails with an ImportError that names it, before
    any call could write past a buffer."""
    lib = _fake_library(
        tmp_path,
        """
int bfc_version(void) { return BFC_VERSION_NUMBER; }
size_t bfc_struct_size(const char *name)
{
    if (strcmp(name, "bfc_observation") == 0) return sizeof(bfc_observation) + 2;
    if (strcmp(name, "bfc_rules") == 0) return sizeof(bfc_rules);
    if (strcmp(name, "bfc_event") == 0) return sizeof(bfc_event);
    if (strcmp(name, "bfc_item") == 0) return sizeof(bfc_item);
    if (strcmp(name, "bfc_hand_score") == 0) return sizeof(bfc_hand_score);
    if (strcmp(name, "bfc_battlefield") == 0) return sizeof(bfc_battlefield);
    if (strcmp(name, "bfc_frontline") == 0) return sizeof(bfc_frontline);
    if (strcmp(name, "bfc_frontline_score") == 0) return sizeof(bfc_frontline_score);
    if (strcmp(name, "bfc_peg_score") == 0) return sizeof(bfc_peg_score);
    if (strcmp(name, "bfc_parse_error") == 0) return sizeof(bfc_parse_error);
    if (strcmp(name, "bfc_board") == 0) return sizeof(bfc_board);
    if (strcmp(name, "bfc_hole") == 0) return sizeof(bfc_hole);
    if (strcmp(name, "bfc_move_info") == 0) return sizeof(bfc_move_info);
    if (strcmp(name, "bfc_preset") == 0) return sizeof(bfc_preset);
    if (strcmp(name, "bfc_sim_result") == 0) return sizeof(bfc_sim_result);
    return 0;
}
""",
    )
    r = _import_with(lib)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()
    assert any(line.startswith("bfc._lib.StructMismatch: ") for line in last), r.stderr
    n = ctypes.sizeof(_lib.ObservationStruct)
    assert f"bfc_observation: {n + 2} bytes in the library, {n} in this package" in r.stderr
    assert "bfc_rules:" not in r.stderr and "libfake.so" in r.stderr


def test_lib__import_refuses_a_library_without_bfc_struct_size(tmp_path):
    lib = _fake_library(tmp_path, "int bfc_version(void) { return BFC_VERSION_NUMBER; }\n")
    r = _import_with(lib)
    assert r.returncode != 0 and "has no bfc_struct_size()" in r.stderr and "LibraryNotFound" in r.stderr


# Functions of bfc.h the package reaches another way, each with why.
NOT_BOUND = {
    "bfc_score_show": "bfc.score() calls bfc_score_hand, which covers it",
    "bfc_score_show_all_starters": "a batch path for discard analysis in C",
    "bfc_score_peg": "bfc.score_peg() calls bfc_score_peg_detail (the same total, with the parts)",
    "bfc_frontline_init": "the incremental frontline is for C playouts; bfc.score_frontline scores one placement",
    "bfc_frontline_set": "as bfc_frontline_init",
    "bfc_frontline_place": "as bfc_frontline_init",
    "bfc_frontline_take": "as bfc_frontline_init",
    "bfc_version": "called by the loader itself, before the prototypes",
    "bfc_struct_size": "called by the loader itself, before the prototypes",
    "bfc_search_config_bytes": "CPython frees a dropped bot with its last reference: no collector to tell of its size (the JS binding's use)",
    "bfc_review_game_part": "bfc.review_game runs the whole review in one call (bfc_review_game_with), stopped by its progress; parts are for callers that must yield between two (the JS binding)",
    "bfc_win_table": "the raw table behind bfc_win_chance, for C hot loops; bfc.win_chance() gives its chances",
}


def test_lib__every_function_of_bfc_h_is_bound_or_said_why_not():
    header = (ROOT / "include" / "bfc.h").read_text(encoding="utf-8")
    declared = set(re.findall(r"^BFC_API [^(]*?\b(bfc_\w+)\(", header, re.M))
    bound = {p[0] for p in _lib._PROTOS}
    assert bound <= declared, bound - declared
    assert set(NOT_BOUND) <= declared, set(NOT_BOUND) - declared
    assert not set(NOT_BOUND) & bound, f"bound yet listed as not bound: {sorted(set(NOT_BOUND) & bound)}"
    missing = declared - bound - set(NOT_BOUND)
    assert missing == set(), f"bfc.h functions the package neither binds nor explains: {sorted(missing)}"


def test_lib__names_are_the_library_s():
    """Every name table of the package is the library's bfc_*_name,
    counted by the library (up to its first "?")."""
    L = _lib.LIB

    def listed(fn, first):
        out = []
        while fn(first + len(out)) != b"?":
            out.append(fn(first + len(out)).decode())
        return tuple(out)

    assert bfc.rules.VALUES == listed(L.bfc_value_name, 0) == ("plain", "skunk", "margin", "lurch")
    assert bfc.rules.NEXT_DEALERS == listed(L.bfc_next_dealer_name, 0) == ("winner", "loser", "left")
    assert bfc.rules.MATCH_POINTS == listed(L.bfc_match_points_name, 0)
    assert bfc.rules.MATCH_POINTS == ("games", "value", "acc", "skunks", "long", "free")
    assert bfc.PHASES == listed(L.bfc_phase_name, 0)
    assert bfc.moves.EVENT_TYPES == listed(L.bfc_event_name, 1)
    assert bfc.moves.EVENT_TYPES[25:] == ("cut", "match", "seat")  # BFC_EV_CUT 26, _MATCH 27, _SEAT 28
    assert bfc.moves.SOURCES == listed(L.bfc_source_name, 1)
    assert bfc.rules.HOLE_KINDS == listed(L.bfc_hole_kind_name, 1)


def test_lib__variants_are_every_one_the_library_plays():
    """The variants are counted by the library (bfc_rules_init_variant
    accepts BFC_VARIANT_* 0..n-1) and named by bfc_variant_name."""
    r = _lib.RulesStruct()
    n = 0
    while _lib.LIB.bfc_rules_init_variant(ctypes.byref(r), n) == 0:
        n += 1
    assert len(bfc.rules.VARIANTS) == n == 6
    for v, name in enumerate(bfc.rules.VARIANTS):
        lib_name = _lib.LIB.bfc_variant_name(v).decode()
        assert name == lib_name != "?"
    assert bfc.rules.VARIANTS[5] == "seven-card"  # BFC_VARIANT_SEVEN_CARD
    for v in bfc.rules.VARIANTS:  # each is a game of its own defaults
        assert bfc.Rules(variant=v, players=1 if v == "solitaire" else 2,
                         turn_limit=200 if v == "battlefield" else 0).problem() is None
