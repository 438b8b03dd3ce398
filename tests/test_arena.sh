#!/bin/sh
# Tests of the engine protocol's tools (issue 37, doc/protocol.md):
# bfc-engine against bfc-engine through bfc-arena in classic and
# Battlefield (totals that add up, the same bytes twice), an engine written
# from the protocol page alone (tests/arena/tiny_engine.py) playing whole
# matches, each misbehaviour of tests/arena/bad_engine.py costing its games
# with the reason printed while the match goes on, no engine left running
# after the match or after SIGINT, and usage errors. Nothing here depends
# on speed: honest engines get a clock of minutes; the one short clock is a
# hanging engine's, which never answers. Needs python3 for the scripted
# engines (skipped without it). Run from the repository root:
#
#     sh tests/test_arena.sh
. tests/lib.sh

ARENA=examples/bfc-arena/bfc-arena
ENGINE=examples/bfc-engine/bfc-engine
for b in "$ARENA" "$ENGINE"; do
    if [ ! -x "$b" ]; then
        fail "$b is not built (make)"
        done_
        exit 1
    fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-arena.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP
LONG=600000 # ms: an honest engine's clock, far beyond any real answer

# arena ARGS...: runs the arena; st, $tmp/out, $tmp/err
arena() {
    "$ARENA" --clock "$LONG" --start-clock "$LONG" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
}
has() { grep -qF -- "$1" "$tmp/out"; }
# the number after "wins" / "forfeits" on engine X's results line
count() { sed -n "s/^  $1 .* $2 \([0-9]*\).*/\1/p" "$tmp/out" | head -1; }

# ---- bfc-engine against bfc-engine ------------------------------------------
for game in classic battlefield; do
    arena --a "$ENGINE --bot greedy" --b "$ENGINE --bot random" --game "$game" --pairs 3 --seed 7
    check "$game: the match exits 0 (got $st; $(cat "$tmp/err"))" test "$st" -eq 0
    check "$game: 6 games reported" has "results: 6 games"
    wa=$(count A wins) wb=$(count B wins)
    check "$game: wins add up to the games ($wa + $wb)" test "$((wa + wb))" -eq 6
    check "$game: no forfeit between honest engines" test "$(count A forfeits)$(count B forfeits)" = 00
    pairs=$(sed -n 's/.*won 2-0: \([0-9]*\), split 1-1: \([0-9]*\), lost 0-2: \([0-9]*\).*/\1 \2 \3/p' "$tmp/out")
    set -- $pairs
    check "$game: the pairs add up to 3 ($pairs)" test "$(($1 + $2 + $3))" -eq 3
    check "$game: A's wins are those of its pairs" test "$((2 * $1 + $2))" -eq "$wa"
    check "$game: a paired interval is printed" grep -q "win rate .*%  \[.*%, .*%\]  fair 50.0%" "$tmp/out"
    check "$game: greedy beats random" test "$wa" -gt "$wb"
    cp "$tmp/out" "$tmp/first"
    arena --a "$ENGINE --bot greedy" --b "$ENGINE --bot random" --game "$game" --pairs 3 --seed 7
    check "$game: the same match prints the same bytes" cmp -s "$tmp/first" "$tmp/out"
done
# a search level through the protocol (its world, bfc_game_load)
arena --a "$ENGINE --bot easy" --b "$ENGINE --bot random" --game classic --pairs 1
check "easy against random: exits 0" test "$st" -eq 0
check "easy against random: no forfeit" test "$(count A forfeits)$(count B forfeits)" = 00

if ! command -v python3 >/dev/null 2>&1; then
    echo "note: python3 not found; the scripted engines are skipped" >&2
    done_
    exit
fi
# the scripts under names of this run, so that ps finds only ours
cp tests/arena/bad_engine.py "$tmp/bad_$$.py"
cp tests/arena/tiny_engine.py "$tmp/tiny_$$.py"
BAD="python3 $tmp/bad_$$.py"
left() { ps -eo args | grep -F "bad_$$.py" | grep -v grep; }

