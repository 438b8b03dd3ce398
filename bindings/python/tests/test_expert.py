"""The stronger computer opponent of issue 27 through the package: the
chance of winning by score (bfc.win_chance), the belief
(Game.determinize_belief), the crib models and the advice valued in wins,
the goes of the play (Observation.go_room), and the search bot's new
settings and analysis (worlds, solver, belief, levels by name; value,
points, same_as). Stopping a search (Ctrl-C, interrupt()) is in
test_threads.py."""

import ctypes

import pytest

import bfc
from bfc import _lib
from bfc._lib import LIB
from conftest import scaled


# -- the chance of winning by score --------------------------------------------


def test_expert__win_chance_from_a_table_for_two_player_classic():
    chances, table = bfc.win_chance("classic", [100, 110], dealer=0)
    assert table is True and len(chances) == 2
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    assert 0 < chances[0] < chances[1] < 1  # 21 to go against 11: behind
    # the table as the library holds it (bfc_win_table): the dealer needs
    # a = 21 points, the other b = 11
    rules = bfc.Rules.preset("classic")._to_struct()
    table_p = ctypes.POINTER(ctypes.c_uint16)()
    LIB.bfc_win_table.restype, LIB.bfc_win_table.argtypes = ctypes.c_int, [
        ctypes.POINTER(_lib.RulesStruct),
        ctypes.POINTER(ctypes.POINTER(ctypes.c_uint16)),
    ]
    target = LIB.bfc_win_table(ctypes.byref(rules), ctypes.byref(table_p))
    assert target == 121
    assert chances[0] == pytest.approx(table_p[(21 - 1) * 121 + (11 - 1)] / 65535.0, abs=1e-12)
    # the dealer's side matters, and a Game or Rules works as well as a name
    g = bfc.Game("classic", seed=1)
    assert bfc.win_chance(g, [100, 110], 1) != (chances, table)
    assert bfc.win_chance(bfc.Rules.preset("classic"), [100, 110], 0) == (chances, table)
    assert isinstance(bfc.win_chance(g, [0, 0], 0), bfc.WinChance)


def test_expert__win_chance_of_a_side_at_its_target_is_certain():
    assert bfc.win_chance("classic", [121, 40], 1) == ((1.0, 0.0), True)
    r = bfc.Rules.preset("classic", 3)
    assert bfc.win_chance(r, [3, 150, 9], 0) == ((0.0, 1.0, 0.0), True)


def test_expert__win_chance_without_a_table_is_the_approximation():
    chances, table = bfc.win_chance(bfc.Rules.preset("classic", 3), [60, 100, 60], 2)
    assert table is False and len(chances) == 3
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    assert chances[1] == max(chances)  # the side nearest its target
    teams = bfc.Rules.preset("classic", 4, teams=True)
    assert len(bfc.win_chance(teams, [10, 20], 0).chances) == 2  # one score per side


@pytest.mark.parametrize(
    "args, exc, words",
    [
        (("classic", [1, 2, 3], 0), bfc.InvalidArgument, "want 2 scores"),
        (("classic", [1, -1], 0), bfc.InvalidArgument, "scores[1]: want a score 0..10000"),
        (("classic", [1, 10001], 0), bfc.InvalidArgument, "scores[1]"),
        (("classic", [1, 2], 2), bfc.InvalidArgument, "dealer: want a side 0..1"),
        (("classic", "1 2", 0), bfc.InvalidType, "scores: want one score per side"),
        (("classic", [1.5, 2], 0), bfc.InvalidType, "scores[0]"),
        ((42, [1, 2], 0), bfc.InvalidType, "want a bfc.Rules, a bfc.Game or a preset"),
        (("solitaire", [1], 0), bfc.InvalidArgument, "played alone"),
        (("no-such-game", [1, 2], 0), bfc.InvalidArgument, "no-such-game"),
    ],
)
def test_expert__win_chance_refuses_bad_input_naming_it(args, exc, words):
    with pytest.raises(exc) as e:
        bfc.win_chance(*args)
    assert words in str(e.value)


# -- the belief ------------------------------------------------------------------


def _classic_after_discards(seed):
    g = bfc.Game("classic", seed=seed)
    greedy = bfc.bots.greedy(seed=seed)
    while g.phase == "discard":
        g.apply(greedy(g))
    return g


