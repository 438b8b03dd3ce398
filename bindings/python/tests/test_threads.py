"""Never crash or corrupt the host (issue 29, items 2-6): objects shared by
threads, copies, closing, the use of a closed object, status codes that do
not fit a C int.

The scenarios that crashed the interpreter before (SIGSEGV, SIGABRT) run in
a child Python (``-X faulthandler``, the environment passed on, so an
``LD_PRELOAD`` of libasan reaches it too): a crash is then this test's
failure, with the child's traceback, and not the end of the run. Every
loop is bounded by a count of calls, never by the clock.
"""

import copy
import os
import pickle
import random
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import bfc
from conftest import PACKAGE_DIR, scaled

HUGE = 2**70


def run_child(code: str) -> str:
    """Runs ``code`` in a child Python with this package; its output. The
    test fails with that output when the child dies or fails."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE_DIR), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    p = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", textwrap.dedent(code)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,  # a hang guard only: the child's work is bounded by counts
    )
    out = p.stdout + p.stderr
    assert p.returncode == 0, f"the child exited with {p.returncode}:\n{out[-4000:]}"
    return out


# -- issue 29 item 2: one search bot, several threads ------------------------


def test_threads__one_search_bot_shared_by_threads_never_crashes():
    # Games of two rules, so the bot remakes its C search while the other
    # threads would be searching with it (a use after free before: SIGSEGV).
    rounds = scaled(30, 12)
    out = run_child(
        f"""
        import threading, bfc
        bot = bfc.bots.search(iterations=1500, seed=1)
        games = [bfc.Game(p, seed=s) for s in range(3) for p in ("battlefield", "classic")]
        bad = []
        def work(i):
            for k in range({rounds}):
                g = games[(i + k) % len(games)]
                m = bot(g)
                if m not in g.legal_moves():
                    bad.append((i, k, str(m)))
        ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in ts: t.start()
        for t in ts: t.join()
        assert not bad, bad
        print("moves", 4 * {rounds})
        """
    )
    assert f"moves {4 * rounds}" in out


def test_threads__a_library_bot_shared_by_threads_answers_each_thread():
    # One bot, eight threads, each with the observation of a game of its
    # own: each must get a legal move of its own observation, and the
    # generator must end where the same number of calls of a bot alone
    # leave it. Before, the bot's one move buffer was read after another
    # thread's call had written it (moves of another game came back) and
    # draws of the generator were lost. The child switches threads as
    # often as it can, so that calls interleave.
    n = scaled(10000, 6000)
    out = run_child(
        f"""
        import sys, threading, bfc
        sys.setswitchinterval(1e-6)
        observations = [bfc.Game(p, seed=3).observe() for p in ("battlefield", "classic", "noddy", "five-card")] * 2
        for make in (bfc.bots.greedy, bfc.bots.random):
            shared = make(seed=11)
            wrong = []
            def work(obs):
                legal = set(obs.legal_moves())
                for _ in range({n}):
                    m = shared(obs)
                    if m not in legal:
                        wrong.append((obs.variant, str(m)))
            ts = [threading.Thread(target=work, args=(o,)) for o in observations]
            for t in ts: t.start()
            for t in ts: t.join()
            assert not wrong, f"{{make.name}}: {{len(wrong)}} moves of another game: {{wrong[:5]}}"
            # each call draws the same on each of these observations
            alone = make(seed=11)
            for _ in range({n} * len(observations)):
                alone(observations[0])
            assert shared.rng == alone.rng, f"{{make.name}}: draws lost"
        print("each its own")
        """
    )
    assert "each its own" in out


# -- item 3: copies ----------------------------------------------------------


def test_threads__a_search_bot_cannot_be_copied_or_pickled():
    # copy.copy used to copy the raw C handle: freed twice at exit (SIGABRT)
    out = run_child(
        """
        import copy, pickle, bfc
        bot = bfc.bots.search(iterations=50, seed=2)
        g = bfc.Game("classic", seed=4)
        first = bot(g)
        for how in (copy.copy, copy.deepcopy, pickle.dumps):
            try:
                how(bot)
            except TypeError as e:
                assert isinstance(e, bfc.InvalidType), type(e)
                assert "cannot be copied" in str(e), str(e)
            else:
                raise SystemExit(f"{how.__name__} made a copy")
        assert bot(g) in g.legal_moves()  # the original still works
        del bot
        import gc; gc.collect()
        print("refused", first)
        """
    )
    assert "refused" in out


def test_threads__copies_of_library_bots_are_independent():
    obs = bfc.Game("classic", seed=5).observe()
    for make in (bfc.bots.random, bfc.bots.greedy):
        bot = make(seed=7)
        bot(obs)
        for twin in (copy.copy(bot), copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))):
            assert type(twin) is type(bot) and twin.rng == bot.rng
            assert twin._rng is not bot._rng  # its own generator, not a shared C buffer
            before = bot.rng
            assert twin(obs) == make(seed=before)(obs)  # where the original stood
            assert bot.rng == before  # the original did not move


# -- item 4: close while another thread searches ------------------------------


def test_threads__closing_a_search_bot_while_another_thread_searches():
    # close() used to free the node arena under the running search (a large
    # arena is mapped apart, so a search in freed memory crashed: SIGSEGV).
    # Now close() interrupts the search and waits for it to return
    # (issue 39: it waited for the whole budget), and the searches after it
    # say the bot is closed. Every wait is on an event: the main thread closes the
    # bot once the other thread's search has begun (its progress callback),
    # and that thread tries again only once close() has returned.
    rounds = scaled(6, 3)
    out = run_child(
        f"""
        import threading, bfc
        g = bfc.Game("battlefield", seed=9)
        g.apply(g.legal_moves()[0])  # past the first reveal: a real search
        outcomes = {{"interrupted": 0, "closed": 0}}
        for r in range({rounds}):
            bot = bfc.bots.search(iterations=20000, seed=r, nodes=2000000)
            running, closed = threading.Event(), threading.Event()
            def search():
                for k in range(3):
                    try:
                        bot(g, progress=lambda units: running.set())
                    except bfc.ClosedError:
                        outcomes["closed"] += 1
                    except bfc.Interrupted:
                        outcomes["interrupted"] += 1
                    finally:
                        running.set()  # also when it could not begin
                    closed.wait()
            t = threading.Thread(target=search)
            t.start()
            running.wait()
            bot.close()  # interrupts the search running now, waits for it
            for i in range(100):
                bot.close()  # again: nothing to do
            closed.set()
            t.join()
        print(outcomes)
        # the search running at close() is interrupted; the two after it
        # find the bot closed
        assert outcomes == {{"interrupted": {rounds}, "closed": {2 * rounds}}}, outcomes
        """
    )
    assert "closed" in out


# -- item 5: one game shared by threads ----------------------------------------


def test_threads__one_game_shared_by_threads_stays_whole():
    # Two threads play one game (a move chosen from a list the other
    # thread made stale is refused whole: IllegalMove), game after game
    # (next_game), while two others save it and load the text. Before, a
    # save read the C game while a move changed it: saves that no longer
    # load (27 of 9,223 in Battlefield here), states torn.
    games = scaled(60, 40)
    for preset in ("battlefield", "classic"):
        g = bfc.Game(preset, seed=1)
        done = threading.Event()
        played = [0]
        saves, torn, refused = [0], [], [0]

        def play(i):
            pick = random.Random(i)
            for _ in range(10**6):  # a bound on the calls; the games end long before
                if played[0] >= games:
                    return
                try:
                    if g.over:
                        g.next_game()
                        played[0] += 1
                    else:
                        g.apply(pick.choice(g.legal_moves()))
                except (bfc.IllegalMove, bfc.InvalidArgument, IndexError):
                    refused[0] += 1  # the other thread moved (or dealt) first

        def watch():
            for _ in range(10**6):
                if done.is_set():
                    return
                text = g.save()
                saves[0] += 1
                try:
                    bfc.Game.load(text)
                except bfc.Error as e:
                    torn.append(f"{type(e).__name__}: {e}")

        players = [threading.Thread(target=play, args=(i,)) for i in range(2)]
        watchers = [threading.Thread(target=watch) for _ in range(2)]
        for t in players + watchers:
            t.start()
        for t in players:
            t.join()
        done.set()
        for t in watchers:
            t.join()
        assert played[0] >= games
        assert not torn, f"{preset}: {len(torn)} of {saves[0]} saves do not load: {torn[:3]}"
        assert bfc.Game.load(g.save()) == g


def test_threads__copying_two_games_into_each_other_from_two_threads():
    # a.copy_from(b) and b.copy_from(a) at once: the locks are taken in one
    # order, so neither thread waits for the other forever
    a, b = bfc.Game("classic", seed=1), bfc.Game("classic", seed=2)
    n = scaled(4000, 800)

    def one(x, y):
        for _ in range(n):
            x.copy_from(y)

    ts = [threading.Thread(target=one, args=(a, b)), threading.Thread(target=one, args=(b, a))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert a == b


# -- item 6: a closed game, a status that is no C int ----------------------------

# Every public attribute of bfc.Game with a call that uses it: a new one
# must be added here (the test checks the list is whole), so that none
# reads a freed game.
GAME_CALLS = {
    "rules": lambda g: g.rules,
    "players": lambda g: g.players,
    "sides": lambda g: g.sides,
    "side_of": lambda g: g.side_of(0),
    "seat_of": lambda g: g.seat_of(0),
    "to_move": lambda g: g.to_move,
    "phase": lambda g: g.phase,
    "over": lambda g: g.over,
    "scores": lambda g: g.scores,
    "winner": lambda g: g.winner,
    "winning_seat": lambda g: g.winning_seat,
    "value": lambda g: g.value,
    "values": lambda g: g.values,
    "match_scores": lambda g: g.match_scores,
    "match_winner": lambda g: g.match_winner,
    "legal_moves": lambda g: g.legal_moves(),
    "apply": lambda g: g.apply(0),
    "observe": lambda g: g.observe(0),
    "copy": lambda g: g.copy(),
    "copy_from": lambda g: g.copy_from(bfc.Game("classic", seed=1)),
    "determinize": lambda g: g.determinize(0, 1),
    "determinize_belief": lambda g: g.determinize_belief(0, 1),
    "save": lambda g: g.save(),
    "next_game": lambda g: g.next_game(),
    "seen_by": lambda g: g.seen_by(bfc.Game("classic", seed=1).start_events, 0),
    "play": lambda g: g.play([bfc.bots.random(), bfc.bots.random()]),
    "__eq__": lambda g: g == bfc.Game("classic", seed=1),
    "__getstate__": lambda g: pickle.dumps(g),
    "__copy__": lambda g: copy.copy(g),
    "__deepcopy__": lambda g: copy.deepcopy(g),
    "bfc.bots.search": lambda g: bfc.bots.search(iterations=10)(g),
    "bfc.bots.greedy": lambda g: bfc.bots.greedy()(g),
    "Event.seen_by": lambda g: bfc.Game("classic", seed=1).start_events[0].seen_by(g, 0),
}
GAME_SAFE = {"close", "closed", "load", "start_events"}  # no C game read, or a new one made


@pytest.mark.parametrize("how", ["close", "__del__", "with"])
def test_threads__every_method_of_a_closed_game_raises(how):
    public = {n for n in dir(bfc.Game) if not n.startswith("_")} | {"__eq__", "__getstate__", "__copy__", "__deepcopy__"}
    assert public - GAME_SAFE <= set(GAME_CALLS), f"add to GAME_CALLS: {sorted(public - GAME_SAFE - set(GAME_CALLS))}"
    g = bfc.Game("classic", seed=1)
    if how == "close":
        g.close()
    elif how == "__del__":
        g.__del__()  # what the issue did: a phase 'claim' and over False came back
    else:
        with g:
            assert not g.closed
    assert g.closed and repr(g) == "<bfc.Game closed>"
    for name, call in GAME_CALLS.items():
        with pytest.raises(bfc.ClosedError, match="closed") as e:
            call(g)
        assert isinstance(e.value, bfc.InvalidArgument), name
    g.close()  # twice: harmless


def test_threads__every_method_of_a_closed_search_bot_raises():
    g = bfc.Game("battlefield", seed=1)
    for close in (lambda b: b.close(), lambda b: b.__del__()):
        bot = bfc.bots.search(iterations=20, seed=1)
        bot(g)
        close(bot)
        assert bot.closed and "closed" in repr(bot)
        for call in (lambda: bot(g), lambda: bot.analyze(g), lambda: bot.last, lambda: bot.seed(3)):
            with pytest.raises(bfc.ClosedError):
                call()
        assert bot.config["iterations"] == 20  # its settings stay readable


def test_threads__strerror_of_an_int_beyond_c_is_unknown_not_success():
    unknown = bfc.strerror(-99)
    assert bfc.strerror(0) == "success"
    for status in (HUGE, -HUGE, 2**32, 2**31, -(2**31) - 1, 2**64):
        assert bfc.strerror(status) == unknown, status  # 2**70 was cut to 0: "success"
    assert bfc.strerror(bfc.IllegalMove.status) == "illegal move"
    with pytest.raises(bfc.InvalidType):
        bfc.strerror("0")


# -- issue 29 item 7: a search can be stopped ---------------------------------
#
# The searches below have a budget they would take hours to spend
# (2**32-1 iterations), so only the stop ends them; every wait is on an
# event (the search's progress callback says it began), never on the clock.

ENDLESS = 2**32 - 1


def test_threads__ctrl_c_during_a_search_raises_keyboard_interrupt_and_the_bot_goes_on():
    """SIGINT to a Python searching in its main thread: KeyboardInterrupt
    comes out of bot(game) (it waited for the C call before: hours), the
    decision is ended, and the same bot decides again at once."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE_DIR), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    child = textwrap.dedent(
        f"""
        import signal, sys, bfc
        # a shell running this in the background ignores SIGINT; a Python at
        # a terminal does not: put Python's own handler back
        signal.signal(signal.SIGINT, signal.default_int_handler)
        bot = bfc.bots.search(iterations={ENDLESS}, seed=1)
        g = bfc.Game("battlefield", seed=3)
        g.apply(g.legal_moves()[0])   # past the first reveal: a real search
        said = []
        def progress(units):
            if not said:
                said.append(units)
                print("began", flush=True)
        try:
            bot(g, progress=progress)
            print("finished?!", flush=True)
        except KeyboardInterrupt:
            print("KeyboardInterrupt", flush=True)
        # the same bot: a decision with one candidate (the first reveal),
        # a classic discard (the advice), seeding, its last decision
        first = bfc.Game("battlefield", seed=4)
        print("reveal ok", bot(first) in first.legal_moves(), flush=True)
        c = bfc.Game("classic", seed=8)
        print("discard ok", bot(c) == c.observe().advise_discard("played", win=True)[0].move, flush=True)
        bot.seed(5)
        print("last", bot.last.iterations, flush=True)
        """
    )
    p = subprocess.Popen(
        [sys.executable, "-X", "faulthandler", "-c", child],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = p.stdout.readline()  # waits for the search to begin
        assert line == "began\n", line + p.stdout.read()
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=900)  # a hang guard only
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 0, out
    lines = out.splitlines()
    assert lines[0] == "KeyboardInterrupt", out
    assert "reveal ok True" in lines and "discard ok True" in lines, out
    assert lines[-1] == "last 0", out  # the discard: the advice, no iterations


