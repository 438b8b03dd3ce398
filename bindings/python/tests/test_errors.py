"""Bad input raises the exception of the library's status, with its
message, and changes nothing."""

import enum
import random
import re

import pytest

import bfc


def test_errors__one_class_per_status():
    classes = [
        bfc.InvalidArgument,
        bfc.CardError,
        bfc.DuplicateCard,
        bfc.JokerError,
        bfc.CountError,
        bfc.ParseError,
        bfc.OutOfMemory,
        bfc.IllegalMove,
        bfc.VersionError,
        bfc.StateError,
        bfc.HiddenError,
    ]
    statuses = [c.status for c in classes]
    assert sorted(statuses) == list(range(-11, 0))
    for c in classes:
        assert issubclass(c, bfc.Error)
        assert bfc.errors.error_class(c.status) is c
        assert c().reason == bfc.strerror(c.status) and c().reason
    assert bfc.strerror(-999)  # the library names unknown values too


def test_errors__illegal_move_changes_nothing():
    g = bfc.Game(seed=3)
    before = g.save()
    illegal = [m for m in map(bfc.Move, range(bfc.moves.MOVE_COUNT)) if m not in g.legal_moves()]
    for m in illegal[:: max(1, len(illegal) // 200)]:
        with pytest.raises(bfc.IllegalMove) as e:
            g.apply(m)
        assert e.value.token == str(m) and e.value.status == bfc.IllegalMove.status
        assert g.save() == before
    with pytest.raises(bfc.ParseError):
        g.apply("jump 3")
    with pytest.raises(bfc.InvalidArgument):
        g.apply(99999)
    with pytest.raises(TypeError):
        g.apply(None)
    assert g.save() == before


def test_errors__nothing_is_legal_once_over():
    g = bfc.Game("noddy", seed=2)
    g.play([bfc.bots.random(1), bfc.bots.random(2)])
    end = g.save()
    for m in (0, 10, 28, 80, 132, 1490):
        with pytest.raises(bfc.IllegalMove):
            g.apply(m)
    assert g.save() == end


def test_errors__next_game_only_once_over():
    g = bfc.Game(seed=1)
    before = g.save()
    with pytest.raises(bfc.InvalidArgument):
        g.next_game()
    assert g.save() == before


def test_errors__bad_rules_say_which_field():
    with pytest.raises(bfc.InvalidArgument) as e:
        bfc.Game("battlefield", target=0)
    assert e.value.token == "target" and "target" in str(e.value)
    with pytest.raises(bfc.InvalidArgument) as e:
        bfc.Game("classic", players=5)
    assert "players" in str(e.value)
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("five-card", players=2, teams=True)
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("classic", turn_limit=10)
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("battlefield", value="double")
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("battlefield", board="mine")
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("chess")
    with pytest.raises(TypeError):
        bfc.Game("battlefield", colour="red")
    with pytest.raises(TypeError):
        bfc.Game("battlefield", players="2")
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game(seed=-1)
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game(seed=2**64)
    assert bfc.Rules.preset("battlefield").replace(target=0).problem().startswith("target")
    assert bfc.Rules.preset("battlefield").problem() is None


def test_errors__bad_seats():
    g = bfc.Game(seed=1)
    before = g.save()
    for seat in (-1, 2, 255, 1000):
        with pytest.raises(bfc.InvalidArgument):
            g.observe(seat)
        with pytest.raises(bfc.InvalidArgument):
            g.determinize(seat, 1)
    assert g.save() == before


def test_errors__another_seat_cannot_list_classic_moves():
    g = bfc.Game("classic", seed=1)
    other = 1 - g.to_move
    with pytest.raises(bfc.HiddenError):
        g.observe(other).legal_moves()
    assert g.observe(g.to_move).legal_moves() == g.legal_moves()


def corrupt(text, rng):
    """A saved game with one line changed in a way the loader must see."""
    lines = text.split("\n")
    i = rng.randrange(1, len(lines) - 1)
    words = lines[i].split(" ")
    j = rng.randrange(len(words))
    words[j] = rng.choice(["", "?", "99999", "5H", "-", "AS AS"])
    lines[i] = " ".join(words)
    return "\n".join(lines)


@pytest.mark.parametrize("preset", ["battlefield", "classic", "five-card", "noddy", "solitaire", "crib-wars"])
def test_errors__bad_saves_are_refused_whole(preset):
    rng = random.Random(preset)
    g = bfc.Game(preset, seed=5)
    for _ in range(25):
        if not g.over:
            g.apply(rng.choice(g.legal_moves()))
    text = g.save()
    with pytest.raises(bfc.VersionError):
        bfc.Game.load(re.sub(r"^bfc-game [0-9]+", "bfc-game 99", text))  # a format beyond this library's
    with pytest.raises(bfc.ParseError):
        bfc.Game.load(text[: len(text) // 2])
    with pytest.raises(bfc.ParseError):
        bfc.Game.load("")
    with pytest.raises(bfc.ParseError):  # a NUL would end the C text there: refused, as in every text
        bfc.Game.load(text.replace("\n", "\0", 1))
    with pytest.raises(TypeError):
        bfc.Game.load(text.encode())
    refused = 0
    for _ in range(60):
        bad = corrupt(text, rng)
        try:
            h = bfc.Game.load(bad)
        except (bfc.ParseError, bfc.StateError, bfc.InvalidArgument, bfc.VersionError):
            refused += 1
            continue
        # what loads is a consistent game: it saves and plays on
        assert bfc.Game.load(h.save()) == h
    assert refused > 0


def test_errors__a_duplicated_card_is_a_state_error():
    g = bfc.Game(seed=5)
    text = g.save()
    lines = text.split("\n")
    form = [i for i, l in enumerate(lines) if l.startswith("formation 0 ")][0]
    pile = [i for i, l in enumerate(lines) if l.startswith("pile ")][0]
    # the pile's first card ("|" marks where its unshuffled part begins)
    first_pile_card = [w for w in lines[pile].split(" ")[1:] if w != "|"][0]
    words = lines[form].split(" ")
    words[2] = first_pile_card.lstrip("+")
    lines[form] = " ".join(words)
    with pytest.raises(bfc.StateError):
        bfc.Game.load("\n".join(lines))


def test_errors__scorers_refuse_bad_hands():
    with pytest.raises(bfc.DuplicateCard):
        bfc.score("5H 5H 5S JD", starter="5D")
    with pytest.raises(bfc.DuplicateCard):
        bfc.score("5H 5C 5S JD", starter="5H")
    with pytest.raises(bfc.InvalidArgument):
        bfc.score("5H 5C", starter="5D")
    with pytest.raises(bfc.InvalidArgument):
        bfc.score_battlefield("5H 5C 5S JD", "5D")
    with pytest.raises(bfc.InvalidArgument):
        bfc.score_reserve("5H 5C 5S", "5D")
    with pytest.raises(bfc.InvalidArgument):
        bfc.score_ceasefire("5H 5C 5S JD")
    with pytest.raises(bfc.CountError):
        bfc.score_frontline("KH KD KC KS", "5H")
    with pytest.raises(bfc.CountError):
        bfc.score_peg("KH KD KC QS")
    with pytest.raises(bfc.InvalidArgument):
        bfc.score_peg("")
    with pytest.raises(bfc.ParseError) as e:
        bfc.score("5H 5C Q 5S", starter="5D")
    assert e.value.token == "Q" and e.value.position == 6
    with pytest.raises(TypeError):
        bfc.score(5, starter="5D")


def isolated_import(tmp_path, library):
    """`import bfc` from a copy of the package with no tree around it and
    BFC_LIBRARY set: its exit status and standard error."""
    import subprocess
    import sys

    from conftest import PACKAGE_DIR

    pkg = tmp_path / "bfc"
    pkg.mkdir(exist_ok=True)
    for f in (PACKAGE_DIR / "bfc").glob("*.py"):
        (pkg / f.name).write_bytes(f.read_bytes())
    env = {"PATH": "/usr/bin:/bin", "BFC_LIBRARY": str(library)}
    p = subprocess.run(
        [sys.executable, "-c", "import bfc; print(bfc.version())"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return p.returncode, p.stdout, p.stderr


def test_errors__library_not_found_says_where_it_looked(tmp_path):
    rc, _, err = isolated_import(tmp_path, tmp_path / "nowhere.so")
    assert rc != 0 and "LibraryNotFound" in err
    assert "nowhere.so" in err and "0.3.x" in err and "BFC_LIBRARY" in err


def test_errors__library_of_another_version_is_refused(tmp_path):
    import shutil
    import subprocess

    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        pytest.skip("no C compiler to make a library of another version")
    src = tmp_path / "old.c"
    src.write_text("int bfc_version(void) { return 107; }\n")
    lib = tmp_path / "libold.so"
    subprocess.run([cc, "-shared", "-fPIC", str(src), "-o", str(lib)], check=True)
    rc, _, err = isolated_import(tmp_path, lib)
    assert rc != 0 and "libbfc 0.1.7, but this package needs 0.3.x" in err


def test_errors__library_through_bfc_library(tmp_path):
    from conftest import ROOT

    rc, out, err = isolated_import(tmp_path, ROOT / "libbfc.so")
    assert rc == 0, err
    assert out.strip() == bfc.version()


# -- issue 39: strerror of an int subclass ------------------------------------
#
# `status not in range(-2**31, 2**31)` is O(1) for an exact int only: for an
# IntEnum or a bfc.Move it walked the range, comparing 2**32 values with the
# GIL held (25-46 s). The counter below sees every comparison the walk makes.


def test_errors__strerror_of_an_int_subclass_is_constant_time():
    class Status(enum.IntEnum):
        ILLEGAL = bfc.IllegalMove.status
        BIG = 2**40

    compared = []

    class Counting(int):
        def __eq__(self, other):
            compared.append(other)
            if len(compared) > 1000:  # the walk: stop it here rather than 2**32 comparisons on
                raise AssertionError("strerror compared the status with 1,000 values")
            return int.__eq__(self, other)

        __hash__ = int.__hash__

        def __int__(self):  # an override is not what the library is given
            return 0

    unknown = bfc.strerror(-99)
    assert bfc.strerror(Status.ILLEGAL) == "illegal move"
    assert bfc.strerror(Status.BIG) == unknown  # beyond a C int: unknown, not cut down
    assert bfc.strerror(Counting(bfc.IllegalMove.status)) == "illegal move"
    assert bfc.strerror(Counting(2**31)) == unknown
    assert bfc.strerror(Counting(0)) == "success"
    assert compared == []  # the walk compared it with each of the 2**32 values below it
    assert bfc.strerror(bfc.Move(1)) == bfc.strerror(1)
    with pytest.raises(bfc.InvalidType):
        bfc.strerror(True)
