#!/bin/sh
# Runs the replay builds of the fuzz targets (tests/fuzz/replay.c linked
# with each target) over their seed corpora plus seeded random inputs, and
# ends with the total as "N passed, N failed", like tests/run.sh.
#
#   sh tests/fuzz/replay.sh [BUILD_DIR [RUNS [SEED]]]
#
# BUILD_DIR holds replay_fuzz_parse, replay_fuzz_score, replay_fuzz_kept,
# replay_fuzz_game, replay_fuzz_load, replay_fuzz_move, replay_fuzz_cli, replay_fuzz_record,
# replay_fuzz_observe, replay_fuzz_search, replay_fuzz_review, replay_fuzz_belief,
# replay_fuzz_win (default build); RUNS
# random inputs per target (default 100000; fuzz_game and fuzz_record, whose inputs play
# hundreds of checked moves each, run RUNS/10; fuzz_search and fuzz_review, a search or a
# whole review each, RUNS/100); SEED (default 1). Random
# inputs are at most 64 bytes, 1024 for fuzz_load (whole saves mutated). A
# generated input that fails is saved as BUILD_DIR/crash-TARGET; replay it
# with BUILD_DIR/replay_TARGET FILE.
dir=${1:-build}
runs=${2:-100000}
seed=${3:-1}
corpus=$(dirname "$0")/corpus
passed=0
failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for t in fuzz_parse fuzz_score fuzz_kept fuzz_game fuzz_load fuzz_move fuzz_cli fuzz_record \
    fuzz_observe fuzz_search fuzz_review fuzz_belief fuzz_win; do
    n=$runs
    len=64
    case $t in
    fuzz_game) n=$((runs / 10)) ;;
    fuzz_load) len=1024 ;;
    fuzz_record) n=$((runs / 10)) ;;
    fuzz_search | fuzz_review) n=$((runs / 100)) ;; # a search or a review each
    fuzz_win) n=$((runs / 10)) ;;
    esac
    "$dir/replay_$t" "$corpus/$t" -runs="$n" -seed="$seed" -max_len="$len" \
        -artifact_prefix="$dir/" >"$out" 2>&1
    rc=$?
    line=$(grep '^[0-9][0-9]* passed, [0-9][0-9]* failed' "$out" | tail -n 1)
    p=$(printf '%s\n' "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p')
    f=$(printf '%s\n' "$line" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
    if [ -z "$p" ]; then
        p=0
        f=1
    elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
    fi
    if [ "$f" -ne 0 ]; then
        grep -v '^[0-9]* passed, [0-9]* failed' "$out" | tail -n 30
        echo "replay_$t: $p passed, $f failed (exit $rc)"
    else
        head -n 1 "$out"
    fi
    passed=$((passed + p))
    failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