def test_expert__determinize_belief_keeps_the_seat_s_view_and_deals_only_unseen_cards():
    for seed in range(scaled(6, 2)):
        g = _classic_after_discards(seed)
        greedy = bfc.bots.greedy(seed=seed)
        for _ in range(seed % 4):  # into the play a little
            if g.phase == "play":
                g.apply(greedy(g))
        seat = g.to_move
        view = g.observe(seat).as_dict()
        unseen = set(g.observe(seat).unseen())
        other = 1 - seat
        for k in range(scaled(20, 5)):
            w = g.determinize_belief(seat, k)
            assert w.observe(seat).as_dict() == view
            dealt = set(w.observe(other).hand) | set(w.observe(other).thrown)
            assert dealt <= unseen  # its hand and throw: never a card the seat has seen
            assert w == g.determinize_belief(seat, k)  # the seed decides
        assert g.observe(seat).as_dict() == view  # the game itself is not changed


def test_expert__determinize_belief_honours_a_go():
    """A seat that said go holds no card that fitted: in every world the
    other player's cards are all worth more than the room it said go at."""
    seen = 0
    for seed in range(scaled(60, 20)):
        g = _classic_after_discards(seed)
        bots = [bfc.bots.greedy(seed=1), bfc.bots.greedy(seed=2)]
        while not g.over and g.phase == "play":
            o = g.observe()
            other = 1 - o.seat
            room = o.go_room[other]
            if room and o.held_by[other]:
                seen += 1
                for k in range(scaled(10, 4)):
                    held = g.determinize_belief(o.seat, k).observe(other).hand
                    assert all(c.value > room for c in held), (seed, room, held)
            g.apply(bots[o.seat](o))
    assert seen > 0  # the deals above had goes to honour


def test_expert__determinize_belief_refuses_a_bad_seat_and_a_finished_game():
    g = bfc.Game("classic", seed=1)
    with pytest.raises(bfc.InvalidArgument, match=r"seat: want a seat 0..1"):
        g.determinize_belief(2, 1)
    with pytest.raises(bfc.InvalidType):
        g.determinize_belief("0", 1)
    with pytest.raises(bfc.InvalidArgument):
        g.determinize_belief(0, -1)
    while not g.over:
        g.apply(g.legal_moves()[0])
    with pytest.raises(bfc.InvalidArgument, match="over"):
        g.determinize_belief(0, 1)


# -- the goes of the play ------------------------------------------------------------


def test_expert__go_room_is_the_most_room_each_seat_said_go_at_this_deal():
    """Followed from the events: a go at count c gives room 31 - c; a new
    deal clears them; every observer sees the same (the goes are public)."""
    goes = 0
    for seed in range(scaled(8, 3)):
        g = bfc.Game("classic", seed=seed)
        bots = [bfc.bots.greedy(seed=1), bfc.bots.random(seed=2)]
        want = [0, 0]
        while not g.over:
            o = g.observe()
            count = o.count
            for e in g.apply(bots[o.seat](o)):
                if e.type == "play":
                    count = e.count
                elif e.type == "go":
                    want[e.seat] = max(want[e.seat], 31 - count)
                    goes += 1
                    held = g.observe(e.seat).hand
                    assert all(c.value > 31 - count for c in held)
                elif e.type == "deal":
                    want = [0, 0]
            if g.over:
                break
            assert g.observe(0).go_room == g.observe(1).go_room == want
            assert g.observe(0).as_dict()["go_room"] == want
    assert goes > 0
    assert bfc.Game("battlefield", seed=1).observe().go_room == [0, 0]


# -- the crib models and the advice valued in wins -------------------------------------


def test_expert__crib_models_by_name_and_the_played_model_differs_from_uniform():
    hand = "5H 5C JD 6S 7S 9H"
    assert bfc.advice.CRIB_MODELS == ("uniform", "played")
    uniform = bfc.advise_discard(hand, role="pone")
    assert uniform == bfc.advise_discard(hand, role="pone", crib="uniform") == bfc.advise_discard(
        hand, role="pone", model="uniform"
    )
    played = bfc.advise_discard(hand, role="pone", crib="played")
    assert len(played) == 15 and all(o.win is None for o in played)
    by_move = {o.move: o for o in uniform}
    assert any(abs(o.crib_ev - by_move[o.move].crib_ev) > 1e-6 for o in played)
    for o in played:  # the hand is the same; only the crib differs
        assert o.hand_ev == pytest.approx(by_move[o.move].hand_ev, abs=1e-12)
        assert o.total_ev == pytest.approx(o.hand_ev - o.crib_ev, abs=1e-12)
    g = bfc.Game("classic", seed=11)
    obs = g.observe()
    assert obs.advise_discard("played") == obs.advise_discard(crib="played") == obs.advise_discard(model="played")