# ---- an engine written from doc/protocol.md alone ----------------------------
for game in classic battlefield; do
    arena --a "python3 $tmp/tiny_$$.py" --b "$ENGINE --bot greedy" --game "$game" --pairs 2
    check "tiny engine, $game: exits 0" test "$st" -eq 0
    check "tiny engine, $game: 4 games, no forfeit" test "$(count A forfeits)$(count B forfeits)" = 00
    check "tiny engine, $game: its name from the handshake" grep -q "^  A tiny " "$tmp/out"
done

# what an engine is sent: its hand, and no other seat's discard or draw
arena --a "tee -a $tmp/seen | python3 $tmp/tiny_$$.py" --b "$ENGINE" --game classic --pairs 1
check "seen: the match with a logging engine exits 0" test "$st" -eq 0
check "seen: its hand before its decisions" grep -q "^hand [2-9TJQKA][CDHS] " "$tmp/seen"
check "seen: a world before its decisions" grep -q "^world end$" "$tmp/seen"
leaks=$(awk '/^newgame / {for (i = 1; i < NF; i++) if ($i == "seat") me = $(i + 1)}
    /^event (discard|draw) / && $4 != me && $0 !~ / card \?\? / {n++} END {print n + 0}' "$tmp/seen")
check "seen: every other seat's discard is ?? ($leaks shown)" test "$leaks" -eq 0
check "seen: the other seat's discards were sent" grep -q "^event discard seat . side . card ?? " "$tmp/seen"

# ---- engines that misbehave ---------------------------------------------------
# misbehaves HOW REASON [ARENA ARGS]: B forfeits both games of a pair with
# REASON printed, A wins them, the match ends normally, nothing is left
misbehaves() {
    how=$1 reason=$2
    shift 2
    arena --a "$ENGINE --bot greedy" --b "$BAD $how" --game classic --pairs 1 "$@"
    check "$how: the match finishes (exit $st; $(cat "$tmp/err"))" test "$st" -eq 0
    check "$how: game 0 forfeited: $reason" grep -q "^game 0 (pair 0, A at seat 0): B forfeits: bad-$how $reason" "$tmp/out"
    check "$how: restarted, game 1 forfeited too" grep -q "^game 1 (pair 0, A at seat 1): B forfeits: bad-$how $reason" "$tmp/out"
    check "$how: A wins both games" test "$(count A wins)-$(count B forfeits)" = 2-2
    check "$how: no engine left running" test -z "$(left)"
}
misbehaves crash 'crashed (signal 11'
misbehaves hang 'hung: no answer in 200 ms' --clock-b 200
misbehaves illegal "answered the illegal move 'declare 46'"
misbehaves garbage "answered 'hello, arena', not a move"
misbehaves flood 'flooded: a line longer than 4096 bytes'
misbehaves exit 'exited with status 3'

# ---- SIGINT: the engines die with the arena ------------------------------------
rm -f "$tmp/mark"
BFC_ARENA_MARK="$tmp/mark" "$ARENA" --a "$ENGINE" --b "$BAD hang" --game classic --pairs 1 \
    --clock "$LONG" --start-clock "$LONG" >"$tmp/out" 2>&1 &
pid=$!
i=0
while [ ! -f "$tmp/mark" ] && [ "$i" -lt 3000 ]; do # the engine hangs: an event, not a time
    sleep 0.1
    i=$((i + 1))
done
check "SIGINT: the hanging engine was asked to move" test -f "$tmp/mark"
kill -INT "$pid"
wait "$pid"
st=$?
check "SIGINT: the arena exits 130 (got $st)" test "$st" -eq 130
check "SIGINT: no engine left running" test -z "$(left)"

# ---- usage ----------------------------------------------------------------------
arena --a "$ENGINE"
check "only one engine: exit 2" test "$st" -eq 2
check "only one engine: says so" grep -q "give both engines" "$tmp/err"
arena --a "$ENGINE" --b "$ENGINE" --game chess
check "bad --game: exit 2" test "$st" -eq 2
arena --a "$ENGINE" --b "$ENGINE" --clock 0
check "bad --clock: exit 2" test "$st" -eq 2
"$ENGINE" --bot nobody >/dev/null 2>"$tmp/err"
check "bfc-engine --bot nobody: exit 2" test $? -eq 2
printf 'hello\nbfce 1\nquit\n' | "$ENGINE" >"$tmp/out"
check "bfc-engine ignores an unknown line and answers the handshake" test "$(tail -1 "$tmp/out")" = ready

done_
