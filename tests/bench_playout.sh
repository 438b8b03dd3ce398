#!/bin/sh
# Instructions per game of random playouts through the public API (issue
# 17), counted by callgrind so that they hold on a noisy machine: bench
# --playouts VARIANT N (build/bench_instr: tests/bench.c linked with the
# library as make builds it, libbfc.a) plays games with seeds 0..N-1 (bfc_game_new, legal
# moves, a uniform pick, bfc_game_apply with no events, bfc_game_free);
# the count of N games minus the count of none, over N, leaves out the
# process start. 3,000 games by default: disjoint runs of 300 games differ
# by up to 2 % (which games are dealt), runs of 3,000 by a few tenths.
#
#   sh tests/bench_playout.sh [--raw] [BENCH [GAMES]]
#
# --raw prints "playout_battlefield N" and "playout_classic N" (one decimal)
# for tests/bench_check.sh, and fails without valgrind.
raw=0
if [ "${1:-}" = --raw ]; then
    raw=1
    shift
fi
BENCH=${1:-build/bench_instr}
GAMES=${2:-3000}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instructions per game: valgrind not installed (skipped)"
    [ "$raw" = 0 ]
    exit
fi
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BENCH" --playouts "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for v in 0 1; do
    none=$(count $v 0)
    all=$(count $v "$GAMES")
    if [ -z "$none" ] || [ -z "$all" ]; then
        echo "instructions per game: callgrind gave no count ($BENCH --playouts $v)" >&2
        exit 1
    fi
    if [ "$raw" = 1 ]; then
        name=$([ $v = 0 ] && echo playout_battlefield || echo playout_classic)
        awk -v n="$none" -v a="$all" -v g="$GAMES" -v w="$name" 'BEGIN {
            printf "%s %.1f\n", w, (a - n) / g }'
        continue
    fi
    name=$([ $v = 0 ] && echo "random playouts, Battlefield 2 players" ||
        echo "random playouts, classic 2 players")
    awk -v n="$none" -v a="$all" -v g="$GAMES" -v w="$name" 'BEGIN {
        printf "%-48s %10.0f instructions per game (%d games)\n", w, (a - n) / g, g }'
done
