#!/usr/bin/env python3
"""Games per second of Battlefield Cribbage (2 players, 121) played from
Python and in C, as ``make bench-python`` prints them:

- a pure-Python loop: ``random.choice(game.legal_moves())`` and
  ``game.apply(move)`` (events built for every move);
- the same loop with the library's random bot (``observe`` + the bot +
  ``apply``);
- :func:`bfc.sim` with ``engine="python"``: the bots' games in the
  Python loop (four library calls a move, the score events tallied), the
  loop a Python bot plays in;
- :func:`bfc.sim` with ``engine="c"``: the same games in C through
  ``bfc_sim_run``, one library call for the run;
- ``bfc-sim --timing``: the same games by the C tool, one process.

Run from anywhere: ``python3 bindings/python/bench.py [GAMES]`` (default
2000; the runs in C play 10 times as many). A figure of a shared machine
varies from run to run: compare lines of one run.
"""

import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bfc  # noqa: E402
from bfc.distributed import find_bfc_sim  # noqa: E402


def line(what, games, seconds):
    print(f"bench: {what:<46} {games:7d} games {seconds:8.3f} s {games / seconds:10.1f} games/s", flush=True)


def python_random_choice(games):
    rng = random.Random(1)
    t = time.perf_counter()
    for i in range(games):
        g = bfc.Game(seed=i)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
    line("python loop, random.choice + apply", games, time.perf_counter() - t)


def python_bot_loop(games, bot):
    t = time.perf_counter()
    for i in range(games):
        g = bfc.Game(seed=i)
        bots = [bfc.bots.get(bot, 2 * i), bfc.bots.get(bot, 2 * i + 1)]
        while not g.over:
            g.apply(bots[g.to_move](g.observe()))
    line(f"python loop, bfc.bots.{bot} + observe + apply", games, time.perf_counter() - t)


def sim(games, bot, engine):
    t = time.perf_counter()
    r = bfc.sim(games, bots=bot, seed=1, engine=engine)
    what = "bfc_sim_run" if engine == "c" else "Python loop"
    line(f"bfc.sim ({what}), {bot} bots", r.games, time.perf_counter() - t)


def c_sim(games, bot):
    p = subprocess.run(
        [find_bfc_sim(), "--games", str(games), "--bots", bot, "--timing"],
        capture_output=True,
        text=True,
        check=True,
    )
    m = re.search(r"time: ([0-9.]+) s", p.stdout)
    line(f"bfc-sim (C), {bot} bots", games, float(m.group(1)))


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("BFC_BENCH_GAMES", "2000"))
    print(f"bench: libbfc {bfc.version()} from {bfc.library_path()}, Python {sys.version.split()[0]}")
    python_random_choice(games)
    python_bot_loop(games, "random")
    sim(games, "random", "python")
    sim(10 * games, "random", "c")
    c_sim(10 * games, "random")
    python_bot_loop(games, "greedy")
    sim(games, "greedy", "python")
    sim(10 * games, "greedy", "c")
    c_sim(10 * games, "greedy")


if __name__ == "__main__":
    main()
