"""The bots, and bfc.sim against bfc-sim: the same games, the same
results."""

import json
import subprocess

import pytest

import bfc
from conftest import scaled


def test_bots__seeded_bots_replay_the_same_game():
    def run():
        g = bfc.Game("classic", seed=21)
        bots = [bfc.bots.greedy(seed=5), bfc.bots.random(seed=6)]
        return g.play(bots).save()

    assert run() == run()


def test_bots__registry():
    assert {"random", "greedy"} <= set(bfc.bots.NAMES)
    b = bfc.bots.get("greedy", seed=3)
    assert isinstance(b, bfc.bots.greedy) and isinstance(b, bfc.bots.Bot) and b.rng == 3
    with pytest.raises(KeyError):
        bfc.bots.get("oracle")
    assert bfc.bots.random.__doc__ and bfc.bots.greedy.__doc__


def test_bots__a_python_bot_joins_the_registry():
    class first(bfc.bots.Bot):
        """The lowest legal move."""

        name = "first-legal"

        def __call__(self, obs):
            return obs.legal_moves()[0]

    try:
        assert "first-legal" in bfc.bots.NAMES
        g = bfc.Game(seed=2).play([bfc.bots.get("first-legal"), bfc.bots.random(1)])
        assert g.over
    finally:
        del bfc.bots.Bot._REGISTRY["first-legal"]


def test_bots__the_rng_moves_and_a_finished_game_is_refused():
    g = bfc.Game(seed=3)
    b = bfc.bots.random(seed=9)
    b(g.observe())
    assert b.rng != 9
    g.play([bfc.bots.random(1), bfc.bots.random(2)])
    with pytest.raises(bfc.InvalidArgument):
        bfc.bots.greedy(1)(g.observe(0))


def test_sim__game_and_bot_seeds_are_bfc_sim_s():
    # mix64 of bfc-sim.c, here through bfc_rng_next: the first outputs of
    # splitmix64 from seed 0 are well known values of that generator
    assert bfc.sim.__module__ == "bfc.sim"
    from bfc.sim import game_seed

    assert game_seed(0, 0) == 0xE220A8397B1DCDAF
    assert game_seed(0, 1) == 0x6E789E6AA1B965F4


SIM_RUNS = [
    ("battlefield", [], {}),
    ("battlefield", ["--players", "4", "--teams", "--bots", "greedy,random,random,greedy"], {"players": 4, "teams": True, "bots": "greedy,random,random,greedy"}),
    ("battlefield", ["--players", "3", "--bots", "greedy", "--value", "skunk"], {"players": 3, "bots": "greedy", "value": "skunk"}),
    ("classic", ["--players", "3"], {"players": 3}),
    ("classic", ["--muggins"], {"muggins": True}),
    ("five-card", [], {}),
    ("noddy", ["--players", "4"], {"players": 4}),
    ("backward", [], {}),
    ("solitaire", [], {}),
    ("crib-wars", ["--players", "3"], {"players": 3}),
]


@pytest.mark.parametrize("game, args, kw", SIM_RUNS)
def test_sim__same_results_as_bfc_sim(bfc_sim, game, args, kw):
    games = scaled(60, 12)
    p = subprocess.run(
        [str(bfc_sim), "--game", game, "--games", str(games), "--seed", "17", "--json", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    want = json.loads(p.stdout)
    r = bfc.sim(games, game, seed=17, **kw)
    assert r.games == want["played"] == games
    assert r.moves == want["moves"]
    for d in range(r.rules.sides):
        assert r.wins[d] == want[f"side{d}_wins"]
        assert r.value[d] == want[f"side{d}_value_sum"]
        if not r.rules.board:  # bfc-sim adds up pegged points; a board also moves pegs
            assert round(r.points[d] / games, 6) == pytest.approx(want[f"side{d}_points_per_game"], abs=1e-6)
    assert r.bots == want["bots"].split(",")


def test_sim__greedy_beats_random():
    r = bfc.sim(scaled(300, 60), "battlefield", bots=["greedy", "random"], seed=5)
    assert r.win_rate(0) > 0.6


def test_sim__bad_arguments():
    with pytest.raises(bfc.InvalidArgument):
        bfc.sim(10, bots=["greedy", "oracle"])
    with pytest.raises(bfc.InvalidArgument):
        bfc.sim(10, bots=["greedy", "random", "random"])
    with pytest.raises(bfc.InvalidArgument):
        bfc.sim(-1)
    assert bfc.sim(0).games == 0
