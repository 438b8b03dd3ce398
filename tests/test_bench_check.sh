#!/bin/sh
# The speed gate's verdicts (tests/bench_check.sh --compare, no valgrind):
# a count more than 2 % above its pin fails and names the workload, one
# within 2 % or lower passes, a workload pinned but not measured (or
# measured but not pinned) fails, a compiler with no pins fails naming
# `make bench-pin`, pins of another machine fail, another compiler
# version is a note; and the committed tests/bench_pins.txt pins every
# workload of tests/bench.c and both playouts for gcc and clang.
. tests/lib.sh
unset BENCH_TOLERANCE BENCH_VERSION BENCH_ARCH # the defaults are under test

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-bench-check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP

cat >"$tmp/pins" <<'EOF'
# a comment, then a blank line

gcc version 12.2.0
gcc arch x86_64
gcc playout_classic 1000.0
gcc show 40.0
clang playout_classic 900.0
clang show 41.0
EOF

# verdict NAME WANT_STATUS PATTERN COUNTS [CC]: compares the counts (one
# "WORKLOAD COUNT" per line, ';' between lines) with $tmp/pins for CC
# (gcc), wants the status and PATTERN (fixed string) in the output.
verdict() {
    name=$1 want=$2 pat=$3
    printf '%s\n' "$4" | tr ';' '\n' >"$tmp/counts"
    BENCH_ARCH=${BENCH_ARCH-x86_64} sh tests/bench_check.sh --compare "$tmp/pins" "${5:-gcc}" \
        "$tmp/counts" >"$tmp/out" 2>&1
    st=$?
    if [ "$st" -eq "$want" ] && grep -qF -- "$pat" "$tmp/out"; then ok; else
        fail "$name: want status $want and [$pat], got $st: $(cat "$tmp/out")"
    fi
}

verdict test_bench_check__equal_passes 0 "+0.00 %  ok" "playout_classic 1000.0;show 40.0"
verdict test_bench_check__rise_above_2_percent_fails 1 \
    "1021.0  pinned     1000.0   +2.10 %  FAIL (more than 2 % above the pin)" \
    "playout_classic 1021.0;show 40.0"
verdict test_bench_check__rise_on_a_scorer_fails 1 "show                           40.9" \
    "playout_classic 1000.0;show 40.9"
verdict test_bench_check__rise_within_2_percent_passes 0 "+1.90 %  ok" \
    "playout_classic 1019.0;show 40.0"
verdict test_bench_check__exactly_2_percent_passes 0 "+2.00 %  ok" \
    "playout_classic 1020.0;show 40.0"
verdict test_bench_check__drop_passes_with_a_note 0 "lower: make bench-pin" \
    "playout_classic 900.0;show 40.0"
verdict test_bench_check__pinned_but_not_measured_fails 1 "show" "playout_classic 1000.0"
verdict test_bench_check__measured_but_not_pinned_fails 1 "hand6 " \
    "playout_classic 1000.0;show 40.0;hand6 258.0"
verdict test_bench_check__each_compiler_its_own_pins 1 "+1.11 %  ok" \
    "playout_classic 910.0;show 42.0" clang
verdict test_bench_check__no_pins_for_a_compiler_fails 1 "no pins for icc (make bench-pin" \
    "playout_classic 1000.0" icc
verdict test_bench_check__bad_count_fails 1 "want \"WORKLOAD COUNT\"" \
    "playout_classic fast;show 40.0"
BENCH_ARCH=aarch64 verdict test_bench_check__pins_of_another_machine_fail 1 \
    "taken on x86_64, this machine is aarch64" "playout_classic 1000.0;show 40.0"
BENCH_VERSION=13.1.0 verdict test_bench_check__another_compiler_version_is_a_note 0 \
    "note: the pins of gcc were taken with version 12.2.0, this is 13.1.0" \
    "playout_classic 1000.0;show 40.0"
echo "gcc show forty" >>"$tmp/pins"
verdict test_bench_check__bad_pin_line_fails 1 "want \"CC WORKLOAD COUNT\"" \
    "playout_classic 1000.0;show 40.0"

# the committed pins: gcc and clang, each with the two playouts and every
# workload of tests/bench.c's INSTR table (bench --instr-list), nothing else
names=$(sed -n 's/^    {"\([a-z0-9_]*\)", "[a-z_]*", ".*/\1/p' tests/bench.c | tr '\n' ' ')
check "test_bench_check__bench_workloads_found [$names]" test "$(echo $names | wc -w)" -ge 7
want=$(echo playout_battlefield playout_classic $names)
for cc in gcc clang; do
    got=$(awk -v cc=$cc '$1 == cc && $2 != "version" && $2 != "arch" { print $2 }' \
        tests/bench_pins.txt | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$want" ]; then ok; else
        fail "test_bench_check__pins_for_$cc: want [$want], got [$got]"
    fi
    # the committed pins pass against themselves
    awk -v cc=$cc '$1 == cc && $2 != "version" && $2 != "arch" { print $2, $3 }' \
        tests/bench_pins.txt >"$tmp/self"
    if BENCH_ARCH=x86_64 sh tests/bench_check.sh --compare tests/bench_pins.txt $cc "$tmp/self" \
        >"$tmp/out" 2>&1; then ok; else
        fail "test_bench_check__committed_pins_$cc: $(cat "$tmp/out")"
    fi
done
done_
