#!/usr/bin/env python3
"""`make rate`: the strength dial's ratings (issue 35), classic 2 players to 121.

Plays duplicate matches (bfc-sim --duplicate --json: every pair of games dealt
from one seed, the bots swapped) between neighbouring steps of the dial and
between steps and the anchors (random, greedy, the frozen 0.2 baseline at its
levels, the frozen 0.3 baseline at 0.3's easy/medium/hard), then fits one
Bradley-Terry model to every game at once (maximum likelihood, Newton's
method), random fixed at 1000 and 400 points for odds of 10 to 1, with 95 %
intervals from the inverse of the information matrix (games taken as
independent: the pairing only narrows the true intervals). Prints each match,
the table, and the C lines of src/dial_ratings.h.

  tests/rate.py [--scale K] [-j JOBS] [--bfc-sim PATH] [--seed N] [--fit FILE]

--scale multiplies every match's pairs (default 1: the counts in MATCHES).
--fit FILE refits the match lines of a printed table (no games played).
Not a test: it takes many minutes and proves nothing by passing.
"""
import argparse
import json
import math
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# (bot A, bot B, pairs): the strong steps' matches are the costly ones.
MATCHES = [
    ("step10", "step9", 300), ("step10", "base-hard", 100), ("step9", "base-medium", 200),
    ("step9", "step8", 500), ("step8", "step7", 800), ("step8", "base-easy", 500),
    ("step7", "base-easy", 600), ("step7", "step6", 1000), ("step7", "greedy", 800),
    ("step1", "random", 1500), ("step2", "random", 1000),
    ("step2", "step1", 1500), ("step3", "step2", 1500), ("step4", "step3", 1500),
    ("step5", "step4", 1500), ("step6", "step5", 1500), ("step5", "step3", 1000),
    ("step6", "step4", 1000), ("step3", "greedy", 1000), ("step5", "greedy", 1000),
    ("step6", "greedy", 1000),
]
# Steps 8, 9 and 10 play as 0.3's easy, medium and hard (base03-*) today: the
# same seeds give the same games, so those matches would be 50 % by
# construction; the 0.3 anchors' ratings are those steps' (printed so).
SAME_AS = {"base03-easy": "step8", "base03-medium": "step9", "base03-hard": "step10"}
ANCHOR = "random"
ANCHOR_RATING = 1000.0
STEPS = [f"step{k}" for k in range(1, 11)]


def play(sim, a, b, pairs, seed):
    out = subprocess.run(
        ["nice", "-n", "10", sim, "--game", "classic", "--players", "2", "--bots", f"{a},{b}",
         "--games", str(pairs), "--duplicate", "--seed", str(seed), "--json"],
        check=True, capture_output=True, text=True).stdout
    j = json.loads(out.strip().splitlines()[-1])
    return a, b, j["bot0_wins"], j["bot1_wins"], j["sets"]


def fit(games):
    """games: (a, b, wins of a, wins of b). Returns {bot: (rating, half-width)}."""
    bots = sorted({g[0] for g in games} | {g[1] for g in games},
                  key=lambda x: (x not in STEPS, STEPS.index(x) if x in STEPS else 0, x))
    free = [x for x in bots if x != ANCHOR]
    ix = {x: i for i, x in enumerate(free)}
    th = {x: 0.0 for x in bots}
    for _ in range(100):
        n = len(free)
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for a, b, wa, wb in games:
            p = 1 / (1 + math.exp(th[b] - th[a]))
            t = wa + wb
            for x, s in ((a, 1), (b, -1)):
                if x in ix:
                    grad[ix[x]] += s * (wa - t * p)
            info = t * p * (1 - p)
            for x in (a, b):
                for y in (a, b):
                    if x in ix and y in ix:
                        hess[ix[x]][ix[y]] += info if x == y else -info
        step = solve(hess, grad)
        for x in free:
            th[x] += step[ix[x]]
        if max(abs(s) for s in step) < 1e-10:
            break
    cov = inverse(hess)
    k = 400 / math.log(10)
    res = {ANCHOR: (ANCHOR_RATING, 0.0)}
    for x in free:
        res[x] = (ANCHOR_RATING + k * th[x], 1.96 * k * math.sqrt(cov[ix[x]][ix[x]]))
    return bots, res


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def inverse(a):
    n = len(a)
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--bfc-sim", default="examples/bfc-sim/bfc-sim")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--fit", help="refit the match lines of a printed table")
    o = ap.parse_args()
    results = []
    if o.fit:
        for line in open(o.fit):
            w = line.split()
            if len(w) >= 6 and w[0] == "match":
                results.append((w[1], w[3], int(w[4]), int(w[5]), int(w[6])))
    else:
        jobs = [(a, b, max(1, int(n * o.scale)), o.seed + i)
                for i, (a, b, n) in enumerate(MATCHES)]
        with ThreadPoolExecutor(max_workers=max(1, min(o.j, 2))) as ex:
            for r in ex.map(lambda t: play(o.bfc_sim, *t), jobs):
                results.append(r)
                print("match %s vs %s %d %d %d" % r, file=sys.stderr, flush=True)
    print("# The strength dial's ratings (issue 35): tests/rate.py, classic 2 players to 121,")
    print("# duplicate pairs; Bradley-Terry over all games, random = 1000, 95 % intervals.")
    print("# match A vs B winsA winsB pairs   A's rate")
    for a, b, wa, wb, s in results:
        print("match %s vs %s %d %d %d   %.1f%%" % (a, b, wa, wb, s, 100.0 * wa / (wa + wb)))
    bots, res = fit([(a, b, wa, wb) for a, b, wa, wb, _ in results])
    print("# bot rating [95 % interval]")
    for x in bots:
        r, h = res[x]
        print("rating %-14s %5d  [%d, %d]" % (x, round(r), round(r - h), round(r + h)))
    for x, y in SAME_AS.items():
        r, h = res[y]
        print("rating %-14s %5d  [%d, %d]  (plays as %s)" % (x, round(r), round(r - h),
                                                            round(r + h), y))
    print("# src/dial_ratings.h, steps 1..10:")
    print("c " + ", ".join(str(round(res[x][0])) for x in STEPS) + ",")


if __name__ == "__main__":
    main()
