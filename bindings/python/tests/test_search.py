"""The search bot (bfc.bots.search) and the exact advice (bfc.advise_discard,
Observation.advise_discard, bfc.advise_formation) through the package:
advice against a brute force written here from bfc.score, the search
deterministic for a seed, legal, explained by its analysis, bad input
refused."""

import itertools

import pytest

import bfc
from conftest import scaled


def _hand_ev(keep, unseen):
    """The mean show of the kept cards over every unseen starter."""
    return sum(bfc.score(keep, starter=s).total for s in unseen) / len(unseen)


def _crib_ev(thrown, unseen):
    """The uniform crib model: every pair of unseen cards to the crib, then
    every starter of the rest, scored as a crib."""
    total = n = 0
    for a, b in itertools.combinations(unseen, 2):
        crib = list(thrown) + [a, b]
        for s in unseen:
            if s != a and s != b:
                total += bfc.score(crib, starter=s, crib=True).total
                n += 1
    return total / n


HANDS = ["5H 5C JD 6S 7S 9H", "AS 2D 3C KH QS TD", "4H 4S 5D 6C JH 8S"]


@pytest.mark.parametrize("text", HANDS)
def test_search__advice_hand_ev_is_the_brute_force_mean_over_46_starters(text):
    hand = bfc.parse_cards(text)
    unseen = [c for c in bfc.DECK if c not in hand and not c.is_joker]
    assert len(unseen) == 46
    for role, sign in (("dealer", 1), ("pone", -1)):
        opts = bfc.advise_discard(hand, role=role)
        assert len(opts) == 15
        seen = set()
        for o in opts:
            assert sorted(o.keep + o.discard) == sorted(hand) and len(o.discard) == 2
            assert o.move == bfc.moves.discard2(*o.discard) and o.to_crib
            assert o.hand_ev == pytest.approx(_hand_ev(o.keep, unseen), abs=1e-12)
            assert o.total_ev == pytest.approx(o.hand_ev + sign * o.crib_ev, abs=1e-12)
            seen.add(o.discard)
        assert len(seen) == 15  # every discard once
        assert [o.total_ev for o in opts] == sorted((o.total_ev for o in opts), reverse=True)


def test_search__advice_crib_ev_is_the_brute_force_uniform_crib():
    """One discard's crib, all 45,540 (pair, starter) cribs scored here
    (the quick tier: one hand)."""
    for text in HANDS[: scaled(2, 1)]:
        hand = bfc.parse_cards(text)
        unseen = [c for c in bfc.DECK if c not in hand and not c.is_joker]
        best = bfc.advise_discard(hand, role="dealer")[0]
        assert best.crib_ev == pytest.approx(_crib_ev(best.discard, unseen), abs=1e-9)


def test_search__observation_advice_is_the_hand_s_advice_for_the_seat_s_role():
    g = bfc.Game("classic", players=2, seed=11)
    obs = g.observe()
    assert obs.phase == "discard"
    role = "dealer" if obs.dealer == obs.seat else "pone"
    assert len(obs.unseen()) == 46 and not set(obs.unseen()) & set(obs.hand)
    mine = obs.advise_discard()
    assert mine == bfc.advise_discard(obs.hand, role=role)
    assert mine[0].move in g.legal_moves()


def test_search__formation_advice_is_the_mean_best_battlefield_score():
    formation = bfc.parse_cards("5H 5C JD 6S 4C")
    unseen = [c for c in bfc.DECK if c not in formation][:30]
    brute = sum(bfc.score_battlefield(formation, t).best for t in unseen) / len(unseen)
    assert bfc.advise_formation(formation, unseen) == pytest.approx(brute, abs=1e-12)
    mask = sum(1 << int(c) for c in unseen)
    assert bfc.advise_formation("5H 5C JD 6S 4C", mask) == pytest.approx(brute, abs=1e-12)
    # one face-down slot: the mean over every (slot card, turn card)
    hidden = bfc.advise_formation([*formation[:4], bfc.HIDDEN], unseen)
    four = formation[:4]
    pairs = [(h, t) for h in unseen for t in unseen if h != t]
    brute = sum(bfc.score_battlefield([*four, h], t).best for h, t in pairs) / len(pairs)
    assert hidden == pytest.approx(brute, abs=1e-12)


def test_search__move_is_legal_and_deterministic_for_a_seed():
    for preset in ("battlefield", "classic"):
        g = bfc.Game(preset, seed=5)
        bots = [bfc.bots.search(iterations=60, seed=9), bfc.bots.search(iterations=60, seed=9)]
        for _ in range(scaled(12, 4)):
            if g.over:
                break
            a, b = bots[0](g), bots[1](g)
            assert a == b and a in g.legal_moves()
            g.apply(a)


def test_search__analyze_first_move_is_the_chosen_move_and_visits_add_up():
    g = bfc.Game("battlefield", seed=3)
    while g.phase == "reveal":  # the first reveals: every pair alike (RULES D7), nothing to search
        g.apply(g.legal_moves()[0])
    for _ in range(scaled(6, 3)):
        one, two = bfc.bots.search(iterations=80, seed=4), bfc.bots.search(iterations=80, seed=4)
        stats = one.analyze(g)
        assert stats[0].move == two(g)
        legal = g.legal_moves()
        assert sorted(s.move for s in stats) == sorted(legal)
        # a move alike another carries that one's figures: the visits of
        # the moves that stand for themselves add up to the iterations
        # (a decision whose moves are all alike has nothing to weigh: none)
        own = [s for s in stats if s.searched and s.same_as == s.move]
        assert sum(s.visits for s in own) == one.last.iterations == (80 if len(own) > 1 else 0)
        assert all(isinstance(s, bfc.bots.SearchStat) for s in stats)
        assert all(s.value is None or 0.0 <= s.value <= 1.0 for s in stats)
        assert all((s.value is None) == (s.visits == 0) for s in stats if s.searched)
        g.apply(stats[0].move)


