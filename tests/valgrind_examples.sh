#!/bin/sh
# The four tools of examples/ under valgrind (run by `make valgrind` after the
# test programs): bfc-score in every mode, in batch mode and on bad input;
# bfc-play through whole games of each kind and on bad options; bfc-sim on a
# few games of each kind, with --json and --merge, and the search bot;
# bfc-advise on discards, formations and bad input. Any valgrind error or
# leak (of any kind) fails, as does an exit status other than the one the
# program documents for that input. Ends with "N passed, N failed".
#
#     sh tests/valgrind_examples.sh     (from the repository root, after make)
. tests/lib.sh

VG=${VALGRIND_CMD:-valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-vg.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP

# vg STATUS INPUT PROGRAM ARGS...: PROGRAM exits with STATUS under valgrind,
# reading INPUT; valgrind's reports (exit 99) are shown on failure.
vg() {
    want=$1 input=$2 prog=$3
    shift 3
    $VG "examples/$prog/$prog" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else
        fail "$prog $*: want status $want, got $got"
        grep '^==' "$tmp/err" | head -n 20 >&2
    fi
}

: >"$tmp/empty"
awk 'BEGIN { for (i = 0; i < 20000; i++) print 1 }' >"$tmp/ones"
e=$tmp/empty

# bfc-score: every mode, plain and JSON; 2 = bad input or usage
vg 0 "$e" bfc-score 5H 5C 5S JD 5D
vg 0 "$e" bfc-score --crib --json 2H 4H 8H TH KH
vg 0 "$e" bfc-score --five-card --unicode 4H 5C 6D 5S
vg 0 "$e" bfc-score --noddy --json 4H 5H 6H 5S
vg 0 "$e" bfc-score --battlefield 4H 6C 5H 5S JK 4S
vg 0 "$e" bfc-score --battlefield --any-lay-away --json 4H 6C 5H 5S JK 4S
vg 0 "$e" bfc-score --reserve --json 5H 5C 5S JK JD
vg 0 "$e" bfc-score --ceasefire 7H 8C 9D TS JH
vg 0 "$e" bfc-score --frontline --turn-card QC KD JH
vg 0 "$e" bfc-score --frontline --json 7S 7D 8C 9H
vg 0 "$e" bfc-score --peg --json 5H TD 5C
vg 0 "$e" bfc-score --help
vg 2 "$e" bfc-score 5H 5C 5S JD
vg 2 "$e" bfc-score 5H 5C 5S JD 5H
vg 2 "$e" bfc-score --bogus
vg 2 "$e" bfc-score 5H 5C 5S JD ZZ
printf '%s\n' "5H 5C 5S JD 5D" "" "2H 4H 8H TH KH" "5H 5C" "XX YY" "5H 5H 5C 5S 5D" \
    "7H,8C,9D,TS,JH" >"$tmp/batch"
vg 1 "$tmp/batch" bfc-score --json -
vg 1 "$tmp/batch" bfc-score --peg --json -
vg 1 "$tmp/batch" bfc-score --unicode -
printf '%s\n' "5H 5C 5S JD 5D" "2H 4H 8H TH KH" >"$tmp/good"
vg 0 "$tmp/good" bfc-score --json -
vg 0 "$tmp/good" bfc-score --crib --json -
vg 0 "$tmp/good" bfc-score --crib -
vg 2 "$tmp/good" bfc-score --crib - 5H

# bfc-play: whole games (first legal move each time), input ending early
# (status 1), bad options (2)
vg 0 "$tmp/ones" bfc-play --hot-seat --seed 5
vg 0 "$tmp/ones" bfc-play --players 3 --seed 7 --unicode
vg 0 "$tmp/ones" bfc-play --game classic --seed 3 --muggins
vg 0 "$tmp/ones" bfc-play --game crib-wars --players 3 --seed 4
vg 0 "$tmp/ones" bfc-play --game noddy --players 4 --teams --seed 2
vg 0 "$tmp/ones" bfc-play --game solitaire --seed 6
vg 1 "$e" bfc-play --game five-card --seed 3
# at a terminal (tests/pty_run.py): the table, the menus, lines fitted to 80
# columns, and a hot seat passing the keyboard
vg_tty() { # vg_tty INPUT ARGS...: bfc-play on a pseudo-terminal, status 0
    input=$1
    shift
    # shellcheck disable=SC2086
    python3 tests/pty_run.py "$(command -v valgrind)" ${VG#valgrind} examples/bfc-play/bfc-play "$@" \
        <"$input" >"$tmp/out" 2>&1
    got=$?
    if [ "$got" -eq 0 ]; then ok; else
        fail "bfc-play $* on a terminal: want status 0, got $got"
        grep '^==[0-9]' "$tmp/out" | head -n 20 >&2
    fi
}
if command -v python3 >/dev/null 2>&1; then
    awk 'BEGIN { srand(5); for (i = 0; i < 3000; i++) { r = rand()
        if (r < 0.04) print "board"; else if (r < 0.07) print "moves"; else if (r < 0.08) print "help"
        else print int(rand() * 6) + 1 } }' >"$tmp/mix"
    vg_tty "$tmp/mix" --players 3 --unicode --seed 4 --target 61
    vg_tty "$tmp/ones" --hot-seat --game classic --players 3 --seed 8 --target 31
