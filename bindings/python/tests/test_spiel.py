"""The OpenSpiel-style interface: a random-playout loop written as for
pyspiel runs every preset to its end."""

import random

import pytest

import bfc
import bfc.spiel
from conftest import scaled


@pytest.mark.parametrize(
    "name, params",
    [
        ("battlefield", {}),
        ("battlefield", {"players": 4, "teams": True}),
        ("classic", {"players": 3}),
        ("classic", {"muggins": True}),
        ("five-card", {}),
        ("noddy", {"players": 5}),
        ("backward", {}),
        ("solitaire", {}),
        ("crib-wars", {}),
    ],
)
def test_spiel__random_playouts(name, params):
    game = bfc.spiel.load_game(name, seed=3, **params)
    n = game.num_players()
    rng = random.Random(name)
    for i in range(scaled(3, 1)):
        state = game.new_initial_state(seed=100 + i)
        assert not state.is_chance_node() and state.chance_outcomes() == []
        while not state.is_terminal():
            p = state.current_player()
            assert 0 <= p < n
            actions = state.legal_actions()
            assert actions == state.legal_actions(p) and actions
            assert all(0 <= a < game.num_distinct_actions() for a in actions)
            mask = state.legal_actions_mask()
            assert sum(mask) == len(actions) and all(mask[a] for a in actions)
            for q in range(n):
                if q != p:
                    assert state.legal_actions(q) == []
            obs = state.observation_tensor(p)
            assert len(obs) == game.observation_tensor_size()
            assert state.observation_string(p)
            assert state.returns() == [0.0] * n
            a = rng.choice(actions)
            assert state.string_to_action(state.action_to_string(p, a)) == a
            state.apply_action(a)
        assert state.current_player() == bfc.spiel.TERMINAL
        r = state.returns()
        assert len(r) == n and max(r) <= game.max_utility() and min(r) >= game.min_utility()
        if n > 1:
            assert sum(r) == pytest.approx(game.utility_sum())
            assert max(r) == 1.0
        g = state.game
        assert len(state.history()) == state.move_number()
        # the history replays to the same game from the same deal
        replay = game.new_initial_state(seed=100 + i)
        for a in state.history():
            replay.apply_action(a)
        assert replay.game == g and replay.is_terminal()


def test_spiel__states_differ_and_clones_are_independent():
    game = bfc.spiel.load_game("battlefield", seed=11)
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.game.save() != b.game.save()
    assert game.new_initial_state(seed=5).game == game.new_initial_state(seed=5).game
    c = a.clone()
    c.apply_action(c.legal_actions()[0])
    assert a.history() == [] and c.history() == [c.history()[0]]
    assert a.child(a.legal_actions()[0]).game == c.game


def test_spiel__illegal_action_leaves_the_state():
    state = bfc.spiel.load_game("classic").new_initial_state(seed=1)
    before = state.game.save()
    with pytest.raises(bfc.IllegalMove):
        state.apply_action(bfc.Move("claim"))
    assert state.history() == [] and state.game.save() == before