def test_search__a_classic_discard_is_the_exact_advice():
    g = bfc.Game("classic", seed=8)
    bot = bfc.bots.search(level="easy", seed=1)
    assert bot(g) == g.observe().advise_discard()[0].move
    assert bot.last.candidates == 1


def test_search__levels_budgets_and_names():
    # the library sets each level's budget (test_expert.py compares them
    # with bfc_search_config_level): never a number written here
    easy, hard = (bfc.bots.search(level=n).config for n in ("easy", "hard"))
    assert 0 < easy["iterations"] < hard["iterations"] and 0 < easy["worlds"] < hard["worlds"]
    cfg = bfc.bots.search(time_ms=5, playout="random", value="margin").config
    assert (cfg["iterations"], cfg["time_ms"], cfg["playout"], cfg["value"]) == (0, 5, "random", "margin")
    assert "ismcts" in bfc.bots.names()
    assert isinstance(bfc.bots.get("ismcts", seed=2), bfc.bots.search)
    g = bfc.Game(seed=1)
    with bfc.bots.search(time_ms=5) as bot:
        assert bot(g) in g.legal_moves()
    assert bot._h is None  # closed


def test_search__sim_plays_the_search_bot_in_the_python_loop():
    r = bfc.sim(2, "battlefield", bots=["ismcts", "greedy"], seed=3)
    assert r.engine == "python" and r.games == 2 and sum(r.wins) == 2


def test_search__bad_input_raises():
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(level="expert")
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(level="easy", iterations=10)
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(iterations=0)
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(playout="smart")
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.search(exploration=-1.0)
    with pytest.raises(TypeError):
        bfc.bots.search(iterations="many")
    bot = bfc.bots.search(iterations=10)
    g = bfc.Game(seed=1)
    with pytest.raises(TypeError):
        bot(g.observe())
    while not g.over:
        g.apply(g.legal_moves()[0])
    with pytest.raises(bfc.InvalidArgument):
        bot(g)
    with pytest.raises(bfc.InvalidArgument):
        bot.analyze(g)
    with pytest.raises(bfc.InvalidArgument):
        bfc.advise_discard("5H 5C JD 6S 7S", role="dealer")  # five cards, two players
    with pytest.raises(bfc.InvalidArgument):
        bfc.advise_discard("5H 5C JD 6S 7S 9H", preset="battlefield")
    with pytest.raises(bfc.InvalidArgument):
        bfc.advise_discard("5H 5C JD 6S 7S 9H", role="partner")
    with pytest.raises(bfc.InvalidArgument):
        bfc.advise_discard("5H 5C JD 6S 7S 9H", role="banker")
    with pytest.raises(bfc.DuplicateCard):
        bfc.advise_discard(["5H", "5H", "JD", "6S", "7S", "9H"])
    with pytest.raises(bfc.InvalidArgument):
        bfc.Game("classic", seed=2).observe(1 - bfc.Game("classic", seed=2).to_move).advise_discard()
    with pytest.raises(bfc.InvalidArgument):
        bfc.advise_formation("5H 5C JD 6S", bfc.DECK[20:40])
    with pytest.raises(bfc.InvalidArgument):
        bfc.advise_formation("5H 5C JD 6S 4C", "5H 7D 8D")  # an unseen card in the formation


def test_search__seven_card_discard_advice_is_exact():
    """Issue 38: seven-card's discard advice is the library's: the 21
    discards of the 7 cards dealt, five kept (a six-card show with the
    starter), the best kept hand's mean over the 45 unseen starters by
    bfc.score; the classic throw model and win=True are refused with
    what is wrong."""
    hand = ["2C", "6H", "9C", "TC", "TS", "KD", "KH"]
    rules = bfc.Rules.preset("seven-card", 2)
    opts = bfc.advise_discard(hand, rules=rules)
    assert len(opts) == 21 and len({o.move for o in opts}) == 21
    assert all(len(o.keep) == 5 and len(o.discard) == 2 for o in opts)
    assert all(a.total_ev >= b.total_ev for a, b in zip(opts, opts[1:]))
    best = opts[0]
    assert [str(c) for c in best.discard] == ["KD", "KH"]
    unseen = [c for c in bfc.DECK if str(c) not in hand]
    assert len(unseen) == 45
    mean = sum(bfc.score(list(best.keep), starter=c).total for c in unseen) / len(unseen)
    assert best.hand_ev == pytest.approx(mean, abs=1e-12)
    assert bfc.advise_discard(hand, "seven-card", role="pone")[0].total_ev < best.total_ev
    with pytest.raises(bfc.InvalidArgument) as e:
        bfc.advise_discard(hand, rules=rules, crib="played")
    assert "two-player classic" in str(e.value)
    with pytest.raises(bfc.InvalidArgument) as e:
        bfc.advise_discard(hand[:6], rules=rules)
    assert "want the 7 cards dealt to you (got 6)" in str(e.value)
    g = bfc.Game("seven-card", seed=4)
    obs = g.observe(g.to_move)
    assert len(obs.advise_discard()) == 21
    with pytest.raises(bfc.InvalidArgument) as e:
        obs.advise_discard(win=True)
    assert "seven-card" in str(e.value) and "181" in str(e.value)