fi
vg 0 "$e" bfc-play -h
vg 0 "$e" bfc-play --version
vg 2 "$e" bfc-play --players 5
vg 2 "$e" bfc-play --game bogus

# bfc-sim: a few games of each kind; shards merged from their JSON
for game in battlefield classic five-card noddy backward solitaire crib-wars; do
    vg 0 "$e" bfc-sim --game "$game" --games 3 --seed 2
done
vg 0 "$e" bfc-sim --game classic --players 6 --teams --muggins --games 2
vg 0 "$e" bfc-sim --players 4 --teams --games 2 --json --shard 1/2
cp "$tmp/out" "$tmp/shard1"
vg 0 "$e" bfc-sim --players 4 --teams --games 2 --json --shard 2/2
cp "$tmp/out" "$tmp/shard2"
vg 0 "$e" bfc-sim --merge "$tmp/shard1" "$tmp/shard2"
vg 1 "$e" bfc-sim --merge "$tmp/shard1"
vg 1 "$e" bfc-sim --merge "$tmp/shard1" "$tmp/shard1"
vg 1 "$e" bfc-sim --merge "$tmp/missing-file"
echo '{"format": 0}' >"$tmp/badshard"
vg 1 "$e" bfc-sim --merge "$tmp/shard1" "$tmp/badshard"
vg 0 "$e" bfc-sim -h
vg 0 "$e" bfc-sim --version
vg 2 "$e" bfc-sim --games 0
# the search bot: one search per seat for the run, freed at the end
vg 0 "$e" bfc-sim --bots ismcts,greedy --iterations 20 --games 2
vg 0 "$e" bfc-sim --game classic --bots ismcts --iterations 20 --games 1 --json
# duplicate deals (the frozen baseline against the library's search), par,
# and --merge on input that never ends a line
vg 0 "$e" bfc-sim --duplicate --bots base,ismcts --iterations 10 --games 1
vg 0 "$e" bfc-sim --game classic --duplicate --players 3 --games 2 --json --shard 1/2
cp "$tmp/out" "$tmp/dup1"
vg 0 "$e" bfc-sim --game classic --duplicate --players 3 --games 2 --json --shard 2/2
cp "$tmp/out" "$tmp/dup2"
vg 0 "$e" bfc-sim --merge "$tmp/dup1" "$tmp/dup2"
vg 0 "$e" bfc-sim --game classic --par --games 3
vg 1 /dev/zero bfc-sim --merge -

# bfc-play against the search bot, with a hint at every decision
awk 'BEGIN { for (i = 0; i < 20000; i++) { print "hint"; print 1 } }' >"$tmp/hints"
vg 0 "$tmp/hints" bfc-play --bots ismcts --level easy --seed 3
vg 0 "$tmp/hints" bfc-play --game classic --bots ismcts --level easy --seed 3
vg 2 "$e" bfc-play --level bad

# bfc-advise
vg 0 "$e" bfc-advise 5H 5C 5S JD 2C 3D
vg 0 "$e" bfc-advise --pone --json --game five-card 4C 5C 6C 5S KH
vg 0 "$e" bfc-advise --players 4 --teams --partner 5H 5C 5S JD 2C
vg 0 "$e" bfc-advise --formation --json 5H 5C ?? JD ??
vg 0 "$e" bfc-advise --help
vg 2 "$e" bfc-advise 5H 5C 5S JD 2C JK
vg 2 "$e" bfc-advise --formation 5H 5C

done_
