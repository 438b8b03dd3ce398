"""The coach through the package (issue 32): bfc.review_game grades a game
the way the C library does (the same texts as bfc-advise --review), a
planted blunder is found, records round-trip, explanations are the
library's, the chance of winning at a deal, and bad input refused with the
package's exceptions. Budgets: the easy level."""

import json
import subprocess

import pytest

import bfc
from conftest import program


def _self_play(preset, seed, bot_seed=3, limit=3000):
    """A game between two easy search bots: its start and its moves."""
    start = bfc.Game(preset, seed=seed)
    g = start.copy()
    bot = bfc.bots.search(bot_seed, level="easy")
    moves = []
    while not g.over and len(moves) < limit:
        m = bot(g)
        moves.append(m)
        g.apply(m)
    return start, moves


def test_review__classic_game_matches_the_tool(tmp_path):
    start, moves = _self_play("classic", 21)
    entries = bfc.review_game(start, moves, level="easy", seed=1)
    assert len(entries) > 20
    assert all(isinstance(e, bfc.ReviewEntry) for e in entries)
    assert [e.move for e in entries] == [moves[e.ply] for e in entries]
    for e in entries:
        assert e.grade in bfc.review.GRADES and e.stage in ("discard", "play")
        assert e.win_lost >= 0 and (e.points is None) == (e.stage != "discard")
        assert str(e) == e.text and e.text.startswith(f"deal {e.deal}, player {e.seat + 1}, {e.move}: {e.grade}")
    # the record, reviewed by bfc-advise: the very same lines
    rec = tmp_path / "g.rec"
    rec.write_text(bfc.record_format(start, moves, seed=21))
    out = subprocess.run(
        [str(program("bfc-advise")), "--review", str(rec), "--level", "easy", "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    d = json.loads(out)
    assert [x["text"] for x in d["decisions"]] == [e.text for e in entries]
    # the summary adds them up
    s = bfc.summarize(entries, seat=0)
    mine = [e for e in entries if e.seat == 0]
    assert s.decisions == len(mine)
    assert s.win_lost == pytest.approx(sum(e.win_lost for e in mine))
    assert sum(s.grades.values()) == len(mine)
    assert set(s.stages) == {"discard", "play"}
    assert str(s).startswith(f"{s.deals} deal")
    assert d["summaries"][0]["all"]["decisions"] == s.decisions
    # deterministic, and a seat alone
    again = bfc.review_game(start, moves, level="easy", seed=1, seat=1)
    assert [e.text for e in again] == [e.text for e in entries if e.seat == 1]


def test_review__planted_five_pair_is_a_blunder():
    for seed in range(1, 400):
        g = bfc.Game("classic", seed=seed)
        o = g.observe()
        fives = [c for c in o.hand if str(c).startswith("5")]
        if len(fives) == 2 and o.dealer != o.seat:
            break
    else:
        pytest.fail("no deal with two fives for the pone")
    m = bfc.Move("discard %s %s" % (fives[0], fives[1]))
    (e,) = bfc.review_game(g, [m], level="easy")
    assert e.grade == "blunder" and e.best != m
    one = bfc.review_move(g, m, level="easy", seed=0)
    assert one.grade == "blunder" and one.win_lost == e.win_lost  # a discard's advice is exact
    assert e.win_lost >= 0.10 and e.points_lost > 0
    why = bfc.explain(o, m)
    assert "gives a pair of 5s to the other crib" in why
    assert bfc.explain_discard(o, m).startswith(why + "; hand ")


def test_review__battlefield_and_records():
    start, moves = _self_play("battlefield", 5)
    text = bfc.record_format(start, moves, seed=5)
    assert text.startswith("bfc-record 1\nseed 5\nbfc-game ")
    g2, moves2, seed = bfc.record_parse(text)
    assert moves2 == moves and seed == 5 and g2.save() == start.save()
    entries = bfc.review_game(g2, moves2, level="easy", seat=0)
    assert entries and {e.stage for e in entries} <= {"turn", "lay-away"}
    assert all(e.seat == 0 for e in entries)
    assert bfc.record_parse(bfc.record_format(start, moves[:3]))[2] is None


def test_review__explanations_and_chance():
    g = bfc.Game("classic", seed=4)
    ch = bfc.deal_chance(g)
    assert len(ch.chances) == 2 and sum(ch.chances) == pytest.approx(1.0)
    # test_review__deal_chance_is_win_chance: the same shape and figures as
    # bfc.win_chance of the game's rules, scores and dealer
    assert isinstance(ch, bfc.WinChance) and ch.table is True
    assert ch == bfc.win_chance(g, [0, 0], g.observe().dealer)
    bot = bfc.bots.search(1, level="easy")
    while g.phase != "play":
        g.apply(bot(g))
    o = g.observe()
    for m in o.legal_moves():
        why = bfc.explain(o, m)
        assert "leaves" in why or "starts again" in why


def test_review__bad_input():
    g = bfc.Game("classic", seed=4)
    with pytest.raises(bfc.IllegalMove):
        bfc.review_game(g, ["play 5H"], level="easy")
    with pytest.raises(bfc.InvalidArgument):
        bfc.review_game(g, [], seat=7)
    with pytest.raises(bfc.InvalidArgument):
        bfc.review_game(g, [], level="grandmaster")
    with pytest.raises(bfc.InvalidType):
        bfc.review_game(g, "discard 5H 5C")
    with pytest.raises(bfc.InvalidType):
        bfc.review_game("a game", [])
    with pytest.raises(bfc.ParseError) as ei:
        bfc.record_parse("hello\n")
    assert "line 1" in str(ei.value)
    text = bfc.record_format(g, [])
    with pytest.raises(bfc.IllegalMove) as ei:
        bfc.record_parse(text.replace("moves 0\n", "moves 1\nplay 5H\n"))
    assert "not legal" in str(ei.value)
    with pytest.raises(bfc.IllegalMove):
        bfc.explain(g.observe(), "draw")
    with pytest.raises(bfc.InvalidType):
        bfc.summarize(["not an entry"])
    with pytest.raises(bfc.IllegalMove):
        bfc.review_move(g, "play 5H", level="easy")


def test_review__ctrl_c_stops_a_long_review_promptly():
    """Issue 39: SIGINT during review_game(iterations=10**6) stops it: the
    signal is sent from the review's own progress (an event, not a clock)
    and no more than one step of work runs after it."""
    import os
    import signal

    start, moves = _self_play("battlefield", 3)
    calls = {"n": 0, "after": 0}

    def progress(done, total):
        calls["n"] += 1
        if calls["n"] > 3:
            calls["after"] += 1
        if calls["n"] == 3:
            os.kill(os.getpid(), signal.SIGINT)

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            bfc.review_game(start, moves, iterations=10**6, progress=progress)
    finally:
        signal.signal(signal.SIGINT, old)
    assert calls["n"] >= 3 and calls["after"] <= 1
    # the game and the package are fine after it
    assert len(bfc.review_game(start, moves[:40], level="easy")) > 0


def test_review__runs_once_and_progress_sees_every_move():
    """Issue 39: the review runs once (the progress's moves go 0..n once)
    and gives what it gave before; an error raised by progress stops it."""
    start, moves = _self_play("classic", 5)
    seen = []
    e1 = bfc.review_game(start, moves, level="easy", seed=3, progress=lambda d, t: seen.append((d, t)))
    e2 = bfc.review_game(start, moves, level="easy", seed=3)
    assert [str(e) for e in e1] == [str(e) for e in e2] and len(e1) > 5
    dones = [d for d, _ in seen]
    assert dones == sorted(dones) and dones[-1] == len(moves) and all(t == len(moves) for _, t in seen)
    assert len(set(dones)) == len(moves) + 1  # each move, and the end

    class Stop(Exception):
        pass

    def stop(d, t):
        if d == 10:
            raise Stop()

    with pytest.raises(Stop):
        bfc.review_game(start, moves, level="easy", progress=stop)
    with pytest.raises(bfc.InvalidType):
        bfc.review_game(start, moves, level="easy", progress=3)
