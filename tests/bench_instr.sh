#!/bin/sh
# The instruction lines of `make bench`: each workload of `bench --instr`
# (tests/bench.c) run under callgrind, counting only the instructions inside
# the function it measures, divided by its calls. Exact, so they compare
# between changes on a noisy machine. Needs valgrind; says so without it.
#
#   sh tests/bench_instr.sh [--raw] [BENCH_BINARY [OUT_DIR]]
#
# --raw prints "NAME N" (the workload's name, one decimal) for
# tests/bench_check.sh, and fails without valgrind or on a failed run.
raw=0
if [ "${1:-}" = --raw ]; then
    raw=1
    shift
fi
bin=${1:-build/bench_instr}
dir=${2:-build}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instructions per call: valgrind is not installed"
    [ "$raw" = 0 ]
    exit
fi
[ "$raw" = 1 ] || echo "instructions counted by callgrind (libbfc.a as built by make):"
st=0
for w in $("$bin" --instr-list); do
    fn=$("$bin" --instr-function "$w")
    out="$dir/callgrind.$w"
    if valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$fn" \
        "$bin" --instr "$w" >/dev/null 2>&1; then
        if [ "$raw" = 1 ]; then
            "$bin" --instr-value "$w" "$out" || st=1
        else
            "$bin" --instr-report "$w" "$out"
        fi
    else
        echo "$w: valgrind failed" >&2
        st=1
    fi
    rm -f "$out"
done
exit $st
