"""Save/load, copy, determinize and pickle round trips: the same game
comes back and goes on the same way."""

import copy
import pickle
import random

import pytest

import bfc
from conftest import scaled
from test_games import SETUPS


def advance(g, rng, n):
    """n random legal moves (fewer if the game ends)."""
    for _ in range(n):
        if g.over:
            return
        g.apply(rng.choice(g.legal_moves()))


def same_future(a, b, seed):
    """a and b play the same from here: same moves legal, same events, same
    end."""
    rng = random.Random(seed)
    while not a.over:
        assert a.legal_moves() == b.legal_moves()
        m = rng.choice(a.legal_moves())
        assert [str(e) for e in a.apply(m)] == [str(e) for e in b.apply(m)]
    assert b.over and a.save() == b.save()


@pytest.mark.parametrize("preset, players, teams", SETUPS)
def test_roundtrip__save_load_at_every_stage(preset, players, teams):
    rng = random.Random(preset + str(players))
    g = bfc.Game(preset, players=players, teams=teams, seed=players)
    for step in range(scaled(12, 3)):
        text = g.save()
        h = bfc.Game.load(text)
        assert h.save() == text and h == g
        assert h.rules == g.rules and h.scores == g.scores and h.to_move == g.to_move
        for s in range(players):
            assert h.observe(s).as_dict() == g.observe(s).as_dict()
        if step % 4 == 3:
            same_future(g.copy(), h, step)
        advance(g, rng, 15)
    text = g.save()
    assert bfc.Game.load(text).save() == text


@pytest.mark.parametrize("preset", ["battlefield", "classic", "noddy", "crib-wars"])
def test_roundtrip__copy_is_independent(preset):
    g = bfc.Game(preset, seed=9)
    advance(g, random.Random(1), 20)
    before = g.save()
    c = g.copy()
    assert c == g and c is not g
    advance(c, random.Random(2), 30)
    assert g.save() == before and c.save() != before
    d = copy.deepcopy(g)
    assert d == g
    c.copy_from(g)
    assert c == g
    same_future(c, d, 5)
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("classic", seed=1).copy_from(bfc.Game("battlefield", seed=1))


def test_roundtrip__pickle():
    g = bfc.Game("five-card", seed=4)
    advance(g, random.Random(4), 7)
    h = pickle.loads(pickle.dumps(g))
    assert h == g
    same_future(g, h, 6)


@pytest.mark.parametrize("preset, players, teams", SETUPS)
def test_roundtrip__determinize_keeps_the_seat_s_view_rules_d7(preset, players, teams):
    rng = random.Random(7)
    g = bfc.Game(preset, players=players, teams=teams, seed=31)
    for step in range(scaled(6, 2)):
        if g.over:
            break
        before = g.save()
        for seat in range(players):
            world = g.determinize(seat, seed=step * 100 + seat)
            assert g.save() == before  # the original is not touched
            assert world.observe(seat).as_dict() == g.observe(seat).as_dict()
            assert list(world.observe(seat).tensor()) == list(g.observe(seat).tensor())
            # a sampled world is a whole game: it plays to the end
            advance(world, random.Random(step), 100000)
            assert world.over
        advance(g, rng, 11)


def test_roundtrip__determinize_changes_hidden_cards():
    g = bfc.Game(seed=12)
    worlds = {g.determinize(0, seed=s).save() for s in range(8)}
    assert len(worlds) > 1  # the unseen cards were dealt again


OPTION_SETUPS = [
    ("battlefield", 2, False, dict(no_take_back=True, joker_kills_formation=True, next_dealer="left", match=3,
                                   match_points="skunks")),
    ("battlefield", 4, True, dict(partners_by_cut=True, pay="best", any_lay_away=True)),
    ("classic", 3, False, dict(muggins=True, pay="worst", value="skunk", next_dealer="loser", match=4,
                               match_points="acc")),
    ("classic", 4, True, dict(partners_by_cut=True, muggins=True, match=8, match_points="value", value="lurch")),
    ("classic", 4, False, dict(muggins=True, next_dealer="left", match=12, match_points="free")),
    ("captains", 3, False, dict(muggins=True, match=3, match_points="games")),
    ("seven-card", 2, False, dict(muggins=True, match=10, match_points="long", target=91)),
]


@pytest.mark.parametrize("preset, players, teams, options", OPTION_SETUPS, ids=lambda x: str(x))
def test_roundtrip__save_load_keeps_the_new_options_and_the_match(preset, players, teams, options):
    """The options of issue 16, the match score and the seating by cut
    survive save/load (save format 2) at every stage, across the games of
    a match, and the loaded game plays on the same."""
    rng = random.Random(preset + str(options))
    options = dict(options, target=options.get("target", 61))  # shorter games: more of them
    g = bfc.Game(preset, players=players, teams=teams, seed=13, **options)
    for k, v in options.items():
        assert getattr(g.rules, k) == v, k
    seating = [g.seat_of(p) for p in range(players)]
    games = 1
    for step in range(scaled(40, 16)):
        text = g.save()
        h = bfc.Game.load(text)
        assert h.save() == text and h.rules == g.rules
        assert h.match_scores == g.match_scores and h.match_winner == g.match_winner
        assert [h.seat_of(p) for p in range(players)] == seating
        for s in range(players):
            assert h.observe(s).as_dict() == g.observe(s).as_dict()
        if step % 10 == 9:
            same_future(g.copy(), h, step)
        advance(g, rng, 60)
        if g.over:
            if g.match_winner is not None:
                break
            g.next_game()
            games += 1
    assert games > 1 and any(g.match_scores) == bool(options.get("match"))
    assert [g.seat_of(p) for p in range(players)] == seating  # the seating is kept from game to game


def test_roundtrip__a_corrupted_save_names_its_line():
    # issue 38: "cannot parse" with no line; the line and what it must hold
    text = bfc.Game("classic", seed=4).save()
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("cut "))
    bad = "\n".join(lines[:k] + ["cut QQ QQ"] + lines[k + 1 :])
    with pytest.raises(bfc.ParseError, match=rf"^load: line {k + 1}: the cut line is not \"cut\" and a card \(or -\) for each seat"):
        bfc.Game.load(bad)
    with pytest.raises(bfc.ParseError, match=r"^load: line 4: the save ends before this line: a line is missing"):
        bfc.Game.load("\n".join(lines[:3]) + "\n")