def test_threads__interrupt_from_another_thread_raises_interrupted_in_the_searching_one():
    """bot.interrupt() needs none of the bot's locks (the searching thread
    holds them) and makes that thread's call raise bfc.Interrupted; the bot
    then decides again."""
    bot = bfc.bots.search(iterations=ENDLESS, seed=1)
    g = bfc.Game("battlefield", seed=3)
    g.apply(g.legal_moves()[0])
    began = threading.Event()
    caught = []

    def search():
        try:
            bot.analyze(g, progress=lambda units: began.set())
        except BaseException as e:  # noqa: B902 - whatever came out is the result
            caught.append(e)
        finally:
            began.set()  # also when it could not begin: the test then fails at once

    t = threading.Thread(target=search)
    t.start()
    began.wait()
    assert not caught, caught  # it began and still searches (its budget is hours)
    assert bot.interrupt() is True
    t.join()
    assert len(caught) == 1 and isinstance(caught[0], bfc.Interrupted), caught
    assert isinstance(caught[0], bfc.Error) and caught[0].status == -12 and caught[0].code == "BFC_EINTR"
    assert bot.interrupt() is False  # nothing runs now: nothing to stop
    first = bfc.Game("battlefield", seed=4)
    assert bot(first) in first.legal_moves()  # a decision after it is not stopped
    bot.close()
    assert bot.interrupt() is False  # a closed bot: nothing to stop, no error