def test_expert__crib_model_refusals_name_the_model():
    with pytest.raises(bfc.InvalidArgument, match="crib: want one of uniform, played"):
        bfc.advise_discard("5H 5C JD 6S 7S 9H", crib="smart")
    with pytest.raises(bfc.InvalidArgument, match="played model is for two-player classic"):
        bfc.advise_discard("5H 5C JD 6S 7S", crib="played", players=3)
    with pytest.raises(bfc.InvalidArgument, match="give the crib model once"):
        bfc.advise_discard("5H 5C JD 6S 7S 9H", crib="played", model="uniform")
    with pytest.raises(bfc.InvalidArgument, match="played model"):
        bfc.Game("five-card", seed=1).observe().advise_discard("played")


def test_expert__advice_valued_in_wins_near_the_end_of_a_game():
    """Each option's chance of winning, best first by it; from an
    observation at a discard with the scores it has."""
    g = bfc.Game("classic", seed=11)
    obs = g.observe()
    opts = obs.advise_discard("played", win=True)
    assert len(opts) == 15
    wins = [o.win for o in opts]
    assert all(w is not None and 0.0 <= w <= 1.0 for w in wins)
    # best first (chances within 1e-4 count as equal: then the points decide)
    assert all(a >= b - 1e-4 for a, b in zip(wins, wins[1:]))
    # the same options and points as the advice in points under that model
    points = {o.move: o for o in obs.advise_discard("played")}
    for o in opts:
        assert o.total_ev == pytest.approx(points[o.move].total_ev, abs=1e-12)
    # at 0-0 a discard is worth little of the game; the chance is near even
    assert 0.3 < opts[0].win < 0.7
    with pytest.raises(bfc.InvalidType):
        obs.advise_discard(win="yes")
    three = bfc.Game("classic", players=3, seed=1).observe()
    with pytest.raises(bfc.InvalidArgument, match="needs a table"):
        three.advise_discard(win=True)
    with pytest.raises(bfc.InvalidArgument, match="seat to move in a discard phase"):
        g.observe(1 - g.to_move).advise_discard(win=True)


def test_expert__a_classic_discard_s_analysis_is_the_advice_in_wins_and_points():
    """bfc_search_analyze at a discard: every discard valued (issue 28 item
    2: no value 0), value its chance of winning, points its total_ev."""
    g = bfc.Game("classic", seed=11)
    bot = bfc.bots.search(level="easy", seed=1)
    stats = bot.analyze(g)
    advice = {o.move: o for o in g.observe().advise_discard("played", win=True)}
    assert len(stats) == 15 and stats[0].searched and sum(s.searched for s in stats) == 1
    assert stats[0].move == bot(g) == g.observe().advise_discard("played", win=True)[0].move
    for s in stats:
        assert s.value == pytest.approx(advice[s.move].win, abs=1e-12)
        assert s.points == pytest.approx(advice[s.move].total_ev, abs=1e-12)
        assert s.visits == 0 and s.same_as == s.move


# -- the search bot's settings and analysis ------------------------------------------


def _level(name):
    cfg = _lib.SearchConfigStruct()
    LIB.bfc_search_config_init(ctypes.byref(cfg))
    assert LIB.bfc_search_config_level(ctypes.byref(cfg), bfc.bots.LEVELS.index(name) + 1) == 0
    return cfg.iterations, cfg.worlds


def test_expert__levels_by_name_are_the_library_s_budgets():
    assert bfc.bots.LEVELS == ("easy", "medium", "hard")
    budgets = []
    for name in bfc.bots.LEVELS:
        c = bfc.bots.search(level=name).config
        assert (c["iterations"], c["worlds"]) == _level(name)
        assert c["time_ms"] == 0
        budgets.append((c["iterations"], c["worlds"]))
    assert budgets == sorted(budgets) and len(set(budgets)) == 3  # each above the one below
    assert bfc.bots.search().config["worlds"] == _level("medium")[1]  # the default is medium


