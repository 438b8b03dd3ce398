"""Whole games of every preset and player count, through the package: the
moves, the events, the observations and the results agree with one
another."""

import random

import pytest

import bfc
from conftest import scaled


def every_setup():
    """(preset, players, teams) for every preset, every player count it is
    played by, alone and in teams where both are allowed."""
    out = []
    for p in bfc.presets():
        for n in p.players:
            if n not in p.need_teams:
                out.append((p.name, n, False))
            if n in p.teams:
                out.append((p.name, n, True))
    return out


SETUPS = every_setup()


def test_games__every_preset_is_listed():
    names = [p.name for p in bfc.presets()]
    assert names[0] == "battlefield"
    assert {
        "battlefield", "classic", "five-card", "noddy", "backward", "solitaire", "crib-wars", "seven-card", "captains"
    } <= set(names)
    # every preset's variant is one the library plays, named
    assert all(p.variant in bfc.rules.VARIANTS for p in bfc.presets())
    assert bfc.preset("seven-card").variant == "seven-card" and bfc.preset("captains").players == (3,)
    assert bfc.preset("CLASSIC").name == "classic"
    with pytest.raises(bfc.InvalidArgument):
        bfc.preset("chess")


def side_totals(game, events, totals):
    """Follows the side totals through events: a score event adds its
    points to its side, a board event (Crib Wars) moves the side's peg to
    its score."""
    for e in events:
        if e.type == "score":
            totals[e.side] += e.points
            assert e.score == totals[e.side]
            assert e.item.points == e.points
        elif e.type == "board":
            totals[e.side] = e.score


def play_one(preset, players, teams, seed, chooser):
    g = bfc.Game(preset, players=players, seed=seed, teams=teams)
    assert g.players == players and g.rules.teams == (teams or g.rules.teams)
    sides = g.sides
    totals = [0] * sides
    side_totals(g, g.start_events, totals)
    moves = 0
    while not g.over:
        seat = g.to_move
        legal = g.legal_moves()
        assert legal and legal == sorted(legal)
        obs = g.observe(seat)
        assert obs.seat == seat and obs.to_move == seat and not obs.over
        assert obs.legal_moves() == legal
        assert obs.scores == g.scores
        m = chooser(seat, obs, legal)
        assert m in legal
        events = g.apply(m)
        assert events, f"{m} made nothing happen"
        for e in events:
            assert e.text() and str(e) == e.text()
            assert e.as_dict()["type"] == e.type
        side_totals(g, events, totals)
        moves += 1
        assert moves < 20000
    assert g.legal_moves() == [] and g.to_move is None
    assert totals == g.scores
    end = g.observe(0)
    assert end.over and end.scores == g.scores and end.winner == g.winner
    values = g.values
    assert len(values) == sides
    if g.winner is not None:
        assert 0 <= g.winner < sides and values[g.winner] == 0
        assert g.side_of(g.winning_seat) == g.winner or g.rules.backward
        losers = [v for d, v in enumerate(values) if d != g.winner and v]
        if g.rules.backward:  # RULES 3.7: one loser, the side that reached the target, worth 1
            assert g.value == 1 and losers == [1]
        else:  # RULES 5: each loser judged on its own score, the winner takes the sum
            assert len(losers) == sides - 1 and all(v in (1, 2, 4) for v in losers)
            assert g.value == sum(losers)
    else:
        assert g.rules.variant == "solitaire" and g.value == 0 and values == [0]
    return g, moves


@pytest.mark.parametrize("preset, players, teams", SETUPS)
def test_games__whole_games_with_the_bots(preset, players, teams):
    for seed in range(scaled(3, 1)):
        bots = [bfc.bots.greedy(seed * 10 + s) if s % 2 == 0 else bfc.bots.random(seed * 10 + s) for s in range(players)]
        play_one(preset, players, teams, seed, lambda seat, obs, legal: bots[seat](obs))


@pytest.mark.parametrize("preset, players, teams", SETUPS)
def test_games__whole_games_at_random_from_python(preset, players, teams):
    rng = random.Random(f"{preset}{players}{teams}")
    play_one(preset, players, teams, 1000 + players, lambda seat, obs, legal: rng.choice(legal))


def test_games__options_reach_the_rules():
    g = bfc.Game("classic", players=2, seed=5, muggins=True, target=61, value="skunk", first_dealer=1)
    r = g.rules
    assert (r.variant, r.muggins, r.target, r.value, r.first_dealer) == ("classic", True, 61, "skunk", 1)
    assert g.observe(0).dealer == 1
    g = bfc.Game("crib-wars", seed=1)
    assert len(g.rules.board) > 0 and all(isinstance(h, bfc.Hole) for h in g.rules.board)
    g = bfc.Game("battlefield", seed=1, any_lay_away=True, turn_limit=0)
    assert g.rules.any_lay_away and g.rules.turn_limit == 0
    assert bfc.Game(rules=bfc.Rules.preset("noddy", 3), seed=2).players == 3


def test_games__muggins_declarations_play_out():
    g = bfc.Game("classic", seed=11, muggins=True)
    bots = [bfc.bots.greedy(1), bfc.bots.greedy(2)]
    seen = set()
    while not g.over:
        seen.add(g.phase)
        g.apply(bots[g.to_move](g.observe()))
    assert {"discard", "play", "declare", "claim"} <= seen


def test_games__same_seed_same_moves_same_game():
    def run():
        g = bfc.Game(seed=77)
        rng = random.Random(3)
        texts = []
        while not g.over:
            texts += [str(e) for e in g.apply(rng.choice(g.legal_moves()))]
        return g.save(), texts

    assert run() == run()


def test_games__match_play_next_game():
    g = bfc.Game(seed=8)
    bots = [bfc.bots.greedy(1), bfc.bots.random(2)]
    g.play(bots)
    winner_seat = g.winning_seat
    events = g.next_game()
    assert not g.over and g.scores[0] + g.scores[1] <= 29 * 2
    assert events and events[0].type in ("deal", "cease-fire")
    assert g.observe(0).dealer == winner_seat or g.observe(0).skirmish > 1
    g.play(bots)
    assert g.over


def test_games__moves_as_ints_and_text():
    m = bfc.Move("swap 3")
    assert int(m) == 15 and str(m) == "swap 3" and m.kind == "swap" and m.slots == (3,)
    assert bfc.Move(15) is m and bfc.Move("  SWAP   3 ") is m
    d = bfc.Move("discard 5H 2C")
    assert d.kind == "discard" and d.cards == (bfc.Card("2C"), bfc.Card("5H"))
    assert str(d) == "discard 2C 5H"
    assert bfc.Move("declare 12").points == 12 and bfc.Move("draw").points is None
    assert bfc.Move("reveal 4 0") is bfc.moves.reveal(0, 4)
    assert bfc.moves.discard2("5H", "2C") is d
    for i in range(bfc.moves.MOVE_COUNT):
        assert bfc.Move(str(bfc.Move(i))) == i
    with pytest.raises(bfc.InvalidArgument):
        bfc.Move(bfc.moves.MOVE_COUNT)
    with pytest.raises(bfc.ParseError) as e:
        bfc.Move("swap 9")
    assert e.value.token == "swap 9"