def test_threads__close_from_another_thread_interrupts_the_search_then_frees():
    """bot.close() while another thread searches with an endless budget
    interrupts that search (it would wait for the whole budget) and frees
    the bot once the search returned: the searching thread gets
    bfc.Interrupted, a decision asked after it bfc.ClosedError."""
    bot = bfc.bots.search(iterations=ENDLESS, seed=1)
    g = bfc.Game("battlefield", seed=3)
    g.apply(g.legal_moves()[0])
    began = threading.Event()
    caught = []
    units = []

    def progress(n):
        units.append(n)
        began.set()

    def search():
        try:
            bot(g, progress=progress)
        except BaseException as e:  # noqa: B902 - whatever came out is the result
            caught.append(e)
        finally:
            began.set()  # also when it could not begin: the test then fails at once

    t = threading.Thread(target=search)
    t.start()
    began.wait()
    assert not caught, caught  # it began and still searches (its budget is hours)
    bot.close()  # returns once the search has: it never ends by itself
    assert bot.closed
    t.join()
    assert len(caught) == 1 and isinstance(caught[0], bfc.Interrupted), caught
    assert "close()" in str(caught[0])
    assert units and units[-1] < ENDLESS
    with pytest.raises(bfc.ClosedError):
        bot(g)
    assert bot.interrupt() is False
    bot.close()  # twice: harmless