def test_expert__search_config_worlds_solver_belief_reach_the_library():
    c = bfc.bots.search(iterations=100, worlds=30, solver=False, belief=False, exact_discard=False).config
    assert (c["iterations"], c["worlds"], c["solver"], c["belief"], c["exact_discard"]) == (100, 30, False, False, False)
    c = bfc.bots.search().config
    assert c["solver"] and c["belief"] and c["exact_discard"]
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(worlds=100001)  # the library's bound
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(worlds=-1)
    with pytest.raises(bfc.InvalidType):
        bfc.bots.search(solver="no")
    with pytest.raises(bfc.InvalidType):
        bfc.bots.search(belief=1)


def test_expert__the_deal_solver_decides_the_classic_play_and_ismcts_without_it():
    g = _classic_after_discards(3)
    solver = bfc.bots.search(level="easy", seed=1)
    stats = solver.analyze(g)
    info = solver.last
    assert info.depth == 0 and info.iterations > 0  # the solver: worlds, no tree
    assert all(s.visits == info.iterations for s in stats if s.searched)  # every world solves each
    ismcts = bfc.bots.search(iterations=200, solver=False, seed=1)
    stats = ismcts.analyze(g)
    reps = [s for s in stats if s.searched and s.same_as == s.move]
    assert sum(s.visits for s in reps) == ismcts.last.iterations == 200
    assert ismcts.last.depth > 0


def test_expert__moves_alike_carry_the_same_figures():
    """same_as: Battlefield's first reveal (every pair face down to all,
    RULES D7) and the classic play's cards of one rank."""
    g = bfc.Game("battlefield", seed=3)
    stats = bfc.bots.search(level="easy", seed=1).analyze(g)
    assert {s.same_as for s in stats} == {stats[0].move} and len(stats) == 10
    assert all(s.value is None and s.visits == 0 for s in stats)  # one candidate: nothing to weigh
    found = 0
    for seed in range(scaled(40, 15)):
        g = _classic_after_discards(seed)
        bot = bfc.bots.search(level="easy", seed=1)
        stats = bot.analyze(g)
        by_move = {s.move: s for s in stats}
        for s in stats:
            rep = by_move[s.same_as]
            assert rep.same_as == rep.move
            if s.same_as != s.move:
                found += 1
                a, b = s.move.cards[0], rep.move.cards[0]
                assert a.rank == b.rank and a != b
                assert (s.value, s.visits, s.searched) == (rep.value, rep.visits, rep.searched)
                assert stats.index(rep) < stats.index(s)  # the one that stands for them first
    assert found > 0


def test_expert__a_decision_in_steps_is_the_decision_of_one_call():
    """The package runs every decision in steps (so that it can be
    stopped); it decides exactly as one bfc_search_move call with the same
    seed (bfc.h)."""
    for preset, level in (("battlefield", "medium"), ("classic", "easy")):
        g = bfc.Game(preset, seed=9)
        if preset == "classic":
            g = _classic_after_discards(9)
        else:
            g.apply(g.legal_moves()[0])
            g.apply(g.legal_moves()[0])
        for _ in range(scaled(6, 2)):
            if g.over:
                break
            bot = bfc.bots.search(level=level, seed=7)
            cfg = _lib.SearchConfigStruct.from_buffer_copy(bot._cfg)
            h = LIB.bfc_search_new(LIB.bfc_game_rules(g._g), ctypes.byref(cfg), None)
            try:
                m = _lib.move_t()
                assert LIB.bfc_search_move(h, g._g, ctypes.byref(m)) == 0
                units = []
                assert bot(g, progress=units.append) == bfc.Move(m.value)
                assert units and units == sorted(units)  # called after each step
            finally:
                LIB.bfc_search_free(h)
            g.apply(bot(g))


def test_expert__a_progress_callback_cannot_reenter_or_close_its_bot():
    g = bfc.Game("battlefield", seed=3)
    g.apply(g.legal_moves()[0])
    bot = bfc.bots.search(iterations=500, seed=1)
    with pytest.raises(bfc.InvalidArgument, match="deciding already"):
        bot(g, progress=lambda units: bot(g))
    with pytest.raises(bfc.InvalidArgument, match="close it after the decision"):
        bot(g, progress=lambda units: bot.close())
    with pytest.raises(ZeroDivisionError):  # what the callback raises comes out
        bot(g, progress=lambda units: 1 / 0)
    with pytest.raises(bfc.InvalidType):
        bot(g, progress=3)
    assert bot(g) in g.legal_moves()  # and the bot goes on
    assert not bot.closed
