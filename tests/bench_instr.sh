#!/bin/sh
# The instruction lines of `make bench`: each workload of `bench --instr`
# (tests/bench.c) run under callgrind, counting only the instructions inside
# the function it measures, divided by its calls. Exact, so they compare
# between changes on a noisy machine. Needs valgrind; says so without it.
#
#   sh tests/bench_instr.sh [BENCH_BINARY [OUT_DIR]]
bin=${1:-build/bench_instr}
dir=${2:-build}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instructions per call: valgrind is not installed"
    exit 0
fi
echo "instructions counted by callgrind (libbfc.a as built by make):"
for w in $("$bin" --instr-list); do
    fn=$("$bin" --instr-function "$w")
    out="$dir/callgrind.$w"
    if valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$fn" \
        "$bin" --instr "$w" >/dev/null 2>&1; then
        "$bin" --instr-report "$w" "$out"
    else
        echo "$w: valgrind failed"
    fi
    rm -f "$out"
done
