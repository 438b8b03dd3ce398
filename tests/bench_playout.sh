#!/bin/sh
# Instructions per game of random playouts through the public API (issue
# 17), counted by callgrind so that they hold on a noisy machine: bench
# --playouts VARIANT N (build/bench_instr: tests/bench.c linked with the
# library as make builds it, libbfc.a) plays games with seeds 0..N-1 (bfc_game_new, legal
# moves, a uniform pick, bfc_game_apply with no events, bfc_game_free);
# the count of N games minus the count of none, over N, leaves out the
# process start. Usage: sh tests/bench_playout.sh [BENCH] [GAMES]
BENCH=${1:-build/bench_instr}
GAMES=${2:-300}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instructions per game: valgrind not installed (skipped)"
    exit 0
fi
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BENCH" --playouts "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for v in 0 1; do
    none=$(count $v 0)
    all=$(count $v "$GAMES")
    if [ -z "$none" ] || [ -z "$all" ]; then
        echo "instructions per game: callgrind gave no count" >&2
        exit 1
    fi
    name=$([ $v = 0 ] && echo "random playouts, Battlefield 2 players" ||
        echo "random playouts, classic 2 players")
    awk -v n="$none" -v a="$all" -v g="$GAMES" -v w="$name" 'BEGIN {
        printf "%-48s %10.0f instructions per game (%d games)\n", w, (a - n) / g, g }'
done