def test_threads__close_from_the_bots_own_progress_is_refused_and_the_bot_goes_on():
    bot = bfc.bots.search(iterations=64, seed=1)
    g = bfc.Game("battlefield", seed=3)
    g.apply(g.legal_moves()[0])
    refused = []

    def progress(n):
        if not refused:
            with pytest.raises(bfc.InvalidArgument) as e:
                bot.close()
            refused.append(str(e.value))

    assert bot(g, progress=progress) in g.legal_moves()
    assert refused and "deciding" in refused[0] and not bot.closed
    bot.close()
    assert bot.closed


def test_threads__a_game_changed_or_closed_while_a_bot_searches_it():
    """The bot searches its own copy of the game: the game may be played on
    and closed by another thread meanwhile (the search read it after that
    before: the C search's game must stay unchanged to its end)."""
    out = run_child(
        f"""
        import threading, bfc
        bot = bfc.bots.search(iterations={ENDLESS}, seed=1)
        g = bfc.Game("battlefield", seed=3)
        g.apply(g.legal_moves()[0])
        before = g.save()
        began = threading.Event()
        caught = []
        def search():
            try:
                bot(g, progress=lambda units: began.set())
            except BaseException as e:
                caught.append(type(e).__name__)
            finally:
                began.set()
        t = threading.Thread(target=search)
        t.start()
        began.wait()
        assert not caught, caught
        moved = 0
        while not g.over and moved < 40:
            g.apply(g.legal_moves()[-1])
            moved += 1
        g.close()
        bot.interrupt()
        t.join()
        print("caught", caught)
        print("moved", moved > 0)
        again = bfc.Game.load(before)
        try:  # interrupt() from the searching thread itself (its progress callback)
            bot.analyze(again, progress=lambda units: units >= 64 and bot.interrupt())
            print("self-stop none")
        except bfc.Interrupted:
            print("self-stop Interrupted")
        print("then", bot.interrupt())
        """
    )
    assert "caught ['Interrupted']" in out, out
    assert "moved True" in out, out
    assert "self-stop Interrupted" in out, out
    assert "then False" in out, out
