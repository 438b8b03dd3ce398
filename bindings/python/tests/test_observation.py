"""Observations as Python values and as tensors (numpy when installed)."""

import random
import subprocess
import sys

import pytest

import bfc
import bfc.tensor
from conftest import PACKAGE_DIR, scaled
from test_games import SETUPS


def walk(preset, players, teams, seed, steps):
    """The observations of every seat along a random game."""
    g = bfc.Game(preset, players=players, teams=teams, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        yield g, [g.observe(s) for s in range(players)]
        if g.over:
            return
        g.apply(rng.choice(g.legal_moves()))


def test_observation__battlefield_table_rules_d7():
    """Everyone sees the same formations (face-up cards, HIDDEN for the
    face-down ones), the drawn card only its drawer."""
    saw_held = False
    for g, obs in walk("battlefield", 3, False, 4, scaled(400, 120)):
        for o in obs:
            assert o.formations == obs[0].formations and o.faceup == obs[0].faceup
            for s in range(3):
                for i in range(5):
                    face_up = i in o.faceup[s]
                    assert (o.formations[s][i] is bfc.HIDDEN) != face_up
                    if face_up:
                        assert isinstance(o.formations[s][i], bfc.Card)
        drawer = g.to_move
        if obs[0].phase == "drawn":
            saw_held = True
            assert isinstance(obs[drawer].held, bfc.Card)
            assert all(o.held is bfc.HIDDEN for s, o in enumerate(obs) if s != drawer)
        for o in obs:
            assert o.frontline_sum == sum(c.value for c in o.frontline)
    assert saw_held


def test_observation__classic_hands_are_private():
    for g, obs in walk("classic", 3, False, 8, scaled(300, 100)):
        hands = [set(o.hand) for o in obs]
        for s, o in enumerate(obs):
            assert len(o.hand) == o.held_by[s]
            for t in range(3):
                if t != s:
                    assert not hands[s] & hands[t]
                    assert not hands[s] & set(o.played[t])
        if obs[0].phase == "discard":
            assert obs[g.to_move].throws == g.rules.throws


def test_observation__text_and_dict():
    g = bfc.Game(seed=1)
    o = g.observe()
    assert "frontline" in o.text() and str(o) == o.text()
    assert "\u2660" in o.text(unicode=True) or "\u2665" in o.text(unicode=True) or "\u2666" in o.text(
        unicode=True
    ) or "\u2663" in o.text(unicode=True)
    d = o.as_dict()
    assert set(d) == set(bfc.Observation.FIELDS) and d["seat"] == o.seat
    assert o.rules == g.rules and o.variant == "battlefield" and o.phase in bfc.PHASES


def test_tensor__layout_sizes():
    assert bfc.tensor.size("battlefield") == 1624
    for v in ("classic", "five-card", "noddy", "solitaire", "seven-card"):
        assert bfc.tensor.size(v) == 1102
    for v in ("battlefield", "classic"):
        total = 0
        for _, shp in bfc.tensor.layout(v):
            n = 1
            for d in shp:
                n *= d
            total += n
        assert total == bfc.tensor.size(v)


@pytest.mark.parametrize("preset, players, teams", SETUPS)
def test_tensor__fixed_shape_and_parts_match_the_fields(preset, players, teams):
    np = pytest.importorskip("numpy")
    variant = bfc.Rules.preset(preset, players, teams).variant
    shape = bfc.tensor.shape(variant)
    for g, obs in walk(preset, players, teams, 3, scaled(60, 15)):
        for o in obs:
            t = o.tensor()
            assert isinstance(t, np.ndarray) and t.dtype == np.float32 and t.shape == shape
            parts = bfc.tensor.decode(t, variant)
            for name, part in parts.items():  # scores: the winner may pass the target
                assert part.min() >= 0.0 and (name in ("scores", "match") or part.max() <= 1.0 + 1e-6), name
            rel = lambda s: (s - o.seat) % players  # noqa: E731
            target = o.rules.target
            assert np.allclose(parts["scores"][: o.sides] * target, o.scores, atol=1e-3)
            assert int(np.argmax(parts["phase"])) == o.phase_id
            if o.to_move is not None:
                assert parts["to_move"][rel(o.to_move)] == 1 and parts["to_move"].sum() == 1
            if variant == "battlefield":
                for s in range(players):
                    for i in range(5):
                        c = o.formations[s][i]
                        want = 53 if c is bfc.HIDDEN else int(c)
                        assert int(np.argmax(parts["formation"][rel(s)][i])) == want
                assert set(np.flatnonzero(parts["frontline"])) == {int(c) for c in o.frontline}
                if o.held is None:
                    assert parts["held"].sum() == 0
                else:
                    assert int(np.argmax(parts["held"])) == (53 if o.held is bfc.HIDDEN else int(o.held))
            else:
                assert set(np.flatnonzero(parts["hand"])) == {int(c) for c in o.hand}
                for s in range(players):
                    assert set(np.flatnonzero(parts["played"][rel(s)])) == {int(c) for c in o.played[s]}
                if o.starter is not None:
                    assert int(np.argmax(parts["starter"])) == int(o.starter)


def test_tensor__without_numpy_an_array_of_floats():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import array, bfc\n"
        "t = bfc.Game(seed=5).observe().tensor()\n"
        "assert isinstance(t, array.array) and t.typecode == 'f', type(t)\n"
        "print(len(t), ' '.join('%g' % x for x in t))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], cwd=PACKAGE_DIR, capture_output=True, text=True, check=True
    )
    n, values = p.stdout.split(" ", 1)
    assert int(n) == 1624
    np = pytest.importorskip("numpy")
    with_np = bfc.Game(seed=5).observe().tensor()
    assert np.allclose(with_np, [float(x) for x in values.split()])
